// numeric_integer_functions: see the header.
#include "stages/types/numeric/numeric_integer_functions.hpp"

#include <limits>

#include "stages/types/numeric/numeric_arithmetic.hpp"

namespace tributary {
namespace {

bool is_special(const numeric_value& x) { return x.what != numeric_value::kind::finite; }

bool is_infinite(const numeric_value& x) {
  return x.what == numeric_value::kind::positive_infinity || x.what == numeric_value::kind::negative_infinity;
}

bool is_negative(const numeric_value& x) {
  return x.what == numeric_value::kind::negative_infinity || (x.what == numeric_value::kind::finite && x.negative);
}

numeric_value special(numeric_value::kind what) {
  numeric_value out;
  out.what = what;
  return out;
}

pg_error out_of_range(int bits) {
  return make_pg_error("22003", bits == 32 ? "integer out of range" : "bigint out of range");
}

int64_t limit_of(int bits) {
  return bits == 32 ? std::numeric_limits<int32_t>::min() : std::numeric_limits<int64_t>::min();
}

}  // namespace

result<numeric_value, pg_error> numeric_div(const numeric_value& a, const numeric_value& b) {
  if (b.is_zero())
    return fail(make_pg_error("22012", "division by zero"));
  if (a.what == numeric_value::kind::nan || b.what == numeric_value::kind::nan)
    return special(numeric_value::kind::nan);
  if (is_infinite(a))
    return is_infinite(b) ? special(numeric_value::kind::nan)
                          : special(is_negative(a) != is_negative(b) ? numeric_value::kind::negative_infinity
                                                                     : numeric_value::kind::positive_infinity);
  if (is_infinite(b))
    return numeric_from_integer(0);
  // Rounded to an integer, then one step toward zero where the rounding went past
  // the true quotient (|q * b| > |a|).
  numeric_value q = numeric_divide_to_scale(a, b, 0);
  const numeric_value product = numeric_multiply(q, b);
  numeric_value abs_product = product, abs_a = a;
  abs_product.negative = false;
  abs_a.negative = false;
  if (numeric_compare(abs_product, abs_a) > 0)
    q = numeric_subtract(q, numeric_from_integer(is_negative(q) ? -1 : 1));
  q.dscale = 0;
  return q;
}

result<numeric_value, pg_error> numeric_factorial(int64_t n) {
  if (n < 0)
    return fail(make_pg_error("22003", "factorial of a negative number is undefined"));
  if (n > 32177)
    return fail(make_pg_error("22003", "value overflows numeric format"));
  numeric_value out = numeric_from_integer(1);
  for (int64_t i = 2; i <= n; ++i)
    out = numeric_multiply(out, numeric_from_integer(i));
  return out;
}

std::optional<int32_t> numeric_scale(const numeric_value& x) {
  if (is_special(x))
    return std::nullopt;
  return x.dscale;
}

std::optional<int32_t> numeric_min_scale(const numeric_value& x) {
  if (is_special(x))
    return std::nullopt;
  if (x.digits.empty())
    return 0;
  // The last significant digit is worth 10^(exponent - digits + 1).
  const int64_t last = x.exponent - static_cast<int64_t>(x.digits.size()) + 1;
  return static_cast<int32_t>(last < 0 ? -last : 0);
}

numeric_value numeric_trim_scale(const numeric_value& x) {
  numeric_value out = x;
  if (auto scale = numeric_min_scale(x))
    out.dscale = *scale;
  return out;
}

result<int64_t, pg_error> integer_gcd(int64_t a, int64_t b, int bits) {
  // |MIN| does not fit: PostgreSQL fails when the result would be it.
  const int64_t min = limit_of(bits);
  if ((a == min && (b == 0 || b == min)) || (b == min && a == 0))
    return fail(out_of_range(bits));
  uint64_t x = a < 0 ? 0 - static_cast<uint64_t>(a) : static_cast<uint64_t>(a);
  uint64_t y = b < 0 ? 0 - static_cast<uint64_t>(b) : static_cast<uint64_t>(b);
  while (y != 0) {
    const uint64_t r = x % y;
    x = y;
    y = r;
  }
  return static_cast<int64_t>(x);
}

result<int64_t, pg_error> integer_lcm(int64_t a, int64_t b, int bits) {
  if (a == 0 || b == 0)
    return int64_t{0};
  auto gcd = integer_gcd(a, b, bits);
  if (!gcd)
    return gcd;
  int64_t product = 0;
  if (__builtin_mul_overflow(a / *gcd, b, &product) || product == limit_of(bits) ||
      (bits == 32 && (product > std::numeric_limits<int32_t>::max() || product < std::numeric_limits<int32_t>::min())))
    return fail(out_of_range(bits));
  return product < 0 ? -product : product;
}

}  // namespace tributary
