// numeric_transcendental: PostgreSQL 15's numeric exp, ln, log and power (numeric.c's
// numeric_exp, numeric_ln, numeric_log, numeric_power), with PostgreSQL's result scales:
//
//   numeric_exp(x)        at least 16 significant digits (from x * log10(e)), at least
//                         x's dscale, at most 1000 digits after the point; 22003 value
//                         overflows numeric format for x >= 6000; 0 below -6000
//   numeric_ln(x)         16 significant digits from estimate_ln_dweight, at least x's
//                         dscale; 2201E cannot take logarithm of zero / of a negative
//                         number
//   numeric_log(b, x)     ln(x) / ln(b), each logarithm rounded at log_var's scales,
//                         then the quotient at its scale; 22012 division by zero for b = 1
//   numeric_power(a, b)   integer b (fitting int4): repeated squaring at 16 digits or
//                         a's dscale; else exp(b * ln(a)) at power_var's scales; 2201F
//                         zero raised to a negative power is undefined / a negative number
//                         raised to a non-integer power yields a complex result; 22003
//                         value overflows numeric format; NaN and infinities as POSIX
//                         pow(3), as PostgreSQL
// The logarithms and exponentials are computed with guard digits and rounded half away
// from zero at the scale PostgreSQL rounds at, so each intermediate value PostgreSQL
// rounds (the low-precision estimate that picks power's scale, log's two logarithms)
// is the same number here. Pure functions.
#pragma once

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/numeric/type_numeric.hpp"

namespace tributary {

result<numeric_value, pg_error> numeric_exp(const numeric_value& x);
result<numeric_value, pg_error> numeric_ln(const numeric_value& x);
result<numeric_value, pg_error> numeric_log(const numeric_value& base, const numeric_value& x);
result<numeric_value, pg_error> numeric_power(const numeric_value& a, const numeric_value& b);

}  // namespace tributary
