// type_geometric: line, lseg, box, path, polygon and circle, as PostgreSQL 15's
// geo_ops.c reads and prints them (geometric_text.cpp has the text syntax).
//
// Stored form: TEXT, the type's output text with the publisher's
// extra_float_digits 3 (each number float8out's shortest exact form: 1.5,
// 1e+20, -0, NaN, -Infinity), e.g. "(3,4),(1,2)" for a box. The publisher's
// text is already in that form, so parsing it changes nothing.
//   parse_text     the type's input function (every syntax it accepts, box
//                  corners reordered, line through two points turned into
//                  {A,B,C}), then the canonical text; its errors
//                  (geometric_value.hpp).
//   format_text    extra_float_digits > 0: the stored text; <= 0: each number
//                  reprinted with %.{15+n}g (reprint_coordinates).
//   parse_binary   the receive function, then the canonical text:
//                    line     A, B, C float8; A and B both fuzzy zero -> 22P03
//                             invalid line specification: A and B cannot both be zero
//                    lseg     x1, y1, x2, y2
//                    box      high x, high y, low x, low y; corners reordered
//                    path     byte closed (nonzero = closed), int32 npts, points;
//                             npts <= 0 or too many -> 22P03 invalid number of
//                             points in external "path" value
//                    polygon  int32 npts, points; likewise "polygon"
//                    circle   x, y, radius; radius < 0 -> 22P03 invalid radius
//                             in external "circle" value
//                  Missing bytes -> 08P01 (no data / insufficient data left in
//                  message); bytes left over -> 22P03 incorrect binary data
//                  format; a path or polygon larger than palloc's 1 GB ->
//                  XX000 invalid memory alloc request size N (as PostgreSQL).
//   format_binary  the send function on the stored text. A stored text the
//                  input function rejects (another tool's, or a circle of
//                  negative radius made by circle(point, float8)) sends the
//                  numbers it holds, NaN for missing ones.
// No ordering or equality: PostgreSQL has no btree class for these types.
#include "stages/types/verbatim/type_geometric.hpp"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>

#include "stages/types/verbatim/geometric_value.hpp"
#include "stages/types/verbatim/verbatim_text.hpp"

namespace tributary {
namespace {

const column_type float8_type = builtin_column_type(701);
constexpr double not_a_number = std::numeric_limits<double>::quiet_NaN();

bool is_delimiter(char c) {
  return c == '(' || c == ')' || c == '[' || c == ']' || c == '{' || c == '}' || c == '<' ||
         c == '>' || c == ',';
}

// Calls `on_number` with each piece between delimiters that is a whole
// float8 text ("1.5", "-Infinity", "NaN"), `on_other` with everything else.
template <class OnNumber, class OnOther>
void scan_coordinates(std::string_view text, OnNumber on_number, OnOther on_other) {
  size_t at = 0;
  while (at < text.size()) {
    if (is_delimiter(text[at])) {
      on_other(text.substr(at, 1));
      ++at;
      continue;
    }
    size_t end = at;
    while (end < text.size() && !is_delimiter(text[end]))
      ++end;
    const std::string_view piece = text.substr(at, end - at);
    double number = 0;
    const auto read = std::from_chars(piece.data(), piece.data() + piece.size(), number);
    if (read.ec == std::errc{} && read.ptr == piece.data() + piece.size())
      on_number(number);
    else
      on_other(piece);
    at = end;
  }
}

size_t fixed_number_count(geometric_kind kind) {
  switch (kind) {
    case geometric_kind::line: return 3;
    case geometric_kind::circle: return 3;
    case geometric_kind::lseg: return 4;
    case geometric_kind::box: return 4;
    default: return 0;  // path, polygon: any whole number of points
  }
}

// ---- Binary input ----

struct binary_input {
  std::string_view bytes;
  size_t at = 0;

  size_t left() const { return bytes.size() - at; }
};

result<double, pg_error> read_float8(binary_input& in) {
  if (in.left() < 8)
    return fail(insufficient_data_left());
  const uint64_t bits = read_be(in.bytes, in.at, 8);
  in.at += 8;
  return std::bit_cast<double>(bits);
}

// path_recv / poly_recv: the point count, its bounds and the palloc limit.
result<size_t, pg_error> read_point_count(binary_input& in, geometric_kind kind) {
  if (in.left() < 4)
    return fail(insufficient_data_left());
  const auto count = static_cast<int32_t>(read_be(in.bytes, in.at, 4));
  in.at += 4;
  const bool path = kind == geometric_kind::path;
  // (INT_MAX - offsetof(PATH / POLYGON, p)) / sizeof(Point)
  const int64_t header = path ? 16 : 40;
  const int64_t limit = (INT32_MAX - header) / 16;
  if (count <= 0 || count >= limit)
    return fail(invalid_binary_representation(std::string("invalid number of points in external \"") +
                                              (path ? "path" : "polygon") + "\" value"));
  const int64_t size = header + 16 * int64_t{count};
  if (size > 0x3FFFFFFF)  // MaxAllocSize
    return fail(make_pg_error("XX000", "invalid memory alloc request size " + std::to_string(size)));
  return static_cast<size_t>(count);
}

result<geometric_value, pg_error> read_geometric_binary(geometric_kind kind, std::string_view bytes) {
  binary_input in{bytes};
  geometric_value value;
  value.kind = kind;
  size_t numbers = fixed_number_count(kind);
  if (kind == geometric_kind::path) {
    if (in.left() < 1)
      return fail(no_data_left());
    value.closed = bytes[0] != 0;
    in.at = 1;
  }
  if (kind == geometric_kind::path || kind == geometric_kind::polygon) {
    auto count = read_point_count(in, kind);
    if (!count.ok())
      return fail(count.error());
    numbers = 2 * *count;
    if (in.left() / 8 < numbers)  // what the reads below would find
      return fail(insufficient_data_left());
  }
  value.numbers.reserve(numbers);
  for (size_t i = 0; i < numbers; ++i) {
    auto number = read_float8(in);
    if (!number.ok())
      return fail(number.error());
    value.numbers.push_back(*number);
  }
  if (kind == geometric_kind::box)
    order_box_corners(value);
  if (kind == geometric_kind::line && fuzzy_zero(value.numbers[0]) && fuzzy_zero(value.numbers[1]))
    return fail(invalid_binary_representation(
        "invalid line specification: A and B cannot both be zero"));
  if (kind == geometric_kind::circle && value.numbers[2] < 0.0)
    return fail(invalid_binary_representation("invalid radius in external \"circle\" value"));
  if (in.left() != 0)
    return fail(unconsumed_binary_data());
  return value;
}

// ---- Stored text to binary ----

// The numbers a stored text holds when the input function rejects it.
geometric_value salvaged_value(geometric_kind kind, std::string_view text) {
  geometric_value value;
  value.kind = kind;
  scan_coordinates(
      text, [&](double number) { value.numbers.push_back(number); }, [](std::string_view) {});
  value.closed = !text.empty() && text.front() != '[';
  size_t wanted = fixed_number_count(kind);
  if (wanted == 0)  // a path or polygon: whole points, at least one
    wanted = value.numbers.size() < 2 ? 2 : value.numbers.size() + value.numbers.size() % 2;
  value.numbers.resize(wanted, not_a_number);
  return value;
}

void append_float8(std::string& out, double number) {
  append_be(out, std::bit_cast<uint64_t>(number), 8);
}

std::string geometric_bytes(const geometric_value& value) {
  std::string out;
  const auto points = static_cast<uint64_t>(value.numbers.size() / 2);
  if (value.kind == geometric_kind::path)
    out += value.closed ? '\1' : '\0';
  if (value.kind == geometric_kind::path || value.kind == geometric_kind::polygon)
    append_be(out, points, 4);
  for (const double number : value.numbers)
    append_float8(out, number);
  return out;
}

// ---- The codec ----

result<sql_value, pg_error> parse_text(const column_type& type, std::string_view text,
                                       const type_settings&) {
  const auto kind = geometric_kind_of(type.oid);
  if (!kind)
    return fail(invalid_text_representation(type.name, text));
  auto value = read_geometric_text(*kind, text);
  if (!value.ok())
    return fail(value.error());
  return sql_value{geometric_text(*value, publisher_type_settings())};
}

result<sql_value, pg_error> parse_binary(const column_type& type, std::string_view bytes) {
  const auto kind = geometric_kind_of(type.oid);
  if (!kind)
    return fail(unconsumed_binary_data());
  auto value = read_geometric_binary(*kind, bytes);
  if (!value.ok())
    return fail(value.error());
  return sql_value{geometric_text(*value, publisher_type_settings())};
}

std::string format_text(const column_type&, const sql_value& stored,
                        const type_settings& settings) {
  const std::string text = verbatim_stored_text(stored);
  if (settings.extra_float_digits > 0 || !std::holds_alternative<std::string>(stored))
    return text;
  return reprint_coordinates(text, settings);
}

std::string format_binary(const column_type& type, const sql_value& stored) {
  const auto kind = geometric_kind_of(type.oid).value_or(geometric_kind::path);
  const std::string text = verbatim_stored_text(stored);
  auto value = read_geometric_text(kind, text);
  return geometric_bytes(value.ok() ? *value : salvaged_value(kind, text));
}

}  // namespace

std::string reprint_coordinates(std::string_view text, const type_settings& settings) {
  std::string out;
  out.reserve(text.size());
  scan_coordinates(
      text,
      [&](double number) {
        out += float_codec().format_text(float8_type, sql_value{number}, settings);
      },
      [&](std::string_view other) { out += other; });
  return out;
}

const type_codec& geometric_codec() {
  static const type_codec codec{parse_text, parse_binary, format_text, format_binary};
  return codec;
}

}  // namespace tributary
