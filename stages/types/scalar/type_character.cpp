// type_character: text, varchar, bpchar (char(n)), name, "char", and json/xml,
// whose values are their characters.
//
// Stored form: TEXT.
//   text             the characters as received
//   xml              a local literal is checked as xml_in checks content (2200N
//                    invalid XML content) and stored as xml_out prints it
//                    (verbatim/xml_text.hpp); binary input is the publisher's
//                    xml_send output, stored as received
//   json             the characters as received, once json_in's grammar accepts
//                    them (22P02 invalid input syntax for type json, with its DETAIL)
//   varchar(n)       at most n characters; longer input whose excess is all
//                    spaces is cut, otherwise 22001 `value too long for type
//                    character varying(n)`
//   bpchar(n)        padded with spaces to n characters (as PostgreSQL stores and
//                    prints it); the same length rule with `character(n)`;
//                    compared without trailing spaces (collation pg_bpchar)
//   name             cut to 63 bytes at a character boundary
//   "char"           one byte (byte 0 as the empty string); printed as
//                    PostgreSQL 15 prints it: bytes 0x80..0xFF as \ooo
// Lengths count UTF-8 characters. Binary format = the characters (the same rules).
#include "stages/types/stored_order.hpp"
#include "stages/types/type_codec.hpp"
#include "stages/types/verbatim/json_text.hpp"
#include "stages/types/verbatim/xml_text.hpp"

namespace tributary {
namespace {

constexpr oid_t char_oid = 18, name_oid = 19, json_oid = 114, xml_oid = 142, bpchar_oid = 1042,
                varchar_oid = 1043;

bool is_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

size_t character_count(std::string_view s) {
  size_t n = 0;
  for (char c : s)
    n += is_continuation(c) ? 0 : 1;
  return n;
}

// Byte offset of the end of the first `chars` characters of s.
size_t prefix_bytes(std::string_view s, size_t chars) {
  size_t i = 0;
  for (size_t seen = 0; i < s.size(); ++i) {
    if (!is_continuation(s[i])) {
      if (seen == chars)
        break;
      ++seen;
    }
  }
  return i;
}

result<sql_value, pg_error> limit_length(std::string_view text, int32_t typmod,
                                         std::string_view type_word, bool pad) {
  if (typmod < 4)
    return sql_value{std::string(text)};
  const size_t limit = static_cast<size_t>(typmod - 4);
  const size_t chars = character_count(text);
  if (chars > limit) {
    const size_t keep = prefix_bytes(text, limit);
    if (text.substr(keep).find_first_not_of(' ') != std::string_view::npos)
      return fail(make_pg_error("22001", "value too long for type " + std::string(type_word) +
                                             "(" + std::to_string(limit) + ")"));
    return sql_value{std::string(text.substr(0, keep))};
  }
  std::string out(text);
  if (pad)
    out.append(limit - chars, ' ');
  return sql_value{std::move(out)};
}

result<sql_value, pg_error> parse_char_byte(std::string_view text) {
  if (text.size() == 4 && text[0] == '\\' && text[1] >= '0' && text[1] <= '3' &&
      text[2] >= '0' && text[2] <= '7' && text[3] >= '0' && text[3] <= '7') {
    const int byte = (text[1] - '0') * 64 + (text[2] - '0') * 8 + (text[3] - '0');
    return sql_value{byte == 0 ? std::string() : std::string(1, static_cast<char>(byte))};
  }
  return sql_value{std::string(text.substr(0, text.empty() ? 0 : 1))};
}

result<sql_value, pg_error> parse_text(const column_type& type, std::string_view text,
                                       const type_settings&) {
  switch (type.oid) {
    case varchar_oid: return limit_length(text, type.typmod, "character varying", false);
    case bpchar_oid: return limit_length(text, type.typmod, "character", true);
    case name_oid:
      if (text.size() > 63) {
        size_t cut = 63;
        while (cut > 0 && is_continuation(text[cut]))
          --cut;
        return sql_value{std::string(text.substr(0, cut))};
      }
      return sql_value{std::string(text)};
    case char_oid: return parse_char_byte(text);
    case json_oid:
      if (auto valid = validate_json_text(text); !valid)
        return fail(valid.error());
      return sql_value{std::string(text)};
    case xml_oid: {
      auto stored = read_xml_content(text);
      if (!stored)
        return fail(stored.error());
      return sql_value{std::move(*stored)};
    }
    default: return sql_value{std::string(text)};
  }
}

result<sql_value, pg_error> parse_binary(const column_type& type, std::string_view bytes) {
  if (type.oid == char_oid)
    return sql_value{bytes.empty() || bytes[0] == 0 ? std::string() : std::string(bytes.substr(0, 1))};
  if (type.oid == xml_oid)  // xml_send's text: already what xml_out prints
    return sql_value{std::string(bytes)};
  return parse_text(type, bytes, type_settings{});
}

std::string stored_text(const sql_value& stored) {
  if (const auto* s = std::get_if<std::string>(&stored))
    return *s;
  if (const auto* i = std::get_if<int64_t>(&stored))
    return std::to_string(*i);
  if (const auto* b = std::get_if<sql_blob>(&stored))
    return b->bytes;
  if (const auto* d = std::get_if<double>(&stored))
    return std::to_string(*d);
  return {};
}

std::string format_text(const column_type& type, const sql_value& stored, const type_settings&) {
  std::string text = stored_text(stored);
  if (type.oid == char_oid && !text.empty() && static_cast<unsigned char>(text[0]) >= 0x80) {
    const auto byte = static_cast<unsigned char>(text[0]);
    return std::string{'\\', static_cast<char>('0' + (byte >> 6)),
                       static_cast<char>('0' + ((byte >> 3) & 7)), static_cast<char>('0' + (byte & 7))};
  }
  return text;
}

std::string format_binary(const column_type& type, const sql_value& stored) {
  std::string text = stored_text(stored);
  if (type.oid == char_oid)
    return text.empty() ? std::string(1, '\0') : text.substr(0, 1);
  return text;
}

std::string_view without_trailing_spaces(std::string_view s) {
  while (!s.empty() && s.back() == ' ')
    s.remove_suffix(1);
  return s;
}

}  // namespace

int compare_stored_bpchar(std::string_view a, std::string_view b) {
  return without_trailing_spaces(a).compare(without_trailing_spaces(b));
}

bool character_text_is_stored_as_received(const column_type& type, std::string_view text) {
  if ((type.oid != bpchar_oid && type.oid != varchar_oid) || type.typmod < 4)
    return false;
  const size_t limit = static_cast<size_t>(type.typmod - 4);
  const size_t chars = character_count(text);
  return type.oid == bpchar_oid ? chars == limit : chars <= limit;
}

const type_codec& character_codec() {
  static const type_codec codec{parse_text, parse_binary, format_text, format_binary};
  return codec;
}

}  // namespace tributary
