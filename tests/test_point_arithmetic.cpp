// point + - * / point and point <-> point as geo_ops.c computes them (each value
// checked against PostgreSQL 15), with float8's overflow and division errors.
#include <gtest/gtest.h>

#include "stages/types/verbatim/point_arithmetic.hpp"

namespace tributary {
namespace {

std::pair<double, double> computed(std::string_view op, std::string_view a, std::string_view b) {
  auto r = point_arithmetic(op, a, b);
  EXPECT_TRUE(static_cast<bool>(r));
  return r ? *r : std::make_pair(0.0, 0.0);
}

TEST(PointArithmetic, AddsSubtractsAndMultipliesAsComplexNumbers) {
  EXPECT_EQ(computed("+", "(1,2)", "(3,4)"), std::make_pair(4.0, 6.0));
  EXPECT_EQ(computed("-", "(1,2)", "(3,4)"), std::make_pair(-2.0, -2.0));
  EXPECT_EQ(computed("*", "(1,2)", "(3,4)"), std::make_pair(-5.0, 10.0));
  const auto q = computed("/", "(1,2)", "(3,4)");
  EXPECT_DOUBLE_EQ(q.first, 0.44);
  EXPECT_DOUBLE_EQ(q.second, 0.08);
}

TEST(PointArithmetic, DividingByTheOriginIsDivisionByZero) {
  auto r = point_arithmetic("/", "(1,2)", "(0,0)");
  ASSERT_FALSE(static_cast<bool>(r));
  EXPECT_EQ(r.error().sqlstate, "22012");
  EXPECT_EQ(r.error().message, "division by zero");
}

TEST(PointArithmetic, AnInfiniteResultOfFiniteCoordinatesOverflows) {
  auto r = point_arithmetic("*", "(1e300,1)", "(1e300,1)");
  ASSERT_FALSE(static_cast<bool>(r));
  EXPECT_EQ(r.error().sqlstate, "22003");
  EXPECT_EQ(r.error().message, "value out of range: overflow");
}

TEST(PointDistance, IsTheHypotenuse) {
  EXPECT_EQ(*point_distance("(1,2)", "(4,6)"), 5.0);
  EXPECT_DOUBLE_EQ(*point_distance("(1,1)", "(2,2)"), 1.4142135623730951);
}

}  // namespace
}  // namespace tributary
