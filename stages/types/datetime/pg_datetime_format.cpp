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
#include "stages/types/datetime/pg_datetime_format.hpp"

#include "stages/types/datetime/pg_calendar.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <string_view>

namespace tributary {
namespace {

// A time zone displacement must stay strictly within ±16 hours.

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

// A clock that may be negative (only another tool's value can be).
void append_signed_clock(std::string& out, int64_t usecs) {
  if (usecs < 0)
    out += '-';
  append_clock(out, usecs < 0 ? uint64_t{0} - static_cast<uint64_t>(usecs)
                              : static_cast<uint64_t>(usecs));
}

void append_date(std::string& out, const civil_date& d) {
  append_padded(out, d.year > 0 ? static_cast<uint64_t>(d.year) : static_cast<uint64_t>(1 - d.year),
                4);
  out += '-';
  append_padded(out, static_cast<uint64_t>(d.month), 2);
  out += '-';
  append_padded(out, static_cast<uint64_t>(d.day), 2);
}

// "+HH", "+HH:MM" or "+HH:MM:SS"; `seconds_west` is positive west of UTC.
void append_zone(std::string& out, int32_t seconds_west) {
  out += seconds_west <= 0 ? '+' : '-';
  const uint32_t magnitude = seconds_west < 0 ? 0u - static_cast<uint32_t>(seconds_west)
                                              : static_cast<uint32_t>(seconds_west);
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

// Date and time of a local timestamp, then the zone (when given), then " BC".
std::string timestamp_text(int64_t local_usecs, const int32_t* zone_seconds_west) {
  const int64_t days = floor_divide(local_usecs, usecs_per_day);
  const civil_date d = civil_from_days(days);
  std::string out;
  append_date(out, d);
  out += ' ';
  append_clock(out, static_cast<uint64_t>(local_usecs - days * usecs_per_day));
  if (zone_seconds_west != nullptr)
    append_zone(out, *zone_seconds_west);
  if (d.year <= 0)
    out += " BC";
  return out;
}

}  // namespace

std::string pg_date_text(int32_t days) {
  if (days == std::numeric_limits<int32_t>::min())
    return "-infinity";
  if (days == std::numeric_limits<int32_t>::max())
    return "infinity";
  const civil_date d = civil_from_days(days);
  std::string out;
  append_date(out, d);
  if (d.year <= 0)
    out += " BC";
  return out;
}

std::string pg_time_text(int64_t usecs) {
  std::string out;
  append_signed_clock(out, usecs);
  return out;
}

std::string pg_timetz_text(int64_t usecs, int32_t zone_seconds_west) {
  std::string out;
  append_signed_clock(out, usecs);
  append_zone(out, zone_seconds_west);
  return out;
}

std::string pg_timestamp_text(int64_t usecs) {
  if (usecs == std::numeric_limits<int64_t>::min())
    return "-infinity";
  if (usecs == std::numeric_limits<int64_t>::max())
    return "infinity";
  return timestamp_text(usecs, nullptr);
}

std::string pg_timestamptz_text(int64_t utc_usecs, int32_t zone_seconds_west) {
  if (utc_usecs == std::numeric_limits<int64_t>::min())
    return "-infinity";
  if (utc_usecs == std::numeric_limits<int64_t>::max())
    return "infinity";
  int64_t local_usecs = 0;
  if (__builtin_sub_overflow(utc_usecs, int64_t{zone_seconds_west} * usecs_per_second,
                             &local_usecs)) {
    const int32_t utc = 0;
    return timestamp_text(utc_usecs, &utc);
  }
  return timestamp_text(local_usecs, &zone_seconds_west);
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
