// sql_functions_date_bin: date_bin, date_trunc in a named time zone and the sums of a
// date and a time, on stored forms (date: days since 2000-01-01; time: µs of the day;
// timetz: type_datetime.hpp's key; timestamp[tz]: µs since 2000-01-01), as PostgreSQL
// 15's timestamp.c and date.c compute them:
//
//   pg_date_bin(stride, source, origin)   date_bin (timestamp or timestamptz: the same
//                      arithmetic): the start of the stride-wide bin, counted from
//                      origin, that holds source (rounded down, also before origin);
//                      infinite source stays; 22008 origin out of range, stride must be
//                      greater than zero, interval out of range, timestamp out of range;
//                      0A000 timestamps cannot be binned into intervals containing
//                      months or years
//   pg_date_trunc_zone(unit, ts, zone)    date_trunc(unit, timestamptz, zone): truncated
//                      on zone's wall clock, read back in zone (below a day with the
//                      instant's own offset); infinite stays (zone and unit unread); 22023
//                      time zone "x" not recognized, then the unit's
//   pg_date_time(date, time)              date + time -> timestamp (datetime_timestamp);
//                      infinite dates stay; 22008 date out of range for timestamp,
//                      timestamp out of range
//   pg_date_timetz(date, timetz)          date + timetz -> timestamptz
//                      (datetimetz_timestamptz); 22008 date out of range for timestamp
// NULL in, NULL out.
#include <sqlite3.h>

#include <limits>

#include "stages/types/datetime/pg_calendar.hpp"
#include "stages/types/datetime/type_datetime.hpp"
#include "stages/types/datetime/zone_conversion.hpp"
#include "storage/sql_function_support.hpp"

namespace tributary::sql_function_support {
namespace {

constexpr int64_t infinite_low = std::numeric_limits<int64_t>::min();
constexpr int64_t infinite_high = std::numeric_limits<int64_t>::max();
constexpr int32_t date_infinite_low = std::numeric_limits<int32_t>::min();
constexpr int32_t date_infinite_high = std::numeric_limits<int32_t>::max();
// TIMESTAMP_END_JULIAN - POSTGRES_EPOCH_JDATE: the first date a timestamp cannot hold.
constexpr int64_t timestamp_end_days = 109'203'528 - 2'451'545;

pg_error out_of_range(const char* message) { return make_pg_error("22008", message); }

void answer(sqlite3_context* context, const result<int64_t, pg_error>& value) {
  if (!value)
    return report(context, value.error());
  sqlite3_result_int64(context, *value);
}

result<int64_t, pg_error> bin(const interval_value& stride, int64_t source, int64_t origin) {
  if (source == infinite_low || source == infinite_high)
    return source;
  if (origin == infinite_low || origin == infinite_high)
    return fail(out_of_range("origin out of range"));
  if (stride.months != 0)
    return fail(make_pg_error("0A000", "timestamps cannot be binned into intervals containing months or years"));
  int64_t stride_micros = 0;
  if (__builtin_mul_overflow(int64_t{stride.days}, usecs_per_day, &stride_micros) ||
      __builtin_add_overflow(stride_micros, stride.micros, &stride_micros))
    return fail(out_of_range("interval out of range"));
  if (stride_micros <= 0)
    return fail(out_of_range("stride must be greater than zero"));
  int64_t difference = 0;
  if (__builtin_sub_overflow(source, origin, &difference))
    return fail(out_of_range("interval out of range"));
  const int64_t modulo = difference % stride_micros;
  int64_t start = origin + (difference - modulo);
  // toward -infinity, not 0, before the origin; that can leave the range
  if (modulo < 0 && (__builtin_sub_overflow(start, stride_micros, &start) || !timestamp_in_range(start)))
    return fail(out_of_range("timestamp out of range"));
  return start;
}

void date_bin(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const auto stride = decode_stored_interval(text_of(argv[0]));
  if (!stride)
    return report(context, make_pg_error("XX000", "invalid stored interval"));
  answer(context, bin(*stride, sqlite3_value_int64(argv[1]), sqlite3_value_int64(argv[2])));
}

result<int64_t, pg_error> truncated_in_zone(const std::string& unit, int64_t ts, const std::string& zone) {
  if (ts == infinite_low || ts == infinite_high)
    return ts;
  auto local = timestamptz_in_zone(ts, zone);
  if (!local)
    return local;
  auto truncated = truncated_timestamp(unit, *local, true);
  if (!truncated)
    return truncated;
  if (truncation_keeps_offset(unit))
    return *truncated - (*local - ts);
  return timestamp_in_zone(*truncated, zone);
}

void date_trunc_zone(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  answer(context, truncated_in_zone(text_of(argv[0]), sqlite3_value_int64(argv[1]), text_of(argv[2])));
}

// A date plus µs (a time of day, and a timetz's zone): infinite dates stay infinite;
// 22008 date out of range for timestamp past timestamp's last date, `past_range` when
// the sum leaves timestamp's range.
result<int64_t, pg_error> date_plus(int64_t date, int64_t micros, const char* past_range) {
  if (date == date_infinite_low)
    return infinite_low;
  if (date == date_infinite_high)
    return infinite_high;
  if (date >= timestamp_end_days)
    return fail(out_of_range("date out of range for timestamp"));
  const int64_t ts = date * usecs_per_day + micros;
  if (!timestamp_in_range(ts))
    return fail(out_of_range(past_range));
  return ts;
}

void date_time(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  answer(context, date_plus(sqlite3_value_int64(argv[0]), sqlite3_value_int64(argv[1]), "timestamp out of range"));
}

void date_timetz(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const timetz_value time = timetz_from_key(sqlite3_value_int64(argv[1]));
  answer(context, date_plus(sqlite3_value_int64(argv[0]),
                            time.time_usecs + int64_t{time.zone_seconds_west} * 1'000'000,
                            "date out of range for timestamp"));
}

}  // namespace

void register_date_bin_functions(sqlite3* db, connection_state* state) {
  constexpr int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
  sqlite3_create_function_v2(db, "pg_date_bin", 3, flags, state, date_bin, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_date_trunc_zone", 3, flags, state, date_trunc_zone, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_date_time", 2, flags, state, date_time, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_date_timetz", 2, flags, state, date_timetz, nullptr, nullptr, nullptr);
}

}  // namespace tributary::sql_function_support
