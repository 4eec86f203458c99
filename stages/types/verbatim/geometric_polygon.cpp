// geometric_polygon: the polygon comparisons of geo_ops.c (PostgreSQL 15) that
// geometric_compare.cpp uses: ~= (plist_same), && (poly_overlap), @> / <@
// (poly_contain), a point inside (point_inside). Declared in geometric_arithmetic.hpp.
#include "stages/types/verbatim/geometric_arithmetic.hpp"

namespace tributary::geometry {

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

// lseg_crossing: how the segment (prev_x, prev_y)-(x, y), relative to a point, crosses
// the positive x axis (+-2 across, +-1 from a point on it, 0 not); nullopt when it
// passes through the point.
static std::optional<int> axis_crossing(double x, double y, double prev_x, double prev_y) {
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

static bool segment_inside_polygon(point a, point b, const std::vector<double>& poly, size_t start);

// touched_lseg_inside_poly: segment a-b, with a on the polygon's edge s0-s1.
static bool touching_segment_inside(point a, point b, point s0, point s1, const std::vector<double>& poly, size_t start) {
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
static bool segment_inside_polygon(point a, point b, const std::vector<double>& poly, size_t start) {
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

}  // namespace tributary::geometry
