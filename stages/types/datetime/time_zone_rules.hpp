// time_zone_rules: the UTC offset of a time zone at an instant, and the offset
// that applies to a local (wall-clock) time, as PostgreSQL computes them.
//
// Zones come from the operating system's zone database (/usr/share/zoneinfo,
// the files PostgreSQL's Debian packages use too) through howardhinnant date's
// tz library built with USE_OS_TZDB; after a file's last transition the rule
// line at its end takes over (posix_time_zone), as in PostgreSQL's localtime.c.
//
//   find_time_zone     pg_tzset: a zone file by name, case-insensitively
//                      ("america/new_york" -> America/New_York), else a POSIX
//                      TZ string ("UTC+5" is five hours WEST of UTC);
//                      nullptr when it is neither.
//   session_time_zone  the TimeZone setting (check_timezone): a plain number
//                      is hours EAST of UTC ("-8", "5.5"), anything else as
//                      find_time_zone; a setting that names no zone is UTC.
//   utc_offset_of_local_time
//                      DetermineTimeZoneOffset: a local time that falls in a
//                      spring-forward gap takes the offset from before the
//                      transition (02:30 in New York on 2024-03-10 is 03:30
//                      EDT); one that occurs twice in a fall-back takes the
//                      offset from after it (01:30 on 2024-11-03 is EST).
//
// Instants are seconds since 1970-01-01 UTC; offsets are seconds EAST of UTC.
// Zones are loaded once and cached; all functions are thread-safe. Nothing
// throws.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "stages/types/datetime/posix_time_zone.hpp"

namespace date {
class time_zone;
}

namespace tributary {

class time_zone_rules {
public:
  // Canonical name: the zone file's name, or the POSIX string upper-cased.
  const std::string& name() const { return name_; }

  zone_period period_at(int64_t unix_seconds) const;
  int32_t utc_offset_at(int64_t unix_seconds) const { return period_at(unix_seconds).utc_offset; }

  // The offset for local wall-clock seconds (counted from 1970-01-01 00:00 as
  // if they were UTC).
  int32_t utc_offset_of_local_time(int64_t local_seconds) const;

  // pg_get_timezone_offset: the zone's offset when it never changed.
  std::optional<int32_t> fixed_offset() const;

  // pg_interpret_timezone_abbrev: the period in which the zone last used the
  // (upper-case) abbreviation at or before the instant, else the first one
  // after it; nullopt when the zone never uses it.
  std::optional<zone_period> abbreviation_period(std::string_view upper_abbreviation,
                                                 int64_t unix_seconds) const;

  static std::shared_ptr<const time_zone_rules> from_file(const date::time_zone* zone,
                                                           std::string name,
                                                           std::optional<posix_time_zone> footer);
  static std::shared_ptr<const time_zone_rules> from_posix(posix_time_zone rules,
                                                            std::string name);

private:
  std::string name_;
  const date::time_zone* file_zone_ = nullptr;
  std::optional<posix_time_zone> rules_;  // POSIX zone, or a file's footer
  int64_t footer_from_ = 0;               // a file's last transition

  zone_period file_period_at(int64_t unix_seconds) const;
};

std::shared_ptr<const time_zone_rules> find_time_zone(std::string_view name);
std::shared_ptr<const time_zone_rules> session_time_zone(std::string_view setting);

}  // namespace tributary
