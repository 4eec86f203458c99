// tsearch_order: PostgreSQL 15's btree orders of tsvector (tsvector_cmp,
// silly_cmp_tsvector) and tsquery (tsquery_cmp, CompareTSQ, QTNodeCompare),
// over values and over stored texts (type_tsearch.cpp).
//
// tsvector_cmp compares the varlena size first. Here that is the size
// tsvectorin gives the value (8 header bytes, 4 per lexeme, the lexeme bytes,
// and per lexeme with positions: padding to 2 bytes, a uint16 count and 2
// bytes per position); a value PostgreSQL received in binary has a larger
// size there (tsvectorrecv reserves 4 bytes per position), which the stored
// text no longer shows.
// tsquery_cmp compares the item count, then the varlena size (12 bytes per
// item, each operand's bytes and NUL), then the trees from the root: type
// (operator before operand), operator code (higher first), children (the
// right operand first), then a phrase's distance (greater first); operands by
// their legacy CRC-32 as a signed int (greater first), then bytes.
// A stored text that does not read as a value sorts after every one that
// does, then by bytes.
#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "stages/types/verbatim/tsearch_values.hpp"
#include "stages/types/stored_order.hpp"
#include "stages/types/type_codec.hpp"

namespace tributary {
namespace {

int sign_of(int v) { return (v > 0) - (v < 0); }

// tsCompareString without prefix matching: bytes, then the shorter first.
int compare_words(std::string_view a, std::string_view b) { return sign_of(a.compare(b)); }

size_t tsvector_varlena_size(const tsvector_value& value) {
  size_t data = 0;
  for (const auto& lexeme : value.lexemes) {
    data += lexeme.word.size();
    if (!lexeme.positions.empty())
      data += data % 2 + 2 + 2 * lexeme.positions.size();
  }
  return 8 + 4 * value.lexemes.size() + data;
}

// pg_crc32_table (the reflected table of polynomial 0xEDB88320), walked as
// COMP_LEGACY_CRC32 does: top byte first, shifting left.
constexpr std::array<uint32_t, 256> crc_table = [] {
  std::array<uint32_t, 256> table{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int k = 0; k < 8; ++k)
      c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[i] = c;
  }
  return table;
}();

int32_t legacy_crc32(std::string_view bytes) {
  uint32_t crc = 0xFFFFFFFFu;
  for (unsigned char b : bytes)
    crc = crc_table[((crc >> 24) ^ b) & 0xFF] ^ (crc << 8);
  return static_cast<int32_t>(crc ^ 0xFFFFFFFFu);
}

// QTNodeCompare, with an explicit stack: node pairs to compare, and phrase
// distances to compare once both operators' children are equal.
int compare_query_trees(const tsquery_value& a, const tsquery_value& b) {
  struct task {
    size_t a, b;
    bool distance_only;
  };
  std::vector<task> tasks{task{0, 0, false}};
  while (!tasks.empty()) {
    const task t = tasks.back();
    tasks.pop_back();
    const tsquery_item& x = a.items[t.a];
    const tsquery_item& y = b.items[t.b];
    if (t.distance_only) {
      if (x.distance != y.distance)
        return x.distance > y.distance ? -1 : 1;
      continue;
    }
    if (x.what != y.what)
      return x.what > y.what ? -1 : 1;
    if (x.what == tsquery_item::kind::operand) {
      const int32_t crc_x = legacy_crc32(x.word), crc_y = legacy_crc32(y.word);
      if (crc_x != crc_y)
        return crc_x > crc_y ? -1 : 1;
      if (const int c = compare_words(x.word, y.word))
        return c;
      continue;
    }
    if (x.oper != y.oper)
      return x.oper > y.oper ? -1 : 1;  // same operator: same child count
    if (x.oper == tsquery_operator::op_phrase)
      tasks.push_back(task{t.a, t.b, true});
    if (x.oper != tsquery_operator::op_not)
      tasks.push_back(task{t.a + x.left, t.b + y.left, false});  // child 1: left
    tasks.push_back(task{t.a + 1, t.b + 1, false});               // child 0: right
  }
  return 0;
}

size_t operand_bytes(const tsquery_value& value) {
  size_t bytes = 0;
  for (const auto& item : value.items)
    if (item.what == tsquery_item::kind::operand)
      bytes += item.word.size() + 1;
  return bytes;
}

template <class Value, class Parse, class Compare>
int compare_stored(std::string_view a, std::string_view b, Parse parse, Compare compare) {
  auto left = parse(a, tsearch_reading::stored);
  auto right = parse(b, tsearch_reading::stored);
  if (left.ok() != right.ok())
    return left.ok() ? -1 : 1;
  if (!left.ok())
    return sign_of(a.compare(b));
  return compare(*left, *right);
}

}  // namespace

int compare_tsvector_values(const tsvector_value& a, const tsvector_value& b) {
  const size_t size_a = tsvector_varlena_size(a), size_b = tsvector_varlena_size(b);
  if (size_a != size_b)
    return size_a < size_b ? -1 : 1;
  if (a.lexemes.size() != b.lexemes.size())
    return a.lexemes.size() < b.lexemes.size() ? -1 : 1;
  for (size_t i = 0; i < a.lexemes.size(); ++i) {
    const auto& x = a.lexemes[i];
    const auto& y = b.lexemes[i];
    const bool x_has = !x.positions.empty(), y_has = !y.positions.empty();
    if (x_has != y_has)
      return x_has ? -1 : 1;
    if (const int c = compare_words(x.word, y.word))
      return c;
    if (x.positions.size() != y.positions.size())
      return x.positions.size() > y.positions.size() ? -1 : 1;
    for (size_t j = 0; j < x.positions.size(); ++j) {
      const int px = tsvector_position(x.positions[j]), py = tsvector_position(y.positions[j]);
      if (px != py)
        return px > py ? -1 : 1;
      const int wx = tsvector_weight(x.positions[j]), wy = tsvector_weight(y.positions[j]);
      if (wx != wy)
        return wx > wy ? -1 : 1;
    }
  }
  return 0;
}

int compare_tsquery_values(const tsquery_value& a, const tsquery_value& b) {
  if (a.items.size() != b.items.size())
    return a.items.size() < b.items.size() ? -1 : 1;
  const size_t bytes_a = operand_bytes(a), bytes_b = operand_bytes(b);
  if (bytes_a != bytes_b)
    return bytes_a < bytes_b ? -1 : 1;
  if (a.items.empty())
    return 0;
  return compare_query_trees(a, b);
}

int compare_stored_tsvector(std::string_view a, std::string_view b) {
  if (a == b)
    return 0;
  return compare_stored<tsvector_value>(
      a, b, [](std::string_view s, tsearch_reading r) { return parse_tsvector_text(s, r); },
      compare_tsvector_values);
}

int compare_stored_tsquery(std::string_view a, std::string_view b) {
  if (a == b)
    return 0;
  return compare_stored<tsquery_value>(
      a, b, [](std::string_view s, tsearch_reading r) { return parse_tsquery_text(s, r); },
      compare_tsquery_values);
}

}  // namespace tributary
