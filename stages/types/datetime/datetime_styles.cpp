// datetime_styles: see the header. Notes on PostgreSQL 15's rules followed:
//   - DateOrder dmy puts the day first in sql and postgres styles; mdy and ymd
//     both print month first (ymd only changes input);
//   - postgres style: date only is mm-dd-yyyy; with a time it is
//     "Dow Mon dd hh:mm:ss[.f] yyyy [zone]" (dmy: "Dow dd Mon ...");
//   - the zone follows after one space as the abbreviation (MAXTZLEN 10);
//     a numeric TimeZone setting is a POSIX zone named by its offset
//     ("<-08>+08"), so its abbreviation is the EncodeTimezone text;
//   - " BC" after everything, also after the zone.
#include "stages/types/datetime/datetime_styles.hpp"

#include <cstdlib>
#include <limits>

#include "stages/types/datetime/pg_calendar.hpp"
#include "stages/types/datetime/time_zone_rules.hpp"

namespace tributary {
namespace {

constexpr size_t max_zone_name_length = 10;  // MAXTZLEN
constexpr const char* weekday_names[7] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
constexpr const char* month_names[12] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                         "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

void append_padded(std::string& out, uint64_t value, size_t width) {
  const std::string digits = std::to_string(value);
  if (digits.size() < width)
    out.append(width - digits.size(), '0');
  out += digits;
}

// The year as printed: 1 BC is year 0.
uint64_t era_year(const civil_date& d) {
  return d.year > 0 ? static_cast<uint64_t>(d.year) : static_cast<uint64_t>(1 - d.year);
}

// dd<sep>mm or mm<sep>dd, by the order; german is always dmy.
void append_day_and_month(std::string& out, const civil_date& d, bool day_first, char separator) {
  append_padded(out, static_cast<uint64_t>(day_first ? d.day : d.month), 2);
  out += separator;
  append_padded(out, static_cast<uint64_t>(day_first ? d.month : d.day), 2);
}

// "HH:MM:SS[.ffffff]" of the time of day, trailing fraction zeros removed.
void append_time_of_day(std::string& out, int64_t usecs) {
  append_padded(out, static_cast<uint64_t>(usecs / usecs_per_hour), 2);
  out += ':';
  append_padded(out, static_cast<uint64_t>(usecs / usecs_per_minute % 60), 2);
  out += ':';
  append_padded(out, static_cast<uint64_t>(usecs / usecs_per_second % 60), 2);
  int64_t fraction = usecs % usecs_per_second;
  if (fraction == 0)
    return;
  int digits = 6;
  while (fraction % 10 == 0) {
    fraction /= 10;
    --digits;
  }
  out += '.';
  append_padded(out, static_cast<uint64_t>(fraction), static_cast<size_t>(digits));
}

// EncodeTimezone (not XSD): "+HH", "+HH:MM", "+HH:MM:SS"; west > 0 is "-".
std::string numeric_zone(int32_t seconds_west) {
  std::string out(1, seconds_west <= 0 ? '+' : '-');
  const int64_t magnitude = std::llabs(int64_t{seconds_west});
  append_padded(out, static_cast<uint64_t>(magnitude / 3600), 2);
  if (magnitude % 3600 != 0) {
    out += ':';
    append_padded(out, static_cast<uint64_t>(magnitude / 60 % 60), 2);
  }
  if (magnitude % 60 != 0) {
    out += ':';
    append_padded(out, static_cast<uint64_t>(magnitude % 60), 2);
  }
  return out;
}

// check_timezone reads a plain number as hours east of UTC.
bool is_numeric_setting(const std::string& setting) {
  if (setting.empty())
    return false;
  char* end = nullptr;
  std::strtod(setting.c_str(), &end);
  return end != setting.c_str() && *end == '\0';
}

// A local timestamp, then " zone" when given, then " BC".
std::string styled_local_timestamp(int64_t local_usecs, date_output_style style, date_order order,
                                   const std::string* zone_name) {
  const int64_t days = floor_divide(local_usecs, usecs_per_day);
  const int64_t time_of_day = local_usecs - days * usecs_per_day;
  const civil_date d = civil_from_days(days);
  const bool day_first = order == date_order::dmy;
  std::string out;
  switch (style) {
    case date_output_style::postgres:
      out += weekday_names[floor_modulo(days + 6, 7)];  // 2000-01-01 was a Saturday
      out += ' ';
      if (day_first) {
        append_padded(out, static_cast<uint64_t>(d.day), 2);
        out += ' ';
        out += month_names[d.month - 1];
      } else {
        out += month_names[d.month - 1];
        out += ' ';
        append_padded(out, static_cast<uint64_t>(d.day), 2);
      }
      out += ' ';
      append_time_of_day(out, time_of_day);
      out += ' ';
      append_padded(out, era_year(d), 4);
      break;
    case date_output_style::german:
    case date_output_style::sql:
    case date_output_style::iso: {
      const bool german = style == date_output_style::german;
      const char separator = german ? '.' : '/';
      append_day_and_month(out, d, german || day_first, separator);
      out += separator;
      append_padded(out, era_year(d), 4);
      out += ' ';
      append_time_of_day(out, time_of_day);
      break;
    }
  }
  if (zone_name != nullptr) {
    out += ' ';
    out += zone_name->substr(0, max_zone_name_length);
  }
  if (d.year <= 0)
    out += " BC";
  return out;
}

}  // namespace

std::string styled_date_text(int32_t days, date_output_style style, date_order order) {
  if (days == std::numeric_limits<int32_t>::min())
    return "-infinity";
  if (days == std::numeric_limits<int32_t>::max())
    return "infinity";
  const civil_date d = civil_from_days(days);
  const bool german = style == date_output_style::german;
  const char separator = german ? '.' : style == date_output_style::postgres ? '-' : '/';
  std::string out;
  append_day_and_month(out, d, german || order == date_order::dmy, separator);
  out += separator;
  append_padded(out, era_year(d), 4);
  if (d.year <= 0)
    out += " BC";
  return out;
}

std::string styled_timestamp_text(int64_t usecs, date_output_style style, date_order order) {
  if (usecs == std::numeric_limits<int64_t>::min())
    return "-infinity";
  if (usecs == std::numeric_limits<int64_t>::max())
    return "infinity";
  return styled_local_timestamp(usecs, style, order, nullptr);
}

std::string styled_timestamptz_text(int64_t utc_usecs, const type_settings& settings) {
  if (utc_usecs == std::numeric_limits<int64_t>::min())
    return "-infinity";
  if (utc_usecs == std::numeric_limits<int64_t>::max())
    return "infinity";
  const auto zone = session_time_zone(settings.time_zone);
  const int64_t unix_seconds =
      floor_divide(utc_usecs, usecs_per_second) + postgres_epoch_unix_seconds;
  const zone_period period = zone->period_at(unix_seconds);
  const int32_t seconds_west = -period.utc_offset;
  int64_t local_usecs = 0;
  if (__builtin_sub_overflow(utc_usecs, int64_t{seconds_west} * usecs_per_second, &local_usecs)) {
    // Only another tool's value can get here: show it in UTC, as ISO does.
    const std::string utc = numeric_zone(0);
    return styled_local_timestamp(utc_usecs, settings.date_style, settings.order, &utc);
  }
  const std::string zone_name =
      period.abbreviation.empty() && is_numeric_setting(settings.time_zone)
          ? numeric_zone(seconds_west)
          : period.abbreviation;
  return styled_local_timestamp(local_usecs, settings.date_style, settings.order, &zone_name);
}

}  // namespace tributary
