// sql_functions_datetime: date/time arithmetic and fields on stored forms
// (date: days since 2000-01-01; timestamp/timestamptz: µs since 2000-01-01, UTC
// for timestamptz; interval: "months days micros"), as PostgreSQL computes them;
// timestamptz's calendar steps happen in the session's TimeZone.
//
//   pg_date_add(days, n)           date + / - integer; 22008 date out of range
//   pg_date_diff(a, b)             date - date (int4); 22008 cannot subtract infinite dates
//   pg_timestamp_add(ts, interval, with_zone, sign)
//                                  timestamp[tz] +/- interval: months (the day of
//                                  month clamped), then days, then µs; infinite
//                                  stays infinite; 22008 timestamp out of range
//   pg_time_diff(a, b)             time - time -> interval of the µs between them (time_mi_time)
//   pg_timetz_add(t, interval, sign)   timetz +/- interval: the time part, modulo a day,
//                                  the zone kept (timetz_pl_interval)
//   pg_timestamp_diff(a, b)        timestamp[tz] - timestamp[tz] -> interval, hours
//                                  justified into days; 22008 cannot subtract
//                                  infinite timestamps
//   pg_date_trunc(unit, ts, with_zone)   date_trunc; 22023 unit "x" not recognized
//                                  for type timestamp with[out] time zone
//   pg_extract(field, value, type_oid, as_numeric)
//                                  extract (numeric, PostgreSQL 14+'s scales:
//                                  second 6, milliseconds 3, epoch 6) or date_part
//                                  (float8) of a date, timestamp or timestamptz
//                                  (local fields in the session's TimeZone);
//                                  infinite values give ±Infinity for year-like
//                                  fields and epoch, NULL for the others; 0A000 unit
//                                  "hour" not supported for type date
// The translator passes only the fields it knows (datetime_functions.cpp).
//   pg_age(a, b, with_zone)        age(a, b): field by field (years, months, days,
//                                  time) with borrows, as timestamp_age; 22008
//                                  timestamp out of range for infinite values
//                                  (PostgreSQL 15 answers those with a meaningless
//                                  interval, 17 with an error: not copied)
//   pg_make_date(year, month, day) make_date: a negative year is BC; 22008 date field
//                                  value out of range: y-mm-dd, date out of range: y-mm-dd
//   pg_make_timestamp(year, month, day, hour, min, sec)   make_timestamp (sec float8):
//                                  the date as make_date's, then 22008 time field value
//                                  out of range: h:mm:ss / timestamp out of range, as
//                                  make_timestamp_internal
#include <sqlite3.h>

#include <cmath>
#include <cstdio>
#include <limits>

#include "stages/types/datetime/interval_value.hpp"
#include "stages/types/datetime/pg_calendar.hpp"
#include "stages/types/datetime/time_zone_rules.hpp"
#include "stages/types/datetime/type_datetime.hpp"
#include "storage/sql_function_support.hpp"

namespace tributary::sql_function_support {
std::string scaled_text(int64_t v, int scale) {
  int64_t unit = 1;
  for (int i = 0; i < scale; ++i)
    unit *= 10;
  const bool negative = v < 0;
  const uint64_t magnitude = negative ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  std::string out = (negative ? "-" : "") + std::to_string(magnitude / static_cast<uint64_t>(unit));
  if (scale > 0) {
    std::string fraction = std::to_string(magnitude % static_cast<uint64_t>(unit));
    out += "." + std::string(static_cast<size_t>(scale) - fraction.size(), '0') + fraction;
  }
  return out;
}

void return_extracted(sqlite3_context* context, int64_t v, int scale, bool as_numeric) {
  if (as_numeric)
    return return_text(context, scaled_text(v, scale));
  double d = static_cast<double>(v);
  for (int i = 0; i < scale; ++i)
    d /= 10;
  return_text(context, stored_float(d));
}

namespace {

constexpr int64_t infinite_days_low = std::numeric_limits<int32_t>::min();
constexpr int64_t infinite_days_high = std::numeric_limits<int32_t>::max();
constexpr int64_t infinite_low = std::numeric_limits<int64_t>::min();
constexpr int64_t infinite_high = std::numeric_limits<int64_t>::max();

pg_error timestamp_out_of_range() { return make_pg_error("22008", "timestamp out of range"); }

void date_add(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const int64_t days = sqlite3_value_int64(argv[0]);
  if (days == infinite_days_low || days == infinite_days_high)
    return sqlite3_result_int64(context, days);
  const int64_t result = days + sqlite3_value_int64(argv[1]);
  if (!date_in_range(result))
    return report(context, make_pg_error("22008", "date out of range"));
  sqlite3_result_int64(context, result);
}

void date_diff(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const int64_t a = sqlite3_value_int64(argv[0]);
  const int64_t b = sqlite3_value_int64(argv[1]);
  for (int64_t d : {a, b})
    if (d == infinite_days_low || d == infinite_days_high)
      return report(context, make_pg_error("22008", "cannot subtract infinite dates"));
  sqlite3_result_int64(context, a - b);
}

// The session zone's offset (seconds east) at a UTC instant in µs since 2000.
int32_t offset_at(const time_zone_rules& zone, int64_t usecs) {
  return zone.utc_offset_at(floor_divide(usecs, usecs_per_second) + postgres_epoch_unix_seconds);
}
int32_t offset_of_local(const time_zone_rules& zone, int64_t local_usecs) {
  return zone.utc_offset_of_local_time(floor_divide(local_usecs, usecs_per_second) +
                                       postgres_epoch_unix_seconds);
}

// Adds months or days to a wall-clock time (µs since 2000-01-01 local).
int64_t add_calendar(int64_t local, int64_t months, int64_t days) {
  const int64_t day_number = floor_divide(local, usecs_per_day);
  const int64_t time_of_day = local - day_number * usecs_per_day;
  civil_date date = civil_from_days(day_number);
  if (months != 0) {
    const int64_t month_index = date.year * 12 + (date.month - 1) + months;
    date.year = floor_divide(month_index, 12);
    date.month = static_cast<int>(month_index - date.year * 12) + 1;
    date.day = std::min(date.day, days_in_month(date.year, date.month));
  }
  return (days_from_civil(date.year, date.month, date.day) + days) * usecs_per_day + time_of_day;
}

}  // namespace

result<int64_t, pg_error> add_interval_to_timestamp(sqlite3_context* context, int64_t ts,
                                                    const interval_value& interval, bool with_zone, int sign) {
  if (ts == infinite_low || ts == infinite_high)
    return ts;
  const int64_t months = int64_t{sign} * interval.months;
  const int64_t days = int64_t{sign} * interval.days;
  std::shared_ptr<const time_zone_rules> zone =
      with_zone ? session_time_zone(state_of(context).settings.time_zone) : nullptr;
  for (const auto& [step_months, step_days] : {std::pair{months, int64_t{0}}, std::pair{int64_t{0}, days}}) {
    if (step_months == 0 && step_days == 0)
      continue;
    if (zone) {
      const int64_t local = add_calendar(ts + int64_t{offset_at(*zone, ts)} * usecs_per_second,
                                         step_months, step_days);
      ts = local - int64_t{offset_of_local(*zone, local)} * usecs_per_second;
    } else {
      ts = add_calendar(ts, step_months, step_days);
    }
    if (!timestamp_in_range(ts))
      return fail(timestamp_out_of_range());
  }
  if (__builtin_add_overflow(ts, sign * interval.micros, &ts) || !timestamp_in_range(ts))
    return fail(timestamp_out_of_range());
  return ts;
}

bool truncation_keeps_offset(std::string unit) {
  for (char& c : unit)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return unit == "microseconds" || unit == "milliseconds" || unit == "second" || unit == "minute" || unit == "hour";
}

result<int64_t, pg_error> truncated_timestamp(std::string unit, int64_t local, bool with_zone) {
  for (char& c : unit)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  static const char* const units[] = {"microseconds", "milliseconds", "second", "minute", "hour",
                                      "day", "week", "month", "quarter", "year", "decade",
                                      "century", "millennium"};
  bool known = false;
  for (const char* u : units)
    known = known || unit == u;
  if (!known)
    return fail(make_pg_error("22023", "unit \"" + unit + "\" not recognized for type " +
                                           (with_zone ? "timestamp with time zone" : "timestamp without time zone")));
  const int64_t day_number = floor_divide(local, usecs_per_day);
  const int64_t time_of_day = local - day_number * usecs_per_day;
  const auto within_day = [&](int64_t step) { return day_number * usecs_per_day + time_of_day / step * step; };
  if (unit == "microseconds")
    return local;
  if (unit == "milliseconds")
    return within_day(1000);
  if (unit == "second")
    return within_day(usecs_per_second);
  if (unit == "minute")
    return within_day(usecs_per_minute);
  if (unit == "hour")
    return within_day(usecs_per_hour);
  if (unit == "day")
    return day_number * usecs_per_day;
  if (unit == "week")  // ISO weeks start on Monday; 2000-01-03 was one
    return (day_number - floor_modulo(day_number - 2, 7)) * usecs_per_day;
  civil_date date = civil_from_days(day_number);
  int64_t year = date.year;
  int month = date.month;
  if (unit == "month") {
  } else if (unit == "quarter") {
    month = (month - 1) / 3 * 3 + 1;
  } else {
    month = 1;
    // PostgreSQL counts decades from year 0 and centuries and millennia from
    // year 1 (for AD years; BC years mirror them).
    if (unit == "decade")
      year = year > 0 ? year / 10 * 10 : -((8 - (year - 1)) / 10) * 10;
    else if (unit == "century")
      year = year > 0 ? ((year + 99) / 100 - 1) * 100 + 1 : -((99 - (year - 1)) / 100) * 100 + 1;
    else if (unit == "millennium")
      year = year > 0 ? ((year + 999) / 1000 - 1) * 1000 + 1 : -((999 - (year - 1)) / 1000) * 1000 + 1;
  }
  return days_from_civil(year, month, 1) * usecs_per_day;
}

namespace {

void timestamp_add(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  auto interval = decode_stored_interval(text_of(argv[1]));
  if (!interval)
    return report(context, make_pg_error("XX000", "invalid stored interval"));
  auto sum = add_interval_to_timestamp(context, sqlite3_value_int64(argv[0]), *interval,
                                       sqlite3_value_int(argv[2]) != 0, sqlite3_value_int64(argv[3]) < 0 ? -1 : 1);
  if (!sum)
    return report(context, sum.error());
  sqlite3_result_int64(context, *sum);
}

void timestamp_diff(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const int64_t a = sqlite3_value_int64(argv[0]);
  const int64_t b = sqlite3_value_int64(argv[1]);
  for (int64_t t : {a, b})
    if (t == infinite_low || t == infinite_high)
      return report(context, make_pg_error("22008", "cannot subtract infinite timestamps"));
  int64_t micros = 0;
  if (__builtin_sub_overflow(a, b, &micros))
    return report(context, make_pg_error("22008", "interval out of range"));
  interval_value out;
  // interval_justify_hours: whole days out of the µs, both with one sign.
  out.days = static_cast<int32_t>(micros / usecs_per_day);
  out.micros = micros % usecs_per_day;
  return_text(context, encode_stored_interval(out));
}

// time - time: an interval of the microseconds between them, no days (PostgreSQL's
// time_mi_time: '01:00' - '10:00' is -09:00:00).
void time_diff(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  interval_value out;
  out.micros = sqlite3_value_int64(argv[0]) - sqlite3_value_int64(argv[1]);  // both within a day
  return_text(context, encode_stored_interval(out));
}

// timetz +/- interval: the interval's time part added to the time of day, modulo a
// day, the zone kept (timetz_pl_interval / timetz_mi_interval).
void timetz_add(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  auto interval = decode_stored_interval(text_of(argv[1]));
  if (!interval)
    return report(context, make_pg_error("22P02", "invalid interval value"));
  timetz_value value = timetz_from_key(sqlite3_value_int64(argv[0]));
  const int64_t time = value.time_usecs + sqlite3_value_int64(argv[2]) * interval->micros;
  value.time_usecs = ((time % usecs_per_day) + usecs_per_day) % usecs_per_day;
  sqlite3_result_int64(context, timetz_key(value));
}

void date_trunc(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const int64_t ts = sqlite3_value_int64(argv[1]);
  const bool with_zone = sqlite3_value_int(argv[2]) != 0;
  if (ts == infinite_low || ts == infinite_high)  // before the unit is read, as PostgreSQL
    return sqlite3_result_int64(context, ts);
  std::shared_ptr<const time_zone_rules> zone =
      with_zone ? session_time_zone(state_of(context).settings.time_zone) : nullptr;
  const int64_t local = zone ? ts + int64_t{offset_at(*zone, ts)} * usecs_per_second : ts;
  const std::string unit = text_of(argv[0]);
  auto result = truncated_timestamp(unit, local, with_zone);
  if (!result)
    return report(context, result.error());
  if (zone)  // below a day the instant keeps its offset; from a day on it is looked up again
    *result -= truncation_keeps_offset(unit) ? local - ts
                                             : int64_t{offset_of_local(*zone, *result)} * usecs_per_second;
  sqlite3_result_int64(context, *result);
}

int64_t iso_week(int64_t day_number) {
  const auto weekday_of = [](int64_t d) { return floor_modulo(d + 5, 7) + 1; };  // Monday = 1
  const civil_date date = civil_from_days(day_number);
  // The Monday of week 1 is the Monday on or before January 4th.
  const auto week_one = [&](int64_t year) {
    const int64_t jan4 = days_from_civil(year, 1, 4);
    return jan4 - (weekday_of(jan4) - 1);
  };
  int64_t start = week_one(date.year + 1);
  if (day_number < start)
    start = week_one(date.year);
  if (day_number < start)
    start = week_one(date.year - 1);
  return (day_number - start) / 7 + 1;
}

void extract(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const std::string field = text_of(argv[0]);
  const int64_t stored = sqlite3_value_int64(argv[1]);
  const int64_t type = sqlite3_value_int64(argv[2]);
  const bool as_numeric = sqlite3_value_int(argv[3]) != 0;
  const bool is_date = type == 1082;
  const auto give = [&](int64_t v, int scale) { return_extracted(context, v, scale, as_numeric); };
  if (is_date && (field == "hour" || field == "minute" || field == "second" ||
                  field == "milliseconds" || field == "microseconds"))
    return report(context, make_pg_error("0A000", "unit \"" + field + "\" not supported for type date"));
  const bool infinite = is_date ? (stored == infinite_days_low || stored == infinite_days_high)
                                : (stored == infinite_low || stored == infinite_high);
  if (infinite) {
    if (field == "year" || field == "decade" || field == "century" || field == "millennium" ||
        field == "epoch" || field == "isoyear" || field == "julian") {
      const bool positive = stored > 0;
      return as_numeric ? return_text(context, positive ? "Infinity" : "-Infinity")
                        : return_text(context, stored_float(positive ? HUGE_VAL : -HUGE_VAL));
    }
    return sqlite3_result_null(context);
  }
  const int64_t usecs = is_date ? stored * usecs_per_day : stored;
  if (field == "epoch")
    return is_date ? give(stored * seconds_per_day + postgres_epoch_unix_seconds, 0)
                   : give(usecs + postgres_epoch_unix_seconds * usecs_per_second, 6);
  int64_t local = usecs;
  if (type == 1184) {
    std::shared_ptr<const time_zone_rules> zone = session_time_zone(state_of(context).settings.time_zone);
    local += int64_t{offset_at(*zone, usecs)} * usecs_per_second;
  }
  const int64_t day_number = floor_divide(local, usecs_per_day);
  const int64_t time_of_day = local - day_number * usecs_per_day;
  const civil_date date = civil_from_days(day_number);
  const int64_t year = date.year;
  const int64_t second_usecs = time_of_day % usecs_per_minute;
  if (field == "microseconds")
    return give(second_usecs, 0);
  if (field == "milliseconds")
    return give(second_usecs, 3);
  if (field == "second")
    return give(second_usecs, 6);
  if (field == "minute")
    return give(time_of_day / usecs_per_minute % 60, 0);
  if (field == "hour")
    return give(time_of_day / usecs_per_hour, 0);
  if (field == "day")
    return give(date.day, 0);
  if (field == "month")
    return give(date.month, 0);
  if (field == "quarter")
    return give((date.month - 1) / 3 + 1, 0);
  if (field == "year")
    return give(year > 0 ? year : year - 1, 0);
  if (field == "decade")
    return give(year >= 0 ? year / 10 : -((8 - (year - 1)) / 10), 0);
  if (field == "century")
    return give(year > 0 ? (year + 99) / 100 : -((99 - (year - 1)) / 100), 0);
  if (field == "millennium")
    return give(year > 0 ? (year + 999) / 1000 : -((999 - (year - 1)) / 1000), 0);
  if (field == "dow")
    return give(floor_modulo(day_number + 6, 7), 0);
  if (field == "isodow")
    return give(floor_modulo(day_number + 5, 7) + 1, 0);
  if (field == "doy")
    return give(day_number - days_from_civil(year, 1, 1) + 1, 0);
  if (field == "week")
    return give(iso_week(day_number), 0);
  report(context, make_pg_error("XX000", "extract field \"" + field + "\" is not computed here"));
}

struct broken_down {
  int64_t year, month, day, hour, minute, second, usec;
};

broken_down break_down(int64_t local) {
  const int64_t day_number = floor_divide(local, usecs_per_day);
  int64_t time_of_day = local - day_number * usecs_per_day;
  const civil_date date = civil_from_days(day_number);
  broken_down out{date.year, date.month, date.day, 0, 0, 0, 0};
  out.hour = time_of_day / usecs_per_hour;
  time_of_day %= usecs_per_hour;
  out.minute = time_of_day / usecs_per_minute;
  time_of_day %= usecs_per_minute;
  out.second = time_of_day / usecs_per_second;
  out.usec = time_of_day % usecs_per_second;
  return out;
}

void age(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  int64_t a = sqlite3_value_int64(argv[0]);
  int64_t b = sqlite3_value_int64(argv[1]);
  for (int64_t t : {a, b})
    if (t == infinite_low || t == infinite_high)
      return report(context, timestamp_out_of_range());
  const bool before = a < b;
  if (sqlite3_value_int(argv[2]) != 0) {
    std::shared_ptr<const time_zone_rules> zone = session_time_zone(state_of(context).settings.time_zone);
    a += int64_t{offset_at(*zone, a)} * usecs_per_second;
    b += int64_t{offset_at(*zone, b)} * usecs_per_second;
  }
  const broken_down x = break_down(a);
  const broken_down y = break_down(b);
  broken_down d{x.year - y.year, x.month - y.month, x.day - y.day, x.hour - y.hour,
                x.minute - y.minute, x.second - y.second, x.usec - y.usec};
  const auto flip = [&] {
    for (int64_t* f : {&d.year, &d.month, &d.day, &d.hour, &d.minute, &d.second, &d.usec})
      *f = -*f;
  };
  if (before)
    flip();
  while (d.usec < 0) { d.usec += usecs_per_second; --d.second; }
  while (d.second < 0) { d.second += 60; --d.minute; }
  while (d.minute < 0) { d.minute += 60; --d.hour; }
  while (d.hour < 0) { d.hour += 24; --d.day; }
  while (d.day < 0) {
    // The month borrowed from is the earlier value's.
    const broken_down& earlier = before ? x : y;
    d.day += days_in_month(earlier.year, static_cast<int>(earlier.month));
    --d.month;
  }
  while (d.month < 0) { d.month += 12; --d.year; }
  if (before)
    flip();
  interval_value out;
  out.months = static_cast<int32_t>(d.year * 12 + d.month);
  out.days = static_cast<int32_t>(d.day);
  out.micros = ((d.hour * 60 + d.minute) * 60 + d.second) * usecs_per_second + d.usec;
  return_text(context, encode_stored_interval(out));
}

void make_date(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const int64_t year = sqlite3_value_int64(argv[0]);
  const int64_t month = sqlite3_value_int64(argv[1]);
  const int64_t day = sqlite3_value_int64(argv[2]);
  char shown[96];
  std::snprintf(shown, sizeof shown, "%lld-%02lld-%02lld", static_cast<long long>(year),
                static_cast<long long>(month), static_cast<long long>(day));
  const int64_t astronomical = year < 0 ? year + 1 : year;
  if (year == 0 || month < 1 || month > 12 || day < 1 ||
      day > days_in_month(astronomical, static_cast<int>(month)))
    return report(context, make_pg_error("22008", std::string("date field value out of range: ") + shown));
  if (!julian_date_in_range(astronomical, static_cast<int>(month)))
    return report(context, make_pg_error("22008", std::string("date out of range: ") + shown));
  const int64_t days = days_from_civil(astronomical, static_cast<int>(month), day);
  if (!date_in_range(days))
    return report(context, make_pg_error("22008", std::string("date out of range: ") + shown));
  sqlite3_result_int64(context, days);
}

void make_timestamp(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const int64_t year = sqlite3_value_int(argv[0]), month = sqlite3_value_int(argv[1]),
                day = sqlite3_value_int(argv[2]), hour = sqlite3_value_int(argv[3]),
                minute = sqlite3_value_int(argv[4]);
  const double second = float_argument(argv[5]);
  char date_text[96];
  std::snprintf(date_text, sizeof date_text, "%lld-%02lld-%02lld", static_cast<long long>(year),
                static_cast<long long>(month), static_cast<long long>(day));
  char second_text[64];
  if (std::isnan(second))
    std::snprintf(second_text, sizeof second_text, "NaN");
  else
    std::snprintf(second_text, sizeof second_text, "%02g", second);
  const std::string time_text = std::to_string(hour) + ":" + (minute >= 0 && minute < 10 ? "0" : "") +
                                std::to_string(minute) + ":" + second_text;
  const int64_t astronomical = year < 0 ? year + 1 : year;
  if (year == 0 || month < 1 || month > 12 || day < 1 || day > days_in_month(astronomical, static_cast<int>(month)))
    return report(context, make_pg_error("22008", std::string("date field value out of range: ") + date_text));
  if (!julian_date_in_range(astronomical, static_cast<int>(month)))
    return report(context, make_pg_error("22008", std::string("date out of range: ") + date_text));
  const int64_t days = days_from_civil(astronomical, static_cast<int>(month), day);
  // float_time_overflows
  const double micros_of_second = std::rint(second * 1000000.0);
  if (hour < 0 || hour > 24 || minute < 0 || minute >= 60 || std::isnan(second) || micros_of_second < 0 ||
      micros_of_second > 60000000.0 ||
      ((hour * 60 + minute) * 60) * 1000000 + static_cast<int64_t>(micros_of_second) > usecs_per_day)
    return report(context, make_pg_error("22008", "time field value out of range: " + time_text));
  const int64_t time = ((hour * 60 + minute) * 60) * 1000000 + static_cast<int64_t>(micros_of_second);
  int64_t result = 0;
  if (__builtin_mul_overflow(days, usecs_per_day, &result) || __builtin_add_overflow(result, time, &result) ||
      (result < 0 && days > 0) || (result > 0 && days < -1) || !timestamp_in_range(result))
    return report(context, make_pg_error("22008", std::string("timestamp out of range: ") + date_text + " " + time_text));
  sqlite3_result_int64(context, result);
}

}  // namespace

void register_datetime_functions(sqlite3* db, connection_state* state) {
  constexpr int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
  sqlite3_create_function_v2(db, "pg_date_add", 2, flags, state, date_add, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_date_diff", 2, flags, state, date_diff, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_make_date", 3, flags, state, make_date, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_make_timestamp", 6, flags, state, make_timestamp, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_timestamp_diff", 2, flags, state, timestamp_diff, nullptr, nullptr,
                             nullptr);
  sqlite3_create_function_v2(db, "pg_time_diff", 2, flags, state, time_diff, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_timetz_add", 3, flags, state, timetz_add, nullptr, nullptr, nullptr);
  // These read the session's TimeZone: not deterministic.
  sqlite3_create_function_v2(db, "pg_timestamp_add", 4, SQLITE_UTF8, state, timestamp_add, nullptr,
                             nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_date_trunc", 3, SQLITE_UTF8, state, date_trunc, nullptr, nullptr,
                             nullptr);
  sqlite3_create_function_v2(db, "pg_age", 3, SQLITE_UTF8, state, age, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_extract", 4, SQLITE_UTF8, state, extract, nullptr, nullptr, nullptr);
}

}  // namespace tributary::sql_function_support
