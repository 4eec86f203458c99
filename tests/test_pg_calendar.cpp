// PostgreSQL's calendar: day counts from 2000-01-01 in the proleptic
// Gregorian calendar with astronomical years, Julian days and the range
// limits. Day numbers were checked with PostgreSQL 15.18 ('2024-02-29'::date -
// '2000-01-01'::date and the like).
#include <gtest/gtest.h>

#include "stages/types/datetime/pg_calendar.hpp"

namespace tributary {
namespace {

TEST(PgCalendar, KnownDatesHavePostgresDayNumbers) {
  EXPECT_EQ(days_from_civil(2000, 1, 1), 0);
  EXPECT_EQ(days_from_civil(2024, 2, 29), 8825);
  EXPECT_EQ(days_from_civil(1970, 1, 1), -10'957);
  EXPECT_EQ(days_from_civil(1, 1, 1), -730'119);
  EXPECT_EQ(days_from_civil(-4713, 11, 24), -2'451'545);  // 4714-11-24 BC, Julian day 0
  EXPECT_EQ(days_from_civil(5'874'897, 12, 31), 2'145'031'948);
}

TEST(PgCalendar, DaysRoundTripOverTheWholeDateRange) {
  for (int64_t days = date_min_days; days < date_end_days; days += 9'973) {
    const civil_date d = civil_from_days(days);
    ASSERT_EQ(days_from_civil(d.year, d.month, d.day), days);
    ASSERT_GE(d.day, 1);
    ASSERT_LE(d.day, days_in_month(d.year, d.month));
  }
}

TEST(PgCalendar, ConsecutiveDaysAcrossTheBcBoundary) {
  const civil_date last_bc = civil_from_days(days_from_civil(1, 1, 1) - 1);
  EXPECT_EQ(last_bc.year, 0);  // 1 BC
  EXPECT_EQ(last_bc.month, 12);
  EXPECT_EQ(last_bc.day, 31);
  EXPECT_TRUE(is_leap_year(0));
  EXPECT_TRUE(is_leap_year(-4));
  EXPECT_FALSE(is_leap_year(1900));
  EXPECT_TRUE(is_leap_year(2000));
  EXPECT_EQ(days_in_month(2023, 2), 28);
}

TEST(PgCalendar, JulianDayNumbers) {
  const civil_date d = civil_from_julian_day(2'451'187);
  EXPECT_EQ(d.year, 1999);
  EXPECT_EQ(d.month, 1);
  EXPECT_EQ(d.day, 8);
  EXPECT_EQ(julian_day_from_civil(2000, 1, 1), postgres_epoch_julian_day);
  EXPECT_EQ(julian_day_from_civil(1970, 1, 1), unix_epoch_julian_day);
}

TEST(PgCalendar, RangeLimitsArePostgres) {
  EXPECT_TRUE(julian_date_in_range(-4713, 11));
  EXPECT_FALSE(julian_date_in_range(-4713, 10));
  EXPECT_TRUE(julian_date_in_range(5'874'898, 5));
  EXPECT_FALSE(julian_date_in_range(5'874'898, 6));
  EXPECT_TRUE(date_in_range(date_min_days));
  EXPECT_FALSE(date_in_range(date_min_days - 1));
  EXPECT_FALSE(date_in_range(date_end_days));
  EXPECT_TRUE(timestamp_in_range(timestamp_min_usecs));
  EXPECT_FALSE(timestamp_in_range(timestamp_end_usecs));
  EXPECT_EQ(timestamp_min_usecs, date_min_days * usecs_per_day);
  EXPECT_EQ(floor_divide(-1, 86'400), -1);
  EXPECT_EQ(floor_modulo(-1, 7), 6);
}

}  // namespace
}  // namespace tributary
