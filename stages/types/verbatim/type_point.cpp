// type_point: point, as PostgreSQL 15's point_recv / point_send, with the
// stored form kept as point_out's text.
//
// Stored form: TEXT, point_out's "(x,y)", each coordinate printed as float8out
// prints it with the publisher's extra_float_digits 3 (shortest exact: 1.5,
// 1e+300, -0, NaN, -Infinity); parse_text keeps the text verbatim, format_text
// returns it (verbatim_text.hpp), or with extra_float_digits <= 0 each
// coordinate reprinted as float8out prints it then (type_geometric.hpp).
// Binary: x and y, each a float8 (IEEE bits, big-endian).
//   parse_binary   each coordinate through the float codec (float8 receive,
//                  then its text with the publisher's settings); fewer than 16
//                  bytes 08P01 insufficient data left in message, more 22P03
//                  incorrect binary data format.
//   format_binary  the stored text's two numbers (optional parentheses and
//                  whitespace, as point_in reads them) through the float
//                  codec; what it cannot read is sent as the float codec sends
//                  a text that is no number.
#include <string>

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
  static const type_codec codec{keep_text_verbatim, parse_binary, format_text, format_binary};
  return codec;
}

}  // namespace tributary
