// sql_functions_math: PostgreSQL's rounding and related functions on numeric and
// float8 stored forms.
//
//   pg_numeric_round(x, scale, truncate)   round / trunc (numeric[, int]): half away
//                                          from zero, or toward zero; scale may be
//                                          negative; the result has max(scale, 0)
//                                          digits after the point
//   pg_numeric_ceil(x, up)                 ceil / floor (numeric), scale 0
//   pg_numeric_sign(x)                     -1, 0, 1 (NaN stays NaN)
//   pg_numeric_sqrt(x)                     sqrt (numeric): numeric_sqrt's scale, 2201F
//   pg_float_function(name, x)             round (to even, as rint), trunc, ceil,
//                                          floor, sign, cbrt, sqrt (2201F cannot take square
//                                          root of a negative number) on float8
//   pg_random()                            float8 in [0, 1)
//   pg_numeric_integers(name, a [, b])     div, factorial, scale, min_scale, trim_scale,
//                                          gcd / lcm of int4 or int8
//                                          (stages/types/numeric/numeric_integer_functions.hpp)
// NaN and ±Infinity go through unchanged where PostgreSQL's do.
#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "stages/types/numeric/numeric_arithmetic.hpp"
#include "stages/types/numeric/numeric_integer_functions.hpp"
#include "storage/sql_function_support.hpp"

namespace tributary::sql_function_support {
namespace {

void return_numeric(sqlite3_context* context, const numeric_value& value) {
  return_text(context, format_numeric_text(value));
}

// Cuts digits after `scale` places (toward zero).
void truncate_numeric(numeric_value& value, int scale) {
  if (value.what != numeric_value::kind::finite)
    return;
  value.dscale = std::max(scale, 0);
  const int64_t keep = value.exponent + scale + 1;
  if (keep >= static_cast<int64_t>(value.digits.size()))
    return;
  value.digits.resize(static_cast<size_t>(std::max<int64_t>(keep, 0)));
  while (!value.digits.empty() && value.digits.back() == '0')
    value.digits.pop_back();
  if (value.digits.empty()) {
    value.negative = false;
    value.exponent = 0;
  }
}

void numeric_round(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  auto value = numeric_argument(argv[0]);
  if (!value)
    return report(context, value.error());
  // PostgreSQL limits the scale to what numeric can hold.
  const int scale = static_cast<int>(std::clamp<int64_t>(sqlite3_value_int64(argv[1]), -2000, 2000));
  if (sqlite3_value_int(argv[2]) != 0)
    truncate_numeric(*value, scale);
  else
    round_numeric(*value, scale);
  return_numeric(context, *value);
}

void numeric_ceil(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  auto value = numeric_argument(argv[0]);
  if (!value)
    return report(context, value.error());
  if (value->what != numeric_value::kind::finite)
    return return_numeric(context, *value);
  const bool up = sqlite3_value_int(argv[1]) != 0;
  numeric_value whole = *value;
  truncate_numeric(whole, 0);
  if (numeric_compare(whole, *value) != 0 && value->negative != up)
    whole = numeric_add(whole, numeric_from_integer(up ? 1 : -1));
  whole.dscale = 0;
  return_numeric(context, whole);
}

void numeric_sign(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  auto value = numeric_argument(argv[0]);
  if (!value)
    return report(context, value.error());
  if (value->what == numeric_value::kind::nan)
    return return_numeric(context, *value);
  const bool negative = value->what == numeric_value::kind::negative_infinity ||
                        (value->what == numeric_value::kind::finite && value->negative);
  return_numeric(context, numeric_from_integer(value->is_zero() ? 0 : (negative ? -1 : 1)));
}

// pg_numeric_integers(name, a [, b]): div, factorial, scale, min_scale, trim_scale of
// numeric, gcd / lcm of int4 ('gcd32') or int8 ('gcd64') (numeric_integer_functions.hpp).
void numeric_integers(sqlite3_context* context, int argc, sqlite3_value** argv) {
  for (int i = 1; i < argc; ++i)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL)
      return sqlite3_result_null(context);
  const std::string name = text_of(argv[0]);
  if (name == "gcd32" || name == "gcd64" || name == "lcm32" || name == "lcm64") {
    const int bits = name.ends_with("32") ? 32 : 64;
    const int64_t a = sqlite3_value_int64(argv[1]), b = sqlite3_value_int64(argv[2]);
    auto r = name.starts_with("gcd") ? integer_gcd(a, b, bits) : integer_lcm(a, b, bits);
    return r ? sqlite3_result_int64(context, *r) : report(context, r.error());
  }
  if (name == "factorial") {
    auto r = numeric_factorial(sqlite3_value_int64(argv[1]));
    return r ? return_numeric(context, *r) : report(context, r.error());
  }
  auto x = numeric_argument(argv[1]);
  if (!x)
    return report(context, x.error());
  if (name == "div") {
    auto y = numeric_argument(argv[2]);
    if (!y)
      return report(context, y.error());
    auto r = numeric_div(*x, *y);
    return r ? return_numeric(context, *r) : report(context, r.error());
  }
  if (name == "trim_scale")
    return return_numeric(context, numeric_trim_scale(*x));
  const auto scale = name == "scale" ? numeric_scale(*x) : numeric_min_scale(*x);
  return scale ? sqlite3_result_int(context, *scale) : sqlite3_result_null(context);
}

void numeric_sqrt_function(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  auto value = numeric_argument(argv[0]);
  if (!value)
    return report(context, value.error());
  auto root = numeric_sqrt(*value);
  if (!root)
    return report(context, root.error());
  return_numeric(context, *root);
}

void float_function(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[1]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const std::string name = text_of(argv[0]);
  const double x = float_argument(argv[1]);
  double r = x;
  if (name == "round")
    r = std::nearbyint(x);
  else if (name == "trunc")
    r = std::trunc(x);
  else if (name == "ceil")
    r = std::ceil(x);
  else if (name == "floor")
    r = std::floor(x);
  else if (name == "sign")
    r = x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0);
  else if (name == "ln" || name == "log10") {
    if (x == 0.0)
      return report(context, make_pg_error("2201E", "cannot take logarithm of zero"));
    if (x < 0.0)
      return report(context, make_pg_error("2201E", "cannot take logarithm of a negative number"));
    r = name == "ln" ? std::log(x) : std::log10(x);
  } else if (name == "exp") {
    r = std::exp(x);
    if (std::isinf(r) && !std::isinf(x))
      return report(context, make_pg_error("22003", "value out of range: overflow"));
    if (r == 0.0 && !std::isinf(x))
      return report(context, make_pg_error("22003", "value out of range: underflow"));
  } else if (name == "degrees") {
    r = x / 0.0174532925199432957692;  // RADIANS_PER_DEGREE, as float8.c divides
  } else if (name == "radians") {
    r = x * 0.0174532925199432957692;
  } else if (name == "pi") {
    r = M_PI;
  } else if (name == "cbrt") {
    r = std::cbrt(x);
  } else if (name == "sqrt") {
    if (x < 0)
      return report(context, make_pg_error("2201F", "cannot take square root of a negative number"));
    r = std::sqrt(x);
  }
  return_text(context, stored_float(r));
}

void random(sqlite3_context* context, int, sqlite3_value**) {
  static thread_local std::mt19937_64 generator{std::random_device{}()};
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  return_text(context, stored_float(uniform(generator)));
}

}  // namespace

void register_math_functions(sqlite3* db, connection_state* state) {
  constexpr int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
  sqlite3_create_function_v2(db, "pg_numeric_round", 3, flags, state, numeric_round, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_numeric_ceil", 2, flags, state, numeric_ceil, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_numeric_sign", 1, flags, state, numeric_sign, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_numeric_integers", 2, flags, state, numeric_integers, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_numeric_integers", 3, flags, state, numeric_integers, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_numeric_sqrt", 1, flags, state, numeric_sqrt_function, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_float_function", 2, flags, state, float_function, nullptr, nullptr,
                             nullptr);
  // Not deterministic: each call draws again.
  sqlite3_create_function_v2(db, "pg_random", 0, SQLITE_UTF8, state, random, nullptr, nullptr, nullptr);
}

}  // namespace tributary::sql_function_support
