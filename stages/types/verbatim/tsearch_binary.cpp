// tsearch_binary: PostgreSQL 15's tsvectorsend / tsvectorrecv and
// tsquerysend / tsqueryrecv.
//
// tsvector: uint32 lexeme count; per lexeme: its bytes, NUL, uint16 position
// count, the positions as uint16 (weight in the top 2 bits: A = 3 .. D = 0).
// Receive (errors in this order, per lexeme):
//   XX000 invalid size of tsvector            (count negative or above 268435455)
//   08P01 invalid string in message           (no NUL)
//   22021 invalid byte sequence for encoding "UTF8": 0x..
//   08P01 insufficient data left in message
//   XX000 invalid tsvector: lexeme too long    (over 2047 bytes)
//   XX000 invalid tsvector: maximum total lexeme length exceeded
//   XX000 unexpected number of tsvector positions  (over 256)
//   XX000 position information is misordered  (positions not increasing)
// then the lexemes are sorted by bytes if they were not; duplicates are kept.
//
// tsquery: uint32 item count, then the items in polish order: uint8 type;
// 1 (operand): uint8 weight bits, uint8 prefix, the operand bytes, NUL;
// 2 (operator): uint8 operator (1 NOT, 2 AND, 3 OR, 4 PHRASE), then for PHRASE
// an int16 distance (any value is accepted). Receive:
//   XX000 invalid size of tsquery             (count above 89478485)
//   08P01 insufficient data left in message / invalid string in message
//   22021 invalid byte sequence for encoding "UTF8": 0x..
//   XX000 invalid tsquery: invalid weight bitmap      (weight above 15)
//   XX000 invalid tsquery: operand too long           (over 2047 bytes)
//   XX000 invalid tsquery: total operand length exceeded
//   XX000 invalid tsquery: unrecognized operator type N
//   XX000 invalid pointer to right operand    (an operator as the last item)
//   XX000 unrecognized tsquery node type: N
//   XX000 malformed tsquery: operand not found / extra nodes (count 0 included)
// Both: bytes left over: 22P03 incorrect binary data format.
#include <algorithm>

#include "stages/core/byte_reader.hpp"
#include "stages/core/utf8_validation.hpp"
#include "stages/types/verbatim/tsearch_values.hpp"
#include "stages/types/verbatim/verbatim_text.hpp"

namespace tributary {
namespace {

constexpr uint32_t max_alloc_size = 0x3FFFFFFF;  // MaxAllocSize
constexpr uint32_t word_entry_size = 4;           // sizeof(WordEntry)
constexpr uint32_t query_item_size = 12;          // sizeof(QueryItem)

pg_error internal_error(std::string message) { return make_pg_error("XX000", std::move(message)); }

pg_error read_failure(const read_error& e) {
  return e.why == read_error::reason::unterminated_string
             ? make_pg_error("08P01", "invalid string in message")
             : insufficient_data_left();
}

// pq_getmsgstring.
result<std::string_view, pg_error> read_string(byte_reader& in) {
  auto s = in.cstring();
  if (!s)
    return fail(read_failure(s.error()));
  auto checked = check_utf8(*s);
  if (!checked)
    return fail(std::move(checked.error()));
  return *s;
}

template <class T>
result<T, pg_error> read_int(byte_reader& in, result<T, read_error> (byte_reader::*read)()) {
  auto v = (in.*read)();
  if (!v)
    return fail(read_failure(v.error()));
  return *v;
}

}  // namespace

result<tsvector_value, pg_error> receive_tsvector(std::string_view bytes) {
  byte_reader in(bytes);
  auto count = read_int(in, &byte_reader::i32);
  if (!count)
    return fail(std::move(count.error()));
  if (*count < 0 || static_cast<uint32_t>(*count) > max_alloc_size / word_entry_size)
    return fail(internal_error("invalid size of tsvector"));
  tsvector_value value;
  size_t data_length = 0;  // tsvectorrecv's datalen
  bool sorted = true;
  for (int32_t i = 0; i < *count; ++i) {
    auto word = read_string(in);
    if (!word)
      return fail(std::move(word.error()));
    auto npos = read_int(in, &byte_reader::u16);
    if (!npos)
      return fail(std::move(npos.error()));
    if (word->size() > tsearch_max_word_length)
      return fail(internal_error("invalid tsvector: lexeme too long"));
    if (data_length > tsearch_max_string_offset)
      return fail(internal_error("invalid tsvector: maximum total lexeme length exceeded"));
    if (*npos > tsearch_max_positions)
      return fail(internal_error("unexpected number of tsvector positions"));
    tsvector_lexeme lexeme{std::string(*word), {}};
    data_length += word->size();
    if (!value.lexemes.empty() && !(value.lexemes.back().word < lexeme.word))
      sorted = false;
    for (uint16_t j = 0; j < *npos; ++j) {
      auto entry = read_int(in, &byte_reader::u16);
      if (!entry)
        return fail(std::move(entry.error()));
      if (j > 0 && tsvector_position(*entry) <= tsvector_position(lexeme.positions.back()))
        return fail(internal_error("position information is misordered"));
      lexeme.positions.push_back(*entry);
    }
    if (*npos > 0)
      data_length += data_length % 2 + (*npos + 1u) * word_entry_size;
    value.lexemes.push_back(std::move(lexeme));
  }
  if (!in.at_end())
    return fail(unconsumed_binary_data());
  if (!sorted)
    std::stable_sort(value.lexemes.begin(), value.lexemes.end(),
                     [](const tsvector_lexeme& a, const tsvector_lexeme& b) { return a.word < b.word; });
  return value;
}

std::string send_tsvector(const tsvector_value& value) {
  std::string out;
  append_be(out, value.lexemes.size(), 4);
  for (const auto& lexeme : value.lexemes) {
    out += lexeme.word;
    out += '\0';
    append_be(out, lexeme.positions.size(), 2);
    for (uint16_t entry : lexeme.positions)
      append_be(out, entry, 2);
  }
  return out;
}

result<tsquery_value, pg_error> receive_tsquery(std::string_view bytes) {
  byte_reader in(bytes);
  auto count = read_int(in, &byte_reader::u32);
  if (!count)
    return fail(std::move(count.error()));
  if (*count > max_alloc_size / query_item_size)
    return fail(internal_error("invalid size of tsquery"));
  tsquery_value value;
  size_t data_length = 0;
  for (uint32_t i = 0; i < *count; ++i) {
    auto type = read_int(in, &byte_reader::i8);
    if (!type)
      return fail(std::move(type.error()));
    tsquery_item item;
    if (*type == static_cast<int8_t>(tsquery_item::kind::operand)) {
      auto weight = read_int(in, &byte_reader::u8);
      if (!weight)
        return fail(std::move(weight.error()));
      auto prefix = read_int(in, &byte_reader::u8);
      if (!prefix)
        return fail(std::move(prefix.error()));
      auto word = read_string(in);
      if (!word)
        return fail(std::move(word.error()));
      if (*weight > 0xF)
        return fail(internal_error("invalid tsquery: invalid weight bitmap"));
      if (word->size() > tsearch_max_word_length)
        return fail(internal_error("invalid tsquery: operand too long"));
      if (data_length > tsearch_max_string_offset)
        return fail(internal_error("invalid tsquery: total operand length exceeded"));
      item.what = tsquery_item::kind::operand;
      item.weight = *weight;
      item.prefix = *prefix != 0;
      item.word = std::string(*word);
      data_length += word->size() + 1;
    } else if (*type == static_cast<int8_t>(tsquery_item::kind::op)) {
      auto oper = read_int(in, &byte_reader::i8);
      if (!oper)
        return fail(std::move(oper.error()));
      if (*oper < 1 || *oper > 4)
        return fail(internal_error("invalid tsquery: unrecognized operator type " +
                                   std::to_string(*oper)));
      if (i == *count - 1)
        return fail(internal_error("invalid pointer to right operand"));
      item.what = tsquery_item::kind::op;
      item.oper = static_cast<tsquery_operator>(*oper);
      if (item.oper == tsquery_operator::op_phrase) {
        auto distance = read_int(in, &byte_reader::i16);
        if (!distance)
          return fail(std::move(distance.error()));
        item.distance = *distance;
      }
    } else {
      return fail(internal_error("unrecognized tsquery node type: " + std::to_string(*type)));
    }
    value.items.push_back(std::move(item));
  }
  auto linked = link_tsquery_operands(value);
  if (!linked)
    return fail(std::move(linked.error()));
  if (!in.at_end())
    return fail(unconsumed_binary_data());
  return value;
}

std::string send_tsquery(const tsquery_value& value) {
  std::string out;
  append_be(out, value.items.size(), 4);
  for (const auto& item : value.items) {
    out += static_cast<char>(item.what);
    if (item.what == tsquery_item::kind::operand) {
      out += static_cast<char>(item.weight);
      out += static_cast<char>(item.prefix ? 1 : 0);
      out += item.word;
      out += '\0';
    } else {
      out += static_cast<char>(item.oper);
      if (item.oper == tsquery_operator::op_phrase)
        append_be(out, static_cast<uint16_t>(item.distance), 2);
    }
  }
  return out;
}

}  // namespace tributary
