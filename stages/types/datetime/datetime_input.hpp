// datetime_input: PostgreSQL 15's date/time text input (datetime.c's
// ParseDateTime, DecodeDateTime and DecodeTimeOnly), shared by the input
// functions of date, time, timetz, timestamp and timestamptz.
//
// Input: the text, the size of the caller's work buffer (PostgreSQL rejects
// input whose fields do not fit it: 129 bytes for date/time/timetz, 153 for
// the timestamps), DateStyle's field order for ambiguous dates, the session
// time zone and the current time (for now/today/tomorrow/yesterday and for
// a time of day without a date). Output: the broken-down fields and the
// zone (seconds WEST of UTC, as PostgreSQL's tzp: the zone written in the
// text, else the session zone's offset at that local time), or which special
// value the text named.
//
// Accepted forms are PostgreSQL's: ISO 8601 (2024-02-29 13:45:30.5+02,
// 2024-02-29T13:45:30Z, 20240229T134530), month names (January 8, 1999;
// 8-Jan-1999), MDY/DMY/YMD numeric dates (1/8/1999), 19990108, 1999.008, Julian
// days (J2451187), y2001m02d04 labels, BC/AD, AM/PM, zones as offsets (+05,
// +05:30, +0530, -08:00:00), abbreviations (EST, CEST, Z; the default
// timezone_abbreviations set), names (America/New_York) and POSIX strings
// (UTC+5: five hours WEST), and the words epoch, infinity, -infinity, now,
// today, tomorrow, yesterday, allballs.
//
// Errors (datetime_parse_error maps them to PostgreSQL's pg_error):
//   bad_format          22007 invalid input syntax for type <type>: "<text>"
//   field_overflow      22008 date/time field value out of range: "<text>"
//   month_day_overflow  22008 the same, with the DateStyle hint
//   zone_overflow       22009 time zone displacement out of range: "<text>"
//   unknown_zone        22023 time zone "<name>" not recognized
// A dynamic abbreviation (MSK) takes the offset its zone used it for at that
// time; should the zone never have used it, the zone's own offset.
// Pure functions; thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/type_settings.hpp"

namespace tributary {

class time_zone_rules;

enum class datetime_special : uint8_t { none, epoch, infinity, minus_infinity };

struct parsed_datetime {
  int64_t year = 2000;  // astronomical
  int month = 1;
  int day = 1;
  int hour = 0;
  int minute = 0;
  int second = 0;       // may be 60 (leap second written in the text)
  int64_t usecs = 0;    // fraction of the second, 0..1000000
  int32_t zone_seconds_west = 0;
  datetime_special special = datetime_special::none;
};

struct datetime_error {
  enum class code : uint8_t {
    bad_format,
    field_overflow,
    month_day_overflow,
    zone_overflow,
    unknown_zone,
  } what = code::bad_format;
  std::string zone;  // unknown_zone: the name as written (lower-cased)
};

struct datetime_input_context {
  date_order order = date_order::mdy;
  const time_zone_rules* session_zone = nullptr;  // required
  int64_t now_usecs = 0;  // microseconds since 2000-01-01 00:00 UTC
};

constexpr size_t short_datetime_buffer = 129;  // MAXDATELEN + 1
constexpr size_t long_datetime_buffer = 153;   // MAXDATELEN + MAXDATEFIELDS

// DecodeDateTime: a date, with optional time and zone (date and timestamps).
result<parsed_datetime, datetime_error> decode_datetime_text(std::string_view text,
                                                             size_t work_buffer,
                                                             const datetime_input_context& context);
// DecodeTimeOnly: a time, with optional zone and (limited) date (time, timetz).
result<parsed_datetime, datetime_error> decode_time_text(std::string_view text, size_t work_buffer,
                                                         const datetime_input_context& context);

// DateTimeParseError: the error PostgreSQL reports for the input.
pg_error datetime_parse_error(const datetime_error& error, std::string_view text,
                              std::string_view type_name);

}  // namespace tributary
