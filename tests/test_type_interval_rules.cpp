// Tests of the interval type (type_interval.cpp): typmods, input errors, ordering and
// the stored value. Every expected text, value, error and order below was printed by
// a PostgreSQL 15.18 server (select '<input>'::interval[typmod], ORDER BY).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "stages/types/datetime/interval_value.hpp"
#include "stages/types/stored_order.hpp"
#include "stages/types/datetime/type_interval.hpp"
#include "tests/interval_test_support.hpp"

namespace tributary {
namespace {

using namespace interval_test;

// ---- typmod --------------------------------------------------------------------------

struct typmod_row {
  int32_t typmod;
  const char* input;
  const char* postgres;
};

void expect_typmods(const std::vector<typmod_row>& rows) {
  for (const typmod_row& row : rows) {
    SCOPED_TRACE(std::string(row.input) + " typmod " + std::to_string(row.typmod));
    EXPECT_EQ(shown(row.input, row.typmod), row.postgres);
  }
}

constexpr const char* mixed = "1 year 14 months 3 days 04:05:06.789";
constexpr const char* negative = "-1 year -14 months -3 days -04:05:06.789";

TEST(IntervalType, TypmodTruncatesTheFieldsAfterItsLastOne) {
  expect_typmods({
      {typmod_year, mixed, "2 years"},
      {typmod_year, negative, "-2 years"},
      {typmod_month, mixed, "2 years 2 mons"},
      {typmod_year_to_month, negative, "-2 years -2 mons"},
      {typmod_day, mixed, "2 years 2 mons 3 days"},
      {typmod_hour, negative, "-2 years -2 mons -3 days -04:00:00"},
      {typmod_day_to_hour, mixed, "2 years 2 mons 3 days 04:00:00"},
      {typmod_minute, mixed, "2 years 2 mons 3 days 04:05:00"},
      {typmod_day_to_minute, negative, "-2 years -2 mons -3 days -04:05:00"},
      {typmod_hour_to_minute, mixed, "2 years 2 mons 3 days 04:05:00"},
      {typmod_second, mixed, "2 years 2 mons 3 days 04:05:06.789"},
      {typmod_day_to_second, negative, "-2 years -2 mons -3 days -04:05:06.789"},
      {typmod_hour_to_second, mixed, "2 years 2 mons 3 days 04:05:06.789"},
      {typmod_minute_to_second, mixed, "2 years 2 mons 3 days 04:05:06.789"},
      {typmod_year, "-4.5", "-4 years"},
      {typmod_minute, "1:30.5", "00:01:00"},
      {typmod_hour, "1:30", "01:00:00"},
  });
}

TEST(IntervalType, TypmodPrecisionRoundsHalfAwayFromZero) {
  expect_typmods({
      {typmod_precision_0, mixed, "2 years 2 mons 3 days 04:05:07"},
      {typmod_precision_0, negative, "-2 years -2 mons -3 days -04:05:07"},
      {typmod_precision_0, "1:30.5", "00:01:31"},
      {typmod_precision_0, "-4.5", "-00:00:05"},
      {typmod_precision_0, "0.0005", "00:00:00"},
      {typmod_precision_2, mixed, "2 years 2 mons 3 days 04:05:06.79"},
      {typmod_precision_2, "-0.0005", "00:00:00"},
      {typmod_second_3, "0.0005", "00:00:00.001"},
      {typmod_second_3, "-0.0005", "-00:00:00.001"},
      {typmod_day_to_second_1, negative, "-2 years -2 mons -3 days -04:05:06.8"},
      {typmod_minute_to_second_0, mixed, "2 years 2 mons 3 days 04:05:07"},
  });
}

TEST(IntervalType, TypmodGivesABareNumberItsLastField) {
  expect_typmods({
      {typmod_year, "5", "5 years"},
      {typmod_month, "5", "5 mons"},
      {typmod_year_to_month, "5", "5 mons"},
      {typmod_day, "5", "5 days"},
      {typmod_hour, "5", "05:00:00"},
      {typmod_day_to_hour, "1 2", "1 day 02:00:00"},
      {typmod_minute, "5", "00:05:00"},
      {typmod_hour_to_minute, "5", "00:05:00"},
      {typmod_second, "5", "00:00:05"},
      {typmod_precision_2, "5", "00:00:05"},
      {typmod_minute_to_second, "1:30", "00:01:30"},  // m:s only here
      {typmod_hour_to_second, "1:30", "01:30:00"},
  });
}

// ---- errors --------------------------------------------------------------------------

std::string syntax_error(std::string_view input) {
  return "ERROR 22007 invalid input syntax for type interval: \"" + std::string(input) + "\"";
}
std::string field_overflow(std::string_view input) {
  return "ERROR 22015 interval field value out of range: \"" + std::string(input) + "\"";
}
const std::string interval_overflow = "ERROR 22008 interval out of range";

TEST(IntervalType, RejectsBadSyntaxWith22007) {
  for (std::string input : {"", "day", "1 ago", "ago", "1 2 days", "1 day 2 days",
                            "1.5 sec 1 ms", "1 fortnight", "1 microsec", "1 millisec", "1 mm",
                            "1 quarter", "1 qtr day", "1 timezone", "1 day at", "1e3", "1.5e3",
                            "1:2:3:4", "1:2:3.abc", "1.2.3", "1/2", "1-2-3", "1-x", "x-1",
                            "1 dayx", "day1", "-5 -days", "1 +day", "-1:99", "é", "P", " P1D",
                            "P1D ", "p1y", "P1YT1H1Y", "PT1H2", "P1Y2", "P1-2-3-4", "PT1:2:3:4",
                            "P1 D", "P1D2", "P1e-400D", "-2562047788:00:54.775808"}) {
    SCOPED_TRACE(input);
    EXPECT_EQ(stored(input), syntax_error(input));
  }
}

TEST(IntervalType, RejectsInfinityAsPostgres15Does) {
  for (std::string input : {"infinity", "-infinity", "+infinity"})
    EXPECT_EQ(stored(input), syntax_error(input));
}

TEST(IntervalType, RejectsOverflowingFieldsWith22015) {
  for (std::string input : {"2147483647 days 1 day", "-2147483648 days ago",
                            "9223372036854775807 us 1 us", "-9223372036854775808 us ago",
                            "-9223372036854775809 us",
                            "2562047788:00:54.775808", "99999999999999999999",
                            "99999999999999999999:00", "1:99", "1:60", "1:59:61", "1-12",
                            "-1-12", "1--2", "P2e15Y", "P-infY"}) {
    SCOPED_TRACE(input);
    EXPECT_EQ(stored(input), field_overflow(input));
  }
}

TEST(IntervalType, RejectsMoreMonthsThanInt32With22008) {
  EXPECT_EQ(stored("2147483647 years"), interval_overflow);
  EXPECT_EQ(stored("178956970 years 8 months"), interval_overflow);
  EXPECT_EQ(shown("178956970 years 7 months"), "178956970 years 7 mons");
}

TEST(IntervalType, RejectsFieldsBeyondPostgresWorkBuffer) {
  EXPECT_EQ(shown(std::string(255, '0')), "00:00:00");
  EXPECT_EQ(stored(std::string(256, '0')), syntax_error(std::string(256, '0')));
  const std::string twelve_units = "1 us 1 ms 1 s 1 m 1 h 1 d 1 w 1 mon 1 y 1 dec 1 c 1 mil";
  EXPECT_EQ(shown(twelve_units + " ago"), "-1111 years -1 mons -8 days -01:01:01.001001");
  // 26 fields: one more than PostgreSQL's MAXDATEFIELDS.
  EXPECT_EQ(stored("qtr " + twelve_units + " ago"), syntax_error("qtr " + twelve_units + " ago"));
  EXPECT_EQ(shown("qtr " + twelve_units), "1111 years 1 mon 8 days 01:01:01.001001");
}

// ---- ordering --------------------------------------------------------------------------

std::string stored_or_die(std::string_view input) {
  const std::string s = stored(input);
  EXPECT_EQ(s.rfind("ERROR", 0), std::string::npos) << input;
  return s;
}

TEST(IntervalOrder, MonthsOfThirtyDaysAndDaysOfTwentyFourHoursCompareEqual) {
  auto equal = [](const char* a, const char* b) {
    return compare_stored_interval(stored_or_die(a), stored_or_die(b)) == 0;
  };
  EXPECT_TRUE(equal("1 mon", "30 days"));
  EXPECT_TRUE(equal("1 day", "24 hours"));
  EXPECT_TRUE(equal("1 year", "360 days"));
  EXPECT_TRUE(equal("-1 mon +30 days", "0"));
  EXPECT_TRUE(equal("3 mons", "2 mons 30 days"));
  EXPECT_FALSE(equal("1 day", "23:59:59.999999"));
}

TEST(IntervalOrder, SortsAsPostgresOrderBy) {
  // PostgreSQL 15's ORDER BY of these values.
  const std::vector<std::string> postgres_order = {
      "-178000000 years", "-2147483648 days", "-9223372036854775808 us", "-1 day",
      "@ 1 hour 30 minutes ago", "-00:00:00.000001", "0", "00:00:00.000001", "-1 mon +31 days",
      "1 day 00:59:59", "25 hours", "1 mon -1 day", "29 days 23:59:59.999999", "1 mon",
      "2 mons 29 days", "3 mons -00:00:01", "359 days", "1 year", "1 year 1 day",
      "106751991 days", "2562047788:00:54.775807", "2147483647 days", "178000000 years"};
  std::vector<std::string> expected;
  for (const auto& input : postgres_order)
    expected.push_back(stored_or_die(input));
  std::vector<std::string> shuffled = expected;
  std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(2024));
  std::sort(shuffled.begin(), shuffled.end(), [](const std::string& a, const std::string& b) {
    return compare_stored_interval(a, b) < 0;
  });
  EXPECT_EQ(shuffled, expected);
}

TEST(IntervalOrder, ComparesSpansBeyondSixtyFourBits) {
  const std::string most = encode_stored_interval({INT64_MAX, INT32_MAX, INT32_MAX});
  const std::string almost = encode_stored_interval({INT64_MAX - 1, INT32_MAX, INT32_MAX});
  const std::string least = encode_stored_interval({INT64_MIN, INT32_MIN, INT32_MIN});
  EXPECT_LT(compare_stored_interval(almost, most), 0);
  EXPECT_GT(compare_stored_interval(most, almost), 0);
  EXPECT_LT(compare_stored_interval(least, "0 0 0"), 0);
  EXPECT_EQ(compare_stored_interval(most, most), 0);
}

TEST(IntervalOrder, ForeignTextSortsAfterEveryIntervalThenByBytes) {
  const std::string huge = encode_stored_interval({INT64_MAX, INT32_MAX, INT32_MAX});
  EXPECT_LT(compare_stored_interval(huge, "1 day"), 0);
  EXPECT_GT(compare_stored_interval("1 day", "0 0 0"), 0);
  EXPECT_LT(compare_stored_interval("1 day", "2 days"), 0);
  EXPECT_EQ(compare_stored_interval("x", "x"), 0);
  for (std::string bad : {"", "1 2", "1 2 3 4", "1  2 3", "+1 2 3", "1 2 3 ", "2147483648 0 0",
                          "0 0 9223372036854775808", "a b c"})
    EXPECT_GT(compare_stored_interval(bad, "0 0 0"), 0) << bad;
}

TEST(IntervalValue, StoredFormRoundTrips) {
  for (const interval_value v : {interval_value{0, 0, 0}, interval_value{14706789000, 3, 14},
                                 interval_value{INT64_MIN, INT32_MIN, INT32_MIN},
                                 interval_value{INT64_MAX, INT32_MAX, INT32_MAX},
                                 interval_value{-1, 1, -1}}) {
    const auto decoded = decode_stored_interval(encode_stored_interval(v));
    ASSERT_TRUE(decoded);
    EXPECT_EQ(*decoded, v);
  }
  EXPECT_EQ(encode_stored_interval({14706789000, 3, 14}), "14 3 14706789000");
}

}  // namespace
}  // namespace tributary
