// Tests of the interval type (type_interval.cpp and the interval_* files it uses).
// Every expected text, value and error below was printed by a PostgreSQL 15.18
// server (select '<input>'::interval[typmod], interval_send, ORDER BY) in each
// IntervalStyle.
// (Typmods, errors and ordering: test_type_interval_rules.cpp.)
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "stages/types/datetime/interval_value.hpp"
#include "stages/types/datetime/type_interval.hpp"
#include "tests/interval_test_support.hpp"

namespace tributary {
namespace {

using namespace interval_test;

// ---- output styles --------------------------------------------------------------

struct style_row {
  const char* input;
  const char* postgres;
  const char* postgres_verbose;
  const char* sql_standard;
  const char* iso_8601;
};

const style_row style_rows[] = {
    {"0", "00:00:00", "@ 0", "0", "PT0S"},
    {"1 year 2 months 3 days 04:05:06.789", "1 year 2 mons 3 days 04:05:06.789", "@ 1 year 2 mons 3 days 4 hours 5 mins 6.789 secs", "+1-2 +3 +4:05:06.789", "P1Y2M3DT4H5M6.789S"},
    {"-1 year -2 mons +3 days -04:05:06", "-1 years -2 mons +3 days -04:05:06", "@ 1 year 2 mons -3 days 4 hours 5 mins 6 secs ago", "-1-2 +3 -4:05:06", "P-1Y-2M3DT-4H-5M-6S"},
    {"1 day -1 hour", "1 day -01:00:00", "@ 1 day -1 hours", "+0-0 +1 -1:00:00", "P1DT-1H"},
    {"-1 day +1 hour", "-1 days +01:00:00", "@ 1 day -1 hours ago", "+0-0 -1 +1:00:00", "P-1DT1H"},
    {"-0.5 seconds", "-00:00:00.5", "@ 0.5 secs ago", "-0:00:00.5", "PT-0.5S"},
    {"25 hours", "25:00:00", "@ 25 hours", "25:00:00", "PT25H"},
    {"1.5 months", "1 mon 15 days", "@ 1 mon 15 days", "+0-1 +15 +0:00:00", "P1M15D"},
    {"14 months", "1 year 2 mons", "@ 1 year 2 mons", "1-2", "P1Y2M"},
    {"-14 months", "-1 years -2 mons", "@ 1 year 2 mons ago", "-1-2", "P-1Y-2M"},
    {"-178000000 years", "-178000000 years", "@ 178000000 years ago", "-178000000-0", "P-178000000Y"},
    {"1 week", "7 days", "@ 7 days", "7 0:00:00", "P7D"},
    {"1 millisecond", "00:00:00.001", "@ 0.001 secs", "0:00:00.001", "PT0.001S"},
    {"1.5 years", "1 year 6 mons", "@ 1 year 6 mons", "1-6", "P1Y6M"},
    {"1.5 days", "1 day 12:00:00", "@ 1 day 12 hours", "1 12:00:00", "P1DT12H"},
    {"-1.5 days", "-1 days -12:00:00", "@ 1 day 12 hours ago", "-1 12:00:00", "P-1DT-12H"},
    {"1 mon -1 day", "1 mon -1 days", "@ 1 mon -1 days", "+0-1 -1 +0:00:00", "P1M-1D"},
    {"-1 mon 1 day", "-1 mons +1 day", "@ 1 mon -1 days ago", "-0-1 -1 +0:00:00", "P-1M1D"},
    {"3 mons -00:00:01", "3 mons -00:00:01", "@ 3 mons -1 sec", "+0-3 +0 -0:00:01", "P3MT-1S"},
    {"@ 1 hour 30 minutes ago", "-01:30:00", "@ 1 hour 30 mins ago", "-1:30:00", "PT-1H-30M"},
    {"1 year -1 second", "1 year -00:00:01", "@ 1 year -1 sec", "+1-0 +0 -0:00:01", "P1YT-1S"},
    {"-1 second", "-00:00:01", "@ 1 sec ago", "-0:00:01", "PT-1S"},
    {"1 second", "00:00:01", "@ 1 sec", "0:00:01", "PT1S"},
    {"2 seconds", "00:00:02", "@ 2 secs", "0:00:02", "PT2S"},
    {"1.000001 seconds", "00:00:01.000001", "@ 1.000001 secs", "0:00:01.000001", "PT1.000001S"},
    {"-1 day -00:00:00.000001", "-1 days -00:00:00.000001", "@ 1 day 0.000001 secs ago", "-1 0:00:00.000001", "P-1DT-0.000001S"},
    {"100000 hours", "100000:00:00", "@ 100000 hours", "100000:00:00", "PT100000H"},
    {"1 day 1 second", "1 day 00:00:01", "@ 1 day 1 sec", "1 0:00:01", "P1DT1S"},
    {"1 year 1 day", "1 year 1 day", "@ 1 year 1 day", "+1-0 +1 +0:00:00", "P1Y1D"},
    {"-1 year", "-1 years", "@ 1 year ago", "-1-0", "P-1Y"},
    {"1 year", "1 year", "@ 1 year", "1-0", "P1Y"},
    {"00:00:00.5", "00:00:00.5", "@ 0.5 secs", "0:00:00.5", "PT0.5S"},
    {"-1 year +1 mon", "-11 mons", "@ 11 mons ago", "-0-11", "P-11M"},
    {"1 day 00:00:00.1", "1 day 00:00:00.1", "@ 1 day 0.1 secs", "1 0:00:00.1", "P1DT0.1S"},
    {"P1Y2M3DT4H5M6.5S", "1 year 2 mons 3 days 04:05:06.5", "@ 1 year 2 mons 3 days 4 hours 5 mins 6.5 secs", "+1-2 +3 +4:05:06.5", "P1Y2M3DT4H5M6.5S"},
    {"P0001-02-03T04:05:06", "1 year 2 mons 3 days 04:05:06", "@ 1 year 2 mons 3 days 4 hours 5 mins 6 secs", "+1-2 +3 +4:05:06", "P1Y2M3DT4H5M6S"},
};

TEST(IntervalType, PrintsEveryIntervalStyleAsPostgres15Does) {
  for (const style_row& row : style_rows) {
    SCOPED_TRACE(row.input);
    EXPECT_EQ(shown(row.input, -1, interval_style::postgres), row.postgres);
    EXPECT_EQ(shown(row.input, -1, interval_style::postgres_verbose), row.postgres_verbose);
    // A session in sql_standard style also reads its input so ("-1 mon 1 day" is
    // -1 mon -1 day there).
    EXPECT_EQ(shown(row.input, -1, interval_style::sql_standard, interval_style::sql_standard),
              row.sql_standard);
    EXPECT_EQ(shown(row.input, -1, interval_style::iso_8601), row.iso_8601);
  }
}

// ---- binary ----------------------------------------------------------------------

struct binary_row {
  const char* input;
  const char* interval_send_hex;
};

const binary_row binary_rows[] = {
    {"0", "00000000000000000000000000000000"},
    {"1 year 2 months 3 days 04:05:06.789", "000000036c97ca88000000030000000e"},
    {"-1 year -2 mons +3 days -04:05:06", "fffffffc93743f8000000003fffffff2"},
    {"1 day -1 hour", "ffffffff296c5c000000000100000000"},
    {"-1 day +1 hour", "00000000d693a400ffffffff00000000"},
    {"-0.5 seconds", "fffffffffff85ee00000000000000000"},
    {"25 hours", "00000014f46b04000000000000000000"},
    {"1.5 months", "00000000000000000000000f00000001"},
    {"14 months", "0000000000000000000000000000000e"},
    {"-14 months", "000000000000000000000000fffffff2"},
    {"-178000000 years", "00000000000000000000000080af3a00"},
    {"1 week", "00000000000000000000000700000000"},
    {"1 millisecond", "00000000000003e80000000000000000"},
    {"1.5 years", "00000000000000000000000000000012"},
    {"1.5 days", "0000000a0eebb0000000000100000000"},
    {"-1.5 days", "fffffff5f1145000ffffffff00000000"},
    {"1 mon -1 day", "0000000000000000ffffffff00000001"},
    {"-1 mon 1 day", "000000000000000000000001ffffffff"},
    {"3 mons -00:00:01", "fffffffffff0bdc00000000000000003"},
    {"@ 1 hour 30 minutes ago", "fffffffebe228a000000000000000000"},
    {"1 year -1 second", "fffffffffff0bdc0000000000000000c"},
    {"-1 second", "fffffffffff0bdc00000000000000000"},
    {"1 second", "00000000000f42400000000000000000"},
    {"2 seconds", "00000000001e84800000000000000000"},
    {"1.000001 seconds", "00000000000f42410000000000000000"},
    {"-1 day -00:00:00.000001", "ffffffffffffffffffffffff00000000"},
    {"100000 hours", "0001476b081e80000000000000000000"},
    {"1 day 1 second", "00000000000f42400000000100000000"},
    {"1 year 1 day", "0000000000000000000000010000000c"},
    {"-1 year", "000000000000000000000000fffffff4"},
    {"1 year", "0000000000000000000000000000000c"},
    {"00:00:00.5", "000000000007a1200000000000000000"},
    {"-1 year +1 mon", "000000000000000000000000fffffff5"},
    {"1 day 00:00:00.1", "00000000000186a00000000100000000"},
    {"P1Y2M3DT4H5M6.5S", "000000036c9361a0000000030000000e"},
    {"P0001-02-03T04:05:06", "000000036c8bc080000000030000000e"},
};

TEST(IntervalType, SendsWhatIntervalSendSends) {
  const column_type type = builtin_column_type(interval_oid);
  for (const binary_row& row : binary_rows) {
    SCOPED_TRACE(row.input);
    auto text = parse_interval_text(type, row.input, type_settings{});
    ASSERT_TRUE(text);
    EXPECT_EQ(to_hex(format_interval_binary(type, text.value())), row.interval_send_hex);
  }
}

TEST(IntervalType, ReceivesWhatIntervalSendSends) {
  const column_type type = builtin_column_type(interval_oid);
  for (const binary_row& row : binary_rows) {
    SCOPED_TRACE(row.input);
    auto binary = parse_interval_binary(type, from_hex(row.interval_send_hex));
    ASSERT_TRUE(binary);
    EXPECT_EQ(stored_of(binary.value()), stored(row.input));
    EXPECT_EQ(to_hex(format_interval_binary(type, binary.value())), row.interval_send_hex);
  }
}

TEST(IntervalType, BinaryOfAnyLengthButSixteenIsIncorrectBinaryData) {
  const column_type type = builtin_column_type(interval_oid);
  for (size_t length : {0, 8, 12, 15, 17, 32}) {
    auto r = parse_interval_binary(type, std::string(length, '\0'));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().sqlstate, "22P03");
    EXPECT_EQ(r.error().message, "incorrect binary data format");
  }
}

TEST(IntervalType, BinaryInputAppliesTheTypmod) {
  // 1 year 2 mons 3 days 04:05:06.789
  const std::string bytes = from_hex("000000036c97ca88000000030000000e");
  auto day = parse_interval_binary(builtin_column_type(interval_oid, typmod_day), bytes);
  ASSERT_TRUE(day);
  EXPECT_EQ(stored_of(day.value()), "14 3 0");
  auto rounded = parse_interval_binary(builtin_column_type(interval_oid, typmod_precision_2), bytes);
  ASSERT_TRUE(rounded);
  EXPECT_EQ(stored_of(rounded.value()), "14 3 14706790000");
}

TEST(IntervalType, KeepsPostgres17InfinitiesItReceives) {
  const column_type type = builtin_column_type(interval_oid);
  const std::string plus = from_hex("7fffffffffffffff7fffffff7fffffff");
  const std::string minus = from_hex("80000000000000008000000080000000");
  auto p = parse_interval_binary(type, plus);
  auto m = parse_interval_binary(type, minus);
  ASSERT_TRUE(p);
  ASSERT_TRUE(m);
  EXPECT_EQ(stored_of(p.value()), "2147483647 2147483647 9223372036854775807");
  for (auto s : {interval_style::postgres, interval_style::postgres_verbose,
                 interval_style::sql_standard, interval_style::iso_8601}) {
    EXPECT_EQ(format_interval_text(type, p.value(), style(s)), "infinity");
    EXPECT_EQ(format_interval_text(type, m.value(), style(s)), "-infinity");
  }
  EXPECT_EQ(format_interval_binary(type, p.value()), plus);
  EXPECT_EQ(format_interval_binary(type, m.value()), minus);
}

// ---- stored form -------------------------------------------------------------------

TEST(IntervalType, StoresMonthsDaysAndMicroseconds) {
  EXPECT_EQ(stored("1 year 2 months 3 days 04:05:06.789"), "14 3 14706789000");
  EXPECT_EQ(stored("-1 year -2 mons +3 days -04:05:06"), "-14 3 -14706000000");
  EXPECT_EQ(stored("0"), "0 0 0");
  EXPECT_EQ(stored("-9223372036854775808 us"), "0 0 -9223372036854775808");
  EXPECT_EQ(stored("-2147483648 days"), "0 -2147483648 0");
}

TEST(IntervalType, ShowsTextItDidNotStoreAsItIs) {
  const column_type type = builtin_column_type(interval_oid);
  EXPECT_EQ(format_interval_text(type, sql_value{std::string("one day")}, type_settings{}),
            "one day");
  EXPECT_EQ(format_interval_text(type, sql_value{int64_t{42}}, type_settings{}), "42");
  // Binary: the interval such text reads as, else zero.
  EXPECT_EQ(to_hex(format_interval_binary(type, sql_value{std::string("1 day")})),
            "00000000000000000000000100000000");
  EXPECT_EQ(to_hex(format_interval_binary(type, sql_value{std::string("one day")})),
            "00000000000000000000000000000000");
}

// ---- input forms ----------------------------------------------------------------------

struct input_row {
  const char* input;
  const char* postgres;  // printed in the postgres style, or the error
};

void expect_inputs(const std::vector<input_row>& rows, int32_t typmod = -1,
                   interval_style input_style = interval_style::postgres) {
  for (const input_row& row : rows) {
    SCOPED_TRACE(row.input);
    EXPECT_EQ(shown(row.input, typmod, interval_style::postgres, input_style), row.postgres);
  }
}

TEST(IntervalType, ReadsUnitWordsAbbreviationsAndPlurals) {
  expect_inputs({
      {"1 microsecond", "00:00:00.000001"}, {"2 microseconds", "00:00:00.000002"},
      {"1 us", "00:00:00.000001"},          {"1 usec", "00:00:00.000001"},
      {"1 usecond", "00:00:00.000001"},     {"1 millisecond", "00:00:00.001"},
      {"1 ms", "00:00:00.001"},             {"1 msec", "00:00:00.001"},
      {"1 msecond", "00:00:00.001"},        {"1 second", "00:00:01"},
      {"1 sec", "00:00:01"},                {"1 s", "00:00:01"},
      {"1 minute", "00:01:00"},             {"1 min", "00:01:00"},
      {"1 m", "00:01:00"},                  {"1 hour", "01:00:00"},
      {"1 hr", "01:00:00"},                 {"1 h", "01:00:00"},
      {"1 day", "1 day"},                   {"1 d", "1 day"},
      {"1 week", "7 days"},                 {"1 w", "7 days"},
      {"1 month", "1 mon"},                 {"1 mon", "1 mon"},
      {"1 year", "1 year"},                 {"1 yr", "1 year"},
      {"1 y", "1 year"},                    {"1 decade", "10 years"},
      {"1 dec", "10 years"},                {"1 century", "100 years"},
      {"1 centuries", "100 years"},         {"1 c", "100 years"},
      {"1 millennium", "1000 years"},       {"1 millennia", "1000 years"},
      {"1 mil", "1000 years"},              {"1 Days 2 HOURS", "1 day 02:00:00"},
      {"1d", "1 day"},                      {"1h30m", "01:30:00"},
  });
}

TEST(IntervalType, ReadsClockYearMonthAndDayTimeForms) {
  expect_inputs({
      {"04:05", "04:05:00"},
      {"04:05:06.789", "04:05:06.789"},
      {"1:2.5", "00:01:02.5"},  // m:s.f
      {"100000:00:00", "100000:00:00"},
      {"1:59:60", "02:00:00"},
      {"1-2", "1 year 2 mons"},
      {"-1-2", "-1 years -2 mons"},
      {"1-2 3 4:05:06", "1 year 2 mons 3 days 04:05:06"},
      {"3 4:05:06", "3 days 04:05:06"},
      {"1 +02:03", "1 day 02:03:00"},
      {"-1 -02:03", "-1 days -02:03:00"},
      {"1 2 hours", "1 day 02:00:00"},
      {"90", "00:01:30"},
      {"-0.5", "-00:00:00.5"},
      {".5", "00:00:00.5"},
      {"5.", "00:00:05"},
      {"- 5", "-00:00:05"},
      {"+5 days", "5 days"},
  });
}

TEST(IntervalType, ReadsAtSignAndAgo) {
  expect_inputs({
      {"@ 1 hour 30 minutes ago", "-01:30:00"},
      {"@ 1 day ago", "-1 days"},
      {"1 day -1 hour ago", "-1 days +01:00:00"},
      {"1 day ago 2 hours", "-1 days -02:00:00"},  // PostgreSQL 15 takes "ago" anywhere
      {"ago 1", "-00:00:01"},
  });
}

TEST(IntervalType, CascadesFractionsDown) {
  expect_inputs({
      {"1.5 years", "1 year 6 mons"},
      {"1.5 months", "1 mon 15 days"},
      {"0.5 mon", "15 days"},
      {"1.5 days", "1 day 12:00:00"},
      {"-1.5 days", "-1 days -12:00:00"},
      {"1.5 weeks", "10 days 12:00:00"},
      {"0.5 millennium", "500 years"},
      {"1.000001 seconds", "00:00:01.000001"},
      {"0.0000005 sec", "00:00:00"},  // a half microsecond truncates
      {"0.0000015 sec", "00:00:00.000001"},
      {"0:0:0.9999999", "00:00:01"},
      {"0:0:0.99999949", "00:00:00.999999"},
  });
}

TEST(IntervalType, ReadsIso8601) {
  expect_inputs({
      {"P1Y2M3DT4H5M6S", "1 year 2 mons 3 days 04:05:06"},
      {"P1Y2M3DT4H5M6.5S", "1 year 2 mons 3 days 04:05:06.5"},
      {"P0001-02-03T04:05:06", "1 year 2 mons 3 days 04:05:06"},
      {"P0001-02-03T04:05:06.5", "1 year 2 mons 3 days 04:05:06.5"},
      {"P00010203T040506", "1 year 2 mons 3 days 04:05:06"},
      {"P0001-02", "1 year 2 mons"},
      {"PT04:05", "04:05:00"},
      {"P1W", "7 days"},
      {"P1.5Y", "1 year 6 mons"},
      {"PT1.5H", "01:30:00"},
      {"P-1Y", "-1 years"},
      {"P1Y-2M", "10 mons"},
      {"P1e2D", "100 days"},
      {"P1Y2Y", "3 years"},
      {"PT", "00:00:00"},
  });
}

TEST(IntervalType, KeepsPostgres15QuirksOfTheGeneralSyntax) {
  expect_inputs({
      {"1 day hour", "1 day"},              // a unit without a number is ignored
      {"1 day qtr", "1 day"},
      {"1 h1", "01:00:01"},                 // "h" is a keyword: "1" after it is its own field
      {"5 dec5", "50 years 00:00:05"},
      {"5 d+1", "5 days 00:00:01"},
      {"1::2", "01:00:02"},
      {"1:.5", "00:01:00.5"},
      {"1 millisecondsfoo", "00:00:00.001"},  // words compare on 10 letters
      {"1 microsecondsxyz", "00:00:00.000001"},
      {"02:00 1.5 days", "1 day 02:00:00"},   // the clock replaces the day's fraction
      {"1.5 days 02:00", "1 day 14:00:00"},
      {"1,day", "1 day"},
      {":5", "00:00:05"},
      {"P0x1AY", "26 years"},               // ISO numbers are read by strtod
  });
}

TEST(IntervalType, SqlStandardStyleAppliesALeadingMinusToEveryField) {
  struct row {
    const char* input;
    const char* sql_standard;
  };
  for (const row& r : std::vector<row>{
           {"-1 1:00:00", "-1 1:00:00"},
           {"-1 2:03:04.5", "-1 2:03:04.5"},
           {"-1 day 2 hours", "-1 2:00:00"},
           {"-1 +1:00:00", "+0-0 -1 +1:00:00"},  // another sign: each field its own
           {"-1-2 3", "-1-2 +0 -0:00:03"},
           {"-1-2 -3 4:05:06", "-1-2 -3 +4:05:06"},
       }) {
    SCOPED_TRACE(r.input);
    EXPECT_EQ(shown(r.input, -1, interval_style::sql_standard, interval_style::sql_standard),
              r.sql_standard);
  }
  EXPECT_EQ(shown("-1 1:00:00", -1, interval_style::postgres, interval_style::postgres),
            "-1 days +01:00:00");
}

}  // namespace
}  // namespace tributary
