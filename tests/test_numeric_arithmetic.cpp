// numeric_arithmetic: numeric's operators are exact and give PostgreSQL's scales.
#include <gtest/gtest.h>

#include "stages/types/numeric/numeric_arithmetic.hpp"

namespace tributary {
namespace {

numeric_value n(const char* text) {
  auto v = parse_numeric_text(text);
  EXPECT_TRUE(v.ok()) << text;
  return v.ok() ? *v : numeric_value{};
}

std::string text(const numeric_value& v) { return format_numeric_text(v); }

std::string quotient(const char* a, const char* b) {
  auto r = numeric_divide(n(a), n(b));
  return r.ok() ? text(*r) : "ERROR " + r.error().sqlstate + ": " + r.error().message;
}

TEST(NumericArithmetic, AddAndSubtractAreExactWithTheLargerScale) {
  EXPECT_EQ(text(numeric_add(n("0.1"), n("0.2"))), "0.3");
  EXPECT_EQ(text(numeric_add(n("1.50"), n("2"))), "3.50");
  EXPECT_EQ(text(numeric_add(n("12345678901234567890.0123456789"), n("1"))),
            "12345678901234567891.0123456789");
  EXPECT_EQ(text(numeric_subtract(n("1"), n("1.00"))), "0.00");
  EXPECT_EQ(text(numeric_subtract(n("-0.5"), n("0.25"))), "-0.75");
}

std::string root(const char* x) {
  auto r = numeric_sqrt(n(x));
  return r.ok() ? text(*r) : "ERROR " + r.error().sqlstate + ": " + r.error().message;
}

// Each expected text is what PostgreSQL 15 printed for sqrt(x::numeric).
TEST(NumericArithmetic, SqrtHasSixteenSignificantDigitsAtLeastAndRoundsItsLastOne) {
  EXPECT_EQ(root("2"), "1.414213562373095");
  EXPECT_EQ(root("0"), "0.000000000000000");
  EXPECT_EQ(root("100"), "10.000000000000000");
  EXPECT_EQ(root("0.0001"), "0.01000000000000000");
  EXPECT_EQ(root("1e20"), "10000000000.00000");
  EXPECT_EQ(root("2.00000000000000000000001"), "1.41421356237309504880169");
  EXPECT_EQ(root("12345678.9"), "3513.6418286444622");
  EXPECT_EQ(root("0.5"), "0.70710678118654752");
  EXPECT_EQ(root("NaN"), "NaN");
  EXPECT_EQ(root("Infinity"), "Infinity");
  EXPECT_EQ(root("-1"), "ERROR 2201F: cannot take square root of a negative number");
  EXPECT_EQ(root("-Infinity"), "ERROR 2201F: cannot take square root of a negative number");
  auto stddev = numeric_sqrt_to_scale(n("0.37500000000000000000"), 20);
  ASSERT_TRUE(stddev.ok());
  EXPECT_EQ(text(*stddev), "0.61237243569579452455");
}

TEST(NumericArithmetic, MultiplyKeepsTheSumOfTheScales) {
  EXPECT_EQ(text(numeric_multiply(n("2.50"), n("3"))), "7.50");
  EXPECT_EQ(text(numeric_multiply(n("-1.5"), n("1.5"))), "-2.25");
  EXPECT_EQ(text(numeric_multiply(n("0.10"), n("0.10"))), "0.0100");
}

TEST(NumericArithmetic, DivideUsesPostgresResultScale) {
  EXPECT_EQ(quotient("10.0", "4"), "2.5000000000000000");
  EXPECT_EQ(quotient("5.75", "2"), "2.8750000000000000");
  EXPECT_EQ(quotient("2.50", "3"), "0.83333333333333333333");
  EXPECT_EQ(quotient("1", "3"), "0.33333333333333333333");
  EXPECT_EQ(quotient("2", "3"), "0.66666666666666666667");
  EXPECT_EQ(quotient("-2", "3"), "-0.66666666666666666667");
  EXPECT_EQ(quotient("100000", "3"), "33333.333333333333");
  EXPECT_EQ(quotient("1", "0"), "ERROR 22012: division by zero");
  EXPECT_EQ(quotient("NaN", "0"), "NaN");
  EXPECT_EQ(quotient("1", "Infinity"), "0");
  EXPECT_EQ(quotient("Infinity", "-2"), "-Infinity");
}

TEST(NumericArithmetic, ModuloHasTheDividendsSign) {
  auto r = numeric_modulo(n("10.0"), n("3"));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(text(*r), "1.0");
  r = numeric_modulo(n("-7"), n("2"));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(text(*r), "-1");
}

TEST(NumericArithmetic, SpecialValuesFollowNumericC) {
  EXPECT_EQ(text(numeric_add(n("Infinity"), n("-Infinity"))), "NaN");
  EXPECT_EQ(text(numeric_add(n("Infinity"), n("5"))), "Infinity");
  EXPECT_EQ(text(numeric_multiply(n("Infinity"), n("0"))), "NaN");
  EXPECT_EQ(text(numeric_multiply(n("-Infinity"), n("-2"))), "Infinity");
  EXPECT_EQ(text(numeric_add(n("NaN"), n("1"))), "NaN");
}

TEST(NumericArithmetic, CompareOrdersNanAboveInfinityAboveNumbers) {
  EXPECT_EQ(numeric_compare(n("1.0"), n("1.00")), 0);
  EXPECT_LT(numeric_compare(n("0.1000000000000000001"), n("0.1000000000000000002")), 0);
  EXPECT_LT(numeric_compare(n("-Infinity"), n("-1e100")), 0);
  EXPECT_LT(numeric_compare(n("1e100"), n("Infinity")), 0);
  EXPECT_LT(numeric_compare(n("Infinity"), n("NaN")), 0);
  EXPECT_EQ(numeric_compare(n("NaN"), n("NaN")), 0);
  EXPECT_LT(numeric_compare(n("-2"), n("-1.5")), 0);
}

TEST(NumericArithmetic, IntegersConvertBothWays) {
  EXPECT_EQ(text(numeric_from_integer(INT64_MIN)), "-9223372036854775808");
  EXPECT_EQ(text(numeric_from_integer(1000)), "1000");
  EXPECT_EQ(numeric_to_integer(n("2.5")), 3);
  EXPECT_EQ(numeric_to_integer(n("-2.5")), -3);
  EXPECT_EQ(numeric_to_integer(n("9223372036854775807.4")), INT64_MAX);
  EXPECT_EQ(numeric_to_integer(n("9223372036854775807.5")), std::nullopt);
  EXPECT_EQ(numeric_to_integer(n("NaN")), std::nullopt);
}

}  // namespace
}  // namespace tributary
