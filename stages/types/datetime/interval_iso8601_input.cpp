// interval_iso8601_input: PostgreSQL 15's DecodeISO8601Interval, which interval_in
// tries on the untouched input text when the general syntax rejects it.
//
//   format with designators   P1Y2M3W4DT5H6M7.5S (any subset; T before the time
//                             part; a field may repeat and may have a fraction,
//                             which cascades down like the general syntax's)
//   alternative, extended     P0001-02-03T04:05:06 (trailing parts may be left off)
//   alternative, basic        P00010203T040506 (exactly 8 and 6 digits)
// Each number is read as C's strtod reads it (so "1e2", "0x1A", "-inf" are
// numbers); beyond ±1e15, infinite or NaN -> field_overflow. The text must
// start with 'P' exactly: no leading space, no lower case.
#include <cerrno>
#include <clocale>
#include <cmath>
#include <cstdlib>
#include <locale.h>
#include <string>

#include "stages/types/datetime/interval_input_fields.hpp"

namespace tributary::interval_input {
namespace {

// strtod in the C locale, whatever the process's locale is.
double c_strtod(const char* text, const char** end) {
  static const locale_t c_locale = newlocale(LC_ALL_MASK, "C", locale_t{});
  char* stop = nullptr;
  const double value = strtod_l(text, &stop, c_locale);
  *end = stop;
  return value;
}

// ParseISO8601Number: a number split into its integral part (toward zero) and
// its fraction (|fraction| < 1).
decode_status parse_number(const char*& p, int64_t& whole, double& fraction) {
  if (!(is_digit(*p) || *p == '-' || *p == '.'))
    return decode_status::bad_format;
  errno = 0;
  const char* end = nullptr;
  const double value = c_strtod(p, &end);
  if (end == p || errno != 0)
    return decode_status::bad_format;
  if (std::isnan(value) || value < -1.0e15 || value > 1.0e15)
    return decode_status::field_overflow;
  whole = value >= 0 ? static_cast<int64_t>(std::floor(value))
                     : -static_cast<int64_t>(std::floor(-value));
  fraction = value - static_cast<double>(whole);
  p = end;
  return decode_status::ok;
}

// Digits of the integral part of a field ('-' skipped).
size_t integer_width(const char* field) {
  if (*field == '-')
    ++field;
  size_t n = 0;
  while (is_digit(field[n]))
    ++n;
  return n;
}

constexpr decode_status overflow = decode_status::field_overflow;
constexpr decode_status bad = decode_status::bad_format;

}  // namespace

decode_status decode_iso8601_interval(std::string_view text, interval_fields& out) {
  out = interval_fields{};
  // A NUL-terminated copy: the parsing below reads one past each unit letter,
  // as the C original does.
  const std::string copy(text);
  const char* p = copy.c_str();
  if (copy.size() < 2 || p[0] != 'P')
    return bad;
  ++p;

  bool date_part = true;
  bool have_field = false;
  while (*p != '\0') {
    if (*p == 'T') {  // the time part starts
      date_part = false;
      have_field = false;
      ++p;
      continue;
    }
    const char* const field_start = p;
    int64_t whole = 0;
    double fraction = 0;
    if (auto s = parse_number(p, whole, fraction); s != decode_status::ok)
      return s;
    const char unit = *p;
    if (unit != '\0')
      ++p;

    if (date_part) {
      switch (unit) {
        case 'Y':
          if (!add_years(whole, 1, out) || !add_fraction_years(fraction, 1, out))
            return overflow;
          break;
        case 'M':
          if (!add_months(whole, out) || !add_fraction_days(fraction, days_per_month, out))
            return overflow;
          break;
        case 'W':
          if (!add_days(whole, 7, out) || !add_fraction_days(fraction, 7, out))
            return overflow;
          break;
        case 'D':
          if (!add_days(whole, 1, out) || !add_fraction_usecs(fraction, usecs_per_day, out))
            return overflow;
          break;
        case 'T':
        case '\0':
          if (integer_width(field_start) == 8 && !have_field) {  // basic: YYYYMMDD
            if (!add_years(whole / 10000, 1, out) || !add_months(whole / 100 % 100, out) ||
                !add_days(whole % 100, 1, out) ||
                !add_fraction_usecs(fraction, usecs_per_day, out))
              return overflow;
            if (unit == '\0')
              return decode_status::ok;
            date_part = false;
            have_field = false;
            continue;
          }
          [[fallthrough]];
        case '-':  // extended: YYYY-MM-DD, each part optional from the right
          if (have_field)
            return bad;
          if (!add_years(whole, 1, out) || !add_fraction_years(fraction, 1, out))
            return overflow;
          if (unit == '\0')
            return decode_status::ok;
          if (unit == 'T') {
            date_part = false;
            have_field = false;
            continue;
          }
          if (auto s = parse_number(p, whole, fraction); s != decode_status::ok)
            return s;
          if (!add_months(whole, out) || !add_fraction_days(fraction, days_per_month, out))
            return overflow;
          if (*p == '\0')
            return decode_status::ok;
          if (*p == 'T') {
            date_part = false;
            have_field = false;
            continue;
          }
          if (*p != '-')
            return bad;
          ++p;
          if (auto s = parse_number(p, whole, fraction); s != decode_status::ok)
            return s;
          if (!add_days(whole, 1, out) || !add_fraction_usecs(fraction, usecs_per_day, out))
            return overflow;
          if (*p == '\0')
            return decode_status::ok;
          if (*p == 'T') {
            date_part = false;
            have_field = false;
            continue;
          }
          return bad;
        default:
          return bad;
      }
    } else {
      switch (unit) {
        case 'H':
          if (!add_usecs(whole, fraction, usecs_per_hour, out))
            return overflow;
          break;
        case 'M':
          if (!add_usecs(whole, fraction, usecs_per_minute, out))
            return overflow;
          break;
        case 'S':
          if (!add_usecs(whole, fraction, usecs_per_second, out))
            return overflow;
          break;
        case '\0':
          if (integer_width(field_start) == 6 && !have_field) {  // basic: hhmmss
            if (!add_usecs(whole / 10000, 0, usecs_per_hour, out) ||
                !add_usecs(whole / 100 % 100, 0, usecs_per_minute, out) ||
                !add_usecs(whole % 100, 0, usecs_per_second, out) ||
                !add_fraction_usecs(fraction, 1, out))
              return overflow;
            return decode_status::ok;
          }
          [[fallthrough]];
        case ':':  // extended: hh:mm:ss, each part optional from the right
          if (have_field)
            return bad;
          if (!add_usecs(whole, fraction, usecs_per_hour, out))
            return overflow;
          if (unit == '\0')
            return decode_status::ok;
          if (auto s = parse_number(p, whole, fraction); s != decode_status::ok)
            return s;
          if (!add_usecs(whole, fraction, usecs_per_minute, out))
            return overflow;
          if (*p == '\0')
            return decode_status::ok;
          if (*p != ':')
            return bad;
          ++p;
          if (auto s = parse_number(p, whole, fraction); s != decode_status::ok)
            return s;
          if (!add_usecs(whole, fraction, usecs_per_second, out))
            return overflow;
          if (*p == '\0')
            return decode_status::ok;
          return bad;
        default:
          return bad;
      }
    }
    have_field = true;
  }
  return decode_status::ok;
}

}  // namespace tributary::interval_input
