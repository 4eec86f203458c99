// zone_conversion: a timestamp moved into or out of a named time zone, as PostgreSQL 15
// computes `AT TIME ZONE` and make_timestamptz's zone argument.
//
//   timestamptz_in_zone    timestamptz_zone: the wall clock in `zone` of a UTC instant
//                          (timestamptz AT TIME ZONE 'zone' -> timestamp)
//   timestamp_in_zone      timestamp_zone: the instant a wall clock of `zone` names
//                          (timestamp AT TIME ZONE 'zone' -> timestamptz)
//   shifted_by_interval    timestamp[tz]_izone: AT TIME ZONE INTERVAL '+05:30' (a fixed
//                          offset EAST of UTC; 22023 when the interval has months or days)
//   timestamp_in_sane_zone parse_sane_timezone + make_timestamptz_at_timezone: a numeric
//                          zone is ISO ('+05' is five hours EAST), a leading digit is 22023
//
// A zone name is looked up as PostgreSQL does: the timezone_abbreviations set first
// ('EST' fixed, 'MSK' dynamic: its meaning at that time), then the zone database or a
// POSIX TZ string (pg_tzset: 'America/New_York', 'UTC+3', and '+05' = five hours WEST).
// A name that is neither is 22023 time zone "x" not recognized. Values are µs since
// 2000-01-01 (UTC for an instant, wall clock for a timestamp); infinite values stay
// infinite; a result out of range is 22008. Pure.
#pragma once

#include <cstdint>
#include <string_view>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/datetime/interval_value.hpp"

namespace tributary {

result<int64_t, pg_error> timestamptz_in_zone(int64_t utc, std::string_view zone);
result<int64_t, pg_error> timestamp_in_zone(int64_t local, std::string_view zone);
// to_local: timestamptz -> timestamp (+ offset); else timestamp -> timestamptz (- offset).
// `zone_text` is the interval's output text for the error message.
result<int64_t, pg_error> shifted_by_interval(int64_t value, const interval_value& zone, bool to_local,
                                              std::string_view zone_text);
result<int64_t, pg_error> timestamp_in_sane_zone(int64_t local, std::string_view zone);

}  // namespace tributary
