// datetime_time_fields: the number, time and zone field decoders of
// PostgreSQL 15's date/time input (strtol/strtod as datetime.c uses them,
// ParseFraction, DecodeTime, DecodeTimezone, time_overflows). See
// datetime_decode.hpp. "mm:ss.f" is minutes and seconds, as in PostgreSQL; a
// zone offset "+hhmm" may run together; hours of a zone go up to 15.
#include <charconv>
#include <cmath>
#include <limits>

#include "stages/types/datetime/datetime_decode.hpp"
#include "stages/types/datetime/pg_calendar.hpp"

namespace tributary::datetime_detail {
namespace {

constexpr int max_zone_hours = 15;  // MAX_TZDISP_HOUR

}  // namespace

int64_t read_integer(std::string_view text, size_t& at, bool& overflow, int64_t limit) {
  overflow = false;
  size_t i = at;
  bool negative = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
    negative = text[i] == '-';
    ++i;
  }
  if (i >= text.size() || !is_digit(text[i]))
    return 0;  // no number: strtol leaves the end pointer at the start
  constexpr int64_t most = std::numeric_limits<int64_t>::max();
  int64_t value = 0;
  bool saturated = false;
  while (i < text.size() && is_digit(text[i])) {
    const int digit = text[i] - '0';
    if (!saturated && value > (most - digit) / 10)
      saturated = true;
    if (!saturated)
      value = value * 10 + digit;
    ++i;
  }
  at = i;
  if (saturated)
    value = most;
  if (negative)
    value = -value;
  overflow = saturated || value > limit || value < -limit - 1;
  return value;
}

std::optional<code> parse_fraction(std::string_view text, double& fraction) {
  // "." alone is zero; otherwise the number must take all of the text.
  if (text.size() == 1) {
    fraction = 0;
    return std::nullopt;
  }
  const std::string number = "0" + std::string(text);
  auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), fraction);
  if (ec != std::errc() || end != number.data() + number.size())
    return code::bad_format;
  return std::nullopt;
}

std::optional<code> parse_fraction_usecs(std::string_view text, int64_t& usecs) {
  double fraction = 0;
  if (auto error = parse_fraction(text, fraction))
    return error;
  usecs = static_cast<int64_t>(std::nearbyint(fraction * 1'000'000));
  return std::nullopt;
}

bool time_overflows(int hour, int minute, int second, int64_t usecs) {
  if (hour < 0 || hour > 24 || minute < 0 || minute >= 60 || second < 0 || second > 60 ||
      usecs < 0 || usecs > usecs_per_second)
    return true;
  return ((int64_t{hour} * 60 + minute) * 60 + second) * usecs_per_second + usecs > usecs_per_day;
}

std::optional<code> decode_time(std::string_view text, int& token_mask, broken_down& tm) {
  token_mask = time_mask;
  size_t at = 0;
  bool overflow = false;
  // Hours are read as int64 and checked against int last, after the format.
  int64_t hours = read_integer(text, at, overflow, std::numeric_limits<int64_t>::max());
  if (overflow)
    return code::field_overflow;
  if (at >= text.size() || text[at] != ':')
    return code::bad_format;
  ++at;
  int64_t minutes = read_integer(text, at, overflow);
  if (overflow)
    return code::field_overflow;
  int64_t seconds = 0;
  int64_t usecs = 0;
  if (at >= text.size()) {
    seconds = 0;
  } else if (text[at] == '.') {
    // "mm:ss.fff" is always minutes and seconds.
    if (auto error = parse_fraction_usecs(text.substr(at), usecs))
      return error;
    if (hours > std::numeric_limits<int32_t>::max())
      return code::field_overflow;
    seconds = minutes;
    minutes = hours;
    hours = 0;
  } else if (text[at] == ':') {
    ++at;
    seconds = read_integer(text, at, overflow);
    if (overflow)
      return code::field_overflow;
    if (at < text.size()) {
      if (text[at] != '.')
        return code::bad_format;
      if (auto error = parse_fraction_usecs(text.substr(at), usecs))
        return error;
    }
  } else {
    return code::bad_format;
  }
  if (hours < 0 || minutes < 0 || minutes > 59 || seconds < 0 || seconds > 60 || usecs < 0 ||
      usecs > usecs_per_second || hours > std::numeric_limits<int32_t>::max())
    return code::field_overflow;
  tm.hour = static_cast<int>(hours);
  tm.minute = static_cast<int>(minutes);
  tm.second = static_cast<int>(seconds);
  tm.usecs = usecs;
  return std::nullopt;
}

std::optional<code> decode_zone_offset(std::string_view text, int32_t& seconds_west) {
  if (text.empty() || (text[0] != '+' && text[0] != '-'))
    return code::bad_format;
  size_t at = 1;
  bool overflow = false;
  int64_t hours = read_integer(text, at, overflow);
  if (overflow)
    return code::zone_overflow;
  int64_t minutes = 0;
  int64_t seconds = 0;
  if (at < text.size() && text[at] == ':') {
    ++at;
    minutes = read_integer(text, at, overflow);
    if (overflow)
      return code::zone_overflow;
    if (at < text.size() && text[at] == ':') {
      ++at;
      seconds = read_integer(text, at, overflow);
      if (overflow)
        return code::zone_overflow;
    }
  } else if (at >= text.size() && text.size() > 3) {
    minutes = hours % 100;  // run together: +hhmm
    hours /= 100;
  }
  if (hours < 0 || hours > max_zone_hours || minutes < 0 || minutes >= 60 || seconds < 0 ||
      seconds >= 60)
    return code::zone_overflow;
  int32_t east = static_cast<int32_t>((hours * 60 + minutes) * 60 + seconds);
  if (text[0] == '-')
    east = -east;
  seconds_west = -east;
  if (at < text.size())
    return code::bad_format;
  return std::nullopt;
}

}  // namespace tributary::datetime_detail
