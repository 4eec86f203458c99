// pg_datetime_format: see the header for the contract. Notes on the rules
// followed here (PostgreSQL's EncodeDateOnly / EncodeDateTime / EncodeTimeOnly /
// EncodeInterval with DateStyle ISO and IntervalStyle postgres):
//   - years print with at least 4 digits; a year <= 0 prints as (1 - year) + " BC",
//     and " BC" goes last, after the time and the "+00" zone;
//   - seconds always print as 2 digits; a non-zero fraction follows with up to 6
//     digits and its trailing zeros removed;
//   - an interval prints its non-zero year/mon/day parts ("1 year", "2 mons",
//     "-1 days": plural unless exactly 1), then the clock part when it is non-zero
//     or nothing else was printed. A part right after a negative part gets an
//     explicit "+" when positive ("-1 days +02:00:00"); the clock part carries
//     its own "-" when the time is negative ("3 mons -00:00:01").
#include "stages/pg_datetime_format.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <string_view>

namespace tributary {
namespace {

constexpr int64_t usecs_per_second = 1'000'000;
constexpr int64_t usecs_per_minute = 60 * usecs_per_second;
constexpr int64_t usecs_per_hour = 60 * usecs_per_minute;
constexpr int64_t usecs_per_day = 24 * usecs_per_hour;

// Julian day numbers that bound PostgreSQL's dates and timestamps.
constexpr int64_t epoch_julian_day = 2451545;           // 2000-01-01
constexpr int64_t first_julian_day = 0;                 // 4714-11-24 BC
constexpr int64_t date_end_julian_day = 2147483494;     // 5874898-01-01
constexpr int64_t timestamp_end_julian_day = 109203528; // 294277-01-01

constexpr int64_t min_date_days = first_julian_day - epoch_julian_day;
constexpr int64_t end_date_days = date_end_julian_day - epoch_julian_day;
constexpr int64_t min_timestamp = min_date_days * usecs_per_day;
constexpr int64_t end_timestamp = (timestamp_end_julian_day - epoch_julian_day) * usecs_per_day;

// A time zone displacement must stay strictly within ±16 hours.
constexpr int32_t zone_limit_seconds = 16 * 3600;

int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0)))
    --q;
  return q;
}

struct civil_date {
  int64_t year = 0;  // astronomical: 0 = 1 BC
  int month = 1;
  int day = 1;
};

// Days since 2000-01-01 -> proleptic Gregorian date. Counting starts at
// 0000-03-01 so that a leap day is the last day of its (March-based) year. The
// count then splits into 400-year eras of 146097 days, centuries of 36524 days
// (the last century of an era has one day more), 4-year cycles of 1461 days (the
// last cycle of a short century is one day short, which the clamps absorb) and
// years of 365 days (the last year of a cycle has one more).
civil_date civil_from_days(int64_t days) {
  constexpr int64_t days_from_0000_03_01_to_2000_01_01 = 730425;
  const int64_t z = days + days_from_0000_03_01_to_2000_01_01;
  const int64_t era = floor_div(z, 146097);
  const int64_t day_of_era = z - era * 146097;
  const int64_t century = std::min<int64_t>(day_of_era / 36524, 3);
  const int64_t day_of_century = day_of_era - century * 36524;
  const int64_t cycle = day_of_century / 1461;
  const int64_t day_of_cycle = day_of_century - cycle * 1461;
  const int64_t year_of_cycle = std::min<int64_t>(day_of_cycle / 365, 3);
  const int64_t day_of_year = day_of_cycle - year_of_cycle * 365;  // 0 = March 1

  // First day of each month, counted from March 1.
  static constexpr int64_t month_start[12] = {0,   31,  61,  92,  122, 153,
                                              184, 214, 245, 275, 306, 337};
  int index = 11;
  while (month_start[index] > day_of_year)
    --index;
  civil_date out;
  out.year = era * 400 + century * 100 + cycle * 4 + year_of_cycle;
  out.month = index < 10 ? index + 3 : index - 9;
  out.day = static_cast<int>(day_of_year - month_start[index]) + 1;
  if (out.month <= 2)
    ++out.year;  // January and February belong to the next calendar year
  return out;
}

// A non-negative number with at least `width` digits (zero padded).
void append_padded(std::string& out, uint64_t value, size_t width) {
  char digits[20];
  size_t n = 0;
  do {
    digits[n++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  for (size_t i = n; i < width; ++i)
    out += '0';
  while (n > 0)
    out += digits[--n];
}

// ".ffffff" without trailing zeros; nothing for a zero fraction.
void append_fraction(std::string& out, int64_t usecs) {
  if (usecs == 0)
    return;
  char digits[6];
  for (int i = 5; i >= 0; --i) {
    digits[i] = static_cast<char>('0' + usecs % 10);
    usecs /= 10;
  }
  size_t used = 6;
  while (digits[used - 1] == '0')
    --used;
  out += '.';
  out.append(digits, used);
}

// "HH:MM:SS[.ffffff]" of a non-negative duration; hours may exceed 24.
void append_clock(std::string& out, uint64_t usecs) {
  append_padded(out, usecs / usecs_per_hour, 2);
  out += ':';
  append_padded(out, usecs / usecs_per_minute % 60, 2);
  out += ':';
  append_padded(out, usecs / usecs_per_second % 60, 2);
  append_fraction(out, static_cast<int64_t>(usecs % usecs_per_second));
}

void append_date(std::string& out, const civil_date& d) {
  append_padded(out, static_cast<uint64_t>(d.year > 0 ? d.year : 1 - d.year), 4);
  out += '-';
  append_padded(out, static_cast<uint64_t>(d.month), 2);
  out += '-';
  append_padded(out, static_cast<uint64_t>(d.day), 2);
}

// "+HH", "+HH:MM" or "+HH:MM:SS"; `seconds_west` is positive west of UTC.
void append_zone(std::string& out, int32_t seconds_west) {
  out += seconds_west <= 0 ? '+' : '-';
  const uint32_t magnitude = static_cast<uint32_t>(std::abs(seconds_west));
  append_padded(out, magnitude / 3600, 2);
  const uint32_t minutes = magnitude / 60 % 60;
  const uint32_t seconds = magnitude % 60;
  if (minutes != 0 || seconds != 0) {
    out += ':';
    append_padded(out, minutes, 2);
  }
  if (seconds != 0) {
    out += ':';
    append_padded(out, seconds, 2);
  }
}

bool time_in_range(int64_t usecs) { return usecs >= 0 && usecs <= usecs_per_day; }

codec_error out_of_range(std::string_view what) {
  return codec_error{std::string(what) + " out of range"};
}

}  // namespace

result<std::string, codec_error> format_pg_date(int32_t days) {
  if (days == std::numeric_limits<int32_t>::min())
    return std::string("-infinity");
  if (days == std::numeric_limits<int32_t>::max())
    return std::string("infinity");
  if (days < min_date_days || days >= end_date_days)
    return fail(out_of_range("date"));
  const civil_date d = civil_from_days(days);
  std::string out;
  append_date(out, d);
  if (d.year <= 0)
    out += " BC";
  return out;
}

result<std::string, codec_error> format_pg_time(int64_t usecs) {
  if (!time_in_range(usecs))
    return fail(out_of_range("time"));
  std::string out;
  append_clock(out, static_cast<uint64_t>(usecs));
  return out;
}

result<std::string, codec_error> format_pg_timetz(int64_t usecs, int32_t zone_seconds_west) {
  if (!time_in_range(usecs))
    return fail(out_of_range("time"));
  if (zone_seconds_west <= -zone_limit_seconds || zone_seconds_west >= zone_limit_seconds)
    return fail(out_of_range("time zone displacement"));
  std::string out;
  append_clock(out, static_cast<uint64_t>(usecs));
  append_zone(out, zone_seconds_west);
  return out;
}

result<std::string, codec_error> format_pg_timestamp(int64_t usecs, bool utc_suffix) {
  if (usecs == std::numeric_limits<int64_t>::min())
    return std::string("-infinity");
  if (usecs == std::numeric_limits<int64_t>::max())
    return std::string("infinity");
  if (usecs < min_timestamp || usecs >= end_timestamp)
    return fail(out_of_range("timestamp"));
  const int64_t days = floor_div(usecs, usecs_per_day);
  const civil_date d = civil_from_days(days);
  std::string out;
  append_date(out, d);
  out += ' ';
  append_clock(out, static_cast<uint64_t>(usecs - days * usecs_per_day));
  if (utc_suffix)
    out += "+00";
  if (d.year <= 0)
    out += " BC";
  return out;
}

std::string format_pg_interval(int64_t usecs, int32_t days, int32_t months) {
  constexpr auto i32_max = std::numeric_limits<int32_t>::max();
  constexpr auto i32_min = std::numeric_limits<int32_t>::min();
  if (months == i32_max && days == i32_max && usecs == std::numeric_limits<int64_t>::max())
    return "infinity";
  if (months == i32_min && days == i32_min && usecs == std::numeric_limits<int64_t>::min())
    return "-infinity";

  std::string out;
  bool nothing_printed = true;
  bool previous_negative = false;
  auto add_part = [&](int64_t value, std::string_view unit) {
    if (value == 0)
      return;
    if (!nothing_printed)
      out += ' ';
    if (previous_negative && value > 0)
      out += '+';
    out += std::to_string(value);
    out += ' ';
    out += unit;
    if (value != 1)
      out += 's';
    previous_negative = value < 0;
    nothing_printed = false;
  };
  // C++ division truncates toward zero, as PostgreSQL's does: -14 months is
  // -1 years -2 mons.
  add_part(months / 12, "year");
  add_part(months % 12, "mon");
  add_part(days, "day");
  if (nothing_printed || usecs != 0) {
    if (!nothing_printed)
      out += ' ';
    if (usecs < 0)
      out += '-';
    else if (previous_negative)
      out += '+';
    // |INT64_MIN| does not fit int64_t; it does fit uint64_t.
    const uint64_t magnitude =
        usecs < 0 ? uint64_t{0} - static_cast<uint64_t>(usecs) : static_cast<uint64_t>(usecs);
    append_clock(out, magnitude);
  }
  return out;
}

}  // namespace tributary
