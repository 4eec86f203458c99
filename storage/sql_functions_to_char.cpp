// sql_functions_to_char: to_char(timestamp[tz], pattern) for the common patterns.
//
//   pg_to_char(ts, pattern, with_zone)
//     YYYY YY MM DD DDD D Q HH24 HH12 HH MI SS MS US AM PM
//     Month MONTH month Mon MON mon Day DAY day Dy DY dy   (full names blank-padded
//     to 9 characters), the FM prefix (no padding), "quoted text"; any other
//     character is copied. Infinite values give NULL, as PostgreSQL.
// The translator (datetime_functions.cpp) passes only constant patterns whose
// letters are all among these (to_char_pattern_supported), so nothing here
// meets another keyword of PostgreSQL's.
//   pg_to_char_number(value, pattern)      to_char of a bigint or numeric
//   pg_to_char_int4(value, pattern)        to_char of an integer or smallint
//   pg_to_char_float(value, pattern, f4)   to_char of a double precision (real when f4 is 1)
//   pg_to_number(text, pattern)            to_number: numeric (V: times 10^-n at scale 16, as
//                                          numeric_to_number multiplies by numeric_power's)
//   pg_to_char_interval(interval, pattern) to_char of an interval (its fields, not a date)
//   pg_to_timestamp_local(text, pattern)   to_timestamp / to_date's fields as a timestamp
//   pg_to_timestamp_epoch(float8)          to_timestamp(seconds since 1970): timestamptz
#include <sqlite3.h>

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

#include "stages/types/datetime/interval_value.hpp"
#include "stages/types/datetime/pg_calendar.hpp"
#include "stages/types/datetime/time_zone_rules.hpp"
#include "stages/sql/datetime_format_input.hpp"
#include "stages/sql/number_format.hpp"
#include "stages/types/numeric/numeric_arithmetic.hpp"
#include "storage/sql_function_support.hpp"

namespace tributary::sql_function_support {
namespace {

// A pattern's "quoted text" starting at `at` (its opening quote) appended as
// written (\" and \\ escape): the position after the closing quote.
size_t append_quoted_text(std::string_view pattern, size_t at, std::string& out) {
  size_t i = at + 1;
  for (; i < pattern.size() && pattern[i] != '"'; ++i) {
    if (pattern[i] == '\\' && i + 1 < pattern.size())
      ++i;
    out += pattern[i];
  }
  return i + 1;
}

const char* const month_names[] = {"January", "February", "March",     "April",   "May",      "June",
                                   "July",    "August",   "September", "October", "November", "December"};
const char* const day_names[] = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};

std::string padded_number(int64_t value, int width, bool fill_mode) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%0*lld", fill_mode ? 0 : width, static_cast<long long>(value));
  return buffer;
}

std::string cased(std::string name, int style, size_t length, bool fill_mode) {
  // style 0: Capitalized, 1: UPPER, 2: lower
  if (length < name.size())
    name.resize(length);
  for (size_t i = 0; i < name.size(); ++i) {
    char& c = name[i];
    if (style == 1)
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    else if (style == 2 || (style == 0 && i > 0))
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (!fill_mode && length == 9 && name.size() < 9)
    name.resize(9, ' ');
  return name;
}

void to_char(sqlite3_context* context, int argc, sqlite3_value** argv) {
  for (int i = 0; i < argc; ++i)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL)
      return sqlite3_result_null(context);
  int64_t ts = sqlite3_value_int64(argv[0]);
  if (ts == std::numeric_limits<int64_t>::min() || ts == std::numeric_limits<int64_t>::max())
    return sqlite3_result_null(context);
  const std::string pattern = text_of(argv[1]);
  if (sqlite3_value_int(argv[2]) != 0) {
    auto zone = session_time_zone(state_of(context).settings.time_zone);
    ts += int64_t{zone->utc_offset_at(floor_divide(ts, usecs_per_second) + postgres_epoch_unix_seconds)} *
          usecs_per_second;
  }
  const int64_t day_number = floor_divide(ts, usecs_per_day);
  const int64_t time_of_day = ts - day_number * usecs_per_day;
  const civil_date date = civil_from_days(day_number);
  const int64_t shown_year = date.year > 0 ? date.year : 1 - date.year;
  const int64_t hour = time_of_day / usecs_per_hour;
  const int64_t minute = time_of_day / usecs_per_minute % 60;
  const int64_t second = time_of_day / usecs_per_second % 60;
  const int64_t usec = time_of_day % usecs_per_second;
  const int64_t dow = floor_modulo(day_number + 6, 7);
  const int64_t doy = day_number - days_from_civil(date.year, 1, 1) + 1;
  std::string out;
  bool fill_mode = false;
  size_t i = 0;
  const auto at = [&](const char* keyword) { return pattern.compare(i, std::strlen(keyword), keyword) == 0; };
  while (i < pattern.size()) {
    if (at("FM")) {
      fill_mode = true;
      i += 2;
      continue;
    }
    std::string piece;
    size_t used = 0;
    struct name_token {
      const char* keyword;
      bool month;
      int style;
      size_t length;
    };
    static const name_token names[] = {{"Month", true, 0, 9}, {"MONTH", true, 1, 9}, {"month", true, 2, 9},
                                       {"Mon", true, 0, 3},   {"MON", true, 1, 3},   {"mon", true, 2, 3},
                                       {"Day", false, 0, 9},  {"DAY", false, 1, 9},  {"day", false, 2, 9},
                                       {"Dy", false, 0, 3},   {"DY", false, 1, 3},   {"dy", false, 2, 3}};
    for (const name_token& n : names)
      if (used == 0 && at(n.keyword)) {
        piece = cased(n.month ? month_names[date.month - 1] : day_names[dow], n.style, n.length, fill_mode);
        used = std::strlen(n.keyword);
      }
    if (used == 0) {
      if (at("YYYY")) { piece = padded_number(shown_year, 4, fill_mode); used = 4; }
      else if (at("YY")) { piece = padded_number(shown_year % 100, 2, fill_mode); used = 2; }
      else if (at("MM")) { piece = padded_number(date.month, 2, fill_mode); used = 2; }
      else if (at("MI")) { piece = padded_number(minute, 2, fill_mode); used = 2; }
      else if (at("MS")) { piece = padded_number(usec / 1000, 3, fill_mode); used = 2; }
      else if (at("DDD")) { piece = padded_number(doy, 3, fill_mode); used = 3; }
      else if (at("DD")) { piece = padded_number(date.day, 2, fill_mode); used = 2; }
      else if (at("D")) { piece = std::to_string(dow + 1); used = 1; }
      else if (at("HH24")) { piece = padded_number(hour, 2, fill_mode); used = 4; }
      else if (at("HH12") || at("HH")) {
        piece = padded_number(hour % 12 == 0 ? 12 : hour % 12, 2, fill_mode);
        used = at("HH12") ? 4 : 2;
      }
      else if (at("SS")) { piece = padded_number(second, 2, fill_mode); used = 2; }
      else if (at("US")) { piece = padded_number(usec, 6, fill_mode); used = 2; }
      else if (at("AM") || at("PM")) { piece = hour >= 12 ? "PM" : "AM"; used = 2; }
      else if (at("am") || at("pm")) { piece = hour >= 12 ? "pm" : "am"; used = 2; }
      else if (at("Q")) { piece = std::to_string((date.month - 1) / 3 + 1); used = 1; }
    }
    if (used > 0) {
      out += piece;
      i += used;
      fill_mode = false;
      continue;
    }
    if (pattern[i] == '"') {
      i = append_quoted_text(pattern, i, out);
      continue;
    }
    out += pattern[i++];
  }
  return_text(context, out);
}

// pg_to_char_interval(interval, pattern): to_char of an interval, as PostgreSQL's
// interval_to_char: the fields of interval2tm (years = months / 12, months % 12, days,
// hours not wrapped, minutes, seconds, each with its own sign), each printed one
// place wider when negative; HH / HH12 on a 12-hour clock; DDD counts 30-day months.
// The translator passes only YYYY YY MM DD DDD HH24 HH12 HH MI SS MS US, FM and
// "quoted text" (PostgreSQL refuses names of months and days for an interval).
void to_char_interval(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const auto span = decode_stored_interval(text_of(argv[0]));
  if (!span)
    return report(context, make_pg_error("XX000", "invalid stored interval"));
  const int64_t year = span->months / 12, month = span->months % 12, day = span->days;
  const int64_t hour = span->micros / usecs_per_hour, minute = span->micros / usecs_per_minute % 60,
                second = span->micros / usecs_per_second % 60, usec = span->micros % usecs_per_second;
  const int64_t day_of_year = (year * 12 + month) * 30 + day;
  const std::string pattern = text_of(argv[1]);
  const auto signed_width = [](int64_t value, int width, bool fill_mode) {
    return padded_number(value, fill_mode ? 0 : value >= 0 ? width : width + 1, false);
  };
  std::string out;
  bool fill_mode = false;
  size_t i = 0;
  const auto at = [&](const char* keyword) { return pattern.compare(i, std::strlen(keyword), keyword) == 0; };
  while (i < pattern.size()) {
    if (at("FM")) {
      fill_mode = true;
      i += 2;
      continue;
    }
    std::string piece;
    size_t used = 0;
    {
      if (at("YYYY")) { piece = signed_width(year, 4, fill_mode); used = 4; }
      else if (at("YY")) { piece = signed_width(year % 100, 2, fill_mode); used = 2; }
      else if (at("MM")) { piece = signed_width(month, 2, fill_mode); used = 2; }
      else if (at("MI")) { piece = signed_width(minute, 2, fill_mode); used = 2; }
      else if (at("MS")) { piece = padded_number(usec / 1000, fill_mode ? 0 : 3, false); used = 2; }
      else if (at("DDD")) { piece = padded_number(day_of_year, fill_mode ? 0 : 3, false); used = 3; }
      else if (at("DD")) { piece = padded_number(day, fill_mode ? 0 : 2, false); used = 2; }
      else if (at("HH24")) { piece = signed_width(hour, 2, fill_mode); used = 4; }
      else if (at("HH12") || at("HH")) {
        piece = padded_number(hour % 12 == 0 ? 12 : hour % 12, fill_mode ? 0 : hour >= 0 ? 2 : 3, false);
        used = at("HH12") ? 4 : 2;
      }
      else if (at("SS")) { piece = signed_width(second, 2, fill_mode); used = 2; }
      else if (at("US")) { piece = padded_number(usec, fill_mode ? 0 : 6, false); used = 2; }
    }
    if (used > 0) {
      out += piece;
      i += used;
      fill_mode = false;
      continue;
    }
    if (pattern[i] == '"') {
      i = append_quoted_text(pattern, i, out);
      continue;
    }
    out += pattern[i++];
  }
  return_text(context, out);
}

// pg_to_char_number(value, pattern): to_char of an integer or numeric
// (stages/sql/number_format.hpp).
void to_char_number(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  auto value = numeric_argument(argv[0]);
  if (!value)
    return report(context, value.error());
  auto text = format_number(std::move(*value), text_of(argv[1]));
  if (!text)
    return report(context, text.error());
  return_text(context, *text);
}

// pg_to_char_int4(value, pattern): to_char of an integer or smallint.
void to_char_int4(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  auto text = format_int4(sqlite3_value_int64(argv[0]), text_of(argv[1]));
  if (!text)
    return report(context, text.error());
  return_text(context, *text);
}

// pg_to_char_float(value, pattern, is_float4): to_char of a double precision or real.
void to_char_float(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  auto text = format_float(float_argument(argv[0]), text_of(argv[1]), sqlite3_value_int(argv[2]) != 0);
  if (!text)
    return report(context, text.error());
  return_text(context, *text);
}

// pg_to_number(text, pattern): the digits the pattern reads, as numeric(precision,
// scale) reads them (numeric_to_number).
void to_number(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const std::string pattern = text_of(argv[1]);
  if (pattern.empty())
    return sqlite3_result_null(context);
  auto read = parse_number(text_of(argv[0]), pattern);
  if (!read)
    return report(context, read.error());
  auto value = parse_numeric_text(read->text, ((read->precision << 16) | read->scale) + 4);
  if (!value)
    return report(context, value.error());
  if (read->multiply) {
    // V: times power(10, -multi), which numeric_power gives at scale 16 (0 from 10^-17 on).
    std::string factor = read->multi == 0 ? "1." : "0.";
    for (int digit = 1; digit <= 16; ++digit)
      factor += digit == read->multi ? '1' : '0';
    auto scale = parse_numeric_text(factor);
    if (!scale)
      return report(context, scale.error());
    *value = numeric_multiply(*value, *scale);
  }
  return_text(context, format_numeric_text(*value));
}

// pg_to_timestamp_local(text, pattern): to_timestamp / to_date's fields
// (stages/sql/datetime_format_input.hpp) as a timestamp without time zone; the
// translator casts it to timestamptz (the session's TimeZone) or date.
void to_timestamp_local(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  auto fields = read_datetime_format(text_of(argv[0]), text_of(argv[1]));
  if (!fields)
    return report(context, fields.error());
  const int64_t usecs = days_from_civil(fields->year, fields->month, fields->day) * usecs_per_day +
                        ((int64_t{fields->hour} * 60 + fields->minute) * 60 + fields->second) * usecs_per_second +
                        fields->microsecond;
  if (!timestamp_in_range(usecs))
    return report(context, make_pg_error("22008", "timestamp out of range"));
  sqlite3_result_int64(context, usecs);
}

// pg_to_timestamp_epoch(float8): to_timestamp(seconds since 1970-01-01 UTC), timestamptz.
void to_timestamp_epoch(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  double seconds = float_argument(argv[0]);
  if (std::isnan(seconds))
    return report(context, make_pg_error("22008", "timestamp cannot be NaN"));
  if (std::isinf(seconds))
    return sqlite3_result_int64(context, seconds < 0 ? std::numeric_limits<int64_t>::min()
                                                     : std::numeric_limits<int64_t>::max());
  char shown[64];
  std::snprintf(shown, sizeof shown, "%g", seconds);
  const pg_error out_of_range = make_pg_error("22008", std::string("timestamp out of range: \"") + shown + "\"");
  // DATETIME_MIN_JULIAN (0) .. TIMESTAMP_END_JULIAN (109203528) around the Unix epoch (2440588)
  if (seconds < 86400.0 * (0 - 2440588.0) || seconds >= 86400.0 * (109203528.0 - 2440588.0))
    return report(context, out_of_range);
  seconds -= 946684800.0;  // to PostgreSQL's epoch
  const double micros = std::rint(seconds * 1000000.0);
  const auto result = static_cast<int64_t>(micros);
  if (!timestamp_in_range(result))
    return report(context, out_of_range);
  sqlite3_result_int64(context, result);
}

}  // namespace

void register_to_char_function(sqlite3* db, connection_state* state) {
  // Reads the session's TimeZone: not deterministic.
  sqlite3_create_function_v2(db, "pg_to_char", 3, SQLITE_UTF8, state, to_char, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_to_timestamp_local", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, state,
                             to_timestamp_local, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_to_timestamp_epoch", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, state,
                             to_timestamp_epoch, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_to_char_interval", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, state,
                             to_char_interval, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_to_char_number", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, state, to_char_number,
                             nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_to_char_int4", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, state, to_char_int4,
                             nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_to_char_float", 3, SQLITE_UTF8 | SQLITE_DETERMINISTIC, state, to_char_float,
                             nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_to_number", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, state, to_number, nullptr,
                             nullptr, nullptr);
}

}  // namespace tributary::sql_function_support
