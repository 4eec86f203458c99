// geometric_arithmetic: what geometric_compare.cpp and geometric_polygon.cpp share
// (internal to stages/types/verbatim/): geo_decls.h's fuzzy comparisons, float.h's
// checked float8 arithmetic (throwing arithmetic_error, caught by compare_geometric),
// pg_hypot, points, lines, segments and boxes as geo_ops.c computes them.
#pragma once

#include <cmath>
#include <optional>
#include <utility>
#include <vector>

#include "stages/core/pg_error.hpp"

namespace tributary::geometry {

inline constexpr double epsilon = 1.0e-6;

inline bool fp_zero(double a) { return std::fabs(a) <= epsilon; }
inline bool fp_eq(double a, double b) { return a == b || std::fabs(a - b) <= epsilon; }
inline bool fp_ne(double a, double b) { return a != b && std::fabs(a - b) > epsilon; }
inline bool fp_lt(double a, double b) { return a + epsilon < b; }
inline bool fp_le(double a, double b) { return a <= b + epsilon; }
inline bool fp_gt(double a, double b) { return a > b + epsilon; }
inline bool fp_ge(double a, double b) { return a + epsilon >= b; }

// float.h's checked arithmetic: an infinite result of finite inputs overflows, a
// zero product or quotient of non-zero inputs underflows.
struct arithmetic_error {
  pg_error error;
};
[[noreturn]] inline void overflow() { throw arithmetic_error{make_pg_error("22003", "value out of range: overflow")}; }
[[noreturn]] inline void underflow() { throw arithmetic_error{make_pg_error("22003", "value out of range: underflow")}; }

inline double plus(double a, double b) {
  const double r = a + b;
  if (std::isinf(r) && !std::isinf(a) && !std::isinf(b))
    overflow();
  return r;
}
inline double minus(double a, double b) {
  const double r = a - b;
  if (std::isinf(r) && !std::isinf(a) && !std::isinf(b))
    overflow();
  return r;
}
inline double times(double a, double b) {
  const double r = a * b;
  if (std::isinf(r) && !std::isinf(a) && !std::isinf(b))
    overflow();
  if (r == 0.0 && a != 0.0 && b != 0.0)
    underflow();
  return r;
}
inline double divided(double a, double b) {
  if (b == 0.0 && !std::isnan(a))
    throw arithmetic_error{make_pg_error("22012", "division by zero")};
  const double r = a / b;
  if (std::isinf(r) && !std::isinf(a))
    overflow();
  if (r == 0.0 && a != 0.0 && !std::isinf(b))
    underflow();
  return r;
}

// pg_hypot: the larger magnitude times sqrt(1 + ratio^2).
inline double hypotenuse(double x, double y) {
  if (std::isinf(x) || std::isinf(y))
    return INFINITY;
  if (std::isnan(x) || std::isnan(y))
    return NAN;
  x = std::fabs(x);
  y = std::fabs(y);
  if (x < y)
    std::swap(x, y);
  if (y == 0.0)
    return x;
  const double ratio = y / x;
  const double r = x * std::sqrt(1.0 + ratio * ratio);
  if (std::isinf(r))
    overflow();
  if (r == 0.0)
    underflow();
  return r;
}

struct point {
  double x, y;
};

inline point at(const std::vector<double>& n, size_t i) { return {n[2 * i], n[2 * i + 1]}; }

// point_eq_point: fuzzy, or exact when a NaN is involved.
inline bool same_point(point a, point b) {
  if (std::isnan(a.x) || std::isnan(a.y) || std::isnan(b.x) || std::isnan(b.y)) {
    const auto eq = [](double p, double q) { return (std::isnan(p) && std::isnan(q)) || p == q; };  // float8_eq
    return eq(a.x, b.x) && eq(a.y, b.y);
  }
  return fp_eq(a.x, b.x) && fp_eq(a.y, b.y);
}

inline double distance(point a, point b) { return hypotenuse(minus(a.x, b.x), minus(a.y, b.y)); }  // point_dt

inline double slope(point a, point b) {  // point_sl
  if (fp_eq(a.x, b.x))
    return INFINITY;
  if (fp_eq(a.y, b.y))
    return 0.0;
  return divided(minus(a.y, b.y), minus(a.x, b.x));
}

inline double inverse_slope(point a, point b) {  // point_invsl
  if (fp_eq(a.x, b.x))
    return 0.0;
  if (fp_eq(a.y, b.y))
    return INFINITY;
  return divided(minus(a.x, b.x), minus(b.y, a.y));
}

// float8_eq: NaN equals NaN.
inline bool float8_equal(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

struct line {
  double a, b, c;  // ax + by + c = 0
};

// line_construct: the line through `p` of slope `m`.
inline line line_through_point(point p, double m) {
  if (std::isinf(m))
    return {-1.0, 0.0, p.x};
  if (m == 0)
    return {0.0, -1.0, p.y};
  double c = minus(p.y, times(m, p.x));
  if (c == 0.0)
    c = 0.0;  // no -0
  return {m, -1.0, c};
}

// line_interpt_line: where two lines meet; nullopt for parallel (or the same) lines.
inline std::optional<point> crossing(const line& l1, const line& l2) {
  double x, y;
  if (!fp_zero(l1.b)) {
    if (fp_eq(l2.a, times(l1.a, divided(l2.b, l1.b))))
      return std::nullopt;
    x = divided(minus(times(l1.b, l2.c), times(l2.b, l1.c)), minus(times(l1.a, l2.b), times(l2.a, l1.b)));
    y = divided(-plus(times(l1.a, x), l1.c), l1.b);
  } else if (!fp_zero(l2.b)) {
    if (fp_eq(l1.a, times(l2.a, divided(l1.b, l2.b))))
      return std::nullopt;
    x = divided(minus(times(l2.b, l1.c), times(l1.b, l2.c)), minus(times(l2.a, l1.b), times(l1.a, l2.b)));
    y = divided(-plus(times(l2.a, x), l2.c), l2.b);
  } else {
    return std::nullopt;
  }
  return point{x == 0.0 ? 0.0 : x, y == 0.0 ? 0.0 : y};
}

// lseg_contain_point: p on the segment a-b (the triangle inequality, fuzzily).
inline bool on_segment(point a, point b, point p) { return fp_eq(distance(p, a) + distance(p, b), distance(a, b)); }

// lseg_interpt_lseg: where the lines of the segments meet, when that point is on
// both (snapped to an end of the first segment it equals, as lseg_interpt_line does).
inline std::optional<point> segment_crossing(point a0, point a1, point b0, point b1) {
  const line second = line_through_point(b0, slope(b0, b1));
  auto p = crossing(line_through_point(a0, slope(a0, a1)), second);
  if (!p || !on_segment(a0, a1, *p))
    return std::nullopt;
  if (same_point(a0, *p))
    p = a0;
  else if (same_point(a1, *p))
    p = a1;
  if (!on_segment(b0, b1, *p))
    return std::nullopt;
  return p;
}

inline bool segments_cross(point a0, point a1, point b0, point b1) { return segment_crossing(a0, a1, b0, b1).has_value(); }

// A box as its edges: high x, high y, low x, low y (box_out's order).
struct box {
  double high_x, high_y, low_x, low_y;
};

inline box box_of(const std::vector<double>& n) { return {n[0], n[1], n[2], n[3]}; }

// box_ov
inline bool boxes_overlap(const box& a, const box& b) {
  return fp_le(a.low_x, b.high_x) && fp_le(b.low_x, a.high_x) && fp_le(a.low_y, b.high_y) && fp_le(b.low_y, a.high_y);
}

// box_contain_box: `inner` within `outer` or on its border.
inline bool box_contains(const box& outer, const box& inner) {
  return fp_ge(outer.high_x, inner.high_x) && fp_le(outer.low_x, inner.low_x) && fp_ge(outer.high_y, inner.high_y) &&
         fp_le(outer.low_y, inner.low_y);
}

// make_bound_box: a polygon's extreme coordinates (float8_lt / float8_gt: NaN above all).
inline box bounding_box(const std::vector<double>& n) {
  const auto less = [](double p, double q) { return !std::isnan(p) && (std::isnan(q) || p < q); };
  box b{n[0], n[1], n[0], n[1]};
  for (size_t i = 2; i + 1 < n.size(); i += 2) {
    if (less(n[i], b.low_x))
      b.low_x = n[i];
    if (less(b.high_x, n[i]))
      b.high_x = n[i];
    if (less(n[i + 1], b.low_y))
      b.low_y = n[i + 1];
    if (less(b.high_y, n[i + 1]))
      b.high_y = n[i + 1];
  }
  return b;
}

// Polygons (geometric_polygon.cpp): plist_same, point_inside, poly_contain_poly,
// poly_overlap_internal.
bool same_point_lists(const std::vector<double>& a, const std::vector<double>& b);
bool inside_polygon(point p, const std::vector<double>& poly);
bool polygon_contains(const std::vector<double>& outer, const std::vector<double>& inner);
bool polygons_overlap(const std::vector<double>& a, const std::vector<double>& b);

}  // namespace tributary::geometry
