// zone_conversion: see zone_conversion.hpp.
#include "stages/types/datetime/zone_conversion.hpp"

#include <cctype>
#include <limits>
#include <memory>
#include <optional>
#include <string>

#include "stages/types/datetime/datetime_decode.hpp"
#include "stages/types/datetime/pg_calendar.hpp"
#include "stages/types/datetime/time_zone_abbreviations.hpp"
#include "stages/types/datetime/time_zone_rules.hpp"

namespace tributary {
namespace {

constexpr int64_t infinite_low = std::numeric_limits<int64_t>::min();
constexpr int64_t infinite_high = std::numeric_limits<int64_t>::max();

bool infinite(int64_t value) { return value == infinite_low || value == infinite_high; }

int64_t unix_seconds_of(int64_t usecs) { return floor_divide(usecs, usecs_per_second) + postgres_epoch_unix_seconds; }

std::string lower_case(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}
std::string upper_case(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

pg_error not_recognized(std::string_view zone) {
  return make_pg_error("22023", "time zone \"" + std::string(zone) + "\" not recognized");
}

// What a zone name means: a fixed offset (seconds EAST) or rules; for a dynamic
// abbreviation, the rules of its zone and the abbreviation to look for in them.
struct zone_meaning {
  std::optional<int32_t> fixed_east;
  std::shared_ptr<const time_zone_rules> rules;
  std::string abbreviation;  // upper case; "" for a full zone name
};

// DecodeTimezoneAbbrev, then pg_tzset.
std::optional<zone_meaning> look_up(std::string_view zone) {
  if (const zone_abbreviation* a = find_zone_abbreviation(lower_case(zone))) {
    if (a->kind != zone_abbreviation_kind::dynamic)
      return zone_meaning{a->utc_offset_seconds, nullptr, ""};
    if (auto rules = find_time_zone(a->zone))
      return zone_meaning{std::nullopt, std::move(rules), upper_case(zone)};
  }
  if (auto rules = find_time_zone(zone))
    return zone_meaning{std::nullopt, std::move(rules), ""};
  return std::nullopt;
}

// The offset (EAST) at a UTC instant: DetermineTimeZoneAbbrevOffsetTS for an abbreviation.
int32_t offset_at_instant(const zone_meaning& zone, int64_t utc) {
  if (zone.fixed_east)
    return *zone.fixed_east;
  const int64_t seconds = unix_seconds_of(utc);
  if (!zone.abbreviation.empty())
    if (auto period = zone.rules->abbreviation_period(zone.abbreviation, seconds))
      return period->utc_offset;
  return zone.rules->utc_offset_at(seconds);
}

// The offset (EAST) of a wall-clock time: DetermineTimeZoneOffset, or
// DetermineTimeZoneAbbrevOffset (the abbreviation's meaning at that local time).
int32_t offset_of_local(const zone_meaning& zone, int64_t local) {
  if (zone.fixed_east)
    return *zone.fixed_east;
  const int64_t seconds = unix_seconds_of(local);
  const int32_t east = zone.rules->utc_offset_of_local_time(seconds);
  if (!zone.abbreviation.empty())
    if (auto period = zone.rules->abbreviation_period(zone.abbreviation, seconds - east))
      return period->utc_offset;
  return east;
}

result<int64_t, pg_error> in_range(int64_t value) {
  if (!timestamp_in_range(value))
    return fail(make_pg_error("22008", "timestamp out of range"));
  return value;
}

}  // namespace

result<int64_t, pg_error> timestamptz_in_zone(int64_t utc, std::string_view zone) {
  if (infinite(utc))
    return utc;
  const std::optional<zone_meaning> meaning = look_up(zone);
  if (!meaning)
    return fail(not_recognized(zone));
  return in_range(utc + int64_t{offset_at_instant(*meaning, utc)} * usecs_per_second);
}

result<int64_t, pg_error> timestamp_in_zone(int64_t local, std::string_view zone) {
  if (infinite(local))
    return local;
  const std::optional<zone_meaning> meaning = look_up(zone);
  if (!meaning)
    return fail(not_recognized(zone));
  return in_range(local - int64_t{offset_of_local(*meaning, local)} * usecs_per_second);
}

result<int64_t, pg_error> shifted_by_interval(int64_t value, const interval_value& zone, bool to_local,
                                              std::string_view zone_text) {
  if (zone.months != 0 || zone.days != 0)
    return fail(make_pg_error("22023", "interval time zone \"" + std::string(zone_text) +
                                           "\" must not include months or days"));
  if (infinite(value))
    return value;
  const int64_t east = zone.micros / usecs_per_second;  // whole seconds, as PostgreSQL's
  return in_range(to_local ? value + east * usecs_per_second : value - east * usecs_per_second);
}

result<int64_t, pg_error> timestamp_in_sane_zone(int64_t local, std::string_view zone) {
  if (!zone.empty() && std::isdigit(static_cast<unsigned char>(zone[0])))
    return fail(make_pg_error("22023",
                              "invalid input syntax for type numeric time zone: \"" + std::string(zone) + "\"", {},
                              "Numeric time zones must have \"-\" or \"+\" as first character."));
  int32_t west = 0;
  const auto code = datetime_detail::decode_zone_offset(zone, west);
  int64_t utc = 0;
  if (!code) {
    utc = local + int64_t{west} * usecs_per_second;
  } else if (*code == datetime_detail::code::zone_overflow) {
    return fail(make_pg_error("22023", "numeric time zone \"" + std::string(zone) + "\" out of range"));
  } else if (*code != datetime_detail::code::bad_format) {
    return fail(not_recognized(zone));
  } else {
    const std::optional<zone_meaning> meaning = look_up(zone);
    if (!meaning)
      return fail(not_recognized(zone));
    utc = local - int64_t{offset_of_local(*meaning, local)} * usecs_per_second;
  }
  return in_range(utc);
}

}  // namespace tributary
