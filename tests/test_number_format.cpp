// number_format: to_char(number, pattern) and to_number(text, pattern) as PostgreSQL 15
// under the C locale (the values below are PostgreSQL 15's answers).
#include <gtest/gtest.h>

#include "stages/sql/number_format.hpp"

namespace tributary {
namespace {

std::string shown(const result<std::string, pg_error>& text) {
  return text ? *text : "ERROR " + text.error().sqlstate + ": " + text.error().message;
}

std::string to_char(const std::string& number, const std::string& pattern) {
  auto value = parse_numeric_text(number);
  EXPECT_TRUE(value.ok()) << number;
  return shown(format_number(*value, pattern));
}

std::string to_number(const std::string& text, const std::string& pattern) {
  auto read = parse_number(text, pattern);
  if (!read)
    return "ERROR " + read.error().sqlstate + ": " + read.error().message;
  return read->text + " (" + std::to_string(read->precision) + "," + std::to_string(read->scale) + ")";
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

TEST(NumberFormat, ScientificOrdinalRomanAndMultiplier) {
  EXPECT_EQ(to_char("12345.678", "9.99EEEE"), " 1.23e+04");
  EXPECT_EQ(to_char("-5", "9.99EEEE"), "-5.00e+00");
  EXPECT_EQ(to_char("9.999", "9.99EEEE"), " 10.00e+00");  // the exponent of the unrounded value
  EXPECT_EQ(to_char("NaN", "9.99EEEE"), " #.######");
  EXPECT_EQ(shown(format_int4(125, "9.9EEEE")), " 1.2e+02");  // int4: through a double, half to even
  EXPECT_EQ(to_char("125", "9.9EEEE"), " 1.3e+02");            // numeric: half away from zero
  EXPECT_EQ(shown(format_int4(2, "99TH")), "  2ND");
  EXPECT_EQ(shown(format_int4(11, "99th")), " 11th");
  EXPECT_EQ(shown(format_int4(103, "FM999th")), "103rd");
  EXPECT_EQ(shown(format_int4(-1, "9th")), "-1");  // no suffix for a negative number
  EXPECT_EQ(shown(format_int4(485, "RN")), "        CDLXXXV");
  EXPECT_EQ(shown(format_int4(3, "FMrn")), "iii");
  EXPECT_EQ(shown(format_int4(4000, "RN")), "###############");
  EXPECT_EQ(shown(format_int4(12, "99V9")), " 120");
}

TEST(NumberFormat, FloatsKeepTheirSignificantDigits) {
  EXPECT_EQ(shown(format_float(1.5, "9.99", false)), " 1.50");
  EXPECT_EQ(shown(format_float(0.1, "9.999", false)), "  .100");
  EXPECT_EQ(shown(format_float(-0.0, "9.999", false)), " -.000");
  EXPECT_EQ(shown(format_float(1e300, "9.999", false)), " #.");  // no digits after the point left
  EXPECT_EQ(shown(format_float(123.456, "99.9", false)), " ##.#");
  EXPECT_EQ(shown(format_float(std::numeric_limits<double>::quiet_NaN(), "999.9", false)), " NaN");
  EXPECT_EQ(shown(format_float(std::numeric_limits<double>::infinity(), "999", false)), " ###");
  EXPECT_EQ(shown(format_float(1e300, "9.99EEEE", false)), " 1.00e+300");
  EXPECT_EQ(shown(format_float(12.5, "99.9", true)), " 12.5");
}

TEST(NumberFormat, ContradictoryPatternsAreSyntaxErrors) {
  EXPECT_EQ(to_char("1", "9.99.9"), "ERROR 42601: multiple decimal points");
  EXPECT_EQ(to_char("1", "S9S"), "ERROR 42601: cannot use \"S\" twice");
  EXPECT_EQ(to_char("-1", "PR9"), "ERROR 42601: \"9\" must be ahead of \"PR\"");
  EXPECT_EQ(to_char("1", "9EEEE9"), "ERROR 42601: \"EEEE\" must be the last pattern used");
  EXPECT_EQ(to_char("1", "FM9EEEE"), "ERROR 42601: \"EEEE\" is incompatible with other formats");
  EXPECT_EQ(to_char("1", "9V9.9"), "ERROR 42601: cannot use \"V\" and decimal point together");
}

TEST(NumberFormat, ToNumberReadsWhatThePatternDescribes) {
  EXPECT_EQ(to_number("12,454.8-", "99G999D9S"), "-12454.8 (6,1)");
  EXPECT_EQ(to_number("-34,338,492", "99G999G999"), "-34338492 (8,0)");
  EXPECT_EQ(to_number("$1,234.56", "L9,999.99"), " 1234.56 (6,2)");
  EXPECT_EQ(to_number("5.01", "FM9.99"), " 5.01 (3,2)");
  EXPECT_EQ(to_number("<12>", "99PR"), "-12 (2,0)");
  EXPECT_EQ(to_number("abc", "999"), "  (3,0)");  // nothing read: numeric_in fails on " "
  EXPECT_EQ(to_number("1", "9.9EEEE"), "ERROR 0A000: \"EEEE\" not supported for input");
}

TEST(NumberFormat, ToNumberNotesTheMultiplierForTheCaller) {
  // The caller multiplies by power(10, -multi) whenever V is written, also with no 9 after it.
  const auto multiplier = [](const std::string& text, const std::string& pattern) {
    auto read = parse_number(text, pattern);
    return read ? std::to_string(read->multi) + (read->multiply ? " V" : "") : read.error().message;
  };
  EXPECT_EQ(to_number("1234", "99V99"), " 1234 (4,0)");
  EXPECT_EQ(multiplier("1234", "99V99"), "2 V");
  EXPECT_EQ(multiplier("12", "99V"), "0 V");
  EXPECT_EQ(multiplier("12", "99"), "0");
  EXPECT_EQ(multiplier("12.34", "99.99V9"), "cannot use \"V\" and decimal point together");
}

}  // namespace
}  // namespace tributary
