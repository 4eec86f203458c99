// number_format: to_char(number, pattern) as PostgreSQL 15 prints it under the C locale
// (the values below are PostgreSQL 15's answers).
#include <gtest/gtest.h>

#include "stages/sql/number_format.hpp"

namespace tributary {
namespace {

std::string to_char(const std::string& number, const std::string& pattern) {
  auto value = parse_numeric_text(number);
  EXPECT_TRUE(value.ok()) << number;
  auto text = format_number(*value, pattern);
  return text ? *text : "ERROR " + text.error().sqlstate + ": " + text.error().message;
}

TEST(NumberFormat, DigitsPadWithBlanksOrZerosAfterASignPosition) {
  EXPECT_EQ(to_char("1234.5", "9999.99"), " 1234.50");
  EXPECT_EQ(to_char("42", "00000"), " 00042");
  EXPECT_EQ(to_char("0.25", "999G999D99"), "        .25");
  EXPECT_EQ(to_char("-0.01", "999G999D99"), "       -.01");
  EXPECT_EQ(to_char("99999999.99", "999G999D99"), " ###,###.##");  // does not fit
  EXPECT_EQ(to_char("1234567", "9,999,999"), " 1,234,567");
  EXPECT_EQ(to_char("0", "9.99"), "  .00");
}

TEST(NumberFormat, FillModeDropsPaddingAndTrailingZeros) {
  EXPECT_EQ(to_char("-1234.5", "FM9,999.00"), "-1,234.50");
  EXPECT_EQ(to_char("0.5", "FM9.99"), ".5");
  EXPECT_EQ(to_char("0", "FM9.99"), "0.");
  EXPECT_EQ(to_char("10", "FM99."), "10");
  EXPECT_EQ(to_char("5", "FM00.0"), "05.0");
}

TEST(NumberFormat, SignKeywordsPlaceTheSign) {
  EXPECT_EQ(to_char("-12.5", "99.99PR"), "<12.50>");
  EXPECT_EQ(to_char("12.5", "99.99PR"), " 12.50 ");
  EXPECT_EQ(to_char("-12.5", "S99.99"), "-12.50");
  EXPECT_EQ(to_char("12.5", "99.99S"), "12.50+");
  EXPECT_EQ(to_char("-3", "9MI"), "3-");
  EXPECT_EQ(to_char("3", "PL9"), "+ 3");
  EXPECT_EQ(to_char("-3", "SG9"), "-3");
  EXPECT_EQ(to_char("12.5", "L99.99"), "  12.50");  // the C locale's currency symbol is a blank
  EXPECT_EQ(to_char("7", "\"#\"9"), "# 7");
}

TEST(NumberFormat, ContradictoryPatternsAreSyntaxErrors) {
  EXPECT_EQ(to_char("1", "9.99.9"), "ERROR 42601: multiple decimal points");
  EXPECT_EQ(to_char("1", "S9S"), "ERROR 42601: cannot use \"S\" twice");
  EXPECT_EQ(to_char("-1", "PR9"), "ERROR 42601: \"9\" must be ahead of \"PR\"");
  EXPECT_TRUE(number_format_supported("FM9G999D00PR"));
  EXPECT_FALSE(number_format_supported("9.99EEEE"));  // scientific notation: not yet
  EXPECT_FALSE(number_format_supported("RN"));
}

}  // namespace
}  // namespace tributary
