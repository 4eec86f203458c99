// The date, timestamp and timestamptz types: stored forms, session zones,
// BC dates, infinities, range limits, typmods, binary forms and errors.
// Every expected text was printed by a real PostgreSQL 15.18 for the same
// input and settings (more rows: test_type_datetime_postgres_cases.cpp).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>

#include "tests/datetime_test_support.hpp"

namespace tributary {
namespace {

constexpr oid_t date_oid = 1082;
constexpr oid_t timestamp_oid = 1114;
constexpr oid_t timestamptz_oid = 1184;
constexpr int64_t int64_max = std::numeric_limits<int64_t>::max();
constexpr int64_t int64_min = std::numeric_limits<int64_t>::min();

type_settings in_zone(std::string zone) {
  type_settings settings;
  settings.time_zone = std::move(zone);
  return settings;
}

int64_t stored(oid_t oid, std::string_view text, const type_settings& settings = {},
               int32_t typmod = -1) {
  const column_type type = builtin_column_type(oid, typmod);
  auto value = datetime_member_codec(type).parse_text(type, text, settings);
  EXPECT_TRUE(value.ok()) << text << ": " << (value.ok() ? "" : value.error().message);
  return value.ok() ? std::get<int64_t>(*value) : 0;
}

std::string printed(oid_t oid, std::string_view text, const type_settings& settings = {},
                    int32_t typmod = -1) {
  const column_type type = builtin_column_type(oid, typmod);
  const type_codec& codec = datetime_member_codec(type);
  auto value = codec.parse_text(type, text, settings);
  if (!value)
    return "ERROR " + value.error().message;
  return codec.format_text(type, *value, settings);
}

pg_error error_of(oid_t oid, std::string_view text, const type_settings& settings = {}) {
  const column_type type = builtin_column_type(oid);
  auto value = datetime_member_codec(type).parse_text(type, text, settings);
  EXPECT_FALSE(value.ok()) << text;
  return value.ok() ? pg_error{} : value.error();
}

std::string hex(const std::string& bytes) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

std::string unhex(std::string_view text) {
  std::string out;
  for (size_t i = 0; i + 1 < text.size(); i += 2)
    out += static_cast<char>(std::stoi(std::string(text.substr(i, 2)), nullptr, 16));
  return out;
}

TEST(TimestamptzType, PrintsTheIssuesValueInTheSessionZone) {
  const std::string input = "2024-02-29 06:45:30-05";
  EXPECT_EQ(printed(timestamptz_oid, input, in_zone("America/New_York")), "2024-02-29 06:45:30-05");
  EXPECT_EQ(printed(timestamptz_oid, input, in_zone("UTC")), "2024-02-29 11:45:30+00");
  EXPECT_EQ(printed(timestamptz_oid, input, in_zone("Asia/Kolkata")), "2024-02-29 17:15:30+05:30");
  // The stored instant does not depend on the session zone.
  EXPECT_EQ(stored(timestamptz_oid, input, in_zone("America/New_York")),
            stored(timestamptz_oid, input, in_zone("Asia/Kolkata")));
}

TEST(TimestamptzType, StoresMicrosecondsSince2000Utc) {
  EXPECT_EQ(stored(timestamptz_oid, "2000-01-01 00:00:00+00"), 0);
  EXPECT_EQ(stored(timestamptz_oid, "2000-01-01 00:00:00.000001+00"), 1);
  EXPECT_EQ(stored(timestamptz_oid, "2000-01-01 05:30:00+05:30"), 0);
  EXPECT_EQ(stored(timestamptz_oid, "epoch"), -946'684'800'000'000);
  EXPECT_EQ(stored(timestamptz_oid, "2000-01-01 00:00", in_zone("America/New_York")),
            5 * 3'600'000'000LL);
}

TEST(TimestampType, StoresWallClockAndDropsAZone) {
  EXPECT_EQ(stored(timestamp_oid, "2000-01-01 00:00:00"), 0);
  EXPECT_EQ(stored(timestamp_oid, "2000-01-01 00:00:00+05", in_zone("America/New_York")), 0);
  EXPECT_EQ(printed(timestamp_oid, "2024-01-01 12:00 America/New_York"), "2024-01-01 12:00:00");
}

TEST(DateType, StoresDaysSince2000) {
  EXPECT_EQ(stored(date_oid, "2000-01-01"), 0);
  EXPECT_EQ(stored(date_oid, "1999-12-31"), -1);
  EXPECT_EQ(stored(date_oid, "2024-02-29"), 8825);
  EXPECT_EQ(stored(date_oid, "0001-01-01"), -730'119);
  EXPECT_EQ(stored(date_oid, "4714-11-24 BC"), -2'451'545);
  EXPECT_EQ(stored(date_oid, "5874897-12-31"), 2'145'031'948);
  EXPECT_EQ(stored(date_oid, "epoch"), -10'957);
}

TEST(DateType, InfinitiesOrderOutsideEveryDate) {
  const int64_t minus_infinity = stored(date_oid, "-infinity");
  const int64_t infinity = stored(date_oid, "infinity");
  EXPECT_EQ(minus_infinity, std::numeric_limits<int32_t>::min());
  EXPECT_EQ(infinity, std::numeric_limits<int32_t>::max());
  EXPECT_LT(minus_infinity, stored(date_oid, "4714-11-24 BC"));
  EXPECT_GT(infinity, stored(date_oid, "5874897-12-31"));
  EXPECT_EQ(printed(date_oid, "-infinity"), "-infinity");
  EXPECT_EQ(printed(date_oid, "INFINITY"), "infinity");
}

TEST(TimestampType, InfinitiesOrderOutsideEveryTimestamp) {
  for (oid_t oid : {timestamp_oid, timestamptz_oid}) {
    EXPECT_EQ(stored(oid, "-infinity"), int64_min);
    EXPECT_EQ(stored(oid, "infinity"), int64_max);
    EXPECT_LT(stored(oid, "-infinity"), stored(oid, "4714-11-24 00:00:00+00 BC"));
    EXPECT_GT(stored(oid, "infinity"), stored(oid, "294276-12-31 23:59:59.999999+00"));
  }
  EXPECT_EQ(printed(timestamptz_oid, "infinity", in_zone("Asia/Kolkata")), "infinity");
}

TEST(TimestampType, BcDatesPrintTheSuffixAfterEverything) {
  EXPECT_EQ(printed(timestamp_oid, "0044-03-15 10:00 BC"), "0044-03-15 10:00:00 BC");
  EXPECT_EQ(printed(timestamptz_oid, "0044-03-15 10:00 BC", in_zone("America/New_York")),
            "0044-03-15 10:00:00-04:56:02 BC");
  EXPECT_EQ(printed(date_oid, "0001-01-01 BC"), "0001-01-01 BC");
  // The day before 0001-01-01 is 0001-12-31 BC: there is no year zero.
  EXPECT_EQ(stored(date_oid, "0001-12-31 BC") + 1, stored(date_oid, "0001-01-01"));
  EXPECT_EQ(printed(timestamp_oid, "10000-01-01"), "10000-01-01 00:00:00");
}

TEST(TimestamptzType, UsesLocalMeanTimeBeforeStandardTime) {
  const auto new_york = in_zone("America/New_York");
  EXPECT_EQ(printed(timestamptz_oid, "1883-11-18 11:00", new_york), "1883-11-18 11:00:00-04:56:02");
  // 12:00 local is both before and after noon of 17:00 UTC: the later offset wins.
  EXPECT_EQ(printed(timestamptz_oid, "1883-11-18 12:00", new_york), "1883-11-18 12:00:00-05");
  EXPECT_EQ(printed(timestamptz_oid, "1883-11-18 17:00+00", new_york), "1883-11-18 12:00:00-05");
  EXPECT_EQ(printed(timestamptz_oid, "1883-11-18 16:59:59+00", new_york),
            "1883-11-18 12:03:57-04:56:02");
}

TEST(TimestamptzType, LocalTimeInASpringForwardGapTakesTheOffsetFromBefore) {
  EXPECT_EQ(printed(timestamptz_oid, "2024-03-10 02:30", in_zone("America/New_York")),
            "2024-03-10 03:30:00-04");
  EXPECT_EQ(printed(timestamptz_oid, "2024-03-31 01:30", in_zone("Europe/London")),
            "2024-03-31 02:30:00+01");
}

TEST(TimestamptzType, LocalTimeInAFallBackOverlapTakesTheOffsetFromAfter) {
  EXPECT_EQ(printed(timestamptz_oid, "2024-11-03 01:30", in_zone("America/New_York")),
            "2024-11-03 01:30:00-05");
  EXPECT_EQ(printed(timestamptz_oid, "2024-10-27 01:30", in_zone("Europe/London")),
            "2024-10-27 01:30:00+00");
  // An abbreviation in the text says which of the two is meant.
  EXPECT_EQ(printed(timestamptz_oid, "2024-11-03 01:30 EDT", in_zone("America/New_York")),
            "2024-11-03 01:30:00-04");
}

TEST(TimestamptzType, FollowsTheZoneRuleLineAfterTheLastListedTransition) {
  EXPECT_EQ(printed(timestamptz_oid, "2040-07-01 12:00+00", in_zone("America/New_York")),
            "2040-07-01 08:00:00-04");
  EXPECT_EQ(printed(timestamptz_oid, "2300-07-01 12:00+00", in_zone("America/New_York")),
            "2300-07-01 08:00:00-04");
}

TEST(TimestamptzType, SessionZoneMayBeAnOffsetOrAPosixString) {
  const std::string input = "2024-02-29 06:45:30+00";
  EXPECT_EQ(printed(timestamptz_oid, input, in_zone("-8")), "2024-02-28 22:45:30-08");
  EXPECT_EQ(printed(timestamptz_oid, input, in_zone("5.5")), "2024-02-29 12:15:30+05:30");
  EXPECT_EQ(printed(timestamptz_oid, input, in_zone("UTC+5")), "2024-02-29 01:45:30-05");
  EXPECT_EQ(printed(timestamptz_oid, input, in_zone("XYZ-3ABC,M10.1.0,M3.5.0/3")),
            "2024-02-29 10:45:30+04");
  EXPECT_EQ(printed(timestamptz_oid, input, in_zone("america/new_york")), "2024-02-29 01:45:30-05");
  // A setting that names no zone (the session would have refused it): UTC.
  EXPECT_EQ(printed(timestamptz_oid, input, in_zone("Bogus/Zone")), "2024-02-29 06:45:30+00");
}

TEST(TimestampType, TypmodRoundsHalfAwayFromZero) {
  EXPECT_EQ(printed(timestamp_oid, "2024-02-29 12:00:30.5", {}, 0), "2024-02-29 12:00:31");
  EXPECT_EQ(printed(timestamp_oid, "2024-02-29 12:00:30.4999", {}, 0), "2024-02-29 12:00:30");
  EXPECT_EQ(printed(timestamp_oid, "0001-01-01 00:00:00.5 BC", {}, 0), "0001-01-01 00:00:00 BC");
  // Away from zero of the stored value, which counts from 2000-01-01.
  EXPECT_EQ(printed(timestamp_oid, "2000-01-01 00:00:00.005", {}, 2), "2000-01-01 00:00:00.01");
  EXPECT_EQ(printed(timestamp_oid, "1999-12-31 23:59:59.995", {}, 2), "1999-12-31 23:59:59.99");
  EXPECT_EQ(printed(timestamptz_oid, "2024-02-29 12:00:30.5+05", {}, 0), "2024-02-29 07:00:31+00");
  EXPECT_EQ(printed(timestamp_oid, "infinity", {}, 0), "infinity");
}

TEST(TimestampType, FractionBeyondMicrosecondsRoundsToEven) {
  // PostgreSQL rounds the parsed fraction with rint().
  EXPECT_EQ(printed(timestamp_oid, "2024-02-29 12:00:00.1234565"), "2024-02-29 12:00:00.123456");
  EXPECT_EQ(printed(timestamp_oid, "2024-02-29 12:00:00.0000005"), "2024-02-29 12:00:00");
  EXPECT_EQ(printed(timestamp_oid, "2024-02-29 23:59:59.9999999"), "2024-03-01 00:00:00");
}

TEST(DateTimeInput, TodayTomorrowYesterdayAndNowFollowTheClock) {
  const auto utc = in_zone("UTC");
  const int64_t today = stored(date_oid, "today", utc);
  EXPECT_EQ(stored(date_oid, "tomorrow", utc), today + 1);
  EXPECT_EQ(stored(date_oid, "yesterday", utc), today - 1);
  const int64_t now = stored(timestamptz_oid, "now", utc);
  const int64_t clock = std::chrono::duration_cast<std::chrono::microseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count() -
                        946'684'800'000'000;
  EXPECT_LT(std::llabs(now - clock), 5'000'000);
  EXPECT_EQ(stored(timestamp_oid, "today", utc), today * 86'400'000'000);
}

TEST(DateTimeInput, ErrorsCarryPostgresSqlstateAndWording) {
  const pg_error syntax = error_of(timestamptz_oid, "x");
  EXPECT_EQ(syntax.sqlstate, "22007");
  EXPECT_EQ(syntax.message, "invalid input syntax for type timestamp with time zone: \"x\"");

  const pg_error field = error_of(date_oid, "2024-02-30");
  EXPECT_EQ(field.sqlstate, "22008");
  EXPECT_EQ(field.message, "date/time field value out of range: \"2024-02-30\"");
  EXPECT_EQ(field.hint, "");

  const pg_error order = error_of(date_oid, "13/01/2024");
  EXPECT_EQ(order.sqlstate, "22008");
  EXPECT_EQ(order.hint, "Perhaps you need a different \"datestyle\" setting.");

  const pg_error zone = error_of(timestamptz_oid, "2024-01-01 12:00 Nowhere/Bogus");
  EXPECT_EQ(zone.sqlstate, "22023");
  EXPECT_EQ(zone.message, "time zone \"nowhere/bogus\" not recognized");

  const pg_error displacement = error_of(timestamptz_oid, "2024-01-01 12:00 +16");
  EXPECT_EQ(displacement.sqlstate, "22009");
  EXPECT_EQ(displacement.message, "time zone displacement out of range: \"2024-01-01 12:00 +16\"");

  const pg_error date_range = error_of(date_oid, "5874898-01-01");
  EXPECT_EQ(date_range.sqlstate, "22008");
  EXPECT_EQ(date_range.message, "date out of range: \"5874898-01-01\"");

  const pg_error timestamp_range = error_of(timestamp_oid, "294277-01-01");
  EXPECT_EQ(timestamp_range.sqlstate, "22008");
  EXPECT_EQ(timestamp_range.message, "timestamp out of range: \"294277-01-01\"");

  EXPECT_EQ(error_of(timestamp_oid, "0000-01-01").sqlstate, "22008");  // no year zero
  EXPECT_EQ(error_of(timestamp_oid, "current").sqlstate, "22007");
}

TEST(DateTimeBinary, SendFormsAreWhatPostgresSends) {
  const column_type date = builtin_column_type(date_oid);
  const column_type timestamp = builtin_column_type(timestamp_oid);
  const column_type timestamptz = builtin_column_type(timestamptz_oid);
  EXPECT_EQ(hex(format_date_binary(date, stored(date_oid, "2024-02-29"))), "00002279");
  EXPECT_EQ(hex(format_date_binary(date, stored(date_oid, "infinity"))), "7fffffff");
  EXPECT_EQ(hex(format_date_binary(date, stored(date_oid, "-infinity"))), "80000000");
  EXPECT_EQ(hex(format_date_binary(date, stored(date_oid, "0044-03-15 BC"))), "fff49d7b");
  const auto sent = [](const column_type& type, std::string_view text) {
    return hex(format_timestamp_binary(type, stored(type.oid, text)));
  };
  EXPECT_EQ(sent(timestamp, "2024-02-29 13:45:30.123456"), "0002b5843dc614c0");
  EXPECT_EQ(sent(timestamptz, "2024-02-29 06:45:30-05"), "0002b582909cea80");
  EXPECT_EQ(sent(timestamp, "-infinity"), "8000000000000000");
  EXPECT_EQ(sent(timestamp, "4714-11-24 00:00:00 BC"), "fd0f7cc1411fa000");
}

TEST(DateTimeBinary, ReceiveChecksRangeThenRoundsToTypmod) {
  const column_type date = builtin_column_type(date_oid);
  auto day = parse_date_binary(date, unhex("00002279"));
  ASSERT_TRUE(day.ok());
  EXPECT_EQ(format_date_text(date, *day, {}), "2024-02-29");
  EXPECT_TRUE(parse_date_binary(date, unhex("7fffffff")).ok());
  const auto date_range = parse_date_binary(date, unhex("7ffffffe"));
  ASSERT_FALSE(date_range.ok());
  EXPECT_EQ(date_range.error().sqlstate, "22008");
  EXPECT_EQ(date_range.error().message, "date out of range");

  const column_type timestamp0 = builtin_column_type(timestamp_oid, 0);
  auto rounded = parse_timestamp_binary(timestamp0, unhex("0002b5843dc614c0"));
  ASSERT_TRUE(rounded.ok());
  EXPECT_EQ(format_timestamp_text(timestamp0, *rounded, {}), "2024-02-29 13:45:30");
  const auto timestamp_range =
      parse_timestamp_binary(builtin_column_type(timestamp_oid), unhex("7ffffffffffffffe"));
  ASSERT_FALSE(timestamp_range.ok());
  EXPECT_EQ(timestamp_range.error().message, "timestamp out of range");

  const auto short_value = parse_timestamp_binary(timestamp0, unhex("0002b584"));
  ASSERT_FALSE(short_value.ok());
  EXPECT_EQ(short_value.error().sqlstate, "22P03");
  EXPECT_EQ(parse_date_binary(date, unhex("0000227900")).error().sqlstate, "22P03");
}

TEST(DateTimeOutput, ValuesStoredByAnotherToolStillPrint) {
  const column_type date = builtin_column_type(date_oid);
  const column_type timestamptz = builtin_column_type(timestamptz_oid);
  EXPECT_EQ(format_date_text(date, sql_value{std::string("not a date")}, {}), "not a date");
  EXPECT_EQ(format_date_text(date, sql_value{std::string("8825")}, {}), "2024-02-29");
  EXPECT_EQ(format_date_text(date, sql_value{8825.7}, {}), "2024-02-29");
  EXPECT_EQ(format_timestamp_text(timestamptz, sql_value{int64_t{0}}, in_zone("Asia/Kolkata")),
            "2000-01-01 05:30:00+05:30");
}

// The ISO text a publisher sends is read by a short path; the general decoder
// (reached here by a leading blank, which PostgreSQL ignores) must give the
// same stored value or the same error for every such text, near-misses too.
TEST(DateTimeInput, TheIsoFormPublishersSendReadsAsTheGeneralDecoderReadsIt) {
  auto same = [](oid_t oid, int32_t typmod, const std::string& text, const type_settings& settings) {
    const column_type type = builtin_column_type(oid, typmod);
    auto quick = parse_timestamp_text(type, text, settings);
    auto general = parse_timestamp_text(type, " " + text, settings);
    ASSERT_EQ(quick.ok(), general.ok()) << text;
    if (quick.ok())
      EXPECT_EQ(*quick, *general) << text << " typmod " << typmod;
    else
      EXPECT_EQ(quick.error().sqlstate, general.error().sqlstate) << text;
  };
  const type_settings kolkata = in_zone("Asia/Kolkata");
  uint64_t seed = 12345;
  auto next = [&](uint64_t bound) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (seed >> 33) % bound;
  };
  const char* zones[] = {"+00", "-03", "+05:30", "-09:30", "+00:53:28", "+15", "+14:59:59", "-12:00"};
  char buffer[64];
  for (int i = 0; i < 4000; ++i) {
    std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02d %02d:%02d:%02d", static_cast<int>(1 + next(9999)),
                  static_cast<int>(1 + next(12)), static_cast<int>(1 + next(28)), static_cast<int>(next(24)),
                  static_cast<int>(next(60)), static_cast<int>(next(60)));
    std::string text = buffer;
    if (next(3) != 0) {
      const int digits = static_cast<int>(1 + next(6));
      text += '.';
      for (int d = 0; d < digits; ++d)
        text += static_cast<char>('0' + next(10));
    }
    const int32_t typmod = next(3) == 0 ? static_cast<int32_t>(next(7)) : -1;
    same(timestamp_oid, typmod, text, kolkata);
    same(timestamptz_oid, typmod, text + zones[next(8)], kolkata);
  }
  for (const char* text : {"2024-02-29 23:59:59.999999+00", "2023-02-29 00:00:00+00", "2024-04-31 00:00:00+00",
                           "0000-01-01 00:00:00+00", "2024-01-01 24:00:00+00", "2024-01-01 00:60:00+00",
                           "2024-01-01 00:00:60+00", "2024-01-01 00:00:00+16", "2024-01-01 00:00:00+05:60",
                           "2024-01-01 00:00:00.1234567+00", "2024-01-01 00:00:00.+00", "2024-01-01 00:00:00+0530",
                           "2024-01-01 00:00:00+05:3", "2024-01-01 00:00:00", "2024-01-01 00:00:00 BC+00",
                           "9999-12-31 23:59:59.999999-15:59:59", "0001-01-01 00:00:00+15"}) {
    same(timestamptz_oid, -1, text, kolkata);
    same(timestamp_oid, -1, text, kolkata);
    same(timestamptz_oid, 2, text, kolkata);
  }
}

}  // namespace
}  // namespace tributary
