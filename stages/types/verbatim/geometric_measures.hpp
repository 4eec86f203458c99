// geometric_measures: PostgreSQL's intersection and measure operators of the geometric
// types (geo_ops.c), on stored values' texts. Pure.
//
//   lseg # lseg   lseg_interpt    the point where the segments meet; nullopt (NULL) when
//                                 they do not
//   line # line   line_interpt    the point where the lines meet; nullopt when parallel
//   box # box     box_intersect   the overlap of the boxes; nullopt when they do not overlap
//   @-@ lseg      lseg_length     float8
//   @-@ path      path_length     float8, the closing segment of a closed path first
//   # path        path_npoints    int4
//   # polygon     poly_npoints    int4
// float8's checked arithmetic: 22003 value out of range: overflow / underflow.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/column_type.hpp"

namespace tributary {

// a # b of two values of `type` (601 lseg, 628 line, 603 box): the result's
// coordinates (a point's x, y; a box's high x, high y, low x, low y), nullopt for NULL.
result<std::optional<std::vector<double>>, pg_error> geometric_intersection(oid_t type, std::string_view left,
                                                                           std::string_view right);

// @-@ of an lseg (601) or path (602).
result<double, pg_error> geometric_length(oid_t type, std::string_view value);

// # of a path or polygon: its number of points.
int geometric_point_count(std::string_view value);

}  // namespace tributary
