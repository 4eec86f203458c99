// posix_time_zone: a POSIX TZ string as PostgreSQL's tzparse reads it, for
// TimeZone settings and zone names that are not files of the zone database
// ("UTC+5", "<+0530>-5:30", "+05:30", "ABC5DEF", "EST5EDT,M3.2.0,M11.1.0"),
// and for the rule line at the end of a zone file, which decides the offsets
// after the file's last transition.
//
// Grammar: std-name offset [dst-name [offset] [,start[/time],end[/time]]].
// A name is letters and other characters up to a digit, ',', '+' or '-' (it
// may be empty), or any text in <...>. Offsets are [+-]hh[:mm[:ss]] with hours
// up to 167, and count WEST of UTC (UTC+5 is five hours behind UTC). A dst
// name without offset is one hour ahead of standard time; without rules it
// follows the US rules (M3.2.0,M11.1.0), as PostgreSQL's "posixrules" zone
// does for the present day. Rules: Jn (1..365, Feb 29 never counted), n
// (0..365), Mm.w.d (day d of week w of month m; w = 5: the last); the time of
// day defaults to 02:00:00.
//
// Instants are seconds since 1970-01-01 UTC. Pure, no state.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tributary {

// One stretch of time with a constant offset: [begin, end); begin may be
// INT64_MIN and end INT64_MAX.
struct zone_period {
  int64_t begin = 0;
  int64_t end = 0;
  int32_t utc_offset = 0;  // seconds EAST of UTC
  bool is_dst = false;
  std::string abbreviation;
};

class posix_time_zone {
public:
  // nullopt when the text is not a POSIX TZ string.
  static std::optional<posix_time_zone> parse(std::string_view spec);

  zone_period period_at(int64_t unix_seconds) const;
  // The offset when standard and daylight time do not differ.
  std::optional<int32_t> fixed_offset() const {
    if (has_dst_ && dst_offset_ != std_offset_)
      return std::nullopt;
    return std_offset_;
  }

  struct rule {
    enum class form : uint8_t { julian_no_leap, zero_based, month_week_day } kind =
        form::month_week_day;
    int day = 0;     // Jn / n / d
    int week = 0;    // Mm.w.d
    int month = 0;   // Mm.w.d
    int32_t seconds = 7200;  // local time of the transition
  };

private:
  std::string std_name_;
  std::string dst_name_;
  int32_t std_offset_ = 0;  // east of UTC
  int32_t dst_offset_ = 0;  // east of UTC
  bool has_dst_ = false;
  rule start_;
  rule end_;

  int64_t transition(const rule& r, int64_t year, int32_t offset_before) const;
};

}  // namespace tributary
