// geometric_value: the values of PostgreSQL's geometric types other than point
// (line, lseg, box, path, polygon, circle) as their input and output functions
// (geo_ops.c) see them; shared by geometric_text.cpp (text in and out) and
// type_geometric.cpp (the codec and the binary formats).
//
// A value is its float8 numbers in the order the type's send function writes
// them, plus path's open/closed flag:
//   line     A, B, C  (Ax + By + C = 0)
//   lseg     x1, y1, x2, y2
//   box      high x, high y, low x, low y  (upper-right corner first)
//   path     x, y of each point (one or more)
//   polygon  x, y of each point (one or more)
//   circle   center x, center y, radius
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "stages/types/type_codec.hpp"

namespace tributary {

enum class geometric_kind { line, lseg, box, path, polygon, circle };

struct geometric_value {
  geometric_kind kind = geometric_kind::line;
  bool closed = false;  // path only: "((...))" closed, "[...]" open
  std::vector<double> numbers;
};

// The kind of a geometric type's OID (628 line, 601 lseg, 603 box, 602 path,
// 604 polygon, 718 circle), or nullopt.
std::optional<geometric_kind> geometric_kind_of(oid_t oid);

// pg_type.typname of the kind ("line", "box", ...), as PostgreSQL's messages name it.
std::string_view geometric_type_name(geometric_kind kind);

// The type's input function (line_in, lseg_in, box_in, path_in, poly_in,
// circle_in) on `text`, with its errors:
//   22P02 invalid input syntax for type box: "<text>"
//   22003 "1e400" is out of range for type double precision
//   22P02 invalid line specification: A and B cannot both be zero
//   22P02 invalid line specification: must be two distinct points
//   22003 value out of range: overflow / underflow  (line through two points)
result<geometric_value, pg_error> read_geometric_text(geometric_kind kind, std::string_view text);

// line_in's two-point form (geometric_line.cpp), on x1, y1, x2, y2:
// point_eq_point (with a NaN, exact equality, NaN = NaN; else within
// EPSILON), and A, B, C of the line through them (22003 on overflow or
// underflow).
bool points_equal(const std::vector<double>& points);
result<std::vector<double>, pg_error> line_through(const std::vector<double>& points);

// The type's output function: each number as float8out prints it under
// `settings` (extra_float_digits).
std::string geometric_text(const geometric_value& value, const type_settings& settings);

// float8_lt: NaN sorts above every other value (box_in's corner order).
inline bool float8_less(double a, double b) {
  const bool a_nan = a != a, b_nan = b != b;
  return !a_nan && (b_nan || a < b);
}

// box_in / box_recv: swap the corners' coordinates so high >= low.
inline void order_box_corners(geometric_value& box) {
  auto& n = box.numbers;
  if (float8_less(n[0], n[2]))
    std::swap(n[0], n[2]);
  if (float8_less(n[1], n[3]))
    std::swap(n[1], n[3]);
}

// FPzero: |value| <= EPSILON (1e-6), geo_decls.h's fuzzy zero.
inline bool fuzzy_zero(double value) { return value <= 1.0e-6 && value >= -1.0e-6; }

}  // namespace tributary
