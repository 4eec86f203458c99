// geometric_line: line_in's two-point form, as PostgreSQL 15's geo_ops.c
// computes it (see geometric_value.hpp): whether the two points coincide
// (point_eq_point) and the line through them (point_sl, then line_construct
// through the first point), with float.h's overflow and underflow checks:
//   22003 value out of range: overflow / value out of range: underflow
// The same IEEE operations in the same order, so A, B, C are bit for bit
// PostgreSQL's.
#include <cmath>
#include <limits>

#include "stages/types/verbatim/geometric_value.hpp"

namespace tributary {
namespace {

// float8_mi / float8_mul / float8_div with their overflow and underflow checks.
pg_error float_overflow() { return numeric_value_out_of_range("value out of range: overflow"); }
pg_error float_underflow() { return numeric_value_out_of_range("value out of range: underflow"); }

result<double, pg_error> checked_minus(double a, double b) {
  const double r = a - b;
  if (std::isinf(r) && !std::isinf(a) && !std::isinf(b))
    return fail(float_overflow());
  return r;
}

result<double, pg_error> checked_times(double a, double b) {
  const double r = a * b;
  if (std::isinf(r) && !std::isinf(a) && !std::isinf(b))
    return fail(float_overflow());
  if (r == 0.0 && a != 0.0 && b != 0.0)
    return fail(float_underflow());
  return r;
}

// Only reached with b != 0: point_slope divides after FPeq(x1, x2) failed.
result<double, pg_error> checked_divide(double a, double b) {
  const double r = a / b;
  if (std::isinf(r) && !std::isinf(a))
    return fail(float_overflow());
  if (r == 0.0 && a != 0.0 && !std::isinf(b))
    return fail(float_underflow());
  return r;
}

// FPeq: equal, or within EPSILON.
bool fuzzy_equal(double a, double b) { return a == b || std::fabs(a - b) <= 1.0e-6; }

// float8_eq: NaN equals NaN.
bool float8_equal(double a, double b) { return std::isnan(a) ? std::isnan(b) : a == b; }

}  // namespace

// point_eq_point: with a NaN anywhere, exactly equal (float8_eq); else FPeq.
bool points_equal(const std::vector<double>& p) {
  if (std::isnan(p[0]) || std::isnan(p[1]) || std::isnan(p[2]) || std::isnan(p[3]))
    return float8_equal(p[0], p[2]) && float8_equal(p[1], p[3]);
  return fuzzy_equal(p[0], p[2]) && fuzzy_equal(p[1], p[3]);
}

// point_sl, then line_construct through the first point.
result<std::vector<double>, pg_error> line_through(const std::vector<double>& p) {
  const double x = p[0], y = p[1];
  double slope = 0.0;
  if (fuzzy_equal(p[0], p[2])) {
    slope = std::numeric_limits<double>::infinity();
  } else if (!fuzzy_equal(p[1], p[3])) {
    auto rise = checked_minus(p[1], p[3]);
    if (!rise.ok())
      return fail(rise.error());
    auto run = checked_minus(p[0], p[2]);
    if (!run.ok())
      return fail(run.error());
    auto quotient = checked_divide(*rise, *run);
    if (!quotient.ok())
      return fail(quotient.error());
    slope = *quotient;
  }
  if (std::isinf(slope))
    return std::vector<double>{-1.0, 0.0, x};  // vertical: x = C
  if (slope == 0.0)
    return std::vector<double>{0.0, -1.0, y};  // horizontal: y = C
  auto product = checked_times(slope, x);
  if (!product.ok())
    return fail(product.error());
  auto intercept = checked_minus(y, *product);
  if (!intercept.ok())
    return fail(intercept.error());
  const double c = *intercept == 0.0 ? 0.0 : *intercept;  // no -0
  return std::vector<double>{slope, -1.0, c};
}

}  // namespace tributary
