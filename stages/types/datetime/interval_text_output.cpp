// interval_text_output: see the header. The postgres style is
// pg_datetime_format's format_pg_interval; the other three follow
// EncodeInterval's cases for INTSTYLE_POSTGRES_VERBOSE, INTSTYLE_SQL_STANDARD and
// INTSTYLE_ISO_8601.
#include "stages/types/datetime/interval_text_output.hpp"

#include <cstdlib>

#include "stages/types/datetime/pg_datetime_format.hpp"

namespace tributary {
namespace {

constexpr int64_t usecs_per_second = 1'000'000;
constexpr int64_t usecs_per_minute = 60 * usecs_per_second;
constexpr int64_t usecs_per_hour = 60 * usecs_per_minute;

// PostgreSQL's pg_itm: every part carries the sign of the field it comes from.
struct interval_parts {
  int64_t years = 0;
  int64_t months = 0;
  int64_t days = 0;
  int64_t hours = 0;
  int64_t minutes = 0;
  int64_t seconds = 0;
  int64_t usecs = 0;

  bool any_time() const { return hours != 0 || minutes != 0 || seconds != 0 || usecs != 0; }
};

interval_parts split(const interval_value& v) {
  interval_parts p;
  p.years = v.months / 12;  // C++ division truncates, as C's does
  p.months = v.months % 12;
  p.days = v.days;
  int64_t rest = v.micros;
  p.hours = rest / usecs_per_hour;
  rest -= p.hours * usecs_per_hour;
  p.minutes = rest / usecs_per_minute;
  rest -= p.minutes * usecs_per_minute;
  p.seconds = rest / usecs_per_second;
  p.usecs = rest - p.seconds * usecs_per_second;
  return p;
}

void append_number(std::string& out, int64_t value, size_t min_digits = 1) {
  std::string digits = std::to_string(value < 0 ? -value : value);
  if (value < 0)
    out += '-';
  if (digits.size() < min_digits)
    out.append(min_digits - digits.size(), '0');
  out += digits;
}

// AppendSeconds: |seconds| (two digits when `two_digits`), then ".ffffff" of
// |usecs| without trailing zeros, nothing when usecs is 0.
void append_seconds(std::string& out, int64_t seconds, int64_t usecs, bool two_digits) {
  append_number(out, std::llabs(seconds), two_digits ? 2 : 1);
  if (usecs == 0)
    return;
  std::string fraction = std::to_string(std::llabs(usecs));
  fraction.insert(0, 6 - fraction.size(), '0');
  while (fraction.back() == '0')
    fraction.pop_back();
  out += '.';
  out += fraction;
}

std::string format_sql_standard(interval_parts p) {
  const bool has_negative = p.years < 0 || p.months < 0 || p.days < 0 || p.hours < 0 ||
                            p.minutes < 0 || p.seconds < 0 || p.usecs < 0;
  const bool has_positive = p.years > 0 || p.months > 0 || p.days > 0 || p.hours > 0 ||
                            p.minutes > 0 || p.seconds > 0 || p.usecs > 0;
  const bool has_year_month = p.years != 0 || p.months != 0;
  const bool has_day_time = p.days != 0 || p.any_time();
  // The standard allows one sign for the whole value, and year-month or
  // day-time, not both; anything else gets every part signed.
  const bool standard_value = !(has_negative && has_positive) && !(has_year_month && has_day_time);

  std::string out;
  if (has_negative && standard_value) {
    out += '-';
    p = interval_parts{-p.years, -p.months, -p.days, -p.hours, -p.minutes, -p.seconds, -p.usecs};
  }
  if (!has_negative && !has_positive) {
    out += '0';
  } else if (!standard_value) {
    out += (p.years < 0 || p.months < 0) ? '-' : '+';
    append_number(out, std::llabs(p.years));
    out += '-';
    append_number(out, std::llabs(p.months));
    out += ' ';
    out += p.days < 0 ? '-' : '+';
    append_number(out, std::llabs(p.days));
    out += ' ';
    out += (p.hours < 0 || p.minutes < 0 || p.seconds < 0 || p.usecs < 0) ? '-' : '+';
    append_number(out, std::llabs(p.hours));
    out += ':';
    append_number(out, std::llabs(p.minutes), 2);
    out += ':';
    append_seconds(out, p.seconds, p.usecs, true);
  } else if (has_year_month) {
    append_number(out, p.years);
    out += '-';
    append_number(out, p.months);
  } else {
    if (p.days != 0) {
      append_number(out, p.days);
      out += ' ';
    }
    append_number(out, p.hours);
    out += ':';
    append_number(out, p.minutes, 2);
    out += ':';
    append_seconds(out, p.seconds, p.usecs, true);
  }
  return out;
}

std::string format_iso_8601(const interval_parts& p) {
  if (p.years == 0 && p.months == 0 && p.days == 0 && !p.any_time())
    return "PT0S";
  std::string out = "P";
  auto part = [&](int64_t value, char designator) {
    if (value == 0)
      return;
    append_number(out, value);
    out += designator;
  };
  part(p.years, 'Y');
  part(p.months, 'M');
  part(p.days, 'D');
  if (p.any_time())
    out += 'T';
  part(p.hours, 'H');
  part(p.minutes, 'M');
  if (p.seconds != 0 || p.usecs != 0) {
    if (p.seconds < 0 || p.usecs < 0)
      out += '-';
    append_seconds(out, p.seconds, p.usecs, false);
    out += 'S';
  }
  return out;
}

// "@ 1 year 2 mons ...": the first non-zero part decides the sign of the whole
// (" ago" at the end when negative); later parts of the other sign print negated.
std::string format_postgres_verbose(const interval_parts& p) {
  std::string out = "@";
  bool nothing_yet = true;
  bool ago = false;
  auto part = [&](int64_t value, const char* unit) {
    if (value == 0)
      return;
    if (nothing_yet) {
      ago = value < 0;
      value = std::llabs(value);
    } else if (ago) {
      value = -value;
    }
    out += ' ';
    append_number(out, value);
    out += ' ';
    out += unit;
    if (value != 1)
      out += 's';
    nothing_yet = false;
  };
  part(p.years, "year");
  part(p.months, "mon");
  part(p.days, "day");
  part(p.hours, "hour");
  part(p.minutes, "min");
  if (p.seconds != 0 || p.usecs != 0) {
    out += ' ';
    if (p.seconds < 0 || (p.seconds == 0 && p.usecs < 0)) {
      if (nothing_yet)
        ago = true;
      else if (!ago)
        out += '-';
    } else if (ago) {
      out += '-';
    }
    append_seconds(out, p.seconds, p.usecs, false);
    out += " sec";
    if (std::llabs(p.seconds) != 1 || p.usecs != 0)
      out += 's';
    nothing_yet = false;
  }
  if (nothing_yet)
    out += " 0";
  if (ago)
    out += " ago";
  return out;
}

}  // namespace

std::string format_pg_interval_text(const interval_value& value, interval_style style) {
  if (is_infinite_interval(value))
    return value.months > 0 ? "infinity" : "-infinity";
  switch (style) {
    case interval_style::postgres_verbose:
      return format_postgres_verbose(split(value));
    case interval_style::sql_standard:
      return format_sql_standard(split(value));
    case interval_style::iso_8601:
      return format_iso_8601(split(value));
    case interval_style::postgres:
      break;
  }
  return format_pg_interval(value.micros, value.days, value.months);
}

}  // namespace tributary
