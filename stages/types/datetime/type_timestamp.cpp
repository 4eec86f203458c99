// type_timestamp: timestamp (OID 1114) and timestamptz (OID 1184), stored as
// microseconds since 2000-01-01 00:00 (timestamptz: UTC), INT64_MIN/INT64_MAX
// for -infinity/infinity. Input as timestamp_in/timestamptz_in: the zone of
// the text (timestamp drops it), else the session zone at that local time
// with PostgreSQL's choice in DST gaps and overlaps; outside 4714-11-24 BC ..
// 294276-12-31 is 22008 `timestamp out of range: "<text>"`. typmod rounds the
// fraction half away from zero. Output: settings.date_style (ISO here,
// others in datetime_styles); timestamptz in the session zone, with its offset
// (ISO) or abbreviation. Binary: int64 µs, range checked as timestamp_recv.
#include <limits>

#include "stages/types/datetime/datetime_styles.hpp"
#include "stages/types/datetime/datetime_type_support.hpp"
#include "stages/types/datetime/pg_calendar.hpp"
#include "stages/types/datetime/pg_datetime_format.hpp"
#include "stages/types/datetime/type_datetime.hpp"

namespace tributary {
namespace {

constexpr oid_t timestamptz_oid = 1184;
constexpr int64_t unix_epoch_usecs = -postgres_epoch_unix_seconds * usecs_per_second;

bool with_zone(const column_type& type) { return type.oid == timestamptz_oid; }

bool is_infinite(int64_t usecs) {
  return usecs == std::numeric_limits<int64_t>::min() ||
         usecs == std::numeric_limits<int64_t>::max();
}

// tm2timestamp: nullopt when out of range.
std::optional<int64_t> timestamp_of(const parsed_datetime& p, bool apply_zone) {
  if (!julian_date_in_range(p.year, p.month))
    return std::nullopt;
  const int64_t days = days_from_civil(p.year, p.month, p.day);
  const int64_t time =
      ((int64_t{p.hour} * 60 + p.minute) * 60 + p.second) * usecs_per_second + p.usecs;
  int64_t usecs = 0;
  if (__builtin_mul_overflow(days, usecs_per_day, &usecs) ||
      __builtin_add_overflow(usecs, time, &usecs))
    return std::nullopt;
  if (apply_zone &&
      __builtin_add_overflow(usecs, int64_t{p.zone_seconds_west} * usecs_per_second, &usecs))
    return std::nullopt;
  if (!timestamp_in_range(usecs))
    return std::nullopt;
  return usecs;
}

}  // namespace

result<sql_value, pg_error> parse_timestamp_text(const column_type& type, std::string_view text,
                                                 const type_settings& settings) {
  const datetime_input_scope scope = input_scope(settings);
  auto parsed = decode_datetime_text(text, long_datetime_buffer, scope.context);
  if (!parsed)
    return fail(datetime_parse_error(parsed.error(), text,
                                     with_zone(type) ? "timestamp with time zone" : "timestamp"));
  switch (parsed->special) {
    case datetime_special::epoch:
      return sql_value{unix_epoch_usecs};
    case datetime_special::infinity:
      return sql_value{std::numeric_limits<int64_t>::max()};
    case datetime_special::minus_infinity:
      return sql_value{std::numeric_limits<int64_t>::min()};
    case datetime_special::none:
      break;
  }
  const auto usecs = timestamp_of(*parsed, with_zone(type));
  if (!usecs)
    return fail(make_pg_error("22008", "timestamp out of range: \"" + std::string(text) + "\""));
  return sql_value{round_timestamp_to_typmod(*usecs, type.typmod)};
}

result<sql_value, pg_error> parse_timestamp_binary(const column_type& type,
                                                   std::string_view bytes) {
  const auto bits = read_big_endian(bytes, 8);
  if (!bits)
    return fail(invalid_binary_representation("incorrect binary data format"));
  const auto usecs = static_cast<int64_t>(*bits);
  if (!is_infinite(usecs) && !timestamp_in_range(usecs))
    return fail(make_pg_error("22008", "timestamp out of range"));
  return sql_value{round_timestamp_to_typmod(usecs, type.typmod)};
}

std::string format_timestamp_text(const column_type& type, const sql_value& stored,
                                  const type_settings& settings) {
  if (const std::string* text = stored_foreign_text(stored))
    return *text;
  const int64_t usecs = stored_integer(stored);
  if (settings.date_style != date_output_style::iso)
    return with_zone(type) ? styled_timestamptz_text(usecs, settings)
                           : styled_timestamp_text(usecs, settings.date_style, settings.order);
  if (!with_zone(type))
    return pg_timestamp_text(usecs);
  if (is_infinite(usecs))
    return pg_timestamptz_text(usecs, 0);
  const auto zone = session_time_zone(settings.time_zone);
  return pg_timestamptz_text(usecs, zone_west_at(*zone, usecs));
}

std::string format_timestamp_binary(const column_type&, const sql_value& stored) {
  return big_endian_bytes(static_cast<uint64_t>(stored_integer(stored)), 8);
}

}  // namespace tributary
