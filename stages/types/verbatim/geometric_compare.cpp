// geometric_compare: see geometric_compare.hpp. Written from geo_ops.c's definitions
// (PostgreSQL 15): each operator below names the function it follows; the shared
// arithmetic is geometric_arithmetic.hpp's, the polygon tests geometric_polygon.cpp's.
#include "stages/types/verbatim/geometric_compare.hpp"

#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>

#include "stages/types/verbatim/geometric_arithmetic.hpp"

namespace tributary {
namespace {

using namespace geometry;

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

bool lines_meet(const std::vector<double>& l1, const std::vector<double>& l2) {
  return crossing({l1[0], l1[1], l1[2]}, {l2[0], l2[1], l2[2]}).has_value();
}

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

// path_out writes a closed path "((...))", an open one "[(...)]".
bool path_closed(std::string_view text) { return !text.empty() && text.front() == '('; }

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

// line_contain_point: A x + B y + C within epsilon of 0.
bool on_line(const std::vector<double>& l, point p) { return fp_zero(plus(plus(times(l[0], p.x), times(l[1], p.y)), l[2])); }

// on_ppath: on a segment of an open path; inside (or on) a closed one.
bool on_path(point p, const std::vector<double>& path, bool closed) {
  if (closed)
    return inside_polygon(p, path);
  const size_t n = path.size() / 2;
  double a = distance(p, at(path, 0));
  for (size_t i = 0; i + 1 < n; ++i) {
    const double b = distance(p, at(path, i + 1));
    if (fp_eq(plus(a, b), distance(at(path, i), at(path, i + 1))))
      return true;
    a = b;
  }
  return false;
}

// A point in a shape (on_pb, pt_contained_circle, pt_contained_poly, on_ps, on_pl,
// on_ppath) or a segment in a box or on a line (on_sb, on_sl), the containing value
// second; nullopt for other pairs.
std::optional<bool> contained_in(oid_t part_type, const std::vector<double>& part, oid_t whole_type,
                                 const std::vector<double>& whole, bool whole_closed) {
  if (part_type == 601 && whole_type == 603)
    return box_holds(box_of(whole), at(part, 0)) && box_holds(box_of(whole), at(part, 1));
  if (part_type == 601 && whole_type == 628)
    return on_line(whole, at(part, 0)) && on_line(whole, at(part, 1));
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
      return on_line(whole, p);
    case 602:
      return on_path(p, whole, whole_closed);
    default:
      return std::nullopt;
  }
}

// lseg_interpt_line: the segment's line meets the line in a point on the segment.
bool segment_meets_line(point a, point b, const std::vector<double>& l) {
  const auto p = crossing(line_through_point(a, slope(a, b)), {l[0], l[1], l[2]});
  return p && on_segment(a, b, *p);
}

// inter_sl, inter_sb (box_interpt_lseg), inter_lb: lseg ?# line, lseg ?# box, line ?# box.
std::optional<bool> intersects(oid_t left_type, const std::vector<double>& a, oid_t right_type,
                               const std::vector<double>& b) {
  if (left_type == 601 && right_type == 628)
    return segment_meets_line(at(a, 0), at(a, 1), b);
  if (right_type != 603 || (left_type != 601 && left_type != 628))
    return std::nullopt;
  const box x = box_of(b);
  const point low{x.low_x, x.low_y}, high{x.high_x, x.high_y}, upper_left{x.low_x, x.high_y},
      lower_right{x.high_x, x.low_y};
  if (left_type == 628)  // the edges left, top, right, bottom
    return segment_meets_line(low, upper_left, a) || segment_meets_line(high, upper_left, a) ||
           segment_meets_line(high, lower_right, a) || segment_meets_line(low, lower_right, a);
  const point s0 = at(a, 0), s1 = at(a, 1);
  const auto less = [](double p, double q) { return !std::isnan(p) && (std::isnan(q) || p < q); };  // float8_lt
  const box extent{less(s0.x, s1.x) ? s1.x : s0.x, less(s0.y, s1.y) ? s1.y : s0.y, less(s0.x, s1.x) ? s0.x : s1.x,
                   less(s0.y, s1.y) ? s0.y : s1.y};
  if (!boxes_overlap(extent, x))
    return false;
  if (box_holds(x, s0) || box_holds(x, s1))
    return true;
  return segments_cross(low, upper_left, s0, s1) || segments_cross(high, upper_left, s0, s1) ||
         segments_cross(low, lower_right, s0, s1) || segments_cross(high, lower_right, s0, s1);
}

std::optional<bool> mixed_dispatch(oid_t left_type, std::string_view op, const std::vector<double>& a,
                                   oid_t right_type, const std::vector<double>& b, bool a_closed = false,
                                   bool b_closed = false) {
  if (op == "<@")
    return contained_in(left_type, a, right_type, b, b_closed);
  if (op == "?#")
    return intersects(left_type, a, right_type, b);
  if (op == "@>" && right_type == 600 && left_type != 601 && left_type != 628)  // box, circle, polygon, path @> point
    return contained_in(right_type, b, left_type, a, a_closed);
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
    if (auto answer = mixed_dispatch(left_type, op, a, right_type, b, path_closed(left), path_closed(right)))
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
  try {
    if (auto answer = dispatch(oid, op, a, b, path_closed(left), path_closed(right)))
      return *answer;
  } catch (const arithmetic_error& e) {
    return fail(e.error);
  }
  return fail(make_pg_error("0A000", "the geometric operator " + std::string(op) + " is not supported yet"));
}

}  // namespace tributary
