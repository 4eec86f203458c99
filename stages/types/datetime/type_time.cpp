// type_time: time (OID 1083) and timetz (OID 1266). time is stored as
// microseconds of the day (0 .. 24:00:00); timetz as the key of
// type_datetime.hpp, which keeps the time and the zone (seconds west of UTC)
// and orders as timetz_cmp. Input as time_in/timetz_in (a leading date is
// accepted; a zone without a date takes the session zone's offset today, or
// the zone's only offset); typmod rounds the time half away from zero, so
// 23:59:59.5 in time(0) is 24:00:00. Binary: int64 µs (+ int32 zone), range
// checked as time_recv/timetz_recv.
#include "stages/types/datetime/datetime_type_support.hpp"
#include "stages/types/datetime/pg_calendar.hpp"
#include "stages/types/datetime/pg_datetime_format.hpp"
#include "stages/types/datetime/type_datetime.hpp"

namespace tributary {
namespace {

constexpr oid_t timetz_oid = 1266;
constexpr int64_t zone_bits_scale = int64_t{1} << 21;
constexpr int64_t zone_bias = int64_t{1} << 20;
constexpr int32_t zone_displacement_limit = 16 * 3600;  // TZDISP_LIMIT

bool is_timetz(const column_type& type) { return type.oid == timetz_oid; }

}  // namespace

int64_t timetz_key(const timetz_value& value) {
  const int64_t utc_equivalent =
      value.time_usecs + int64_t{value.zone_seconds_west} * usecs_per_second;
  return utc_equivalent * zone_bits_scale + (value.zone_seconds_west + zone_bias);
}

timetz_value timetz_from_key(int64_t key) {
  const int64_t utc_equivalent = floor_divide(key, zone_bits_scale);
  const int64_t zone = key - utc_equivalent * zone_bits_scale - zone_bias;
  timetz_value out;
  out.zone_seconds_west = static_cast<int32_t>(zone);
  out.time_usecs = utc_equivalent - zone * usecs_per_second;
  return out;
}

result<sql_value, pg_error> parse_time_text(const column_type& type, std::string_view text,
                                            const type_settings& settings) {
  const datetime_input_scope scope = input_scope(settings);
  auto parsed = decode_time_text(text, short_datetime_buffer, scope.context);
  if (!parsed)
    return fail(datetime_parse_error(parsed.error(), text,
                                     is_timetz(type) ? "time with time zone" : "time"));
  const int64_t time = ((int64_t{parsed->hour} * 60 + parsed->minute) * 60 + parsed->second) *
                           usecs_per_second +
                       parsed->usecs;
  const int64_t rounded = round_time_to_typmod(time, type.typmod);
  if (!is_timetz(type))
    return sql_value{rounded};
  return sql_value{timetz_key({rounded, parsed->zone_seconds_west})};
}

result<sql_value, pg_error> parse_time_binary(const column_type& type, std::string_view bytes) {
  const size_t size = is_timetz(type) ? 12 : 8;
  if (bytes.size() != size)
    return fail(invalid_binary_representation("incorrect binary data format"));
  const auto time = static_cast<int64_t>(*read_big_endian(bytes.substr(0, 8), 8));
  if (time < 0 || time > usecs_per_day)
    return fail(make_pg_error("22008", "time out of range"));
  if (!is_timetz(type))
    return sql_value{round_time_to_typmod(time, type.typmod)};
  const auto zone_bits = static_cast<uint32_t>(*read_big_endian(bytes.substr(8), 4));
  const auto zone = static_cast<int32_t>(zone_bits);
  if (zone <= -zone_displacement_limit || zone >= zone_displacement_limit)
    return fail(make_pg_error("22009", "time zone displacement out of range"));
  return sql_value{timetz_key({round_time_to_typmod(time, type.typmod), zone})};
}

std::string format_time_text(const column_type& type, const sql_value& stored,
                             const type_settings&) {
  if (const std::string* text = stored_foreign_text(stored))
    return *text;
  const int64_t value = stored_integer(stored);
  if (!is_timetz(type))
    return pg_time_text(value);
  const timetz_value t = timetz_from_key(value);
  return pg_timetz_text(t.time_usecs, t.zone_seconds_west);
}

std::string format_time_binary(const column_type& type, const sql_value& stored) {
  const int64_t value = stored_integer(stored);
  if (!is_timetz(type))
    return big_endian_bytes(static_cast<uint64_t>(value), 8);
  const timetz_value t = timetz_from_key(value);
  return big_endian_bytes(static_cast<uint64_t>(t.time_usecs), 8) +
         big_endian_bytes(static_cast<uint32_t>(t.zone_seconds_west), 4);
}

}  // namespace tributary
