// Tests of the interval type (type_interval.cpp and the interval_* files it uses).
// Every expected text, value and error below was printed by a PostgreSQL 15.18
// server (select '<input>'::interval[typmod], interval_send, ORDER BY) in each
// IntervalStyle.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "stages/types/datetime/interval_value.hpp"
#include "stages/types/stored_order.hpp"
#include "stages/types/datetime/type_interval.hpp"

namespace tributary {
namespace {

constexpr oid_t interval_oid = 1186;

// Typmods as pg_attribute.atttypmod shows them.
constexpr int32_t typmod_year = 327679;                  // interval year
constexpr int32_t typmod_month = 196607;                 // interval month
constexpr int32_t typmod_day = 589823;                   // interval day
constexpr int32_t typmod_hour = 67174399;                // interval hour
constexpr int32_t typmod_minute = 134283263;             // interval minute
constexpr int32_t typmod_second = 268500991;             // interval second
constexpr int32_t typmod_year_to_month = 458751;         // interval year to month
constexpr int32_t typmod_day_to_hour = 67698687;         // interval day to hour
constexpr int32_t typmod_day_to_minute = 201916415;      // interval day to minute
constexpr int32_t typmod_day_to_second = 470351871;      // interval day to second
constexpr int32_t typmod_hour_to_minute = 201392127;     // interval hour to minute
constexpr int32_t typmod_hour_to_second = 469827583;     // interval hour to second
constexpr int32_t typmod_minute_to_second = 402718719;   // interval minute to second
constexpr int32_t typmod_precision_0 = 2147418112;       // interval(0)
constexpr int32_t typmod_precision_2 = 2147418114;       // interval(2)
constexpr int32_t typmod_second_3 = 268435459;           // interval second(3)
constexpr int32_t typmod_day_to_second_1 = 470286337;    // interval day to second(1)
constexpr int32_t typmod_minute_to_second_0 = 402653184; // interval minute to second(0)

type_settings style(interval_style s) {
  type_settings settings;
  settings.intervals = s;
  return settings;
}

// The stored form of a text input, or "ERROR <sqlstate> <message>".
std::string stored(std::string_view text, int32_t typmod = -1,
                   interval_style input_style = interval_style::postgres) {
  auto r = parse_interval_text(builtin_column_type(interval_oid, typmod), text, style(input_style));
  if (!r)
    return "ERROR " + r.error().sqlstate + " " + r.error().message;
  return std::get<std::string>(r.value());
}

// What PostgreSQL prints for '<text>'::interval in the given style.
std::string shown(std::string_view text, int32_t typmod = -1,
                  interval_style output_style = interval_style::postgres,
                  interval_style input_style = interval_style::postgres) {
  const column_type type = builtin_column_type(interval_oid, typmod);
  auto r = parse_interval_text(type, text, style(input_style));
  if (!r)
    return "ERROR " + r.error().sqlstate + " " + r.error().message;
  return format_interval_text(type, r.value(), style(output_style));
}

std::string from_hex(std::string_view hex) {
  std::string out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2)
    out += static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16));
  return out;
}

std::string to_hex(std::string_view bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

std::string stored_of(const sql_value& v) { return std::get<std::string>(v); }

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
