// geometric_compare: the comparison operators PostgreSQL 15 has for its geometric
// types (geo_ops.c), on the numbers of two stored values (geometric_numbers).
//
// Coordinates are compared with geo_decls.h's fuzzy rules (EPSILON 1e-6; a NaN makes
// every fuzzy test false): FPeq(a, b) is a == b or |a - b| <= 1e-6, FPlt(a, b) is
// a + 1e-6 < b, FPle(a, b) is a <= b + 1e-6 (gt, ge mirrored). Points are equal
// (point_eq_point) when both coordinates are FPeq, or, with a NaN, exactly (NaN = NaN).
//   point   <<  >>  <^  >^  <<|  |>>  ?-  ?|  ~=  <>
//   lseg    =  <>  (points)  <  <=  >  >=  (lengths)  ?||  ?-|  (slopes)  ?#  (crossing)
//   line    =  (proportional parameters)  ?||  ?-|  ?#  (intersection)
//   box     =  <  <=  >  >=  (areas)  ~=  &&  ?#  <<  >>  &<  &>  <<|  |>>  &<|  |&>  <^  >^
//           @>  <@  (corners)
//   path    =  <  <=  >  >=  (point counts)  ?#  (two segments cross)
//   polygon ~=  (same points from any start, either direction)  &&  @>  <@  (edges
//           crossing, points inside)  <<  >>  &<  &>  <<|  |>>  &<|  |&>  (bounding boxes,
//           exact)
//   circle  =  <>  <  <=  >  >=  (areas)  ~=  &&  <<  >>  &<  &>  <<|  |>>  &<|  |&>
//           @>  <@  (centers and radii)
// Widths, areas, distances and slopes use PostgreSQL's checked float8 arithmetic:
// 22003 value out of range: overflow / underflow, 22012 division by zero.
#pragma once

#include <string_view>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/column_type.hpp"

namespace tributary {

// Whether `op` between two values of geometric type `oid` is one computed here.
bool has_geometric_comparison(oid_t oid, std::string_view op);

// The numbers of a stored geometric text in order ("(1,2)" -> 1, 2; a box's high
// corner first; a path's or polygon's points; a circle's center and radius).
std::vector<double> geometric_numbers(std::string_view text);

// Between two geometric types: a point <@ box, circle, polygon, path, lseg or line (and
// box, circle, polygon, path @> point), an lseg <@ box or line; exact comparisons for
// boxes and circles (box_contain_point, pt_contained_circle), point_inside for polygons
// and closed paths; lseg ?# line, lseg ?# box, line ?# box (the box's edges).
bool has_geometric_comparison(oid_t left_type, std::string_view op, oid_t right_type);
result<bool, pg_error> compare_geometric(oid_t left_type, std::string_view op, std::string_view left, oid_t right_type,
                                         std::string_view right);

// left op right for two stored values (their texts) of geometric type `oid`.
result<bool, pg_error> compare_geometric(oid_t oid, std::string_view op, std::string_view left,
                                         std::string_view right);

}  // namespace tributary
