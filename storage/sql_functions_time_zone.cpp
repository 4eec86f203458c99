// sql_functions_time_zone: AT TIME ZONE and make_timestamptz's zone on stored forms
// (timestamp / timestamptz: µs since 2000-01-01; interval: "months days micros"),
// computed by stages/types/datetime/zone_conversion.hpp:
//
//   pg_at_time_zone(zone, value, to_local)        zone text; to_local 1: timestamptz ->
//                                                 timestamp, 0: timestamp -> timestamptz
//   pg_at_interval_zone(zone, value, to_local)    zone an interval (a fixed offset EAST)
//   pg_timestamp_at_zone_name(local, zone)        make_timestamptz(..., zone): the
//                                                 wall clock read in zone ('+05' ISO)
// NULL in, NULL out; errors are PostgreSQL's (22023 time zone "x" not recognized, 22008).
#include <sqlite3.h>

#include "stages/types/datetime/interval_text_output.hpp"
#include "stages/types/datetime/zone_conversion.hpp"
#include "storage/sql_function_support.hpp"

namespace tributary::sql_function_support {
namespace {

void answer(sqlite3_context* context, const result<int64_t, pg_error>& value) {
  if (!value)
    return report(context, value.error());
  sqlite3_result_int64(context, *value);
}

void at_time_zone(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const std::string zone = text_of(argv[0]);
  const int64_t value = sqlite3_value_int64(argv[1]);
  answer(context, sqlite3_value_int(argv[2]) ? timestamptz_in_zone(value, zone) : timestamp_in_zone(value, zone));
}

void at_interval_zone(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const auto zone = decode_stored_interval(text_of(argv[0]));
  if (!zone)
    return report(context, make_pg_error("XX000", "invalid stored interval"));
  answer(context, shifted_by_interval(sqlite3_value_int64(argv[1]), *zone, sqlite3_value_int(argv[2]) != 0,
                                      format_pg_interval_text(*zone, state_of(context).settings.intervals)));
}

void timestamp_at_zone_name(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  answer(context, timestamp_in_sane_zone(sqlite3_value_int64(argv[0]), text_of(argv[1])));
}

}  // namespace

void register_time_zone_functions(sqlite3* db, connection_state* state) {
  constexpr int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
  sqlite3_create_function_v2(db, "pg_at_time_zone", 3, flags, state, at_time_zone, nullptr, nullptr, nullptr);
  // Reads the session's IntervalStyle for its error: not deterministic.
  sqlite3_create_function_v2(db, "pg_at_interval_zone", 3, SQLITE_UTF8, state, at_interval_zone, nullptr, nullptr,
                             nullptr);
  sqlite3_create_function_v2(db, "pg_timestamp_at_zone_name", 2, flags, state, timestamp_at_zone_name, nullptr,
                             nullptr, nullptr);
}

}  // namespace tributary::sql_function_support
