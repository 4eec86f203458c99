// type_point: point, as PostgreSQL 15's point_recv / point_send, with the
// stored form kept as point_out's text.
//
// Stored form: TEXT, point_out's "(x,y)", each coordinate printed as float8out
// prints it with the publisher's extra_float_digits 3 (shortest exact: 1.5,
// 1e+300, -0, NaN, -Infinity); format_text returns it (verbatim_text.hpp), or
// with extra_float_digits <= 0 each coordinate reprinted as float8out prints
// it then (type_geometric.hpp).
//   parse_text     point_in (pair_decode) then point_out: spaces, an optional
//                  "(", x (float8in's syntax, spaces around), ",", y, the ")"
//                  if "(" opened, spaces, the end: " ( 1 , 2 ) " -> (1,2),
//                  0x10,1.5 -> (16,1.5). Errors: 22P02 invalid input syntax
//                  for type point: "<text>"; 22003 "1e400" is out of range for
//                  type double precision (the number only).
// Binary: x and y, each a float8 (IEEE bits, big-endian).
//   parse_binary   each coordinate through the float codec (float8 receive,
//                  then its text with the publisher's settings); fewer than 16
//                  bytes 08P01 insufficient data left in message, more 22P03
//                  incorrect binary data format.
//   format_binary  the stored text's two numbers (optional parentheses and
//                  whitespace, as point_in reads them) through the float
//                  codec; what it cannot read is sent as the float codec sends
//                  a text that is no number.
#include <charconv>
#include <string>

#include "stages/types/numeric/strtod_reader.hpp"
#include "stages/types/verbatim/type_geometric.hpp"
#include "stages/types/verbatim/verbatim_text.hpp"

namespace tributary {
namespace {

const column_type float8_type = builtin_column_type(701);

result<std::string, pg_error> coordinate_text(std::string_view bytes) {
  auto stored = float_codec().parse_binary(float8_type, bytes);
  if (!stored.ok())
    return fail(stored.error());
  return float_codec().format_text(float8_type, *stored, publisher_type_settings());
}

result<sql_value, pg_error> parse_binary(const column_type&, std::string_view bytes) {
  if (bytes.size() < 16)
    return fail(insufficient_data_left());
  if (bytes.size() > 16)
    return fail(unconsumed_binary_data());
  auto x = coordinate_text(bytes.substr(0, 8));
  if (!x.ok())
    return fail(x.error());
  auto y = coordinate_text(bytes.substr(8, 8));
  if (!y.ok())
    return fail(y.error());
  return sql_value{"(" + *x + "," + *y + ")"};
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// float8in_internal with an end pointer: spaces, a number, spaces; `at` moves
// past them. Messages quote the whole input.
result<double, pg_error> read_coordinate(std::string_view text, size_t& at) {
  while (at < text.size() && is_space(text[at]))
    ++at;
  const char* first = text.data() + at;
  double value = 0;
  const auto read = read_strtod_number(first, text.data() + text.size(), value);
  if (read.ec == std::errc::invalid_argument)
    return fail(invalid_text_representation("point", text));
  if (read.ec == std::errc::result_out_of_range)
    return fail(numeric_value_out_of_range("\"" + std::string(first, read.ptr) +
                                           "\" is out of range for type double precision"));
  at = static_cast<size_t>(read.ptr - text.data());
  while (at < text.size() && is_space(text[at]))
    ++at;
  return value;
}

std::string coordinate_output(double value) {
  return float_codec().format_text(float8_type, sql_value{value}, publisher_type_settings());
}

result<sql_value, pg_error> parse_text(const column_type&, std::string_view text,
                                       const type_settings&) {
  size_t at = 0;
  auto take = [&](char expected) { return at < text.size() && text[at++] == expected; };
  while (at < text.size() && is_space(text[at]))
    ++at;
  const bool parenthesized = at < text.size() && text[at] == '(';
  if (parenthesized)
    ++at;
  auto x = read_coordinate(text, at);
  if (!x.ok())
    return fail(x.error());
  if (!take(','))
    return fail(invalid_text_representation("point", text));
  auto y = read_coordinate(text, at);
  if (!y.ok())
    return fail(y.error());
  if (parenthesized) {
    if (!take(')'))
      return fail(invalid_text_representation("point", text));
    while (at < text.size() && is_space(text[at]))
      ++at;
  }
  if (at != text.size())
    return fail(invalid_text_representation("point", text));
  return sql_value{"(" + coordinate_output(*x) + "," + coordinate_output(*y) + ")"};
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && is_space(s.front()))
    s.remove_prefix(1);
  while (!s.empty() && is_space(s.back()))
    s.remove_suffix(1);
  return s;
}

std::string coordinate_bytes(std::string_view text) {
  auto stored = float_codec().parse_text(float8_type, text, publisher_type_settings());
  return float_codec().format_binary(float8_type,
                                     stored.ok() ? *stored : sql_value{std::string(text)});
}

std::string format_binary(const column_type&, const sql_value& stored) {
  const std::string text = verbatim_stored_text(stored);
  std::string_view inner = trimmed(text);
  if (!inner.empty() && inner.front() == '(' && inner.back() == ')')
    inner = inner.substr(1, inner.size() - 2);
  const size_t comma = inner.find(',');
  const std::string_view x = comma == std::string_view::npos ? inner : inner.substr(0, comma);
  const std::string_view y =
      comma == std::string_view::npos ? std::string_view{} : inner.substr(comma + 1);
  return coordinate_bytes(trimmed(x)) + coordinate_bytes(trimmed(y));
}

std::string format_text(const column_type&, const sql_value& stored,
                        const type_settings& settings) {
  std::string text = verbatim_stored_text(stored);
  return settings.extra_float_digits > 0 ? text : reprint_coordinates(text, settings);
}

}  // namespace

const type_codec& point_codec() {
  static const type_codec codec{parse_text, parse_binary, format_text, format_binary};
  return codec;
}

}  // namespace tributary
