// point_arithmetic: PostgreSQL's arithmetic and distance operators between two
// points (geo_ops.c), on the coordinates of two stored point values. Pure.
//
//   point + point   point_add       (x1 + x2, y1 + y2)
//   point - point   point_sub       (x1 - x2, y1 - y2)
//   point * point   point_mul       as complex numbers: (x1 x2 - y1 y2, x1 y2 + y1 x2)
//   point / point   point_div       as complex numbers; 22012 division by zero for (0,0)
//   point <-> point point_distance  pg_hypot(x1 - x2, y1 - y2), a float8
// float8's checked arithmetic: 22003 value out of range: overflow / underflow.
#pragma once

#include <string_view>
#include <utility>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

// `op` one of + - * /; the points' texts as stored ("(1,2)").
result<std::pair<double, double>, pg_error> point_arithmetic(std::string_view op, std::string_view left,
                                                             std::string_view right);

result<double, pg_error> point_distance(std::string_view left, std::string_view right);

}  // namespace tributary
