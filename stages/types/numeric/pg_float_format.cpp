// pg_float_format: see the header. The halfway points ("midpoints") between a
// float and its neighbours are exact in a double (26 significant bits at most),
// so a decimal candidate can only lie on one if it reads back as exactly that
// double; only then is the exact decimal expansion of the midpoint compared.
#include "stages/types/numeric/pg_float_format.hpp"

#include <charconv>
#include <cmath>
#include <limits>
#include <string>
#include <string_view>

namespace tributary {
namespace {

// 9 significant digits always tell floats apart, and their rounding error is
// far below half a float's spacing, so no 9-digit candidate is a midpoint.
constexpr int max_float_digits = 9;
// Enough digits after the point to write any float midpoint exactly.
constexpr int exact_midpoint_precision = 200;

// The value of a "d.ddde±x" text as (significant digits, exponent), with the
// trailing zeros of the digits removed so equal values compare equal.
struct decimal_form {
  std::string digits;
  int exponent = 0;
  friend bool operator==(const decimal_form&, const decimal_form&) = default;
};

decimal_form decimal_form_of(std::string_view scientific) {
  decimal_form out;
  const size_t e = scientific.find('e');
  for (char c : scientific.substr(0, e))
    if (c >= '0' && c <= '9')
      out.digits += c;
  while (out.digits.size() > 1 && out.digits.back() == '0')
    out.digits.pop_back();
  std::string_view exponent = scientific.substr(e + 1);
  const bool negative = exponent.front() == '-';
  exponent.remove_prefix(1);  // to_chars always writes the exponent's sign
  std::from_chars(exponent.data(), exponent.data() + exponent.size(), out.exponent);
  if (negative)
    out.exponent = -out.exponent;
  return out;
}

bool is_exactly(std::string_view candidate, double midpoint) {
  char exact[exact_midpoint_precision + 16];
  const auto written = std::to_chars(exact, exact + sizeof exact, midpoint,
                                     std::chars_format::scientific, exact_midpoint_precision);
  return decimal_form_of(candidate) == decimal_form_of(std::string_view(exact, written.ptr - exact));
}

}  // namespace

double float4_printed_value(float value) {
  if (!std::isfinite(value) || value == 0)
    return static_cast<double>(value);
  const float magnitude = std::fabs(value);
  const double below = static_cast<double>(std::nextafter(magnitude, 0.0f));
  const double lower_midpoint = (static_cast<double>(magnitude) + below) / 2;
  const float above = std::nextafter(magnitude, std::numeric_limits<float>::infinity());
  const double upper_midpoint =
      std::isinf(above) ? magnitude + (magnitude - lower_midpoint)  // FLT_MAX: same half spacing
                        : (static_cast<double>(magnitude) + static_cast<double>(above)) / 2;

  char text[64];
  char* end = std::to_chars(text, text + sizeof text, magnitude, std::chars_format::scientific).ptr;
  int digits = static_cast<int>(decimal_form_of(std::string_view(text, end - text)).digits.size());
  double candidate = 0;
  for (;;) {
    std::from_chars(text, end, candidate);
    const std::string_view printed(text, end - text);
    const bool on_midpoint = (candidate == lower_midpoint && is_exactly(printed, lower_midpoint)) ||
                             (candidate == upper_midpoint && is_exactly(printed, upper_midpoint));
    if (!on_midpoint || digits >= max_float_digits)
      break;
    // precision = digits after the point: one significant digit more than now.
    end = std::to_chars(text, text + sizeof text, magnitude, std::chars_format::scientific, digits)
              .ptr;
    ++digits;
  }
  return std::signbit(value) ? -candidate : candidate;
}

}  // namespace tributary
