// numeric_integer_functions: div, factorial, scale, min_scale, trim_scale of numeric
// and gcd / lcm of integers, as PostgreSQL 15 computes them (values read from it).
#include <gtest/gtest.h>

#include "stages/types/numeric/numeric_integer_functions.hpp"

namespace tributary {
namespace {

numeric_value number(const char* text) { return *parse_numeric_text(text); }

std::string shown(const result<numeric_value, pg_error>& r) {
  return r ? format_numeric_text(*r) : r.error().sqlstate + " " + r.error().message;
}

TEST(NumericIntegerFunctions, DivTruncatesTowardZero) {
  EXPECT_EQ(shown(numeric_div(number("7.5"), number("2"))), "3");
  EXPECT_EQ(shown(numeric_div(number("-7.5"), number("2"))), "-3");
  EXPECT_EQ(shown(numeric_div(number("-7"), number("3"))), "-2");
  EXPECT_EQ(shown(numeric_div(number("9"), number("3"))), "3");
  EXPECT_EQ(shown(numeric_div(number("1"), number("3"))), "0");
  EXPECT_EQ(shown(numeric_div(number("Infinity"), number("-2"))), "-Infinity");
  EXPECT_EQ(shown(numeric_div(number("5"), number("Infinity"))), "0");
  EXPECT_EQ(shown(numeric_div(number("NaN"), number("1"))), "NaN");
  EXPECT_EQ(shown(numeric_div(number("1"), number("0"))), "22012 division by zero");
}

TEST(NumericIntegerFunctions, FactorialIsExact) {
  EXPECT_EQ(shown(numeric_factorial(0)), "1");
  EXPECT_EQ(shown(numeric_factorial(25)), "15511210043330985984000000");
  EXPECT_EQ(shown(numeric_factorial(-1)), "22003 factorial of a negative number is undefined");
  EXPECT_EQ(shown(numeric_factorial(40000)), "22003 value overflows numeric format");
}

TEST(NumericIntegerFunctions, ScalesCountDigitsAfterThePoint) {
  EXPECT_EQ(numeric_scale(number("1.500")), 3);
  EXPECT_EQ(numeric_min_scale(number("1.500")), 1);
  EXPECT_EQ(numeric_min_scale(number("100")), 0);
  EXPECT_EQ(numeric_min_scale(number("0.00")), 0);
  EXPECT_EQ(numeric_scale(number("NaN")), std::nullopt);
  EXPECT_EQ(format_numeric_text(numeric_trim_scale(number("120.0"))), "120");
  EXPECT_EQ(format_numeric_text(numeric_trim_scale(number("0.000"))), "0");
  EXPECT_EQ(format_numeric_text(numeric_trim_scale(number("-0.0120"))), "-0.012");
}

TEST(NumericIntegerFunctions, GcdAndLcmFailWhereTheTypeOverflows) {
  EXPECT_EQ(*integer_gcd(-12, 18, 32), 6);
  EXPECT_EQ(*integer_gcd(0, 0, 32), 0);
  EXPECT_EQ(*integer_lcm(-4, 6, 32), 12);
  EXPECT_EQ(*integer_lcm(0, 5, 32), 0);
  EXPECT_EQ(integer_gcd(INT32_MIN, 0, 32).error().message, "integer out of range");
  EXPECT_EQ(*integer_gcd(INT32_MIN, 6, 32), 2);
  EXPECT_EQ(integer_lcm(INT32_MAX, 2, 32).error().message, "integer out of range");
  EXPECT_EQ(integer_lcm(INT64_MIN, 1, 64).error().message, "bigint out of range");
}

}  // namespace
}  // namespace tributary
