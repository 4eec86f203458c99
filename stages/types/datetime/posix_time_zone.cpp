// posix_time_zone: see the header. Offsets of a DST zone come from the
// transitions of the year around the instant (the year before and after too,
// for instants near New Year and for southern-hemisphere rules).
#include "stages/types/datetime/posix_time_zone.hpp"

#include <algorithm>
#include <limits>
#include <vector>

#include "stages/types/datetime/pg_calendar.hpp"

namespace tributary {
namespace {

struct spec_reader {
  std::string_view text;
  size_t at = 0;

  bool done() const { return at >= text.size(); }
  char peek() const { return done() ? '\0' : text[at]; }
};

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A zone name: <anything> or characters up to a digit, ',', '+', '-'.
bool read_name(spec_reader& in, std::string& name) {
  if (in.peek() == '<') {
    const size_t close = in.text.find('>', in.at + 1);
    if (close == std::string_view::npos)
      return false;
    name = std::string(in.text.substr(in.at + 1, close - in.at - 1));
    in.at = close + 1;
    return true;
  }
  const size_t start = in.at;
  while (!in.done() && !is_digit(in.peek()) && in.peek() != ',' && in.peek() != '+' &&
         in.peek() != '-')
    ++in.at;
  name = std::string(in.text.substr(start, in.at - start));
  return true;
}

bool read_number(spec_reader& in, int low, int high, int& value) {
  if (!is_digit(in.peek()))
    return false;
  int64_t n = 0;
  while (is_digit(in.peek())) {
    n = n * 10 + (in.peek() - '0');
    if (n > high)
      return false;
    ++in.at;
  }
  if (n < low)
    return false;
  value = static_cast<int>(n);
  return true;
}

// hh[:mm[:ss]] in seconds.
bool read_clock(spec_reader& in, int32_t& seconds) {
  int hours = 0, minutes = 0, secs = 0;
  if (!read_number(in, 0, 24 * 7 - 1, hours))
    return false;
  if (in.peek() == ':') {
    ++in.at;
    if (!read_number(in, 0, 59, minutes))
      return false;
    if (in.peek() == ':') {
      ++in.at;
      if (!read_number(in, 0, 60, secs))
        return false;
    }
  }
  seconds = (hours * 60 + minutes) * 60 + secs;
  return true;
}

bool read_signed_clock(spec_reader& in, int32_t& seconds) {
  bool negative = false;
  if (in.peek() == '+' || in.peek() == '-') {
    negative = in.peek() == '-';
    ++in.at;
  }
  if (!read_clock(in, seconds))
    return false;
  if (negative)
    seconds = -seconds;
  return true;
}

bool read_rule(spec_reader& in, posix_time_zone::rule& r) {
  using form = posix_time_zone::rule::form;
  if (in.peek() == 'J') {
    ++in.at;
    r.kind = form::julian_no_leap;
    if (!read_number(in, 1, 365, r.day))
      return false;
  } else if (in.peek() == 'M') {
    ++in.at;
    r.kind = form::month_week_day;
    if (!read_number(in, 1, 12, r.month) || in.peek() != '.')
      return false;
    ++in.at;
    if (!read_number(in, 1, 5, r.week) || in.peek() != '.')
      return false;
    ++in.at;
    if (!read_number(in, 0, 6, r.day))
      return false;
  } else {
    r.kind = form::zero_based;
    if (!read_number(in, 0, 365, r.day))
      return false;
  }
  r.seconds = 7200;
  if (in.peek() == '/') {
    ++in.at;
    if (!read_signed_clock(in, r.seconds))
      return false;
  }
  return true;
}

int64_t year_of_unix_seconds(int64_t unix_seconds) {
  const int64_t days = floor_divide(unix_seconds - postgres_epoch_unix_seconds, seconds_per_day);
  return civil_from_days(days).year;
}

// 0 = Sunday; 2000-01-01 was a Saturday.
int64_t weekday_of(int64_t days) { return floor_modulo(days + 6, 7); }

}  // namespace

std::optional<posix_time_zone> posix_time_zone::parse(std::string_view spec) {
  posix_time_zone zone;
  spec_reader in{spec};
  if (!read_name(in, zone.std_name_) || in.done())
    return std::nullopt;
  int32_t west = 0;
  if (!read_signed_clock(in, west))
    return std::nullopt;
  zone.std_offset_ = -west;
  if (in.done())
    return zone;

  if (!read_name(in, zone.dst_name_) || zone.dst_name_.empty())
    return std::nullopt;
  zone.has_dst_ = true;
  zone.dst_offset_ = zone.std_offset_ + 3600;
  if (!in.done() && in.peek() != ',') {
    if (!read_signed_clock(in, west))
      return std::nullopt;
    zone.dst_offset_ = -west;
  }
  if (in.done()) {
    zone.start_ = rule{rule::form::month_week_day, 0, 2, 3, 7200};
    zone.end_ = rule{rule::form::month_week_day, 0, 1, 11, 7200};
    return zone;
  }
  if (in.peek() != ',')
    return std::nullopt;
  ++in.at;
  if (!read_rule(in, zone.start_) || in.peek() != ',')
    return std::nullopt;
  ++in.at;
  if (!read_rule(in, zone.end_) || !in.done())
    return std::nullopt;
  return zone;
}

// The instant of a rule's transition in a year, the rule's time being local
// time under `offset_before`.
int64_t posix_time_zone::transition(const rule& r, int64_t year, int32_t offset_before) const {
  int64_t day = 0;
  const int64_t january_first = days_from_civil(year, 1, 1);
  switch (r.kind) {
    case rule::form::julian_no_leap:
      day = january_first + r.day - 1 + (is_leap_year(year) && r.day >= 60 ? 1 : 0);
      break;
    case rule::form::zero_based:
      day = january_first + r.day;
      break;
    case rule::form::month_week_day: {
      const int64_t first = days_from_civil(year, r.month, 1);
      day = first + floor_modulo(r.day - weekday_of(first), 7) + 7 * (r.week - 1);
      const int64_t month_end = first + days_in_month(year, r.month);
      while (day >= month_end)
        day -= 7;
      break;
    }
  }
  return day * seconds_per_day + r.seconds - offset_before + postgres_epoch_unix_seconds;
}

zone_period posix_time_zone::period_at(int64_t unix_seconds) const {
  constexpr int64_t min_instant = std::numeric_limits<int64_t>::min();
  constexpr int64_t max_instant = std::numeric_limits<int64_t>::max();
  if (!has_dst_)
    return zone_period{min_instant, max_instant, std_offset_, false, std_name_};

  struct change {
    int64_t at;
    bool to_dst;
  };
  std::vector<change> changes;
  const int64_t year = year_of_unix_seconds(unix_seconds);
  for (int64_t y = year - 1; y <= year + 1; ++y) {
    changes.push_back({transition(start_, y, std_offset_), true});
    changes.push_back({transition(end_, y, dst_offset_), false});
  }
  std::sort(changes.begin(), changes.end(),
            [](const change& a, const change& b) { return a.at < b.at; });
  size_t current = 0;
  while (current + 1 < changes.size() && changes[current + 1].at <= unix_seconds)
    ++current;
  const change& in_effect = changes[current];
  zone_period out;
  out.begin = in_effect.at;
  out.end = current + 1 < changes.size() ? changes[current + 1].at : max_instant;
  out.is_dst = in_effect.to_dst;
  out.utc_offset = in_effect.to_dst ? dst_offset_ : std_offset_;
  out.abbreviation = in_effect.to_dst ? dst_name_ : std_name_;
  return out;
}

}  // namespace tributary
