// value_codec_text: the text format of a value (what the type's output function
// printed on the publisher) -> sql_value. See value_codec.hpp for the mapping.
//
// Parsing is strict: it accepts what PostgreSQL's output functions print (and the
// few spellings its input functions document for the same value), nothing else.
//   integers  optional '-', decimal digits; range of the type
//   floats    decimal or exponent form, NaN, Infinity, -Infinity
//   bool      t/f (also true/false/yes/no/on/off/1/0, any case)
//   bytea     hex "\x0a0b" (whitespace between byte pairs allowed) or the
//             escape format: "\\" for a backslash, "\ooo" octal, other bytes as is
//   numeric   optional '-', digits, optional '.' and digits; NaN, ±Infinity.
//             Kept as TEXT verbatim so that no digit is lost.
// Every other type is kept as TEXT verbatim. Errors carry PostgreSQL's messages.
#include <charconv>
#include <cmath>
#include <limits>

#include "stages/types/pg_type_oids.hpp"
#include "stages/types/legacy/value_codec.hpp"

namespace tributary {
namespace {

namespace oids = pg_type_oid;

codec_error invalid_syntax(std::string_view sql_type, std::string_view text) {
  return codec_error{"invalid input syntax for type " + std::string(sql_type) + ": \"" +
                     std::string(text) + "\""};
}

codec_error out_of_range(std::string_view sql_type, std::string_view text) {
  return codec_error{"value \"" + std::string(text) + "\" is out of range for type " +
                     std::string(sql_type)};
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// An integer within [low, high]; `sql_type` names the type in messages.
result<sql_value, codec_error> parse_integer(std::string_view text, int64_t low, int64_t high,
                                             std::string_view sql_type) {
  if (text.empty() || !(is_digit(text[0]) || (text[0] == '-' && text.size() > 1)))
    return fail(invalid_syntax(sql_type, text));
  int64_t value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec == std::errc::result_out_of_range)
    return fail(out_of_range(sql_type, text));
  if (ec != std::errc{} || ptr != end)
    return fail(invalid_syntax(sql_type, text));
  if (value < low || value > high)
    return fail(out_of_range(sql_type, text));
  return sql_value{value};
}

// float4 text is parsed as a double: "1.1" stays 1.1, not 1.100000023841858.
result<sql_value, codec_error> parse_float(std::string_view text, bool single_precision) {
  const std::string_view sql_type = single_precision ? "real" : "double precision";
  auto range_error = [&] {
    return codec_error{"\"" + std::string(text) + "\" is out of range for type " +
                       std::string(sql_type)};
  };
  // from_chars takes no '+' sign; the output functions never print one.
  if (text.empty() || text[0] == '+')
    return fail(invalid_syntax(sql_type, text));
  double value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ptr != end || (ec != std::errc{} && ec != std::errc::result_out_of_range))
    return fail(invalid_syntax(sql_type, text));
  if (ec == std::errc::result_out_of_range)
    return fail(range_error());
  if (single_precision && std::isfinite(value)) {
    const auto as_float = static_cast<float>(value);
    if (std::isinf(as_float) || (value != 0 && as_float == 0))
      return fail(range_error());
  }
  return sql_value_from_double(value);
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i) {
    char x = a[i];
    if (x >= 'A' && x <= 'Z')
      x = static_cast<char>(x - 'A' + 'a');
    if (x != b[i])
      return false;
  }
  return true;
}

result<sql_value, codec_error> parse_bool(std::string_view text) {
  for (std::string_view word : {"t", "true", "yes", "on", "1"})
    if (equals_ignoring_case(text, word))
      return sql_value{int64_t{1}};
  for (std::string_view word : {"f", "false", "no", "off", "0"})
    if (equals_ignoring_case(text, word))
      return sql_value{int64_t{0}};
  return fail(invalid_syntax("boolean", text));
}

int hex_value(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

bool is_hex_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

result<sql_value, codec_error> parse_bytea_hex(std::string_view hex) {
  sql_blob out;
  out.bytes.reserve(hex.size() / 2);
  size_t i = 0;
  while (i < hex.size()) {
    if (is_hex_space(hex[i])) {
      ++i;
      continue;
    }
    const int high = hex_value(hex[i]);
    if (high < 0)
      return fail(codec_error{"invalid hexadecimal digit: \"" + std::string(1, hex[i]) + "\""});
    if (i + 1 >= hex.size())
      return fail(codec_error{"invalid hexadecimal data: odd number of digits"});
    const int low = hex_value(hex[i + 1]);
    if (low < 0)
      return fail(
          codec_error{"invalid hexadecimal digit: \"" + std::string(1, hex[i + 1]) + "\""});
    out.bytes += static_cast<char>(high * 16 + low);
    i += 2;
  }
  return sql_value{std::move(out)};
}

result<sql_value, codec_error> parse_bytea_escape(std::string_view text) {
  sql_blob out;
  out.bytes.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') {
      out.bytes += text[i];
      continue;
    }
    if (i + 1 < text.size() && text[i + 1] == '\\') {
      out.bytes += '\\';
      ++i;
      continue;
    }
    const bool octal = i + 3 < text.size() && text[i + 1] >= '0' && text[i + 1] <= '3' &&
                       text[i + 2] >= '0' && text[i + 2] <= '7' && text[i + 3] >= '0' &&
                       text[i + 3] <= '7';
    if (!octal)
      return fail(codec_error{"invalid input syntax for type bytea"});
    out.bytes += static_cast<char>((text[i + 1] - '0') * 64 + (text[i + 2] - '0') * 8 +
                                   (text[i + 3] - '0'));
    i += 3;
  }
  return sql_value{std::move(out)};
}

result<sql_value, codec_error> parse_bytea(std::string_view text) {
  if (text.size() >= 2 && text[0] == '\\' && text[1] == 'x')
    return parse_bytea_hex(text.substr(2));
  return parse_bytea_escape(text);
}

// What numeric_out prints: [-]digits[.digits], NaN, Infinity, -Infinity.
bool is_numeric_text(std::string_view text) {
  if (text == "NaN" || text == "Infinity" || text == "-Infinity")
    return true;
  size_t i = (!text.empty() && text[0] == '-') ? 1 : 0;
  const size_t integer_start = i;
  while (i < text.size() && is_digit(text[i]))
    ++i;
  if (i == integer_start)
    return false;
  if (i == text.size())
    return true;
  if (text[i] != '.')
    return false;
  const size_t fraction_start = ++i;
  while (i < text.size() && is_digit(text[i]))
    ++i;
  return i == text.size() && i > fraction_start;
}

}  // namespace

sql_value sql_value_from_double(double value) {
  if (std::isnan(value))
    return std::string("NaN");
  return value;
}

bool text_is_stored_verbatim(oid_t type_oid) {
  switch (type_oid) {
    case oids::int2:
    case oids::int4:
    case oids::int8:
    case oids::oid:
    case oids::float4:
    case oids::float8:
    case oids::boolean:
    case oids::bytea:
    case oids::numeric:
      return false;
    default:
      return true;
  }
}

result<sql_value, codec_error> decode_text_value(oid_t type_oid, std::string_view text) {
  switch (type_oid) {
    case oids::int2:
      return parse_integer(text, std::numeric_limits<int16_t>::min(),
                           std::numeric_limits<int16_t>::max(), "smallint");
    case oids::int4:
      return parse_integer(text, std::numeric_limits<int32_t>::min(),
                           std::numeric_limits<int32_t>::max(), "integer");
    case oids::int8:
      return parse_integer(text, std::numeric_limits<int64_t>::min(),
                           std::numeric_limits<int64_t>::max(), "bigint");
    case oids::oid:
      return parse_integer(text, 0, std::numeric_limits<uint32_t>::max(), "oid");
    case oids::float4:
      return parse_float(text, true);
    case oids::float8:
      return parse_float(text, false);
    case oids::boolean:
      return parse_bool(text);
    case oids::bytea:
      return parse_bytea(text);
    case oids::numeric:
      if (!is_numeric_text(text))
        return fail(invalid_syntax("numeric", text));
      return sql_value{std::string(text)};
    default:
      return sql_value{std::string(text)};
  }
}

result<sql_value, codec_error> decode_tuple_value(oid_t type_oid, const tuple_value& v) {
  switch (v.k) {
    case tuple_value::kind::null:
      return sql_value{sql_null{}};
    case tuple_value::kind::text:
      return decode_text_value(type_oid, v.bytes);
    case tuple_value::kind::binary:
      return decode_binary_value(type_oid, v.bytes);
    case tuple_value::kind::unchanged_toast:
      return fail(codec_error{"unchanged TOAST value of type " + pg_type_name(type_oid) +
                              " has no value to decode; the caller must keep the old one"});
  }
  return fail(codec_error{"invalid tuple value kind '" + std::string(1, static_cast<char>(v.k)) +
                          "'"});
}

std::string pg_type_name(oid_t type_oid) {
  const std::string_view name = pg_type_oid::builtin_type_name(type_oid);
  if (!name.empty())
    return std::string(name);
  return "OID " + std::to_string(type_oid);
}

}  // namespace tributary
