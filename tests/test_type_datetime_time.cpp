// The time and timetz types: stored forms, 24:00:00, typmods, the timetz key's
// order (PostgreSQL's ORDER BY) and exact decoding, binary forms and errors.
// Every expected text and byte string was printed by a real PostgreSQL 15.18.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "tests/datetime_test_support.hpp"

namespace tributary {
namespace {

constexpr oid_t time_oid = 1083;
constexpr oid_t timetz_oid = 1266;

type_settings in_zone(std::string zone) {
  type_settings settings;
  settings.time_zone = std::move(zone);
  return settings;
}

result<sql_value, pg_error> parsed(oid_t oid, std::string_view text,
                                   const type_settings& settings = {}, int32_t typmod = -1) {
  return parse_time_text(builtin_column_type(oid, typmod), text, settings);
}

int64_t stored(oid_t oid, std::string_view text, const type_settings& settings = {}) {
  auto value = parsed(oid, text, settings);
  EXPECT_TRUE(value.ok()) << text;
  return value.ok() ? std::get<int64_t>(*value) : 0;
}

std::string printed(oid_t oid, std::string_view text, const type_settings& settings = {},
                    int32_t typmod = -1) {
  auto value = parsed(oid, text, settings, typmod);
  if (!value)
    return "ERROR " + value.error().message;
  return format_time_text(builtin_column_type(oid, typmod), *value, settings);
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

TEST(TimeType, StoresMicrosecondsOfTheDay) {
  EXPECT_EQ(stored(time_oid, "00:00"), 0);
  EXPECT_EQ(stored(time_oid, "13:45:30.5"), 49'530'500'000);
  EXPECT_EQ(stored(time_oid, "allballs"), 0);
  EXPECT_EQ(stored(time_oid, "2024-02-29 04:05:06 PST"), 14'706'000'000);  // date and zone dropped
}

TEST(TimeType, TwentyFourHundredIsTheLastTimeOfTheDay) {
  EXPECT_EQ(stored(time_oid, "24:00:00"), 86'400'000'000);
  EXPECT_EQ(printed(time_oid, "24:00:00"), "24:00:00");
  EXPECT_EQ(printed(time_oid, "23:59:59.9999999"), "24:00:00");
  EXPECT_EQ(printed(time_oid, "12:59:60.5"), "13:00:00.5");
  const auto beyond = parsed(time_oid, "24:00:01");
  ASSERT_FALSE(beyond.ok());
  EXPECT_EQ(beyond.error().sqlstate, "22008");
  EXPECT_EQ(beyond.error().message, "date/time field value out of range: \"24:00:01\"");
}

TEST(TimeType, AcceptsPostgresTimeForms) {
  EXPECT_EQ(printed(time_oid, "040506"), "04:05:06");
  EXPECT_EQ(printed(time_oid, "0405"), "04:05:00");
  EXPECT_EQ(printed(time_oid, "4:05 PM"), "16:05:00");
  EXPECT_EQ(printed(time_oid, "12:00 AM"), "00:00:00");
  EXPECT_EQ(printed(time_oid, "12:34.5"), "00:12:34.5");  // mm:ss.f
  EXPECT_EQ(printed(time_oid, "T12:00"), "12:00:00");
  EXPECT_EQ(printed(time_oid, "12:00:00."), "12:00:00");
}

TEST(TimeType, TypmodRoundsHalfAwayFromZero) {
  EXPECT_EQ(printed(time_oid, "23:59:59.5", {}, 0), "24:00:00");
  EXPECT_EQ(printed(time_oid, "12:00:00.5", {}, 0), "12:00:01");
  EXPECT_EQ(printed(time_oid, "12:00:00.0005", {}, 3), "12:00:00.001");
  EXPECT_EQ(printed(timetz_oid, "23:59:59.5+03", {}, 0), "24:00:00+03");
  EXPECT_EQ(printed(timetz_oid, "12:00:00.125-01", {}, 2), "12:00:00.13-01");
}

TEST(TimetzType, KeepsTheZoneOfTheText) {
  EXPECT_EQ(printed(timetz_oid, "04:05:06+05:30"), "04:05:06+05:30");
  EXPECT_EQ(printed(timetz_oid, "04:05:06-8"), "04:05:06-08");
  EXPECT_EQ(printed(timetz_oid, "04:05:06 PST"), "04:05:06-08");
  EXPECT_EQ(printed(timetz_oid, "00:00:00+15:59:59"), "00:00:00+15:59:59");
  EXPECT_EQ(printed(timetz_oid, "12:00 Etc/GMT+5"), "12:00:00-05");
  EXPECT_EQ(printed(timetz_oid, "12:00 UTC+25"), "12:00:00-25");
  EXPECT_EQ(printed(timetz_oid, "allballs", in_zone("America/New_York")), "00:00:00+00");
}

TEST(TimetzType, ANamedZoneNeedsADateUnlessItNeverChanged) {
  EXPECT_EQ(printed(timetz_oid, "2024-07-01 12:00 America/New_York"), "12:00:00-04");
  EXPECT_EQ(printed(timetz_oid, "2024-01-01 12:00 America/New_York"), "12:00:00-05");
  const auto without_date = parsed(timetz_oid, "12:00 America/New_York");
  ASSERT_FALSE(without_date.ok());
  EXPECT_EQ(without_date.error().sqlstate, "22007");
  EXPECT_EQ(without_date.error().message,
            "invalid input syntax for type time with time zone: \"12:00 America/New_York\"");
  const auto unknown = parsed(timetz_oid, "12:00 Nowhere/Bogus");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().sqlstate, "22023");
  EXPECT_EQ(unknown.error().message, "time zone \"nowhere/bogus\" not recognized");
}

TEST(TimetzType, WithoutAZoneTakesTheSessionZone) {
  EXPECT_EQ(printed(timetz_oid, "12:00", in_zone("-8")), "12:00:00-08");
  EXPECT_EQ(printed(timetz_oid, "12:00", in_zone("5.5")), "12:00:00+05:30");
  EXPECT_EQ(printed(timetz_oid, "2024-07-01 12:00", in_zone("America/New_York")), "12:00:00-04");
  EXPECT_EQ(printed(timetz_oid, "2024-07-01 12:00", in_zone("XYZ-3ABC,M10.1.0,M3.5.0/3")),
            "12:00:00+03");
}

TEST(TimetzType, KeysSortAsPostgresOrdersTimetz) {
  // SELECT x FROM (VALUES ...) v(x) ORDER BY x on PostgreSQL 15.18.
  const std::vector<std::string> postgres_order = {
      "00:00+15:59",        "06:30+05:30", "01:00-00:00:01", "12:00+01",
      "11:00+00",           "11:00:00-00", "10:00-01",       "12:00:00.000001+01",
      "12:00+00",           "23:59:59.999999+00", "24:00-15:59"};
  std::vector<int64_t> keys;
  for (const auto& text : postgres_order)
    keys.push_back(stored(timetz_oid, text));
  EXPECT_TRUE(std::is_sorted(keys.begin(), keys.end()));
  // Same UTC time, different zones: not equal, the zone further west later.
  EXPECT_LT(stored(timetz_oid, "12:00+01"), stored(timetz_oid, "11:00+00"));
  EXPECT_LT(stored(timetz_oid, "11:00+00"), stored(timetz_oid, "10:00-01"));
  EXPECT_EQ(stored(timetz_oid, "11:00+00"), stored(timetz_oid, "11:00:00-00"));
}

TEST(TimetzType, KeyDecodesExactly) {
  for (int64_t time : {int64_t{0}, int64_t{1}, int64_t{49'530'500'000}, int64_t{86'400'000'000}}) {
    for (int32_t zone : {-57'599, -19'800, -1, 0, 1, 3'600, 57'599, 604'799, -604'799}) {
      const timetz_value decoded = timetz_from_key(timetz_key({time, zone}));
      EXPECT_EQ(decoded.time_usecs, time);
      EXPECT_EQ(decoded.zone_seconds_west, zone);
    }
  }
}

TEST(TimeBinary, SendFormsAreWhatPostgresSends) {
  const column_type time = builtin_column_type(time_oid);
  const column_type timetz = builtin_column_type(timetz_oid);
  EXPECT_EQ(hex(format_time_binary(time, stored(time_oid, "24:00:00"))), "000000141dd76000");
  EXPECT_EQ(hex(format_time_binary(time, stored(time_oid, "13:45:30.5"))), "0000000b883f73a0");
  EXPECT_EQ(hex(format_time_binary(timetz, stored(timetz_oid, "13:45:30.5+05:30"))),
            "0000000b883f73a0ffffb2a8");
  EXPECT_EQ(hex(format_time_binary(timetz, stored(timetz_oid, "00:00:00-15:59:59"))),
            "00000000000000000000e0ff");
}

TEST(TimeBinary, ReceiveChecksRangesThenRoundsToTypmod) {
  const column_type timetz0 = builtin_column_type(timetz_oid, 0);
  auto value = parse_time_binary(timetz0, unhex("0000000b883f73a0ffffb2a8"));
  ASSERT_TRUE(value.ok());
  EXPECT_EQ(format_time_text(timetz0, *value, {}), "13:45:31+05:30");

  const column_type time = builtin_column_type(time_oid);
  const auto late = parse_time_binary(time, unhex("000000141dd76001"));
  ASSERT_FALSE(late.ok());
  EXPECT_EQ(late.error().sqlstate, "22008");
  EXPECT_EQ(late.error().message, "time out of range");
  const auto negative = parse_time_binary(time, unhex("ffffffffffffffff"));
  ASSERT_FALSE(negative.ok());
  EXPECT_EQ(negative.error().message, "time out of range");

  const auto far_zone = parse_time_binary(timetz0, unhex("00000000000000000000e100"));
  ASSERT_FALSE(far_zone.ok());
  EXPECT_EQ(far_zone.error().sqlstate, "22009");
  EXPECT_EQ(far_zone.error().message, "time zone displacement out of range");

  EXPECT_EQ(parse_time_binary(time, unhex("0000000b883f73a0ffffb2a8")).error().sqlstate, "22P03");
  EXPECT_EQ(parse_time_binary(timetz0, unhex("0000000b883f73a0")).error().sqlstate, "22P03");
}

TEST(TimeType, ErrorsCarryPostgresSqlstateAndWording) {
  const auto syntax = parsed(time_oid, "12:00 America/New_York");
  ASSERT_FALSE(syntax.ok());
  EXPECT_EQ(syntax.error().sqlstate, "22007");
  EXPECT_EQ(syntax.error().message,
            "invalid input syntax for type time: \"12:00 America/New_York\"");
  const auto minutes = parsed(time_oid, "12:60");
  ASSERT_FALSE(minutes.ok());
  EXPECT_EQ(minutes.error().sqlstate, "22008");
  const auto afternoon = parsed(time_oid, "13:00 pm");
  ASSERT_FALSE(afternoon.ok());
  EXPECT_EQ(afternoon.error().message, "date/time field value out of range: \"13:00 pm\"");
}

}  // namespace
}  // namespace tributary
