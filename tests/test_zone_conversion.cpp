// AT TIME ZONE and make_timestamptz's zone as PostgreSQL 15 computes them
// (timestamptz_zone, timestamp_zone, the _izone forms, parse_sane_timezone); each
// expected value was checked against PostgreSQL 15.18.
#include <gtest/gtest.h>

#include <limits>

#include "stages/types/datetime/pg_calendar.hpp"
#include "stages/types/datetime/zone_conversion.hpp"

namespace tributary {
namespace {

// µs since 2000-01-01 of a date and time (UTC for an instant, wall clock otherwise).
int64_t usecs(int64_t year, int month, int day, int hour = 0, int minute = 0, int second = 0) {
  return days_from_civil(year, month, day) * usecs_per_day + ((int64_t{hour} * 60 + minute) * 60 + second) * usecs_per_second;
}

TEST(ZoneConversion, AnInstantReadsAsTheZonesWallClock) {
  // timestamptz '2024-03-10 12:00Z' AT TIME ZONE 'Asia/Tokyo' = 2024-03-10 21:00:00
  EXPECT_EQ(*timestamptz_in_zone(usecs(2024, 3, 10, 12), "Asia/Tokyo"), usecs(2024, 3, 10, 21));
  EXPECT_EQ(*timestamptz_in_zone(usecs(2024, 3, 10, 12), "asia/tokyo"), usecs(2024, 3, 10, 21));
  // A fixed abbreviation; POSIX strings count hours WEST of UTC.
  EXPECT_EQ(*timestamptz_in_zone(usecs(2024, 3, 10, 12), "EST"), usecs(2024, 3, 10, 7));
  EXPECT_EQ(*timestamptz_in_zone(usecs(2024, 3, 10, 12), "+05"), usecs(2024, 3, 10, 7));
  EXPECT_EQ(*timestamptz_in_zone(usecs(2024, 3, 10, 12), "UTC+3"), usecs(2024, 3, 10, 9));
}

TEST(ZoneConversion, AWallClockNamesTheInstantOfItsZone) {
  // timestamp '2024-03-10 12:00' AT TIME ZONE 'UTC' = 12:00Z
  EXPECT_EQ(*timestamp_in_zone(usecs(2024, 3, 10, 12), "UTC"), usecs(2024, 3, 10, 12));
  // 02:30 in New York's spring-forward gap is 03:30 EDT; 01:30 on the fall-back day is EST.
  EXPECT_EQ(*timestamp_in_zone(usecs(2024, 3, 10, 2, 30), "America/New_York"), usecs(2024, 3, 10, 7, 30));
  EXPECT_EQ(*timestamp_in_zone(usecs(2024, 11, 3, 1, 30), "America/New_York"), usecs(2024, 11, 3, 6, 30));
}

TEST(ZoneConversion, ADynamicAbbreviationMeansWhatItMeantThen) {
  // MSK was UTC+4 in 2014 and is UTC+3 now.
  EXPECT_EQ(*timestamp_in_zone(usecs(2014, 6, 1, 12), "MSK"), usecs(2014, 6, 1, 8));
  EXPECT_EQ(*timestamp_in_zone(usecs(2024, 6, 1, 12), "msk"), usecs(2024, 6, 1, 9));
}

TEST(ZoneConversion, InfiniteValuesStayInfinite) {
  constexpr int64_t infinity = std::numeric_limits<int64_t>::max();
  EXPECT_EQ(*timestamptz_in_zone(infinity, "UTC"), infinity);
  EXPECT_EQ(*timestamp_in_zone(-infinity - 1, "Asia/Tokyo"), -infinity - 1);
}

TEST(ZoneConversion, AnUnknownZoneIsInvalidParameterValue) {
  const auto r = timestamptz_in_zone(0, "Nowhere");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().sqlstate, "22023");
  EXPECT_EQ(r.error().message, "time zone \"Nowhere\" not recognized");
  EXPECT_FALSE(timestamp_in_zone(0, "Mars/Olympus"));
}

TEST(ZoneConversion, AnIntervalZoneIsAFixedOffsetEast) {
  const interval_value half_past_five{(5 * 3600 + 30 * 60) * usecs_per_second, 0, 0};
  EXPECT_EQ(*shifted_by_interval(usecs(2024, 3, 10, 12), half_past_five, true, "05:30:00"), usecs(2024, 3, 10, 17, 30));
  EXPECT_EQ(*shifted_by_interval(usecs(2024, 3, 10, 12), half_past_five, false, "05:30:00"), usecs(2024, 3, 10, 6, 30));
  // Whole seconds only: 90 minutes 30.7 seconds shifts by 5430 s.
  const interval_value odd{5430 * usecs_per_second + 700'000, 0, 0};
  EXPECT_EQ(*shifted_by_interval(usecs(2024, 3, 10, 12), odd, true, "x"), usecs(2024, 3, 10, 13, 30, 30));
  const auto r = shifted_by_interval(0, interval_value{0, 1, 0}, true, "1 day");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().sqlstate, "22023");
  EXPECT_EQ(r.error().message, "interval time zone \"1 day\" must not include months or days");
}

TEST(ZoneConversion, AResultOutOfRangeIsAnError) {
  const auto r = timestamp_in_zone(usecs(294276, 12, 31, 23), "-05");
  ASSERT_TRUE(r);  // "-05" is POSIX: five hours EAST, so the instant is earlier
  EXPECT_EQ(*r, usecs(294276, 12, 31, 18));
  const auto out = timestamptz_in_zone(usecs(294276, 12, 31, 23), "Asia/Tokyo");
  ASSERT_FALSE(out);
  EXPECT_EQ(out.error().sqlstate, "22008");
}

TEST(ZoneConversion, MakeTimestamptzReadsNumericZonesAsIso) {
  // make_timestamptz(2024, 1, 1, 0, 0, 0, '+05') is 2023-12-31 19:00Z: five hours EAST.
  EXPECT_EQ(*timestamp_in_sane_zone(usecs(2024, 1, 1), "+05"), usecs(2023, 12, 31, 19));
  EXPECT_EQ(*timestamp_in_sane_zone(usecs(2024, 7, 10, 2, 30), "-03:30"), usecs(2024, 7, 10, 6));
  EXPECT_EQ(*timestamp_in_sane_zone(usecs(2024, 1, 10, 2, 30), "EST"), usecs(2024, 1, 10, 7, 30));
  EXPECT_EQ(*timestamp_in_sane_zone(usecs(2024, 7, 10, 2, 30), "UTC+3"), usecs(2024, 7, 10, 5, 30));
  EXPECT_EQ(*timestamp_in_sane_zone(usecs(2024, 1, 1), "Europe/Paris"), usecs(2023, 12, 31, 23));
}

TEST(ZoneConversion, MakeTimestamptzRefusesWhatPostgresRefuses) {
  const auto digit = timestamp_in_sane_zone(0, "5");
  ASSERT_FALSE(digit);
  EXPECT_EQ(digit.error().sqlstate, "22023");
  EXPECT_EQ(digit.error().message, "invalid input syntax for type numeric time zone: \"5\"");
  const auto far = timestamp_in_sane_zone(0, "+16");
  ASSERT_FALSE(far);
  EXPECT_EQ(far.error().message, "numeric time zone \"+16\" out of range");
  const auto bogus = timestamp_in_sane_zone(0, "Bogus");
  ASSERT_FALSE(bogus);
  EXPECT_EQ(bogus.error().message, "time zone \"Bogus\" not recognized");
}

}  // namespace
}  // namespace tributary
