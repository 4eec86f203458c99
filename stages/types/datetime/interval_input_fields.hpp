// interval_input_fields: what the two interval input decoders (PostgreSQL's
// DecodeInterval in interval_text_input.cpp, DecodeISO8601Interval in
// interval_iso8601_input.cpp) share — the fields they accumulate into
// (PostgreSQL's pg_itm_in) and the overflow-checked ways to add to them
// (datetime.c's Adjust* helpers, same arithmetic and rounding).
//
// Internal to the interval input. The add_* functions return false on
// int32/int64 overflow, which the caller reports as "interval field value out of
// range".
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace tributary::interval_input {

inline constexpr int64_t usecs_per_second = 1'000'000;
inline constexpr int64_t usecs_per_minute = 60 * usecs_per_second;
inline constexpr int64_t usecs_per_hour = 60 * usecs_per_minute;
inline constexpr int64_t usecs_per_day = 24 * usecs_per_hour;
inline constexpr int days_per_month = 30;
inline constexpr int months_per_year = 12;

enum class decode_status { ok, bad_format, field_overflow };

// PostgreSQL's pg_itm_in: years are kept apart from months until the end.
struct interval_fields {
  int64_t usecs = 0;
  int32_t days = 0;
  int32_t months = 0;
  int32_t years = 0;
};

inline bool fits_int32(int64_t v) {
  return v >= std::numeric_limits<int32_t>::min() && v <= std::numeric_limits<int32_t>::max();
}

// frac (|frac| < 1) * scale microseconds; a fractional microsecond rounds, an
// exact half truncates.
inline bool add_fraction_usecs(double frac, int64_t scale, interval_fields& f) {
  if (frac == 0)
    return true;
  frac *= static_cast<double>(scale);
  int64_t usecs = static_cast<int64_t>(frac);
  frac -= static_cast<double>(usecs);
  if (frac > 0.5)
    ++usecs;
  else if (frac < -0.5)
    --usecs;
  return !__builtin_add_overflow(f.usecs, usecs, &f.usecs);
}

// frac * scale days: whole days to days, the rest to microseconds.
inline bool add_fraction_days(double frac, int scale, interval_fields& f) {
  if (frac == 0)
    return true;
  frac *= scale;
  const int extra_days = static_cast<int>(frac);
  if (__builtin_add_overflow(f.days, extra_days, &f.days))
    return false;
  frac -= extra_days;
  return add_fraction_usecs(frac, usecs_per_day, f);
}

// frac * scale years, rounded to whole months; no smaller part is kept.
inline bool add_fraction_years(double frac, int scale, interval_fields& f) {
  const int extra_months = static_cast<int>(std::rint(frac * scale * months_per_year));
  return !__builtin_add_overflow(f.months, extra_months, &f.months);
}

// (whole + frac) * scale microseconds.
inline bool add_usecs(int64_t whole, double frac, int64_t scale, interval_fields& f) {
  int64_t product = 0;
  if (__builtin_mul_overflow(whole, scale, &product) ||
      __builtin_add_overflow(f.usecs, product, &f.usecs))
    return false;
  return add_fraction_usecs(frac, scale, f);
}

inline bool add_days(int64_t whole, int scale, interval_fields& f) {
  int32_t days = 0;
  return fits_int32(whole) && !__builtin_mul_overflow(static_cast<int32_t>(whole), scale, &days) &&
         !__builtin_add_overflow(f.days, days, &f.days);
}

inline bool add_months(int64_t whole, interval_fields& f) {
  return fits_int32(whole) &&
         !__builtin_add_overflow(f.months, static_cast<int32_t>(whole), &f.months);
}

inline bool add_years(int64_t whole, int scale, interval_fields& f) {
  int32_t years = 0;
  return fits_int32(whole) &&
         !__builtin_mul_overflow(static_cast<int32_t>(whole), scale, &years) &&
         !__builtin_add_overflow(f.years, years, &f.years);
}

// ---- numbers as C reads them (the general syntax's strtol and ParseFraction) ----

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
inline bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

struct c_integer {
  int64_t value = 0;
  size_t end = 0;  // where the number stops; where it started when there are no digits
  bool out_of_range = false;
};

// strtol(text + pos, &end, 10) on a 64-bit long.
inline c_integer c_strtol(std::string_view text, size_t pos) {
  c_integer r;
  r.end = pos;
  size_t k = pos;
  while (k < text.size() && is_space(text[k]))
    ++k;
  bool negative = false;
  if (k < text.size() && (text[k] == '+' || text[k] == '-'))
    negative = text[k++] == '-';
  if (k >= text.size() || !is_digit(text[k]))
    return r;
  // Accumulate negatively: INT64_MIN has no positive counterpart.
  int64_t acc = 0;
  for (; k < text.size() && is_digit(text[k]); ++k) {
    if (!r.out_of_range &&
        (__builtin_mul_overflow(acc, 10, &acc) || __builtin_sub_overflow(acc, text[k] - '0', &acc)))
      r.out_of_range = true;
  }
  r.end = k;
  if (!negative && !r.out_of_range && acc == std::numeric_limits<int64_t>::min())
    r.out_of_range = true;
  if (r.out_of_range)
    r.value = negative ? std::numeric_limits<int64_t>::min() : std::numeric_limits<int64_t>::max();
  else
    r.value = negative ? acc : -acc;
  return r;
}

// PostgreSQL's strtoint: strtol, then out of range unless it fits int32.
inline c_integer c_strtoint(std::string_view text, size_t pos) {
  c_integer r = c_strtol(text, pos);
  if (!fits_int32(r.value))
    r.out_of_range = true;
  return r;
}

// ParseFraction: "." alone is 0; otherwise '.' and digits, nothing after (the
// only texts C's strtod would read to their end here).
inline bool parse_fraction(std::string_view text, double& out) {
  if (text.size() == 1) {
    out = 0;
    return true;
  }
  for (size_t k = 1; k < text.size(); ++k)
    if (!is_digit(text[k]))
      return false;
  const std::string decimal = "0" + std::string(text);
  return std::from_chars(decimal.data(), decimal.data() + decimal.size(), out).ec == std::errc{};
}

// PostgreSQL's DecodeISO8601Interval on the whole input text (P1Y2M3DT4H5M6S,
// P0001-02-03T04:05:06, their basic forms, weeks). bad_format when the text is
// not of that form. interval_iso8601_input.cpp.
decode_status decode_iso8601_interval(std::string_view text, interval_fields& out);

}  // namespace tributary::interval_input
