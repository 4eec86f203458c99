// numeric_arithmetic: exact decimal operators on numeric_value. Finite values are
// worked on as fixed-point magnitudes: a string of decimal digits (most
// significant first) and a scale, value = digits * 10^-scale.
#include "stages/types/numeric/numeric_arithmetic.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace tributary {
namespace {

using kind = numeric_value::kind;

constexpr int32_t min_significant_digits = 16;  // NUMERIC_MIN_SIG_DIGITS
constexpr int32_t max_display_scale = 1000;     // NUMERIC_MAX_DISPLAY_SCALE

struct fixed_point {
  bool negative = false;
  std::string magnitude;  // no leading zeros; "" is zero
  int64_t scale = 0;
};

void strip_leading_zeros(std::string& digits) {
  const size_t first = digits.find_first_not_of('0');
  digits.erase(0, first == std::string::npos ? digits.size() : first);
}

// Digits after the point the value needs to be exact.
int64_t exact_scale(const numeric_value& v) {
  if (v.digits.empty())
    return 0;
  return std::max<int64_t>(0, static_cast<int64_t>(v.digits.size()) - 1 - v.exponent);
}

fixed_point to_fixed(const numeric_value& v, int64_t scale) {
  fixed_point f;
  f.negative = v.negative;
  f.scale = scale;
  if (v.digits.empty())
    return f;
  const int64_t zeros = v.exponent - static_cast<int64_t>(v.digits.size()) + 1 + scale;
  f.magnitude = v.digits;
  if (zeros > 0)
    f.magnitude.append(static_cast<size_t>(zeros), '0');
  return f;
}

numeric_value from_fixed(bool negative, std::string magnitude, int64_t scale, int32_t dscale) {
  strip_leading_zeros(magnitude);
  numeric_value v;
  v.dscale = dscale;
  if (magnitude.empty())
    return v;
  v.negative = negative;
  v.exponent = static_cast<int64_t>(magnitude.size()) - 1 - scale;
  magnitude.erase(magnitude.find_last_not_of('0') + 1);
  v.digits = std::move(magnitude);
  return v;
}

int compare_magnitudes(const std::string& a, const std::string& b) {
  if (a.size() != b.size())
    return a.size() < b.size() ? -1 : 1;
  const int c = a.compare(b);
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

std::string add_magnitudes(const std::string& a, const std::string& b) {
  std::string out;
  out.reserve(std::max(a.size(), b.size()) + 1);
  int carry = 0;
  for (size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    int sum = carry;
    if (i < a.size())
      sum += a[a.size() - 1 - i] - '0';
    if (i < b.size())
      sum += b[b.size() - 1 - i] - '0';
    out.push_back(static_cast<char>('0' + sum % 10));
    carry = sum / 10;
  }
  if (carry)
    out.push_back('1');
  std::reverse(out.begin(), out.end());
  strip_leading_zeros(out);
  return out;
}

// a - b for a >= b.
std::string subtract_magnitudes(const std::string& a, const std::string& b) {
  std::string out;
  out.reserve(a.size());
  int borrow = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    int d = a[a.size() - 1 - i] - '0' - borrow;
    if (i < b.size())
      d -= b[b.size() - 1 - i] - '0';
    borrow = d < 0;
    out.push_back(static_cast<char>('0' + (d + 10) % 10));
  }
  std::reverse(out.begin(), out.end());
  strip_leading_zeros(out);
  return out;
}

std::string multiply_magnitudes(const std::string& a, const std::string& b) {
  if (a.empty() || b.empty())
    return {};
  std::vector<int> cells(a.size() + b.size(), 0);
  for (size_t i = a.size(); i-- > 0;)
    for (size_t j = b.size(); j-- > 0;)
      cells[i + j + 1] += (a[i] - '0') * (b[j] - '0');
  for (size_t k = cells.size(); k-- > 1;) {
    cells[k - 1] += cells[k] / 10;
    cells[k] %= 10;
  }
  std::string out;
  out.reserve(cells.size());
  for (int c : cells)
    out.push_back(static_cast<char>('0' + c));
  strip_leading_zeros(out);
  return out;
}

// Truncated a / b (b non-zero) and the remainder.
std::pair<std::string, std::string> divide_magnitudes(const std::string& a, const std::string& b) {
  std::string quotient;
  std::string remainder;
  quotient.reserve(a.size());
  for (char digit : a) {
    remainder.push_back(digit);
    strip_leading_zeros(remainder);
    int times = 0;
    while (compare_magnitudes(remainder, b) >= 0) {
      remainder = subtract_magnitudes(remainder, b);
      ++times;
    }
    quotient.push_back(static_cast<char>('0' + times));
  }
  strip_leading_zeros(quotient);
  return {quotient, remainder};
}

// Signed sum of two fixed-point values at the same scale.
fixed_point add_fixed(const fixed_point& a, const fixed_point& b) {
  fixed_point out;
  out.scale = a.scale;
  if (a.negative == b.negative) {
    out.negative = a.negative;
    out.magnitude = add_magnitudes(a.magnitude, b.magnitude);
    return out;
  }
  const int c = compare_magnitudes(a.magnitude, b.magnitude);
  if (c == 0)
    return out;
  out.negative = c > 0 ? a.negative : b.negative;
  out.magnitude = c > 0 ? subtract_magnitudes(a.magnitude, b.magnitude)
                        : subtract_magnitudes(b.magnitude, a.magnitude);
  return out;
}

numeric_value special(kind what) {
  numeric_value v;
  v.what = what;
  return v;
}

int sign_of(const numeric_value& v) {
  switch (v.what) {
    case kind::positive_infinity: return 1;
    case kind::negative_infinity: return -1;
    case kind::nan: return 0;
    case kind::finite: break;
  }
  return v.digits.empty() ? 0 : (v.negative ? -1 : 1);
}

numeric_value infinity_of_sign(int sign) {
  return special(sign > 0 ? kind::positive_infinity : kind::negative_infinity);
}

pg_error division_by_zero() { return make_pg_error("22012", "division by zero"); }

// Base-10000 weight and first base-10000 digit of a non-zero finite value, as
// select_div_scale reads them; weight 0 and digit 0 for zero.
std::pair<int64_t, int> base10000_lead(const numeric_value& v) {
  if (v.digits.empty())
    return {0, 0};
  const int64_t weight = v.exponent >= 0 ? v.exponent / 4 : -((-v.exponent + 3) / 4);
  int first = 0;
  for (int64_t power = weight * 4 + 3; power >= weight * 4; --power) {
    const int64_t index = v.exponent - power;
    const int digit = index >= 0 && index < static_cast<int64_t>(v.digits.size())
                          ? v.digits[static_cast<size_t>(index)] - '0'
                          : 0;
    first = first * 10 + digit;
  }
  return {weight, first};
}

// floor(sqrt(n)) by Newton's iteration on integers, from 10^ceil(len/2) (above the root):
// the iterates fall until they reach the root's floor.
std::string isqrt_magnitude(const std::string& n) {
  if (n.empty())
    return {};
  std::string y = "1" + std::string((n.size() + 1) / 2, '0');
  for (;;) {
    std::string z = divide_magnitudes(add_magnitudes(y, divide_magnitudes(n, y).first), "2").first;
    if (compare_magnitudes(z, y) >= 0)
      return y;
    y = std::move(z);
  }
}

}  // namespace

numeric_value numeric_negate(const numeric_value& a) {
  numeric_value out = a;
  if (a.what == kind::positive_infinity)
    out.what = kind::negative_infinity;
  else if (a.what == kind::negative_infinity)
    out.what = kind::positive_infinity;
  else if (a.what == kind::finite && !a.digits.empty())
    out.negative = !a.negative;
  return out;
}

numeric_value numeric_add(const numeric_value& a, const numeric_value& b) {
  if (a.what == kind::nan || b.what == kind::nan)
    return special(kind::nan);
  if (a.what != kind::finite || b.what != kind::finite) {
    if (a.what != kind::finite && b.what != kind::finite && a.what != b.what)
      return special(kind::nan);
    return a.what != kind::finite ? a : b;
  }
  const int64_t scale = std::max(exact_scale(a), exact_scale(b));
  const fixed_point sum = add_fixed(to_fixed(a, scale), to_fixed(b, scale));
  return from_fixed(sum.negative, sum.magnitude, scale, std::max(a.dscale, b.dscale));
}

numeric_value numeric_subtract(const numeric_value& a, const numeric_value& b) {
  return numeric_add(a, numeric_negate(b));
}

numeric_value numeric_multiply(const numeric_value& a, const numeric_value& b) {
  if (a.what == kind::nan || b.what == kind::nan)
    return special(kind::nan);
  if (a.what != kind::finite || b.what != kind::finite) {
    const int sign = sign_of(a) * sign_of(b);
    return sign == 0 ? special(kind::nan) : infinity_of_sign(sign);
  }
  const fixed_point fa = to_fixed(a, exact_scale(a));
  const fixed_point fb = to_fixed(b, exact_scale(b));
  return from_fixed(a.negative != b.negative, multiply_magnitudes(fa.magnitude, fb.magnitude),
                    fa.scale + fb.scale, a.dscale + b.dscale);
}

int32_t numeric_division_scale(const numeric_value& a, const numeric_value& b) {
  const auto [weight1, first1] = base10000_lead(a);
  const auto [weight2, first2] = base10000_lead(b);
  int64_t quotient_weight = weight1 - weight2;
  if (first1 <= first2)
    --quotient_weight;
  int64_t scale = min_significant_digits - quotient_weight * 4;
  scale = std::max<int64_t>({scale, a.dscale, b.dscale, 0});
  return static_cast<int32_t>(std::min<int64_t>(scale, max_display_scale));
}

numeric_value numeric_divide_to_scale(const numeric_value& a, const numeric_value& b,
                                      int32_t scale) {
  const int64_t common = std::max(exact_scale(a), exact_scale(b));
  std::string dividend = to_fixed(a, common).magnitude;
  const std::string divisor = to_fixed(b, common).magnitude;
  if (!dividend.empty())
    dividend.append(static_cast<size_t>(scale) + 1, '0');  // one guard digit to round on
  auto [quotient, remainder] = divide_magnitudes(dividend, divisor);
  const bool round_up = !quotient.empty() && quotient.back() >= '5';
  if (!quotient.empty())
    quotient.pop_back();
  if (round_up)
    quotient = add_magnitudes(quotient, "1");
  return from_fixed(a.negative != b.negative, quotient, scale, scale);
}

result<numeric_value, pg_error> numeric_divide(const numeric_value& a, const numeric_value& b) {
  if (a.what == kind::nan || b.what == kind::nan)
    return special(kind::nan);
  if (a.what != kind::finite) {
    if (b.what != kind::finite)
      return special(kind::nan);
    const int sign = sign_of(b);
    if (sign == 0)
      return fail(division_by_zero());
    return infinity_of_sign(sign_of(a) * sign);
  }
  if (b.what != kind::finite)
    return numeric_value{};  // finite / ±Infinity = 0
  if (b.digits.empty())
    return fail(division_by_zero());
  return numeric_divide_to_scale(a, b, numeric_division_scale(a, b));
}

result<numeric_value, pg_error> numeric_modulo(const numeric_value& a, const numeric_value& b) {
  if (a.what == kind::nan || b.what == kind::nan)
    return special(kind::nan);
  if (a.what != kind::finite) {
    if (b.what == kind::finite && b.digits.empty())
      return fail(division_by_zero());
    return special(kind::nan);  // Inf % y
  }
  if (b.what != kind::finite)
    return a;  // x % ±Infinity = x
  if (b.digits.empty())
    return fail(division_by_zero());
  const int64_t common = std::max(exact_scale(a), exact_scale(b));
  const auto [quotient, remainder] =
      divide_magnitudes(to_fixed(a, common).magnitude, to_fixed(b, common).magnitude);
  (void)quotient;
  return from_fixed(a.negative, remainder, common, std::max(a.dscale, b.dscale));
}

int numeric_compare(const numeric_value& a, const numeric_value& b) {
  const auto rank = [](const numeric_value& v) {
    switch (v.what) {
      case kind::negative_infinity: return 0;
      case kind::finite: return 1;
      case kind::positive_infinity: return 2;
      case kind::nan: return 3;
    }
    return 1;
  };
  if (rank(a) != rank(b))
    return rank(a) < rank(b) ? -1 : 1;
  if (a.what != kind::finite)
    return 0;
  const int64_t scale = std::max(exact_scale(a), exact_scale(b));
  const fixed_point fa = to_fixed(a, scale);
  const fixed_point fb = to_fixed(b, scale);
  const int sa = fa.magnitude.empty() ? 0 : (fa.negative ? -1 : 1);
  const int sb = fb.magnitude.empty() ? 0 : (fb.negative ? -1 : 1);
  if (sa != sb)
    return sa < sb ? -1 : 1;
  const int c = compare_magnitudes(fa.magnitude, fb.magnitude);
  return sa < 0 ? -c : c;
}

numeric_value numeric_from_integer(int64_t value) {
  numeric_value v;
  if (value == 0)
    return v;
  v.negative = value < 0;
  // The magnitude of INT64_MIN does not fit int64: build the digits from uint64.
  uint64_t magnitude = v.negative ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
  std::string digits = std::to_string(magnitude);
  v.exponent = static_cast<int64_t>(digits.size()) - 1;
  digits.erase(digits.find_last_not_of('0') + 1);
  v.digits = std::move(digits);
  return v;
}

std::optional<int64_t> numeric_to_integer(const numeric_value& value) {
  if (value.what != kind::finite)
    return std::nullopt;
  numeric_value rounded = value;
  round_numeric(rounded, 0);
  if (rounded.digits.empty())
    return int64_t{0};
  if (rounded.exponent > 18)
    return std::nullopt;
  std::string digits = rounded.digits;
  digits.append(static_cast<size_t>(rounded.exponent + 1) - std::min<size_t>(
                    digits.size(), static_cast<size_t>(rounded.exponent + 1)), '0');
  const unsigned long long magnitude = std::stoull(digits);
  const unsigned long long limit =
      rounded.negative ? 9223372036854775808ULL : 9223372036854775807ULL;
  if (magnitude > limit)
    return std::nullopt;
  return rounded.negative ? static_cast<int64_t>(0 - magnitude) : static_cast<int64_t>(magnitude);
}

result<numeric_value, pg_error> numeric_sqrt_to_scale(const numeric_value& x, int32_t scale) {
  if (x.what == kind::nan || x.what == kind::positive_infinity)
    return x;
  if (x.what == kind::negative_infinity || x.negative)
    return fail(make_pg_error("2201F", "cannot take square root of a negative number"));
  // q = floor(sqrt(x) * 10^(scale + 1)); rounding its last digit half up rounds sqrt(x)
  // to `scale` digits exactly.
  std::string q = isqrt_magnitude(to_fixed(x, 2 * static_cast<int64_t>(scale) + 2).magnitude);
  q = add_magnitudes(q, "5");
  if (!q.empty())
    q.pop_back();
  return from_fixed(false, std::move(q), scale, scale);
}

result<numeric_value, pg_error> numeric_sqrt(const numeric_value& x) {
  const int64_t weight = base10000_lead(x).first;
  int64_t scale = min_significant_digits - (2 * (weight + 1) - 1);
  scale = std::max<int64_t>({scale, x.dscale, 0});
  return numeric_sqrt_to_scale(x, static_cast<int32_t>(std::min<int64_t>(scale, max_display_scale)));
}

}  // namespace tributary
