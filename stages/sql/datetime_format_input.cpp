// datetime_format_input: see datetime_format_input.hpp. DCH_from_char's loop (PostgreSQL
// 15, not FX mode): blanks before fields are skipped, a separator of the pattern
// matches one blank or separator of the input (or none), another pattern character
// consumes one input character, each field reads its value; then do_to_timestamp's
// checks.
#include "stages/sql/datetime_format_input.hpp"

#include <cctype>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace tributary {
namespace {

enum class field { yyyy, yy, mm, dd, hh24, hh12, mi, ss, ms, us, am, mon, month, separator, space, character };

struct node {
  field kind;
  const char* name = "";  // the keyword as written in PostgreSQL's messages
  bool fill = false;      // FM prefix
};

struct keyword {
  const char* text;
  field kind;
  const char* name;
};
// Longest first where keywords share a prefix.
constexpr keyword keywords[] = {
    {"YYYY", field::yyyy, "YYYY"}, {"yyyy", field::yyyy, "yyyy"}, {"YY", field::yy, "YY"}, {"yy", field::yy, "yy"},
    {"MONTH", field::month, "MONTH"}, {"Month", field::month, "Month"}, {"month", field::month, "month"},
    {"MON", field::mon, "MON"}, {"Mon", field::mon, "Mon"}, {"mon", field::mon, "mon"},
    {"MM", field::mm, "MM"}, {"mm", field::mm, "mm"}, {"MI", field::mi, "MI"}, {"mi", field::mi, "mi"},
    {"MS", field::ms, "MS"}, {"ms", field::ms, "ms"}, {"DD", field::dd, "DD"}, {"dd", field::dd, "dd"},
    {"HH24", field::hh24, "HH24"}, {"hh24", field::hh24, "hh24"}, {"HH12", field::hh12, "HH12"},
    {"hh12", field::hh12, "hh12"}, {"HH", field::hh12, "HH"}, {"hh", field::hh12, "hh"},
    {"SS", field::ss, "SS"}, {"ss", field::ss, "ss"}, {"US", field::us, "US"}, {"us", field::us, "us"},
    {"AM", field::am, "AM"}, {"am", field::am, "am"}, {"PM", field::am, "PM"}, {"pm", field::am, "pm"}};

bool is_separator_char(char c) {
  return c > 0x20 && c < 0x7F && !std::isalnum(static_cast<unsigned char>(c));
}

bool is_numeric(field f) {
  return f == field::yyyy || f == field::yy || f == field::mm || f == field::dd || f == field::hh24 ||
         f == field::hh12 || f == field::mi || f == field::ss || f == field::ms || f == field::us;
}

std::vector<node> read_pattern(std::string_view pattern, bool* unsupported, bool* has_year) {
  std::vector<node> out;
  size_t i = 0;
  bool fill = false;
  while (i < pattern.size()) {
    if (pattern.compare(i, 2, "FM") == 0 || pattern.compare(i, 2, "fm") == 0) {
      fill = true;
      i += 2;
      continue;
    }
    bool matched = false;
    for (const keyword& k : keywords) {
      const size_t n = std::strlen(k.text);
      if (pattern.compare(i, n, k.text) == 0) {
        out.push_back({k.kind, k.name, fill});
        *has_year = *has_year || k.kind == field::yyyy || k.kind == field::yy;
        i += n;
        matched = true;
        break;
      }
    }
    fill = false;
    if (matched)
      continue;
    const char c = pattern[i];
    if (c == '"') {
      for (++i; i < pattern.size() && pattern[i] != '"'; ++i) {
        if (pattern[i] == '\\' && i + 1 < pattern.size())
          ++i;
        out.push_back({field::character});
      }
      ++i;
      continue;
    }
    if (c == '\\' && i + 1 < pattern.size() && pattern[i + 1] == '"')
      ++i;
    if (std::isalpha(static_cast<unsigned char>(pattern[i])) || static_cast<unsigned char>(pattern[i]) >= 0x80)
      *unsupported = true;
    out.push_back({is_separator_char(pattern[i]) ? field::separator
                   : std::isspace(static_cast<unsigned char>(pattern[i])) ? field::space
                                                                           : field::character});
    ++i;
  }
  return out;
}

pg_error format_error(const std::string& message, const std::string& detail = {}, const std::string& hint = {}) {
  return make_pg_error("22007", message, detail, hint);
}

const char* const fixed_width_hint = "If your source string is not fixed-width, try using the \"FM\" modifier.";

// from_char_parse_int_len: the field's value, and how many characters it took.
result<int, pg_error> read_int(std::string_view input, size_t& s, size_t len, const node& n, bool next_is_separator,
                               size_t* used_out) {
  const size_t init = s;
  while (s < input.size() && std::isspace(static_cast<unsigned char>(input[s])))
    ++s;
  const std::string rest(input.substr(s));
  const std::string copy = rest.substr(0, len);
  long value = 0;
  errno = 0;
  if (n.fill || next_is_separator) {
    const std::string from_init(input.substr(init));
    char* end = nullptr;
    value = std::strtol(from_init.c_str(), &end, 10);
    s = init + static_cast<size_t>(end - from_init.c_str());
  } else {
    if (copy.size() < len)
      return fail(format_error("source string too short for \"" + std::string(n.name) + "\" formatting field",
                               "Field requires " + std::to_string(len) + " characters, but only " +
                                   std::to_string(copy.size()) + " remain.",
                               fixed_width_hint));
    char* end = nullptr;
    value = std::strtol(copy.c_str(), &end, 10);
    const size_t used = static_cast<size_t>(end - copy.c_str());
    if (used > 0 && used < len)
      return fail(format_error("invalid value \"" + copy + "\" for \"" + n.name + "\"",
                               "Field requires " + std::to_string(len) + " characters, but only " +
                                   std::to_string(used) + " could be parsed.",
                               fixed_width_hint));
    s += used;
  }
  if (s == init)
    return fail(format_error("invalid value \"" + copy + "\" for \"" + n.name + "\"", "Value must be an integer."));
  if (errno == ERANGE || value < INT_MIN || value > INT_MAX)
    return fail(make_pg_error("22008", "value for \"" + std::string(n.name) + "\" in source string is out of range",
                              "Value must be in the range -2147483648 to 2147483647."));
  *used_out = s - init;
  return static_cast<int>(value);
}

// from_char_seq_search: a case-insensitive prefix among the names; its index.
result<int, pg_error> read_name(std::string_view input, size_t& s, const char* const* names, int count,
                                const node& n) {
  for (int i = 0; i < count; ++i) {
    const size_t len = std::strlen(names[i]);
    if (input.size() - s < len)
      continue;
    bool same = true;
    for (size_t j = 0; j < len && same; ++j)
      same = std::tolower(static_cast<unsigned char>(input[s + j])) == std::tolower(static_cast<unsigned char>(names[i][j]));
    if (same) {
      s += len;
      return i;
    }
  }
  return fail(format_error("invalid value \"" + std::string(input.substr(s, std::strlen(n.name))) + "\" for \"" +
                               n.name + "\"",
                           "The given value did not match any of the allowed values for this field."));
}

constexpr const char* month_abbreviations[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                               "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
constexpr const char* month_names[] = {"January", "February", "March",     "April",   "May",      "June",
                                       "July",    "August",   "September", "October", "November", "December"};
constexpr const char* am_pm[] = {"am", "pm"};

bool is_leap(int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

}  // namespace

bool datetime_format_supported(std::string_view pattern) {
  bool unsupported = false, has_year = false;
  read_pattern(pattern, &unsupported, &has_year);
  return !unsupported && has_year;
}

result<datetime_format_fields, pg_error> read_datetime_format(std::string_view input, std::string_view pattern) {
  bool unsupported = false, has_year = false;
  const std::vector<node> nodes = read_pattern(pattern, &unsupported, &has_year);
  int year = 0, year_digits = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, ms = 0, us = 0;
  bool twelve_hour = false, pm = false;
  size_t s = 0;
  int extra_skip = 0;
  for (size_t k = 0; k < nodes.size() && s < input.size(); ++k) {
    const node& n = nodes[k];
    const bool action = n.kind < field::separator;
    if (action || k == 0)
      while (s < input.size() && std::isspace(static_cast<unsigned char>(input[s]))) {
        ++s;
        ++extra_skip;
      }
    if (n.kind == field::separator || n.kind == field::space) {
      --extra_skip;
      if (s < input.size() && (std::isspace(static_cast<unsigned char>(input[s])) || is_separator_char(input[s]))) {
        ++s;
        ++extra_skip;
      }
      continue;
    }
    if (n.kind == field::character) {
      if (extra_skip > 0)
        --extra_skip;
      else
        ++s;
      continue;
    }
    // is_next_separator: the end, or anything but a numeric field, ends a number.
    const bool next_is_separator = k + 1 == nodes.size() || !is_numeric(nodes[k + 1].kind);
    size_t used = 0;
    const auto number = [&](size_t len) { return read_int(input, s, len, n, next_is_separator, &used); };
    result<int, pg_error> value = 0;
    switch (n.kind) {
      case field::yyyy: value = number(4); if (value) { year = *value; year_digits = 4; } break;
      case field::yy:
        value = number(2);
        if (value) {  // adjust_partial_year_to_2020
          year = *value < 70 ? *value + 2000 : *value < 100 ? *value + 1900 : *value;
          year_digits = 2;
        }
        break;
      case field::mm: value = number(2); if (value) month = *value; break;
      case field::dd: value = number(2); if (value) day = *value; break;
      case field::hh24: value = number(2); if (value) hour = *value; break;
      case field::hh12: value = number(2); if (value) { hour = *value; twelve_hour = true; } break;
      case field::mi: value = number(2); if (value) minute = *value; break;
      case field::ss: value = number(2); if (value) second = *value; break;
      case field::ms:
        value = number(3);
        if (value) ms = *value * (used == 1 ? 100 : used == 2 ? 10 : 1);
        break;
      case field::us:
        value = number(6);
        if (value) {
          static const int scale[] = {1, 100000, 10000, 1000, 100, 10, 1};
          us = *value * (used <= 6 ? scale[used] : 1);
        }
        break;
      case field::mon: value = read_name(input, s, month_abbreviations, 12, n); if (value) month = *value + 1; break;
      case field::month: value = read_name(input, s, month_names, 12, n); if (value) month = *value + 1; break;
      case field::am: value = read_name(input, s, am_pm, 2, n); if (value) { pm = *value == 1; twelve_hour = true; } break;
      default: break;
    }
    if (!value)
      return fail(value.error());
    extra_skip = 0;
    while (s < input.size() && std::isspace(static_cast<unsigned char>(input[s]))) {
      ++s;
      ++extra_skip;
    }
  }
  (void)year_digits;
  datetime_format_fields out;
  if (twelve_hour) {
    if (hour < 1 || hour > 12)
      return fail(format_error("hour \"" + std::to_string(hour) + "\" is invalid for the 12-hour clock", {},
                               "Use the 24-hour clock, or give an hour between 1 and 12."));
    if (pm && hour < 12)
      hour += 12;
    else if (!pm && hour == 12)
      hour = 0;
  }
  out.year = year < 0 ? year + 1 : year;
  out.month = month ? month : 1;
  out.day = day ? day : 1;
  const pg_error overflow =
      make_pg_error("22008", "date/time field value out of range: \"" + std::string(input) + "\"");
  static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (year != 0 && (out.month < 1 || out.month > 12 || out.day < 1 ||
                    out.day > days[out.month - 1] + (out.month == 2 && is_leap(out.year) ? 1 : 0)))
    return fail(overflow);
  if (hour < 0 || hour >= 24 || minute < 0 || minute >= 60 || second < 0 || second >= 60)
    return fail(overflow);
  const int64_t fraction = int64_t{ms} * 1000 + us;
  if (fraction < 0 || fraction >= 1000000)
    return fail(overflow);
  out.hour = hour;
  out.minute = minute;
  out.second = second;
  out.microsecond = fraction;
  return out;
}

}  // namespace tributary
