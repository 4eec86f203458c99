// money codec: cash_in / cash_out / cash_recv / cash_send as PostgreSQL 15 does
// them with lc_monetary = C (initdb --locale=C). Every expected text and error
// below is what such a PostgreSQL 15 server printed for `select '<in>'::money`.
#include <gtest/gtest.h>

#include <limits>

#include "stages/types/type_codec.hpp"

namespace tributary {
namespace {

const column_type money_type = builtin_column_type(790);

result<sql_value, pg_error> parse(std::string_view text) {
  return money_codec().parse_text(money_type, text, type_settings{});
}

std::string print(int64_t cents) {
  return money_codec().format_text(money_type, sql_value{cents}, type_settings{});
}

std::string round_trip(std::string_view text) {
  auto parsed = parse(text);
  EXPECT_TRUE(parsed.ok()) << text << ": " << parsed.error().message;
  return parsed ? money_codec().format_text(money_type, *parsed, type_settings{}) : std::string{};
}

void expect_error(std::string_view text, std::string_view sqlstate, std::string_view kind) {
  auto parsed = parse(text);
  ASSERT_FALSE(parsed.ok()) << text;
  EXPECT_EQ(parsed.error().sqlstate, sqlstate) << text;
  const std::string quoted = "\"" + std::string(text) + "\"";
  if (kind == "syntax")
    EXPECT_EQ(parsed.error().message, "invalid input syntax for type money: " + quoted);
  else
    EXPECT_EQ(parsed.error().message, "value " + quoted + " is out of range for type money");
}

TEST(MoneyType, StoresCents) {
  auto parsed = parse("$1,234.5");
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(*parsed, sql_value{int64_t{123450}});
}

TEST(MoneyType, PrintsDollarsWithGroupsOfThree) {
  EXPECT_EQ(print(123450), "$1,234.50");
  EXPECT_EQ(print(-123450), "-$1,234.50");
  EXPECT_EQ(print(0), "$0.00");
  EXPECT_EQ(print(100000000), "$1,000,000.00");
  EXPECT_EQ(print(5), "$0.05");
  EXPECT_EQ(print(-5), "-$0.05");
  EXPECT_EQ(print(std::numeric_limits<int64_t>::max()), "$92,233,720,368,547,758.07");
  EXPECT_EQ(print(std::numeric_limits<int64_t>::min()), "-$92,233,720,368,547,758.08");
}

TEST(MoneyType, ReadsSignsParenthesesAndCurrencySymbols) {
  EXPECT_EQ(round_trip("1234.5"), "$1,234.50");
  EXPECT_EQ(round_trip("-1234.5"), "-$1,234.50");
  EXPECT_EQ(round_trip("(1.23)"), "-$1.23");
  EXPECT_EQ(round_trip("-$1.23"), "-$1.23");
  EXPECT_EQ(round_trip("$-1.23"), "-$1.23");
  EXPECT_EQ(round_trip("(12"), "-$12.00");
  EXPECT_EQ(round_trip("12)"), "$12.00");
  EXPECT_EQ(round_trip("12-"), "-$12.00");
  EXPECT_EQ(round_trip("12 -"), "-$12.00");
  EXPECT_EQ(round_trip("1--"), "-$1.00");
  EXPECT_EQ(round_trip("+12"), "$12.00");
  EXPECT_EQ(round_trip("+$12"), "$12.00");
  EXPECT_EQ(round_trip("$+12"), "$12.00");
  EXPECT_EQ(round_trip("12+"), "$12.00");
  EXPECT_EQ(round_trip("12$"), "$12.00");
  EXPECT_EQ(round_trip("$$1"), "$1.00");
  EXPECT_EQ(round_trip(" $ 12 "), "$12.00");
  EXPECT_EQ(round_trip("  12  "), "$12.00");
}

TEST(MoneyType, EmptyAmountsAreZero) {
  for (std::string_view text : {"", "$", "-", "()", "0"})
    EXPECT_EQ(round_trip(text), "$0.00") << text;
}

TEST(MoneyType, IgnoresThousandsSeparatorsAnywhere) {
  EXPECT_EQ(round_trip("1,2,3"), "$123.00");
  EXPECT_EQ(round_trip("1,,2"), "$12.00");
  EXPECT_EQ(round_trip(",5"), "$5.00");
  EXPECT_EQ(round_trip("1.2,3"), "$1.23");
}

TEST(MoneyType, ReadsPartialFractions) {
  EXPECT_EQ(round_trip("1."), "$1.00");
  EXPECT_EQ(round_trip(".5"), "$0.50");
  EXPECT_EQ(round_trip("0.05"), "$0.05");
  EXPECT_EQ(round_trip("-0.05"), "-$0.05");
}

TEST(MoneyType, ThirdFractionDigitRoundsHalfAwayFromZero) {
  EXPECT_EQ(round_trip("1234.567"), "$1,234.57");
  EXPECT_EQ(round_trip("1234.565"), "$1,234.57");
  EXPECT_EQ(round_trip("1234.564"), "$1,234.56");
  EXPECT_EQ(round_trip("-1234.567"), "-$1,234.57");
  EXPECT_EQ(round_trip(".005"), "$0.01");
  EXPECT_EQ(round_trip(".004"), "$0.00");
  EXPECT_EQ(round_trip("1.995"), "$2.00");
  EXPECT_EQ(round_trip("1.2399"), "$1.24");
}

TEST(MoneyType, OnlyTheThirdFractionDigitCounts) {
  EXPECT_EQ(round_trip("1234.5649"), "$1,234.56");
  EXPECT_EQ(round_trip("1.23456"), "$1.23");
}

TEST(MoneyType, RejectsOtherSyntax) {
  for (std::string_view text : {"1.2.3", "1 000", "abc", "1a", "1e5", "-(1)", "(-1)"})
    expect_error(text, "22P02", "syntax");
}

TEST(MoneyType, AcceptsTheWholeInt64Range) {
  EXPECT_EQ(round_trip("92233720368547758.07"), "$92,233,720,368,547,758.07");
  EXPECT_EQ(round_trip("-92233720368547758.08"), "-$92,233,720,368,547,758.08");
  EXPECT_EQ(round_trip("92233720368547758.065"), "$92,233,720,368,547,758.07");
  EXPECT_EQ(round_trip("92233720368547758.074"), "$92,233,720,368,547,758.07");
  EXPECT_EQ(round_trip("-92233720368547758.075"), "-$92,233,720,368,547,758.08");
  EXPECT_EQ(round_trip("92233720368547758.075-"), "-$92,233,720,368,547,758.08");
  EXPECT_EQ(round_trip("(92233720368547758.08)"), "-$92,233,720,368,547,758.08");
  EXPECT_EQ(round_trip("-92233720368547758"), "-$92,233,720,368,547,758.00");
}

TEST(MoneyType, RejectsAmountsOutsideInt64) {
  for (std::string_view text :
       {"92233720368547758.08", "-92233720368547758.09", "92233720368547758.075",
        "-92233720368547758.085", "-92233720368547758.1", "-922337203685477580.8",
        "-9223372036854775808", "92233720368547759", "99999999999999999999"})
    expect_error(text, "22003", "range");
}

TEST(MoneyType, BinaryIsBigEndianCents) {
  // select cash_send('1234.5'::money), cash_send('-0.01'::money)
  EXPECT_EQ(money_codec().format_binary(money_type, sql_value{int64_t{123450}}),
            std::string("\0\0\0\0\0\x01\xe2\x3a", 8));
  EXPECT_EQ(money_codec().format_binary(money_type, sql_value{int64_t{-1}}), std::string(8, '\xff'));
  auto received = money_codec().parse_binary(money_type, std::string("\0\0\0\0\0\x01\xe2\x3a", 8));
  ASSERT_TRUE(received.ok());
  EXPECT_EQ(*received, sql_value{int64_t{123450}});
  received = money_codec().parse_binary(money_type, std::string(8, '\xff'));
  ASSERT_TRUE(received.ok());
  EXPECT_EQ(*received, sql_value{int64_t{-1}});
}

TEST(MoneyType, BinaryOfTheWrongLengthIsAnError) {
  auto short_value = money_codec().parse_binary(money_type, std::string_view("\0\x01", 2));
  ASSERT_FALSE(short_value.ok());
  EXPECT_EQ(short_value.error().sqlstate, "08P01");
  EXPECT_EQ(short_value.error().message, "insufficient data left in message");
  auto long_value = money_codec().parse_binary(money_type, std::string(9, '\0'));
  ASSERT_FALSE(long_value.ok());
  EXPECT_EQ(long_value.error().sqlstate, "22P03");
  EXPECT_EQ(long_value.error().message, "incorrect binary data format");
}

TEST(MoneyType, AnotherToolsTextIsPrintedAsItIs) {
  EXPECT_EQ(money_codec().format_text(money_type, sql_value{std::string("12 EUR")}, type_settings{}),
            "12 EUR");
  EXPECT_EQ(money_codec().format_binary(money_type, sql_value{std::string("$0.01")}),
            std::string("\0\0\0\0\0\0\0\x01", 8));
}

}  // namespace
}  // namespace tributary
