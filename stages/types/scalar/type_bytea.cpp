// type_bytea: bytea, as PostgreSQL 15's byteain / byteaout / bytearecv / byteasend.
//
// Stored form: BLOB, the bytes themselves (SQLite orders blobs by memcmp, then
// length: PostgreSQL's byteacmp).
//
// Text input (byteain):
//   "\x" then hex: pairs of hex digits in either case; a space, tab, newline or
//        carriage return may stand between pairs, never inside one. Only a
//        lowercase x starts hex ("\X41" is escape format, and so an error).
//          22023 invalid hexadecimal digit: "g"   (the whole UTF-8 character)
//          22023 invalid hexadecimal data: odd number of digits
//   otherwise escape format: "\\" is a backslash, "\ooo" (first digit 0-3) the
//        byte with that octal value, every other byte itself; any other
//        backslash is 22P02 invalid input syntax for type bytea
// Text output (byteaout): bytea_output = hex: "\x" and two lowercase hex digits
//   per byte; escape: a backslash as "\\", bytes below 0x20 or above 0x7e as
//   "\ooo", every other byte itself.
// Binary (bytearecv / byteasend): the raw bytes, both ways.
// A stored value of another storage class is printed from its bytes (text) or
// its decimal form (numbers).
#include <algorithm>
#include <cstdio>
#include <string>

#include "stages/types/scalar/bytea_text.hpp"

#include "stages/types/type_codec.hpp"

namespace tributary {
namespace {

int hex_digit_value(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

bool is_hex_separator(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

// The length of the UTF-8 character starting at `at` (PostgreSQL's pg_mblen),
// never past the end of the text.
size_t utf8_character_length(std::string_view text, size_t at) {
  const auto lead = static_cast<unsigned char>(text[at]);
  size_t length = 1;
  if ((lead & 0xe0) == 0xc0)
    length = 2;
  else if ((lead & 0xf0) == 0xe0)
    length = 3;
  else if ((lead & 0xf8) == 0xf0)
    length = 4;
  return std::min(length, text.size() - at);
}

pg_error invalid_hex_digit(std::string_view text, size_t at) {
  return make_pg_error("22023", "invalid hexadecimal digit: \"" +
                                    std::string(text.substr(at, utf8_character_length(text, at))) +
                                    "\"");
}

}  // namespace

result<sql_value, pg_error> decode_bytea_hex(std::string_view digits) {
  sql_blob out;
  out.bytes.reserve(digits.size() / 2);
  size_t i = 0;
  while (i < digits.size()) {
    if (is_hex_separator(digits[i])) {
      ++i;
      continue;
    }
    const int high = hex_digit_value(digits[i]);
    if (high < 0)
      return fail(invalid_hex_digit(digits, i));
    if (++i >= digits.size())
      return fail(make_pg_error("22023", "invalid hexadecimal data: odd number of digits"));
    const int low = hex_digit_value(digits[i]);
    if (low < 0)
      return fail(invalid_hex_digit(digits, i));
    out.bytes += static_cast<char>((high << 4) | low);
    ++i;
  }
  return sql_value{std::move(out)};
}

bool is_octal_digit(char c, char highest) { return c >= '0' && c <= highest; }

result<sql_value, pg_error> decode_bytea_escape(std::string_view text) {
  sql_blob out;
  out.bytes.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') {
      out.bytes += text[i];
      continue;
    }
    const std::string_view rest = text.substr(i + 1);
    if (rest.size() >= 3 && is_octal_digit(rest[0], '3') && is_octal_digit(rest[1], '7') &&
        is_octal_digit(rest[2], '7')) {
      out.bytes += static_cast<char>(((rest[0] - '0') << 6) | ((rest[1] - '0') << 3) |
                                     (rest[2] - '0'));
      i += 3;
    } else if (!rest.empty() && rest[0] == '\\') {
      out.bytes += '\\';
      i += 1;
    } else {
      return fail(make_pg_error("22P02", "invalid input syntax for type bytea"));
    }
  }
  return sql_value{std::move(out)};
}

namespace {

result<sql_value, pg_error> parse_text(const column_type&, std::string_view text,
                                       const type_settings&) {
  if (text.size() >= 2 && text[0] == '\\' && text[1] == 'x')
    return decode_bytea_hex(text.substr(2));
  return decode_bytea_escape(text);
}

result<sql_value, pg_error> parse_binary(const column_type&, std::string_view bytes) {
  return sql_value{sql_blob{std::string(bytes)}};
}

std::string stored_bytes(const sql_value& stored) {
  if (const auto* blob = std::get_if<sql_blob>(&stored))
    return blob->bytes;
  if (const auto* text = std::get_if<std::string>(&stored))
    return *text;
  if (const auto* integer = std::get_if<int64_t>(&stored))
    return std::to_string(*integer);
  if (const auto* real = std::get_if<double>(&stored)) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.17g", *real);
    return buffer;
  }
  return {};
}

std::string format_hex(std::string_view bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out = "\\x";
  out.reserve(2 + bytes.size() * 2);
  for (const char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    out += digits[byte >> 4];
    out += digits[byte & 0x0f];
  }
  return out;
}

std::string format_escape(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  for (const char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte == '\\') {
      out += "\\\\";
    } else if (byte < 0x20 || byte > 0x7e) {
      out += '\\';
      out += static_cast<char>('0' + (byte >> 6));
      out += static_cast<char>('0' + ((byte >> 3) & 7));
      out += static_cast<char>('0' + (byte & 7));
    } else {
      out += c;
    }
  }
  return out;
}

std::string format_text(const column_type&, const sql_value& stored,
                        const type_settings& settings) {
  const std::string bytes = stored_bytes(stored);
  return settings.bytea_output_hex ? format_hex(bytes) : format_escape(bytes);
}

std::string format_binary(const column_type&, const sql_value& stored) {
  return stored_bytes(stored);
}

}  // namespace

const type_codec& bytea_codec() {
  static const type_codec codec{parse_text, parse_binary, format_text, format_binary};
  return codec;
}

}  // namespace tributary
