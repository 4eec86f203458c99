// numeric_transcendental: see numeric_transcendental.hpp. The scale rules and the order
// of the checks follow PostgreSQL 15's numeric.c (numeric_exp, numeric_ln, numeric_log,
// numeric_power, power_var, power_var_int, exp_var, estimate_ln_dweight); the values
// themselves come from ln_approximation and exp_approximation below, which carry
// guard_digits more digits than the scale they are rounded at.
#include "stages/types/numeric/numeric_transcendental.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "stages/types/numeric/numeric_arithmetic.hpp"

namespace tributary {
namespace {

using kind = numeric_value::kind;

constexpr int64_t min_sig_digits = 16;       // NUMERIC_MIN_SIG_DIGITS
constexpr int64_t max_display_scale = 1000;  // NUMERIC_MAX_DISPLAY_SCALE
constexpr int64_t max_result_scale = 2000;   // NUMERIC_MAX_RESULT_SCALE
constexpr int64_t guard_digits = 12;
constexpr double log10_e = 0.434294481903252;

numeric_value integer(int64_t v) { return numeric_from_integer(v); }

numeric_value special(kind k) {
  numeric_value v;
  v.what = k;
  return v;
}

numeric_value zero_with_scale(int64_t scale) {
  numeric_value v;
  v.dscale = static_cast<int32_t>(scale);
  return v;
}

numeric_value constant(const char* text) { return *parse_numeric_text(text); }

pg_error overflow() { return make_pg_error("22003", "value overflows numeric format"); }
pg_error log_of_zero() { return make_pg_error("2201E", "cannot take logarithm of zero"); }
pg_error log_of_negative() { return make_pg_error("2201E", "cannot take logarithm of a negative number"); }

int sign_of(const numeric_value& v) {
  if (v.what == kind::positive_infinity)
    return 1;
  if (v.what == kind::negative_infinity)
    return -1;
  return v.digits.empty() ? 0 : (v.negative ? -1 : 1);
}

numeric_value rounded(numeric_value v, int64_t scale) {
  round_numeric(v, static_cast<int>(scale));
  return v;
}

// Rounded to `digits` significant digits.
numeric_value significant(numeric_value v, int64_t digits) {
  if (v.what != kind::finite || v.digits.empty())
    return v;
  round_numeric(v, static_cast<int>(digits - 1 - v.exponent));
  return v;
}

// Significant digits as base-10^9 limbs, least significant first, and back.
constexpr uint64_t limb_base = 1'000'000'000;

std::vector<uint64_t> limbs_of(const std::string& digits) {
  std::vector<uint64_t> out;
  for (size_t end = digits.size(); end > 0;) {
    const size_t begin = end >= 9 ? end - 9 : 0;
    uint64_t limb = 0;
    for (size_t i = begin; i < end; ++i)
      limb = limb * 10 + static_cast<uint64_t>(digits[i] - '0');
    out.push_back(limb);
    end = begin;
  }
  return out;
}

// A value from its digits (leading zeros allowed) with digits[0] worth 10^exponent:
// leading and trailing zeros stripped, dscale what it needs.
numeric_value from_digits(bool negative, std::string digits, int64_t exponent) {
  const size_t first = digits.find_first_not_of('0');
  if (first == std::string::npos)
    return integer(0);
  digits.erase(0, first);
  exponent -= static_cast<int64_t>(first);
  digits.erase(digits.find_last_not_of('0') + 1);
  numeric_value out;
  out.negative = negative;
  out.exponent = exponent;
  out.dscale = static_cast<int32_t>(std::max<int64_t>(0, static_cast<int64_t>(digits.size()) - 1 - exponent));
  out.digits = std::move(digits);
  return out;
}

// a * b of finite values, exact, on base-10^9 limbs of their significant digits
// (numeric_multiply would write 10^65536 out in full, one decimal digit at a time).
numeric_value multiply(const numeric_value& a, const numeric_value& b) {
  if (a.digits.empty() || b.digits.empty())
    return integer(0);
  const std::vector<uint64_t> x = limbs_of(a.digits), y = limbs_of(b.digits);
  std::vector<uint64_t> product(x.size() + y.size(), 0);
  for (size_t i = 0; i < x.size(); ++i) {
    uint64_t carry = 0;
    for (size_t j = 0; j < y.size(); ++j) {
      const uint64_t current = product[i + j] + x[i] * y[j] + carry;
      product[i + j] = current % limb_base;
      carry = current / limb_base;
    }
    for (size_t k = i + y.size(); carry != 0; ++k) {
      const uint64_t current = product[k] + carry;
      product[k] = current % limb_base;
      carry = current / limb_base;
    }
  }
  std::string digits;
  for (size_t i = product.size(); i-- > 0;) {
    const std::string limb = std::to_string(product[i]);
    digits += std::string(9 - limb.size(), '0') + limb;
  }
  // the product's last digit is worth 10^(sum of the factors' last digits' exponents)
  const int64_t last = (a.exponent - static_cast<int64_t>(a.digits.size()) + 1) +
                       (b.exponent - static_cast<int64_t>(b.digits.size()) + 1);
  return from_digits(a.negative != b.negative, digits, last + static_cast<int64_t>(digits.size()) - 1);
}

// v / k for a small positive integer k, rounded half away from zero at `scale` digits
// after the point: long division, one decimal digit at a time.
numeric_value divide_small(const numeric_value& v, int64_t k, int64_t scale) {
  if (v.digits.empty() || v.exponent < -(scale + 1))
    return zero_with_scale(scale);
  std::string quotient;
  int64_t remainder = 0;
  for (int64_t p = v.exponent; p >= -(scale + 1); --p) {
    const int64_t i = v.exponent - p;
    remainder = remainder * 10 + (i < static_cast<int64_t>(v.digits.size()) ? v.digits[static_cast<size_t>(i)] - '0' : 0);
    quotient += static_cast<char>('0' + remainder / k);
    remainder %= k;
  }
  numeric_value out = from_digits(v.negative, std::move(quotient), v.exponent);
  round_numeric(out, static_cast<int>(scale));
  return out;
}

// numericvar_to_double_no_overflow: through the text, ±HUGE_VAL beyond double's range.
double to_double(const numeric_value& v) {
  numeric_value plain = v;
  plain.dscale = static_cast<int32_t>(std::max<int64_t>(0, static_cast<int64_t>(v.digits.size()) - 1 - v.exponent));
  return std::strtod(format_numeric_text(plain).c_str(), nullptr);
}

// The value's first base-10000 digits (at most `count`; NumericVar's digits) and the
// first one's weight.
struct base10000_view {
  int64_t weight = 0;
  std::vector<int> digits;
};

base10000_view base10000_of(const numeric_value& v, size_t count) {
  base10000_view out;
  if (v.digits.empty())
    return out;
  const auto floor4 = [](int64_t x) { return x >= 0 ? x / 4 : -((-x + 3) / 4); };
  const int64_t last = v.exponent - static_cast<int64_t>(v.digits.size()) + 1;
  out.weight = floor4(v.exponent);
  for (int64_t k = out.weight; k >= floor4(last) && out.digits.size() < count; --k) {
    int digit = 0;
    for (int64_t p = 4 * k + 3; p >= 4 * k; --p) {
      const int64_t i = v.exponent - p;
      digit = digit * 10 + (i >= 0 && i < static_cast<int64_t>(v.digits.size()) ? v.digits[static_cast<size_t>(i)] - '0' : 0);
    }
    out.digits.push_back(digit);
  }
  return out;
}

bool is_integral(const numeric_value& v) {
  return v.digits.empty() || static_cast<int64_t>(v.digits.size()) - 1 <= v.exponent;
}

bool is_odd_integer(const numeric_value& v) {
  return !v.digits.empty() && is_integral(v) && static_cast<int64_t>(v.digits.size()) - 1 == v.exponent &&
         (v.digits.back() - '0') % 2 == 1;
}

// estimate_ln_dweight: the decimal weight PostgreSQL expects ln(v) to have.
int64_t estimate_ln_dweight(const numeric_value& v) {
  if (v.negative || v.digits.empty())
    return 0;
  static const numeric_value point_nine = constant("0.9"), one_point_one = constant("1.1");
  if (numeric_compare(v, point_nine) >= 0 && numeric_compare(v, one_point_one) <= 0) {
    const numeric_value x = numeric_subtract(v, integer(1));
    return x.digits.empty() ? 0 : x.exponent;
  }
  const base10000_view n = base10000_of(v, 2);
  double digits = n.digits[0];
  int64_t dweight = n.weight * 4;
  if (n.digits.size() > 1) {
    digits = digits * 10000 + n.digits[1];
    dweight -= 4;
  }
  const double ln = std::log(digits) + static_cast<double>(dweight) * 2.302585092994046;
  return static_cast<int64_t>(std::log10(std::fabs(ln)));
}

// ln(x) of a finite x > 0 within about 10^-(scale + guard_digits): powers of ten taken
// out, square roots down to [0.9, 1.1], then 2 atanh((m - 1) / (m + 1)) as its series.
numeric_value ln_approximation(const numeric_value& x, int64_t scale) {
  const int64_t work_scale = scale + guard_digits;
  if (x.exponent >= 2 || x.exponent <= -2) {
    numeric_value mantissa = x;
    mantissa.exponent = 0;
    const int64_t k = x.exponent;
    const int64_t k_digits = static_cast<int64_t>(std::to_string(k < 0 ? -k : k).size());
    const numeric_value ln10 = ln_approximation(integer(10), scale + k_digits + 2);
    return numeric_add(ln_approximation(mantissa, scale), multiply(ln10, integer(k)));
  }
  static const numeric_value point_nine = constant("0.9"), one_point_one = constant("1.1");
  int roots = 0;
  for (double a = std::fabs(std::log(to_double(x))); a > 0.09; a /= 2)
    ++roots;
  const int64_t work = work_scale + roots * 3 / 10 + 3;
  numeric_value m = x;
  int taken = 0;
  while (numeric_compare(m, point_nine) < 0 || numeric_compare(m, one_point_one) > 0) {
    m = *numeric_sqrt_to_scale(m, static_cast<int32_t>(work + std::max<int64_t>(0, -m.exponent)));
    ++taken;
  }
  const numeric_value one = integer(1);
  const numeric_value z = numeric_divide_to_scale(numeric_subtract(m, one), numeric_add(m, one), static_cast<int32_t>(work));
  const numeric_value z2 = rounded(multiply(z, z), work);
  numeric_value sum = z, term = z;
  for (int64_t k = 3;; k += 2) {
    term = rounded(multiply(term, z2), work);
    if (term.digits.empty())
      break;
    sum = numeric_add(sum, divide_small(term, k, work));
  }
  return multiply(sum, integer(int64_t{2} << taken));
}

// ln(x) rounded at `scale` (ln_var's result).
result<numeric_value, pg_error> ln_rounded(const numeric_value& x, int64_t scale) {
  if (x.digits.empty())
    return fail(log_of_zero());
  if (x.negative)
    return fail(log_of_negative());
  return rounded(ln_approximation(x, scale), scale);
}

// e^y of a finite y (|y| < 6000) with `digits` significant digits and guard_digits more:
// y halved to |y| <= 0.01, the Taylor series, then squared back.
numeric_value exp_approximation(const numeric_value& y, int64_t digits) {
  int halvings = 0;
  for (double a = std::fabs(to_double(y)); a > 0.01; a /= 2)
    ++halvings;
  const int64_t work = std::max<int64_t>(digits, 1) + guard_digits + halvings * 3 / 10 + 3;
  const numeric_value x = divide_small(y, int64_t{1} << halvings, work + 2);
  numeric_value sum = numeric_add(integer(1), x), term = x;
  for (int64_t k = 2;; ++k) {
    term = divide_small(rounded(multiply(term, x), work + 2), k, work);
    if (term.digits.empty())
      break;
    sum = numeric_add(sum, term);
  }
  for (int i = 0; i < halvings; ++i)
    sum = significant(multiply(sum, sum), work);
  return sum;
}

// exp_var(y, rscale).
result<numeric_value, pg_error> exp_rounded(const numeric_value& y, int64_t rscale) {
  const double val = to_double(y);
  if (std::fabs(val) >= max_result_scale * 3) {
    if (val > 0)
      return fail(overflow());
    return zero_with_scale(rscale);
  }
  const int64_t dweight = static_cast<int64_t>(val * log10_e);
  return rounded(exp_approximation(y, std::max<int64_t>(1 + dweight + rscale, 0)), rscale);
}

int64_t clamp_scale(int64_t rscale) { return std::min(std::max<int64_t>(rscale, 0), max_display_scale); }

// power_var_int: base ^ exponent for an int4 exponent.
result<numeric_value, pg_error> power_integer(const numeric_value& base, int64_t exponent, int64_t rscale) {
  switch (exponent) {
    case 0: {
      numeric_value one = integer(1);
      one.dscale = static_cast<int32_t>(rscale);
      return one;
    }
    case 1:
      return rounded(base, rscale);
    case -1:
      return numeric_divide_to_scale(integer(1), base, static_cast<int32_t>(rscale));
    case 2:
      return rounded(multiply(base, base), rscale);
    default:
      break;
  }
  if (base.digits.empty()) {
    if (exponent < 0)
      return fail(make_pg_error("22012", "division by zero"));
    return zero_with_scale(rscale);
  }
  const base10000_view n = base10000_of(base, 4);
  double f = n.digits[0];
  int64_t p = n.weight * 4;
  for (size_t i = 1; i < n.digits.size(); ++i) {
    f = f * 10000 + n.digits[i];
    p -= 4;
  }
  f = static_cast<double>(exponent) * (std::log10(f) + static_cast<double>(p));
  // PostgreSQL fails at f > 3 * 32767 * 4 at once, and on a result at or above 10^131072
  // (base-10000 weight past 32767) in its loop: one whose estimate is well past it fails
  // here without being computed.
  if (f > 3 * 32767 * 4 || f > 4 * 32768 + 1)
    return fail(overflow());
  if (f + 1 < static_cast<double>(-rscale) || f + 1 < -static_cast<double>(max_display_scale))
    return zero_with_scale(rscale);
  const int64_t digits = 1 + rscale + static_cast<int64_t>(f) +
                         static_cast<int64_t>(std::log(std::fabs(static_cast<double>(exponent)))) + 8 + guard_digits;
  // A product at or above 10^131072 (base-10000 weight past 32767) overflows, as in
  // power_var_int: told from the factors' weights before multiplying.
  constexpr int64_t overflow_exponent = 4 * 32768;
  const auto product = [&](const numeric_value& a, const numeric_value& b) -> std::optional<numeric_value> {
    if (!a.digits.empty() && !b.digits.empty() && a.exponent + b.exponent >= overflow_exponent)
      return std::nullopt;
    numeric_value p = significant(multiply(a, b), digits);
    if (!p.digits.empty() && p.exponent >= overflow_exponent)
      return std::nullopt;
    return p;
  };
  numeric_value power = integer(1), square = base;
  for (uint64_t mask = static_cast<uint64_t>(exponent < 0 ? -exponent : exponent); mask != 0; mask >>= 1) {
    if (mask & 1) {
      auto next = product(power, square);
      if (!next)
        return fail(overflow());
      power = std::move(*next);
    }
    if (mask > 1) {
      auto next = product(square, square);
      if (!next)
        return fail(overflow());
      square = std::move(*next);
    }
  }
  if (exponent < 0)
    return numeric_divide_to_scale(integer(1), power, static_cast<int32_t>(rscale));
  return rounded(power, rscale);
}

// power_var: base ^ exponent, both finite, not 0 ^ negative.
result<numeric_value, pg_error> power_finite(numeric_value base, const numeric_value& exponent) {
  if (is_integral(exponent)) {
    const std::optional<int64_t> e = numeric_to_integer(exponent);
    if (e && *e >= INT32_MIN && *e <= INT32_MAX)
      return power_integer(base, *e,
                           clamp_scale(std::max<int64_t>(min_sig_digits, base.dscale)));
  }
  if (base.digits.empty())
    return zero_with_scale(min_sig_digits);
  bool negative = false;
  if (base.negative) {
    if (!is_integral(exponent))
      return fail(make_pg_error("2201F", "a negative number raised to a non-integer power yields a complex result"));
    negative = is_odd_integer(exponent);
    base.negative = false;
  }
  const int64_t ln_dweight = estimate_ln_dweight(base);
  // the low-precision estimate of exponent * ln(base) that picks the scales
  int64_t local_rscale = std::max<int64_t>(8 - ln_dweight, 0);
  numeric_value ln_base = *ln_rounded(base, local_rscale);
  numeric_value ln_num = rounded(multiply(ln_base, exponent), local_rscale);
  double val = to_double(ln_num);
  if (std::fabs(val) > max_result_scale * 3.01) {
    if (val > 0)
      return fail(overflow());
    return zero_with_scale(max_display_scale);
  }
  val *= log10_e;
  const int64_t rscale = clamp_scale(
      std::max<int64_t>({min_sig_digits - static_cast<int64_t>(val), base.dscale, exponent.dscale}));
  const int64_t sig_digits = std::max<int64_t>(rscale + static_cast<int64_t>(val), 0);
  local_rscale = std::max<int64_t>(sig_digits - ln_dweight + 8, 0);
  ln_base = *ln_rounded(base, local_rscale);
  ln_num = rounded(multiply(ln_base, exponent), local_rscale);
  auto out = exp_rounded(ln_num, rscale);
  if (out && negative && !out->digits.empty())
    out->negative = true;
  return out;
}

}  // namespace

result<numeric_value, pg_error> numeric_exp(const numeric_value& x) {
  if (x.what == kind::nan || x.what == kind::positive_infinity)
    return x;
  if (x.what == kind::negative_infinity)
    return integer(0);
  double val = to_double(x) * log10_e;
  val = std::clamp(val, -static_cast<double>(max_result_scale), static_cast<double>(max_result_scale));
  const int64_t rscale = clamp_scale(std::max<int64_t>(min_sig_digits - static_cast<int64_t>(val), x.dscale));
  return exp_rounded(x, rscale);
}

result<numeric_value, pg_error> numeric_ln(const numeric_value& x) {
  if (x.what == kind::nan || x.what == kind::positive_infinity)
    return x;
  if (x.what == kind::negative_infinity)
    return fail(log_of_negative());
  const int64_t rscale = clamp_scale(std::max<int64_t>(min_sig_digits - estimate_ln_dweight(x), x.dscale));
  return ln_rounded(x, rscale);
}

result<numeric_value, pg_error> numeric_log(const numeric_value& base, const numeric_value& x) {
  if (base.what != kind::finite || x.what != kind::finite) {
    if (base.what == kind::nan || x.what == kind::nan)
      return special(kind::nan);
    const int sign1 = sign_of(base), sign2 = sign_of(x);
    if (sign1 < 0 || sign2 < 0)
      return fail(log_of_negative());
    if (sign1 == 0 || sign2 == 0)
      return fail(log_of_zero());
    if (base.what == kind::positive_infinity)
      return x.what == kind::positive_infinity ? special(kind::nan) : integer(0);
    return special(kind::positive_infinity);
  }
  // log_var
  const int64_t ln_base_dweight = estimate_ln_dweight(base);
  const int64_t ln_num_dweight = estimate_ln_dweight(x);
  const int64_t result_dweight = ln_num_dweight - ln_base_dweight;
  const int64_t rscale =
      clamp_scale(std::max<int64_t>({min_sig_digits - result_dweight, base.dscale, x.dscale}));
  const int64_t ln_base_rscale = std::max<int64_t>(rscale + result_dweight - ln_base_dweight + 8, 0);
  const int64_t ln_num_rscale = std::max<int64_t>(rscale + result_dweight - ln_num_dweight + 8, 0);
  auto ln_base = ln_rounded(base, ln_base_rscale);
  if (!ln_base)
    return ln_base;
  auto ln_num = ln_rounded(x, ln_num_rscale);
  if (!ln_num)
    return ln_num;
  if (ln_base->digits.empty())
    return fail(make_pg_error("22012", "division by zero"));
  return numeric_divide_to_scale(*ln_num, *ln_base, static_cast<int32_t>(rscale));
}

result<numeric_value, pg_error> numeric_power(const numeric_value& a, const numeric_value& b) {
  const numeric_value one = integer(1);
  if (a.what == kind::nan) {
    if (b.what == kind::finite && b.digits.empty())
      return one;
    return special(kind::nan);
  }
  if (b.what == kind::nan) {
    if (a.what == kind::finite && numeric_compare(a, one) == 0)
      return one;
    return special(kind::nan);
  }
  const int sign1 = sign_of(a), sign2 = sign_of(b);
  if (a.what != kind::finite || b.what != kind::finite) {
    if (sign1 == 0 && sign2 < 0)
      return fail(make_pg_error("2201F", "zero raised to a negative power is undefined"));
    if (sign1 < 0 && b.what == kind::finite && !is_integral(b))
      return fail(make_pg_error("2201F", "a negative number raised to a non-integer power yields a complex result"));
    if (a.what == kind::finite && numeric_compare(a, one) == 0)
      return one;
    if (sign2 == 0)
      return one;
    if (sign1 == 0 && sign2 > 0)
      return integer(0);
    if (b.what != kind::finite) {
      bool above_one = true;  // an infinite a
      if (a.what == kind::finite) {
        if (numeric_compare(a, integer(-1)) == 0)
          return one;
        numeric_value magnitude = a;
        magnitude.negative = false;
        above_one = numeric_compare(magnitude, one) > 0;
      }
      return above_one == (b.what == kind::positive_infinity) ? special(kind::positive_infinity) : integer(0);
    }
    if (a.what == kind::positive_infinity)
      return sign2 > 0 ? special(kind::positive_infinity) : integer(0);
    if (sign2 < 0)
      return integer(0);
    return is_odd_integer(b) ? special(kind::negative_infinity) : special(kind::positive_infinity);
  }
  if (sign1 == 0 && sign2 < 0)
    return fail(make_pg_error("2201F", "zero raised to a negative power is undefined"));
  return power_finite(a, b);
}

}  // namespace tributary
