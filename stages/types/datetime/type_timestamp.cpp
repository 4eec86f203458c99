// type_timestamp: timestamp (OID 1114) and timestamptz (OID 1184), stored as
// microseconds since 2000-01-01 00:00 (timestamptz: UTC), INT64_MIN/INT64_MAX
// for -infinity/infinity. Input as timestamp_in/timestamptz_in: the zone of
// the text (timestamp drops it), else the session zone at that local time
// with PostgreSQL's choice in DST gaps and overlaps; outside 4714-11-24 BC ..
// 294276-12-31 is 22008 `timestamp out of range: "<text>"`. typmod rounds the
// fraction half away from zero. Output: settings.date_style (ISO here,
// others in datetime_styles); timestamptz in the session zone, with its offset
// (ISO) or abbreviation. Binary: int64 µs, range checked as timestamp_recv.
// The text a publisher sends (timestamp_out in DateStyle ISO) is read by a
// short path of its own (read_iso_timestamp); everything else by the general
// decoder, which gives the same fields for that text.
#include <limits>
#include <optional>

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

// Reads `n` digits at `at`; -1 when one is not a digit.
int read_digits(std::string_view text, size_t at, size_t n) {
  if (at + n > text.size())
    return -1;
  int value = 0;
  for (size_t i = at; i < at + n; ++i) {
    const char c = text[i];
    if (c < '0' || c > '9')
      return -1;
    value = value * 10 + (c - '0');
  }
  return value;
}

// 'YYYY-MM-DD HH:MM:SS[.f{1,6}]' and, for timestamptz, a numeric zone
// '+HH[:MM[:SS]]' / '-...' (none for timestamp): the form timestamp_out and
// timestamptz_out print in DateStyle ISO, so the form every publisher sends
// (a catch-up or a table copy reads millions of them). Years 0001-9999,
// seconds up to 59, zones up to 15:59:59; whatever else (another form, a zone
// the text lacks, a value PostgreSQL would refuse) is nullopt and goes through
// decode_datetime_text, which reads these texts to the same fields.
std::optional<parsed_datetime> read_iso_timestamp(std::string_view text, bool zoned) {
  if (text.size() < 19 || text[4] != '-' || text[7] != '-' || text[10] != ' ' || text[13] != ':' ||
      text[16] != ':')
    return std::nullopt;
  parsed_datetime p;
  const int year = read_digits(text, 0, 4);
  p.month = read_digits(text, 5, 2);
  p.day = read_digits(text, 8, 2);
  p.hour = read_digits(text, 11, 2);
  p.minute = read_digits(text, 14, 2);
  p.second = read_digits(text, 17, 2);
  if (year < 1 || p.month < 1 || p.month > 12 || p.day < 1 || p.hour < 0 || p.hour > 23 || p.minute < 0 ||
      p.minute > 59 || p.second < 0 || p.second > 59)
    return std::nullopt;
  p.year = year;
  if (p.day > days_in_month(p.year, p.month))
    return std::nullopt;
  size_t at = 19;
  if (at < text.size() && text[at] == '.') {
    size_t digits = 0;
    int64_t fraction = 0;
    for (++at; at < text.size() && text[at] >= '0' && text[at] <= '9'; ++at, ++digits)
      fraction = fraction * 10 + (text[at] - '0');
    if (digits == 0 || digits > 6)
      return std::nullopt;
    for (; digits < 6; ++digits)
      fraction *= 10;
    p.usecs = fraction;
  }
  if (!zoned)
    return at == text.size() ? std::optional<parsed_datetime>(p) : std::nullopt;
  if (at >= text.size() || (text[at] != '+' && text[at] != '-'))
    return std::nullopt;
  const int sign = text[at] == '+' ? 1 : -1;
  int zone[3] = {read_digits(text, at + 1, 2), 0, 0};
  at += 3;
  for (int part = 1; part < 3 && at < text.size(); ++part, at += 3) {
    if (text[at] != ':')
      return std::nullopt;
    zone[part] = read_digits(text, at + 1, 2);
  }
  if (at != text.size() || zone[0] < 0 || zone[0] > 15 || zone[1] < 0 || zone[1] > 59 || zone[2] < 0 ||
      zone[2] > 59)
    return std::nullopt;
  p.zone_seconds_west = -sign * ((zone[0] * 60 + zone[1]) * 60 + zone[2]);
  return p;
}

}  // namespace

result<sql_value, pg_error> parse_timestamp_text(const column_type& type, std::string_view text,
                                                 const type_settings& settings) {
  if (auto iso = read_iso_timestamp(text, with_zone(type)))
    if (auto usecs = timestamp_of(*iso, with_zone(type)))
      return sql_value{round_timestamp_to_typmod(*usecs, type.typmod)};
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
