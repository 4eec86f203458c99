// geometric_text: the text input functions of line, lseg, box, path, polygon
// and circle, as PostgreSQL 15's geo_ops.c has them (see geometric_value.hpp
// for the value and the errors; geometric_line.cpp turns two points into a
// line, geometric_output.cpp prints values).
//
// Input syntax (whitespace allowed around every number and delimiter):
//   a number     float8in's syntax (strtod: sign, decimal or hex, inf,
//                infinity, nan in any case); out of range -> 22003
//   a pair       "x,y" or "(x,y)"                            (pair_decode)
//   points       pairs separated by commas (one more comma after the last
//                is skipped), optionally enclosed in "(...)" or, where the
//                type allows an open form, "[...]"; ")" also closes "["
//                                                           (path_decode)
//   box          two points, never "[...]"; corners reordered to
//                upper-right, lower-left
//   lseg         two points
//   path         an odd number of commas; "[...]" open, anything else
//                closed; one more "(" may enclose the whole
//   polygon      an odd number of commas; never "[...]"
//   line         "{A,B,C}" (A and B not both fuzzy zero), or two distinct
//                points, turned into A, B, C as line_construct does
//   circle       "<(x,y),r>", "((x,y),r)", "(x,y),r", "x,y,r"; r >= 0 or NaN
#include <charconv>

#include "stages/types/numeric/strtod_reader.hpp"
#include "stages/types/verbatim/geometric_value.hpp"

namespace tributary {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// An input function's position in its input; messages quote the whole input.
struct text_input {
  std::string_view text;
  geometric_kind kind;
  size_t at = 0;

  char peek() const { return at < text.size() ? text[at] : '\0'; }
  char take() {  // C's *str++ (the end reads as NUL)
    const char c = peek();
    ++at;
    return c;
  }
  bool at_end() const { return at >= text.size(); }
  void skip_spaces() {
    while (at < text.size() && is_space(text[at]))
      ++at;
  }
  pg_error syntax_error() const {
    return invalid_text_representation(geometric_type_name(kind), text);
  }
};

// float8in_internal with an end pointer: spaces, a number, spaces.
result<double, pg_error> read_number(text_input& in) {
  in.skip_spaces();
  if (in.at_end())
    return fail(in.syntax_error());
  const char* first = in.text.data() + in.at;
  double value = 0;
  const auto read = read_strtod_number(first, in.text.data() + in.text.size(), value);
  if (read.ec == std::errc::invalid_argument)
    return fail(in.syntax_error());
  if (read.ec == std::errc::result_out_of_range)
    return fail(numeric_value_out_of_range("\"" + std::string(first, read.ptr) +
                                           "\" is out of range for type double precision"));
  in.at = static_cast<size_t>(read.ptr - in.text.data());
  in.skip_spaces();
  return value;
}

// pair_decode: "x,y" or "(x,y)" and the spaces after ")".
std::optional<pg_error> read_pair(text_input& in, std::vector<double>& out) {
  in.skip_spaces();
  const bool parenthesized = in.peek() == '(';
  if (parenthesized)
    ++in.at;
  auto x = read_number(in);
  if (!x.ok())
    return x.error();
  if (in.take() != ',')
    return in.syntax_error();
  auto y = read_number(in);
  if (!y.ok())
    return y.error();
  if (parenthesized) {
    if (in.take() != ')')
      return in.syntax_error();
    in.skip_spaces();
  }
  out.push_back(*x);
  out.push_back(*y);
  return std::nullopt;
}

// path_decode: `count` points, optionally enclosed in "[...]" (only when
// `open_allowed`; sets `is_open`) or "(...)".
std::optional<pg_error> read_points(text_input& in, bool open_allowed, size_t count,
                                    std::vector<double>& out, bool& is_open) {
  int depth = 0;
  in.skip_spaces();
  is_open = in.peek() == '[';
  if (is_open) {
    if (!open_allowed)
      return in.syntax_error();
    ++depth;
    ++in.at;
  } else if (in.peek() == '(') {
    size_t next = in.at + 1;
    while (next < in.text.size() && is_space(in.text[next]))
      ++next;
    // "((" encloses the points; so does a "(" that is the last one in the text.
    if ((next < in.text.size() && in.text[next] == '(') || in.text.rfind('(') == in.at) {
      ++depth;
      in.at = next;
    }
  }
  out.reserve(2 * count);
  for (size_t i = 0; i < count; ++i) {
    if (auto error = read_pair(in, out))
      return error;
    if (in.peek() == ',')
      ++in.at;
  }
  while (depth > 0) {
    const char c = in.peek();
    if (c != ')' && !(c == ']' && is_open && depth == 1))
      return in.syntax_error();
    --depth;
    ++in.at;
    in.skip_spaces();
  }
  return std::nullopt;
}

// pair_count: (commas + 1) / 2 when the number of commas is odd, else 0.
size_t pair_count(std::string_view text) {
  size_t commas = 0;
  for (const char c : text)
    commas += c == ',' ? 1 : 0;
  return commas % 2 == 1 ? (commas + 1) / 2 : 0;
}

pg_error invalid_line(std::string_view why) {
  return make_pg_error("22P02", "invalid line specification: " + std::string(why));
}

std::optional<pg_error> read_line(text_input& in, geometric_value& value) {
  in.skip_spaces();
  if (in.peek() == '{') {  // line_decode
    ++in.at;
    for (const char delimiter : {',', ',', '}'}) {
      auto number = read_number(in);
      if (!number.ok())
        return number.error();
      if (in.take() != delimiter)
        return in.syntax_error();
      value.numbers.push_back(*number);
    }
    in.skip_spaces();
    if (!in.at_end())
      return in.syntax_error();
    if (fuzzy_zero(value.numbers[0]) && fuzzy_zero(value.numbers[1]))
      return invalid_line("A and B cannot both be zero");
    return std::nullopt;
  }
  std::vector<double> points;
  bool is_open = false;
  if (auto error = read_points(in, true, 2, points, is_open))
    return error;
  if (!in.at_end())
    return in.syntax_error();
  if (points_equal(points))
    return invalid_line("must be two distinct points");
  auto line = line_through(points);
  if (!line.ok())
    return line.error();
  value.numbers = std::move(*line);
  return std::nullopt;
}

std::optional<pg_error> read_circle(text_input& in, geometric_value& value) {
  int depth = 0;
  in.skip_spaces();
  if (in.peek() == '<') {
    ++depth;
    ++in.at;
  } else if (in.peek() == '(') {  // "((": the first one encloses the circle
    size_t next = in.at + 1;
    while (next < in.text.size() && is_space(in.text[next]))
      ++next;
    if (next < in.text.size() && in.text[next] == '(') {
      ++depth;
      in.at = next;
    }
  }
  if (auto error = read_pair(in, value.numbers))
    return error;
  if (in.peek() == ',')
    ++in.at;
  auto radius = read_number(in);
  if (!radius.ok())
    return radius.error();
  if (*radius < 0.0)
    return in.syntax_error();
  value.numbers.push_back(*radius);
  while (depth > 0) {
    const char c = in.peek();
    if (c != ')' && !(c == '>' && depth == 1))
      return in.syntax_error();
    --depth;
    ++in.at;
    in.skip_spaces();
  }
  if (!in.at_end())
    return in.syntax_error();
  return std::nullopt;
}

std::optional<pg_error> read_path(text_input& in, geometric_value& value) {
  const size_t count = pair_count(in.text);
  if (count == 0)
    return in.syntax_error();
  in.skip_spaces();
  const bool enclosed = in.peek() == '(' && in.text.rfind('(') == in.at;  // "(1,2,3,4)"
  if (enclosed)
    ++in.at;
  bool is_open = false;
  if (auto error = read_points(in, true, count, value.numbers, is_open))
    return error;
  if (enclosed) {
    if (in.take() != ')')
      return in.syntax_error();
    in.skip_spaces();
  }
  if (!in.at_end())
    return in.syntax_error();
  value.closed = !is_open;
  return std::nullopt;
}

// box, lseg and polygon: points, then the end.
std::optional<pg_error> read_point_list(text_input& in, bool open_allowed, size_t count,
                                        geometric_value& value) {
  if (count == 0)
    return in.syntax_error();
  bool is_open = false;
  if (auto error = read_points(in, open_allowed, count, value.numbers, is_open))
    return error;
  if (!in.at_end())
    return in.syntax_error();
  return std::nullopt;
}

}  // namespace

result<geometric_value, pg_error> read_geometric_text(geometric_kind kind, std::string_view text) {
  text_input in{text, kind};
  geometric_value value;
  value.kind = kind;
  std::optional<pg_error> error;
  switch (kind) {
    case geometric_kind::line: error = read_line(in, value); break;
    case geometric_kind::lseg: error = read_point_list(in, true, 2, value); break;
    case geometric_kind::box: error = read_point_list(in, false, 2, value); break;
    case geometric_kind::path: error = read_path(in, value); break;
    case geometric_kind::polygon: error = read_point_list(in, false, pair_count(text), value); break;
    case geometric_kind::circle: error = read_circle(in, value); break;
  }
  if (error)
    return fail(std::move(*error));
  if (kind == geometric_kind::box)
    order_box_corners(value);
  return value;
}

}  // namespace tributary
