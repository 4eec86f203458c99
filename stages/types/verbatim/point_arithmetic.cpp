// point_arithmetic: see the header.
#include "stages/types/verbatim/point_arithmetic.hpp"

#include "stages/types/verbatim/geometric_arithmetic.hpp"
#include "stages/types/verbatim/geometric_compare.hpp"

namespace tributary {
namespace {

using namespace geometry;

std::pair<double, double> coordinates(std::string_view text) {
  const std::vector<double> n = geometric_numbers(text);
  return n.size() >= 2 ? std::make_pair(n[0], n[1]) : std::make_pair(0.0, 0.0);
}

}  // namespace

result<std::pair<double, double>, pg_error> point_arithmetic(std::string_view op, std::string_view left,
                                                             std::string_view right) {
  const auto [x1, y1] = coordinates(left);
  const auto [x2, y2] = coordinates(right);
  try {
    if (op == "+")
      return std::make_pair(plus(x1, x2), plus(y1, y2));
    if (op == "-")
      return std::make_pair(minus(x1, x2), minus(y1, y2));
    if (op == "*")
      return std::make_pair(minus(times(x1, x2), times(y1, y2)), plus(times(x1, y2), times(y1, x2)));
    // point_div: the divisor's squared magnitude first
    const double divisor = plus(times(x2, x2), times(y2, y2));
    return std::make_pair(divided(plus(times(x1, x2), times(y1, y2)), divisor),
                          divided(minus(times(y1, x2), times(x1, y2)), divisor));
  } catch (const arithmetic_error& e) {
    return fail(e.error);
  }
}

result<double, pg_error> point_distance(std::string_view left, std::string_view right) {
  const auto [x1, y1] = coordinates(left);
  const auto [x2, y2] = coordinates(right);
  try {
    return hypotenuse(minus(x1, x2), minus(y1, y2));
  } catch (const arithmetic_error& e) {
    return fail(e.error);
  }
}

}  // namespace tributary
