// geometric_compare: see geometric_compare.hpp. Written from geo_ops.c's definitions
// (PostgreSQL 15): each operator below names the function it follows.
#include "stages/types/verbatim/geometric_compare.hpp"

#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>

namespace tributary {
namespace {

constexpr double epsilon = 1.0e-6;

bool fp_zero(double a) { return std::fabs(a) <= epsilon; }
bool fp_eq(double a, double b) { return a == b || std::fabs(a - b) <= epsilon; }
bool fp_ne(double a, double b) { return a != b && std::fabs(a - b) > epsilon; }
bool fp_lt(double a, double b) { return a + epsilon < b; }
bool fp_le(double a, double b) { return a <= b + epsilon; }
bool fp_gt(double a, double b) { return a > b + epsilon; }
bool fp_ge(double a, double b) { return a + epsilon >= b; }

// float.h's checked arithmetic: an infinite result of finite inputs overflows, a
// zero product or quotient of non-zero inputs underflows.
struct arithmetic_error {
  pg_error error;
};
[[noreturn]] void overflow() { throw arithmetic_error{make_pg_error("22003", "value out of range: overflow")}; }
[[noreturn]] void underflow() { throw arithmetic_error{make_pg_error("22003", "value out of range: underflow")}; }

double plus(double a, double b) {
  const double r = a + b;
  if (std::isinf(r) && !std::isinf(a) && !std::isinf(b))
    overflow();
  return r;
}
double minus(double a, double b) {
  const double r = a - b;
  if (std::isinf(r) && !std::isinf(a) && !std::isinf(b))
    overflow();
  return r;
}
double times(double a, double b) {
  const double r = a * b;
  if (std::isinf(r) && !std::isinf(a) && !std::isinf(b))
    overflow();
  if (r == 0.0 && a != 0.0 && b != 0.0)
    underflow();
  return r;
}
double divided(double a, double b) {
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
double hypotenuse(double x, double y) {
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

point at(const std::vector<double>& n, size_t i) { return {n[2 * i], n[2 * i + 1]}; }

// point_eq_point: fuzzy, or exact when a NaN is involved.
bool same_point(point a, point b) {
  if (std::isnan(a.x) || std::isnan(a.y) || std::isnan(b.x) || std::isnan(b.y)) {
    const auto eq = [](double p, double q) { return (std::isnan(p) && std::isnan(q)) || p == q; };  // float8_eq
    return eq(a.x, b.x) && eq(a.y, b.y);
  }
  return fp_eq(a.x, b.x) && fp_eq(a.y, b.y);
}

double distance(point a, point b) { return hypotenuse(minus(a.x, b.x), minus(a.y, b.y)); }  // point_dt

double slope(point a, point b) {  // point_sl
  if (fp_eq(a.x, b.x))
    return INFINITY;
  if (fp_eq(a.y, b.y))
    return 0.0;
  return divided(minus(a.y, b.y), minus(a.x, b.x));
}

double inverse_slope(point a, point b) {  // point_invsl
  if (fp_eq(a.x, b.x))
    return 0.0;
  if (fp_eq(a.y, b.y))
    return INFINITY;
  return divided(minus(a.x, b.x), minus(b.y, a.y));
}

// The six relations of two measures (areas, lengths) with the fuzzy rules.
std::optional<bool> fuzzy_relation(std::string_view op, double a, double b) {
  if (op == "=")
    return fp_eq(a, b);
  if (op == "<>")
    return fp_ne(a, b);
  if (op == "<")
    return fp_lt(a, b);
  if (op == "<=")
    return fp_le(a, b);
  if (op == ">")
    return fp_gt(a, b);
  if (op == ">=")
    return fp_ge(a, b);
  return std::nullopt;
}

std::optional<bool> point_operator(std::string_view op, point a, point b) {
  if (op == "<<")
    return fp_lt(a.x, b.x);  // point_left
  if (op == ">>")
    return fp_gt(a.x, b.x);  // point_right
  if (op == "<^" || op == "<<|")
    return fp_lt(a.y, b.y);  // point_below
  if (op == ">^" || op == "|>>")
    return fp_gt(a.y, b.y);  // point_above
  if (op == "?|")
    return fp_eq(a.x, b.x);  // point_vert
  if (op == "?-")
    return fp_eq(a.y, b.y);  // point_horiz
  if (op == "~=")
    return same_point(a, b);
  if (op == "<>")
    return !same_point(a, b);
  return std::nullopt;
}

// float8_eq: NaN equals NaN.
bool float8_equal(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

struct line {
  double a, b, c;  // ax + by + c = 0
};

// line_construct: the line through `p` of slope `m`.
line line_through_point(point p, double m) {
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
std::optional<point> crossing(const line& l1, const line& l2) {
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

bool lines_meet(const std::vector<double>& l1, const std::vector<double>& l2) {
  return crossing({l1[0], l1[1], l1[2]}, {l2[0], l2[1], l2[2]}).has_value();
}

// lseg_contain_point: p on the segment a-b (the triangle inequality, fuzzily).
bool on_segment(point a, point b, point p) { return fp_eq(distance(p, a) + distance(p, b), distance(a, b)); }

// lseg_interpt_lseg: where the lines of the segments meet, when that point is on
// both (snapped to an end of the first segment it equals, as lseg_interpt_line does).
std::optional<point> segment_crossing(point a0, point a1, point b0, point b1) {
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

bool segments_cross(point a0, point a1, point b0, point b1) { return segment_crossing(a0, a1, b0, b1).has_value(); }

std::optional<bool> lseg_operator(std::string_view op, const std::vector<double>& a, const std::vector<double>& b) {
  const point a0 = at(a, 0), a1 = at(a, 1), b0 = at(b, 0), b1 = at(b, 1);
  if (op == "=")
    return same_point(a0, b0) && same_point(a1, b1);  // lseg_eq
  if (op == "<>")
    return !same_point(a0, b0) || !same_point(a1, b1);
  if (op == "?#")
    return segments_cross(a0, a1, b0, b1);  // lseg_intersect
  if (op == "?||")
    return fp_eq(slope(a0, a1), slope(b0, b1));  // lseg_parallel
  if (op == "?-|")
    return fp_eq(slope(a0, a1), inverse_slope(b0, b1));  // lseg_perp
  return fuzzy_relation(op, distance(a0, a1), distance(b0, b1));  // lseg_lt ... by length
}

std::optional<bool> line_operator(std::string_view op, const std::vector<double>& l1, const std::vector<double>& l2) {
  if (op == "?#")
    return lines_meet(l1, l2);  // line_intersect
  if (op == "?||")
    return !lines_meet(l1, l2);  // line_parallel
  if (op == "?-|") {  // line_perp
    if (fp_zero(l1[0]))
      return fp_zero(l2[1]);
    if (fp_zero(l2[0]))
      return fp_zero(l1[1]);
    if (fp_zero(l1[1]))
      return fp_zero(l2[0]);
    if (fp_zero(l2[1]))
      return fp_zero(l1[0]);
    return fp_eq(divided(times(l1[0], l2[0]), times(l1[1], l2[1])), -1.0);
  }
  if (op != "=")
    return std::nullopt;
  // line_eq: with a NaN, the same parameters; else proportional ones.
  for (size_t i = 0; i < 3; ++i)
    if (std::isnan(l1[i]) || std::isnan(l2[i]))
      return float8_equal(l1[0], l2[0]) && float8_equal(l1[1], l2[1]) && float8_equal(l1[2], l2[2]);
  double ratio = 1.0;
  if (!fp_zero(l2[0]))
    ratio = divided(l1[0], l2[0]);
  else if (!fp_zero(l2[1]))
    ratio = divided(l1[1], l2[1]);
  else if (!fp_zero(l2[2]))
    ratio = divided(l1[2], l2[2]);
  return fp_eq(l1[0], times(ratio, l2[0])) && fp_eq(l1[1], times(ratio, l2[1])) &&
         fp_eq(l1[2], times(ratio, l2[2]));
}

// A box as its edges: high x, high y, low x, low y (box_out's order).
struct box {
  double high_x, high_y, low_x, low_y;
};

box box_of(const std::vector<double>& n) { return {n[0], n[1], n[2], n[3]}; }

// Edge relations PostgreSQL's box, circle and polygon operators share; `le`, `lt`
// are the fuzzy tests for boxes and circles, the exact ones for polygons.
template <typename Less, typename LessEqual>
std::optional<bool> edge_relation(std::string_view op, const box& a, const box& b, Less lt, LessEqual le) {
  if (op == "<<")
    return lt(a.high_x, b.low_x);  // left
  if (op == ">>")
    return lt(b.high_x, a.low_x);  // right
  if (op == "&<")
    return le(a.high_x, b.high_x);  // overleft
  if (op == "&>")
    return le(b.low_x, a.low_x);  // overright
  if (op == "<<|")
    return lt(a.high_y, b.low_y);  // below
  if (op == "|>>")
    return lt(b.high_y, a.low_y);  // above
  if (op == "&<|")
    return le(a.high_y, b.high_y);  // overbelow
  if (op == "|&>")
    return le(b.low_y, a.low_y);  // overabove
  return std::nullopt;
}

// box_ov
bool boxes_overlap(const box& a, const box& b) {
  return fp_le(a.low_x, b.high_x) && fp_le(b.low_x, a.high_x) && fp_le(a.low_y, b.high_y) && fp_le(b.low_y, a.high_y);
}

// box_contain_box: `inner` within `outer` or on its border.
bool box_contains(const box& outer, const box& inner) {
  return fp_ge(outer.high_x, inner.high_x) && fp_le(outer.low_x, inner.low_x) && fp_ge(outer.high_y, inner.high_y) &&
         fp_le(outer.low_y, inner.low_y);
}

std::optional<bool> box_operator(std::string_view op, const box& a, const box& b) {
  if (op == "~=")
    return same_point({a.high_x, a.high_y}, {b.high_x, b.high_y}) && same_point({a.low_x, a.low_y}, {b.low_x, b.low_y});
  if (op == "&&" || op == "?#")
    return boxes_overlap(a, b);
  if (op == "@>")
    return box_contains(a, b);
  if (op == "<@")
    return box_contains(b, a);
  if (op == "<^")
    return fp_le(a.high_y, b.low_y);  // box_below_eq
  if (op == ">^")
    return fp_ge(a.low_y, b.high_y);  // box_above_eq
  if (auto r = edge_relation(op, a, b, fp_lt, fp_le))
    return r;
  if (op == "<>")
    return std::nullopt;  // box has no <>
  const auto area = [](const box& x) { return times(minus(x.high_x, x.low_x), minus(x.high_y, x.low_y)); };
  return fuzzy_relation(op, area(a), area(b));  // box_lt ... by area
}

std::optional<bool> circle_operator(std::string_view op, const std::vector<double>& a, const std::vector<double>& b) {
  const point ca{a[0], a[1]}, cb{b[0], b[1]};
  const double ra = a[2], rb = b[2];
  if (op == "~=")  // circle_same: NaN radii are equal
    return ((std::isnan(ra) && std::isnan(rb)) || fp_eq(ra, rb)) && same_point(ca, cb);
  if (op == "&&")
    return fp_le(distance(ca, cb), plus(ra, rb));  // circle_overlap
  if (op == "@>")
    return fp_le(distance(ca, cb), minus(ra, rb));  // circle_contain
  if (op == "<@")
    return fp_le(distance(ca, cb), minus(rb, ra));  // circle_contained
  if (op == "<<")
    return fp_lt(plus(ca.x, ra), minus(cb.x, rb));  // circle_left
  if (op == ">>")
    return fp_gt(minus(ca.x, ra), plus(cb.x, rb));  // circle_right
  if (op == "&<")
    return fp_le(plus(ca.x, ra), plus(cb.x, rb));  // circle_overleft
  if (op == "&>")
    return fp_ge(minus(ca.x, ra), minus(cb.x, rb));  // circle_overright
  if (op == "<<|")
    return fp_lt(plus(ca.y, ra), minus(cb.y, rb));  // circle_below
  if (op == "|>>")
    return fp_gt(minus(ca.y, ra), plus(cb.y, rb));  // circle_above
  if (op == "&<|")
    return fp_le(plus(ca.y, ra), plus(cb.y, rb));  // circle_overbelow
  if (op == "|&>")
    return fp_ge(minus(ca.y, ra), minus(cb.y, rb));  // circle_overabove
  const auto area = [](double r) { return times(times(r, r), M_PI); };  // circle_ar
  return fuzzy_relation(op, area(ra), area(rb));
}

// plist_same: the same points from some start, forwards or backwards.
bool same_point_lists(const std::vector<double>& a, const std::vector<double>& b) {
  const size_t n = a.size() / 2;
  if (n != b.size() / 2)
    return false;
  for (size_t start = 0; start < n; ++start) {
    if (!same_point(at(b, start), at(a, 0)))
      continue;
    size_t matched = 1;
    for (size_t j = (start + 1) % n; matched < n && same_point(at(b, j), at(a, matched)); j = (j + 1) % n)
      ++matched;
    if (matched == n)
      return true;
    matched = 1;
    for (size_t j = (start + n - 1) % n; matched < n && same_point(at(b, j), at(a, matched)); j = (j + n - 1) % n)
      ++matched;
    if (matched == n)
      return true;
  }
  return false;
}

// make_bound_box: a polygon's extreme coordinates (float8_lt / float8_gt: NaN above all).
box bounding_box(const std::vector<double>& n) {
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

// lseg_crossing: how the segment (prev_x, prev_y)-(x, y), relative to a point, crosses
// the positive x axis (+-2 across, +-1 from a point on it, 0 not); nullopt when it
// passes through the point.
std::optional<int> axis_crossing(double x, double y, double prev_x, double prev_y) {
  if (fp_zero(y)) {
    if (fp_zero(x))
      return std::nullopt;
    if (fp_gt(x, 0)) {
      if (fp_zero(prev_y))
        return fp_gt(prev_x, 0.0) ? std::optional<int>(0) : std::nullopt;
      return fp_lt(prev_y, 0.0) ? 1 : -1;
    }
    if (fp_zero(prev_y))
      return fp_lt(prev_x, 0.0) ? std::optional<int>(0) : std::nullopt;
    return 0;
  }
  const int y_sign = fp_gt(y, 0.0) ? 1 : -1;
  if (fp_zero(prev_y))
    return fp_lt(prev_x, 0.0) ? 0 : y_sign;
  if ((y_sign < 0 && fp_lt(prev_y, 0.0)) || (y_sign > 0 && fp_gt(prev_y, 0.0)))
    return 0;
  if (fp_ge(x, 0.0) && fp_gt(prev_x, 0.0))
    return 2 * y_sign;
  if (fp_lt(x, 0.0) && fp_le(prev_x, 0.0))
    return 0;
  const double z = minus(times(minus(x, prev_x), y), times(minus(y, prev_y), x));
  if (fp_zero(z))
    return std::nullopt;
  if ((y_sign < 0 && fp_lt(z, 0.0)) || (y_sign > 0 && fp_gt(z, 0.0)))
    return 0;
  return 2 * y_sign;
}

// point_inside: whether p is inside the polygon or on its border.
bool inside_polygon(point p, const std::vector<double>& poly) {
  const size_t n = poly.size() / 2;
  const double x0 = minus(poly[0], p.x), y0 = minus(poly[1], p.y);
  double prev_x = x0, prev_y = y0;
  int total = 0;
  for (size_t i = 1; i < n; ++i) {
    const double x = minus(poly[2 * i], p.x), y = minus(poly[2 * i + 1], p.y);
    const auto cross = axis_crossing(x, y, prev_x, prev_y);
    if (!cross)
      return true;
    total += *cross;
    prev_x = x;
    prev_y = y;
  }
  const auto cross = axis_crossing(x0, y0, prev_x, prev_y);
  return !cross || total + *cross != 0;
}

bool segment_inside_polygon(point a, point b, const std::vector<double>& poly, size_t start);

// touched_lseg_inside_poly: segment a-b, with a on the polygon's edge s0-s1.
bool touching_segment_inside(point a, point b, point s0, point s1, const std::vector<double>& poly, size_t start) {
  if (same_point(a, s0)) {
    if (on_segment(a, b, s1))
      return segment_inside_polygon(b, s1, poly, start);
  } else if (same_point(a, s1)) {
    if (on_segment(a, b, s0))
      return segment_inside_polygon(b, s0, poly, start);
  } else if (on_segment(a, b, s0)) {
    return segment_inside_polygon(b, s0, poly, start);
  } else if (on_segment(a, b, s1)) {
    return segment_inside_polygon(b, s1, poly, start);
  }
  return true;
}

// lseg_inside_poly: segment a-b within the polygon, its edges checked from `start`.
bool segment_inside_polygon(point a, point b, const std::vector<double>& poly, size_t start) {
  const size_t n = poly.size() / 2;
  point s0 = at(poly, start == 0 ? n - 1 : start - 1);
  bool inside = true, crossed = false;
  for (size_t i = start; i < n && inside; ++i) {
    const point s1 = at(poly, i);
    if (on_segment(s0, s1, a)) {
      if (on_segment(s0, s1, b))
        return true;
      inside = touching_segment_inside(a, b, s0, s1, poly, i + 1);
    } else if (on_segment(s0, s1, b)) {
      inside = touching_segment_inside(b, a, s0, s1, poly, i + 1);
    } else if (auto p = segment_crossing(a, b, s0, s1)) {
      crossed = true;
      inside = segment_inside_polygon(a, *p, poly, i + 1);
      if (inside)
        inside = segment_inside_polygon(b, *p, poly, i + 1);
    }
    s0 = s1;
  }
  if (inside && !crossed)
    inside = inside_polygon({divided(plus(a.x, b.x), 2.0), divided(plus(a.y, b.y), 2.0)}, poly);
  return inside;
}

// poly_contain_poly: the bounding boxes, then every edge of `inner` inside `outer`.
bool polygon_contains(const std::vector<double>& outer, const std::vector<double>& inner) {
  if (!box_contains(bounding_box(outer), bounding_box(inner)))
    return false;
  const size_t n = inner.size() / 2;
  point s0 = at(inner, n - 1);
  for (size_t i = 0; i < n; ++i) {
    if (!segment_inside_polygon(s0, at(inner, i), outer, 0))
      return false;
    s0 = at(inner, i);
  }
  return true;
}

// poly_overlap_internal: the bounding boxes overlap, and two edges cross or one
// polygon's first point is inside the other.
bool polygons_overlap(const std::vector<double>& a, const std::vector<double>& b) {
  if (!boxes_overlap(bounding_box(a), bounding_box(b)))
    return false;
  const size_t na = a.size() / 2, nb = b.size() / 2;
  for (size_t i = 0; i < na; ++i)
    for (size_t j = 0; j < nb; ++j)
      if (segments_cross(at(a, (i + na - 1) % na), at(a, i), at(b, (j + nb - 1) % nb), at(b, j)))
        return true;
  return inside_polygon(at(a, 0), b) || inside_polygon(at(b, 0), a);
}

std::optional<bool> polygon_operator(std::string_view op, const std::vector<double>& a, const std::vector<double>& b) {
  if (op == "~=")
    return same_point_lists(a, b);
  if (op == "&&")
    return polygons_overlap(a, b);
  if (op == "@>")
    return polygon_contains(a, b);
  if (op == "<@")
    return polygon_contains(b, a);
  return edge_relation(
      op, bounding_box(a), bounding_box(b), [](double p, double q) { return p < q; },
      [](double p, double q) { return p <= q; });
}

// path_inter: the bounding boxes overlap and two of the paths' segments (a closed
// path's closing one too) cross.
bool paths_cross(const std::vector<double>& a, bool a_closed, const std::vector<double>& b, bool b_closed) {
  if (!boxes_overlap(bounding_box(a), bounding_box(b)))
    return false;
  const size_t na = a.size() / 2, nb = b.size() / 2;
  for (size_t i = a_closed ? 0 : 1; i < na; ++i)
    for (size_t j = b_closed ? 0 : 1; j < nb; ++j)
      if (segments_cross(at(a, (i + na - 1) % na), at(a, i), at(b, (j + nb - 1) % nb), at(b, j)))
        return true;
  return false;
}

std::optional<bool> path_operator(std::string_view op, const std::vector<double>& a, const std::vector<double>& b,
                                  bool a_closed, bool b_closed) {
  if (op == "?#")
    return paths_cross(a, a_closed, b, b_closed);
  if (op == "<>")
    return std::nullopt;
  const auto points = [](const std::vector<double>& n) { return static_cast<double>(n.size() / 2); };
  if (op == "=")
    return points(a) == points(b);  // path_n_eq ... by point count, exactly
  if (op == "<")
    return points(a) < points(b);
  if (op == "<=")
    return points(a) <= points(b);
  if (op == ">")
    return points(a) > points(b);
  if (op == ">=")
    return points(a) >= points(b);
  return std::nullopt;
}

std::optional<bool> dispatch(oid_t oid, std::string_view op, const std::vector<double>& a,
                             const std::vector<double>& b, bool a_closed = false, bool b_closed = false) {
  switch (oid) {
    case 600:
      return point_operator(op, at(a, 0), at(b, 0));
    case 601:
      return lseg_operator(op, a, b);
    case 602:
      return path_operator(op, a, b, a_closed, b_closed);
    case 603:
      return box_operator(op, box_of(a), box_of(b));
    case 604:
      return polygon_operator(op, a, b);
    case 628:
      return line_operator(op, a, b);
    case 718:
      return circle_operator(op, a, b);
    default:
      return std::nullopt;
  }
}

size_t number_count(oid_t oid) {
  switch (oid) {
    case 600:
      return 2;
    case 628:
    case 718:
      return 3;
    case 601:
    case 603:
      return 4;
    default:
      return 2;  // path, polygon: at least one point
  }
}

// box_contain_point: exact comparisons with the corners.
bool box_holds(const box& b, point p) {
  return b.high_x >= p.x && b.low_x <= p.x && b.high_y >= p.y && b.low_y <= p.y;
}

// A point in a shape (on_pb, pt_contained_circle, pt_contained_poly, on_ps, on_pl) or a
// segment in a box (on_sb), the containing value second; nullopt for other pairs.
std::optional<bool> contained_in(oid_t part_type, const std::vector<double>& part, oid_t whole_type,
                                 const std::vector<double>& whole) {
  if (part_type == 601 && whole_type == 603)
    return box_holds(box_of(whole), at(part, 0)) && box_holds(box_of(whole), at(part, 1));
  if (part_type != 600)
    return std::nullopt;
  const point p = at(part, 0);
  switch (whole_type) {
    case 603:
      return box_holds(box_of(whole), p);
    case 718:
      return distance({whole[0], whole[1]}, p) <= whole[2];
    case 604:
      return inside_polygon(p, whole);
    case 601:
      return on_segment(at(whole, 0), at(whole, 1), p);
    case 628:
      return fp_zero(plus(plus(times(whole[0], p.x), times(whole[1], p.y)), whole[2]));
    default:
      return std::nullopt;
  }
}

std::optional<bool> mixed_dispatch(oid_t left_type, std::string_view op, const std::vector<double>& a,
                                   oid_t right_type, const std::vector<double>& b) {
  if (op == "<@")
    return contained_in(left_type, a, right_type, b);
  if (op == "@>" && right_type == 600 && left_type != 601 && left_type != 628)  // box, circle, polygon @> point
    return contained_in(right_type, b, left_type, a);
  return std::nullopt;
}

}  // namespace

bool has_geometric_comparison(oid_t left_type, std::string_view op, oid_t right_type) {
  const std::vector<double> left(number_count(left_type), 1.0), right(number_count(right_type), 1.0);
  try {
    return mixed_dispatch(left_type, op, left, right_type, right).has_value();
  } catch (const arithmetic_error&) {
    return true;
  }
}

result<bool, pg_error> compare_geometric(oid_t left_type, std::string_view op, std::string_view left, oid_t right_type,
                                         std::string_view right) {
  const std::vector<double> a = geometric_numbers(left), b = geometric_numbers(right);
  const auto readable = [](oid_t type, const std::vector<double>& n) {
    return n.size() >= number_count(type) && n.size() % (type == 718 || type == 628 ? 3 : 2) == 0;
  };
  if (!readable(left_type, a) || !readable(right_type, b))
    return fail(make_pg_error("XX000", "unreadable geometric value"));
  try {
    if (auto answer = mixed_dispatch(left_type, op, a, right_type, b))
      return *answer;
  } catch (const arithmetic_error& e) {
    return fail(e.error);
  }
  return fail(make_pg_error("0A000", "the geometric operator " + std::string(op) + " is not supported yet"));
}

bool has_geometric_comparison(oid_t oid, std::string_view op) {
  const std::vector<double> probe(number_count(oid), 1.0);
  try {
    return dispatch(oid, op, probe, probe).has_value();
  } catch (const arithmetic_error&) {
    return true;
  }
}

std::vector<double> geometric_numbers(std::string_view text) {
  std::vector<double> out;
  std::string piece;
  const auto flush = [&]() {
    if (!piece.empty())
      out.push_back(std::strtod(piece.c_str(), nullptr));
    piece.clear();
  };
  for (char c : text) {
    if (c == '(' || c == ')' || c == '[' || c == ']' || c == '<' || c == '>' || c == '{' || c == '}' || c == ',' ||
        c == ' ')
      flush();
    else
      piece += c;
  }
  flush();
  return out;
}

result<bool, pg_error> compare_geometric(oid_t oid, std::string_view op, std::string_view left,
                                         std::string_view right) {
  const std::vector<double> a = geometric_numbers(left), b = geometric_numbers(right);
  const size_t group = oid == 718 || oid == 628 ? 3 : 2;
  if (a.size() < number_count(oid) || b.size() < number_count(oid) || a.size() % group != 0 || b.size() % group != 0)
    return fail(make_pg_error("XX000", "unreadable geometric value"));
  // path_out writes a closed path "((...))", an open one "[(...)]".
  const auto closed = [](std::string_view text) { return !text.empty() && text.front() == '('; };
  try {
    if (auto answer = dispatch(oid, op, a, b, closed(left), closed(right)))
      return *answer;
  } catch (const arithmetic_error& e) {
    return fail(e.error);
  }
  return fail(make_pg_error("0A000", "the geometric operator " + std::string(op) + " is not supported yet"));
}

}  // namespace tributary
