// pg_calendar: the calendar arithmetic of PostgreSQL's date/time types.
//
// Role: days <-> year/month/day in the proleptic Gregorian calendar (the one
// PostgreSQL uses for every date, also before 1582), Julian day numbers, and
// the range limits of date and timestamp values. Pure functions over int64, so
// no input overflows; callers check the PostgreSQL ranges with the predicates
// below.
//
// Years are astronomical: year 0 is 1 BC, year -1 is 2 BC. Day counts are days
// since 2000-01-01 (PostgreSQL's epoch, Julian day 2451545); timestamps are
// microseconds since 2000-01-01 00:00:00.
#pragma once

#include <cstdint>

namespace tributary {

constexpr int64_t usecs_per_second = 1'000'000;
constexpr int64_t usecs_per_minute = 60 * usecs_per_second;
constexpr int64_t usecs_per_hour = 60 * usecs_per_minute;
constexpr int64_t usecs_per_day = 24 * usecs_per_hour;
constexpr int64_t seconds_per_day = 86'400;

constexpr int64_t postgres_epoch_julian_day = 2'451'545;  // 2000-01-01
constexpr int64_t unix_epoch_julian_day = 2'440'588;      // 1970-01-01
// Seconds from 1970-01-01 to 2000-01-01.
constexpr int64_t postgres_epoch_unix_seconds =
    (postgres_epoch_julian_day - unix_epoch_julian_day) * seconds_per_day;

// PostgreSQL's limits (datatype/timestamp.h): dates run from Julian day 0
// (4714-11-24 BC) up to, not including, 5874898-01-01; timestamps from
// 4714-11-24 00:00 BC up to, not including, 294277-01-01 00:00.
constexpr int64_t date_min_days = 0 - postgres_epoch_julian_day;
constexpr int64_t date_end_days = 2'147'483'494 - postgres_epoch_julian_day;
constexpr int64_t timestamp_min_usecs = -211'813'488'000'000'000;
constexpr int64_t timestamp_end_usecs = 9'223'371'331'200'000'000;

struct civil_date {
  int64_t year = 2000;  // astronomical
  int month = 1;        // 1..12
  int day = 1;          // 1..31
};

bool is_leap_year(int64_t year);
int days_in_month(int64_t year, int month);

// Days since 2000-01-01 of a date; month must be 1..12, day may be any value
// (it is added as a count of days).
int64_t days_from_civil(int64_t year, int month, int64_t day);
civil_date civil_from_days(int64_t days);

inline int64_t julian_day_from_civil(int64_t year, int month, int64_t day) {
  return days_from_civil(year, month, day) + postgres_epoch_julian_day;
}
inline civil_date civil_from_julian_day(int64_t julian_day) {
  return civil_from_days(julian_day - postgres_epoch_julian_day);
}

// Floor division and its remainder (the remainder has the divisor's sign).
int64_t floor_divide(int64_t a, int64_t b);
inline int64_t floor_modulo(int64_t a, int64_t b) { return a - floor_divide(a, b) * b; }

// IS_VALID_JULIAN: the year/month is one PostgreSQL's Julian-day routines take
// (from November 4714 BC up to, not including, June 5874898; the day is not
// looked at).
bool julian_date_in_range(int64_t year, int month);
// IS_VALID_DATE / IS_VALID_TIMESTAMP.
inline bool date_in_range(int64_t days) { return days >= date_min_days && days < date_end_days; }
inline bool timestamp_in_range(int64_t usecs) {
  return usecs >= timestamp_min_usecs && usecs < timestamp_end_usecs;
}

}  // namespace tributary
