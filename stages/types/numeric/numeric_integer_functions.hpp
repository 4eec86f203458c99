// numeric_integer_functions: PostgreSQL 15's numeric functions about integers and
// scales, on exact decimals (numeric_value):
//
//   numeric_div        div(a, b): the quotient truncated toward zero, dscale 0;
//                      22012 division by zero; NaN in -> NaN; ±Infinity / finite ->
//                      ±Infinity, finite / ±Infinity -> 0, Infinity / Infinity -> NaN
//   numeric_factorial  factorial(n) = n!; 22003 factorial of a negative number is
//                      undefined; 22003 value overflows numeric format past 32177
//   numeric_scale      scale(x): the digits after the point; nullopt for NaN and ±Infinity
//   numeric_min_scale  min_scale(x): the fewest digits after the point that keep the
//                      value; nullopt for NaN and ±Infinity
//   numeric_trim_scale trim_scale(x): x with that scale; specials unchanged
//   integer_gcd / integer_lcm   gcd / lcm of int4 or int8 values (`bits` 32 or 64),
//                      never negative; 22003 integer out of range / bigint out of
//                      range where PostgreSQL's int4gcd ... int8lcm overflow
// Pure functions.
#pragma once

#include <cstdint>
#include <optional>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/numeric/type_numeric.hpp"

namespace tributary {

result<numeric_value, pg_error> numeric_div(const numeric_value& a, const numeric_value& b);
result<numeric_value, pg_error> numeric_factorial(int64_t n);
std::optional<int32_t> numeric_scale(const numeric_value& x);
std::optional<int32_t> numeric_min_scale(const numeric_value& x);
numeric_value numeric_trim_scale(const numeric_value& x);
result<int64_t, pg_error> integer_gcd(int64_t a, int64_t b, int bits);
result<int64_t, pg_error> integer_lcm(int64_t a, int64_t b, int bits);

}  // namespace tributary
