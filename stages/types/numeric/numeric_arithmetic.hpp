// numeric_arithmetic: PostgreSQL 15's numeric operators on exact decimals
// (numeric_value, type_numeric.hpp), for SQL expressions of local queries.
//
//   add / subtract   exact; dscale = max of the operands' dscales
//   multiply         exact; dscale = sum of the operands' dscales
//   divide           select_div_scale's result scale (at least 16 significant
//                    digits, at least either operand's dscale), rounded half
//                    away from zero; x / 0 -> 22012 `division by zero`
//   modulo           x - trunc(x / y) * y; dscale = max of the dscales
//   sqrt             sqrt_var's result, rounded to numeric_sqrt's scale
//   compare          numeric_cmp: NaN = NaN and above everything, then
//                    +Infinity; -Infinity below every number
// Special values follow numeric.c: NaN in -> NaN out; Infinity - Infinity,
// Infinity * 0, Infinity / Infinity -> NaN; finite / Infinity -> 0.
// numeric_from_integer builds int8's value as numeric (dscale 0).
// numeric_to_integer rounds half away from zero (numeric_int8) and says whether
// the result fits int64; NaN and infinities do not.
// Pure functions.
#pragma once

#include <cstdint>
#include <optional>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/numeric/type_numeric.hpp"

namespace tributary {

numeric_value numeric_add(const numeric_value& a, const numeric_value& b);
numeric_value numeric_subtract(const numeric_value& a, const numeric_value& b);
numeric_value numeric_multiply(const numeric_value& a, const numeric_value& b);
result<numeric_value, pg_error> numeric_divide(const numeric_value& a, const numeric_value& b);
result<numeric_value, pg_error> numeric_modulo(const numeric_value& a, const numeric_value& b);
numeric_value numeric_negate(const numeric_value& a);
int numeric_compare(const numeric_value& a, const numeric_value& b);

// The result scale PostgreSQL's numeric division uses for a / b (both finite, b != 0).
int32_t numeric_division_scale(const numeric_value& a, const numeric_value& b);
// Exact quotient of a / b rounded half away from zero to `scale` digits.
numeric_value numeric_divide_to_scale(const numeric_value& a, const numeric_value& b, int32_t scale);

// sqrt(x) rounded half up to `scale` digits (exactly: from the root's floor at one digit
// more); 2201F cannot take square root of a negative number; NaN and Infinity stay.
result<numeric_value, pg_error> numeric_sqrt_to_scale(const numeric_value& x, int32_t scale);
// numeric_sqrt's scale: at least 16 significant digits (NUMERIC_MIN_SIG_DIGITS less the
// result's base-10000 weight estimate, in digits), at least x's dscale, at most 1000.
result<numeric_value, pg_error> numeric_sqrt(const numeric_value& x);

numeric_value numeric_from_integer(int64_t value);
std::optional<int64_t> numeric_to_integer(const numeric_value& value);

}  // namespace tributary
