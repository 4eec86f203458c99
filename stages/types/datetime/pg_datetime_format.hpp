// pg_datetime_format: PostgreSQL's internal date/time values -> the text its output
// functions print (DateStyle ISO, IntervalStyle postgres), for the type layer's
// date/time codecs (type_date, type_time, type_timestamp, type_interval). Pure
// functions, no state, no I/O.
//
// Inputs (PostgreSQL epoch 2000-01-01):
//   date        int32 days            -> "2024-02-29", "0044-03-15 BC", "infinity"
//   time        int64 µs of the day   -> "12:34:56.5"
//   timetz      int64 µs + int32 zone (seconds WEST of UTC) -> "12:34:56-05"
//   timestamp   int64 µs              -> "1999-12-31 23:59:59.999999"
//   timestamptz int64 µs (UTC) in a zone -> "1999-12-31 23:59:59.999999+00"
//   interval    int64 µs, int32 days, int32 months -> "1 year 2 mons -3 days +04:05:06"
// Calendar: proleptic Gregorian, astronomical year numbering (year 0 = 1 BC),
// printed as PostgreSQL does: at least 4 year digits, " BC" after the value.
// Fractions: up to 6 digits, trailing zeros removed, none when zero.
// For interval, all three fields at MIN/MAX are PostgreSQL 17's -infinity/infinity.
#pragma once

#include <cstdint>
#include <string>


namespace tributary {

std::string format_pg_interval(int64_t usecs, int32_t days, int32_t months);

// Total forms for the type layer (type_date, type_time, type_timestamp): any
// integer prints, none is an error (a value outside PostgreSQL's range, which
// only another tool could have stored, prints as the calendar has it).
// INT32/INT64 MIN/MAX print as -infinity/infinity where the type has them.
std::string pg_date_text(int32_t days);
std::string pg_time_text(int64_t usecs);
std::string pg_timetz_text(int64_t usecs, int32_t zone_seconds_west);
std::string pg_timestamp_text(int64_t usecs);
// The instant `utc_usecs` in a zone `zone_seconds_west` seconds west of UTC:
// local date and time, then the offset ("+05:30", "-04:56:02"), then " BC".
std::string pg_timestamptz_text(int64_t utc_usecs, int32_t zone_seconds_west);

}  // namespace tributary
