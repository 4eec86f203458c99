// range_text: the text of range and multirange literals as PostgreSQL 15's
// range_parse / range_parse_bound / range_bound_escape and multirange_in's
// scanner read and write it, and the bounds of stored ranges. See
// range_value.hpp.
//
// Whitespace is C's isspace in the C locale. A text is read up to its first
// NUL, as PostgreSQL's cstring input is. Inside a bound, `\` takes the next
// character and `"` quotes (a doubled `""` inside quotes is one `"`); the
// whitespace of an unquoted bound is kept for the subtype's input function.
//
// read_stored_bound reads the canonical bound texts of the publisher's output
// (DateStyle ISO, TimeZone UTC) directly: decimal integers, numeric_out's
// text, "YYYY-MM-DD[ BC]", "YYYY-MM-DD HH:MM:SS[.ffffff][+00][ BC]" and
// ±infinity; any other text goes through the subtype's parse_text with the
// publisher's settings.
#include <charconv>
#include <limits>

#include "stages/types/datetime/pg_calendar.hpp"
#include "stages/types/verbatim/range_value.hpp"

namespace tributary {
namespace {

bool is_c_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

std::string_view up_to_nul(std::string_view text) { return text.substr(0, text.find('\0')); }

bool starts_with_empty_word(std::string_view text) {
  constexpr std::string_view word = "empty";
  if (text.size() < word.size())
    return false;
  for (size_t i = 0; i < word.size(); ++i)
    if ((text[i] | 0x20) != word[i])
      return false;
  return true;
}

pg_error malformed_range(std::string_view text, std::string detail) {
  return make_pg_error("22P02", "malformed range literal: \"" + std::string(text) + "\"",
                       std::move(detail));
}

pg_error malformed_multirange(std::string_view text, std::string detail) {
  return make_pg_error("22P02", "malformed multirange literal: \"" + std::string(text) + "\"",
                       std::move(detail));
}

bool ends_bound(char c) { return c == ',' || c == ')' || c == ']'; }

// range_parse_bound from text[at]: nullopt text for an infinite (empty) bound.
result<std::optional<std::string>, pg_error> read_bound(std::string_view text, size_t& at) {
  if (at < text.size() && ends_bound(text[at]))
    return std::optional<std::string>{};
  std::string bound;
  bool in_quotes = false;
  while (in_quotes || at >= text.size() || !ends_bound(text[at])) {
    if (at >= text.size())
      return fail(malformed_range(text, "Unexpected end of input."));
    const char c = text[at++];
    if (c == '\\') {
      if (at >= text.size())
        return fail(malformed_range(text, "Unexpected end of input."));
      bound += text[at++];
    } else if (c == '"') {
      if (!in_quotes)
        in_quotes = true;
      else if (at < text.size() && text[at] == '"')
        bound += text[at++];
      else
        in_quotes = false;
    } else {
      bound += c;
    }
  }
  return std::optional<std::string>{std::move(bound)};
}

// ---- stored bounds ----

bool read_digits(std::string_view s, size_t& at, size_t min_count, size_t max_count,
                 int64_t& value) {
  const size_t start = at;
  value = 0;
  while (at < s.size() && at - start < max_count && s[at] >= '0' && s[at] <= '9')
    value = value * 10 + (s[at++] - '0');
  return at - start >= min_count;
}

bool read_char(std::string_view s, size_t& at, char c) {
  if (at < s.size() && s[at] == c) {
    ++at;
    return true;
  }
  return false;
}

// "YYYY-MM-DD": days since 2000-01-01 before the BC suffix is applied.
struct iso_date {
  int64_t year = 0, month = 0, day = 0;
};

bool read_iso_date(std::string_view s, size_t& at, iso_date& date) {
  return read_digits(s, at, 4, 7, date.year) && read_char(s, at, '-') &&
         read_digits(s, at, 2, 2, date.month) && read_char(s, at, '-') &&
         read_digits(s, at, 2, 2, date.day) && date.year > 0 && date.month >= 1 &&
         date.month <= 12 && date.day >= 1 &&
         date.day <= days_in_month(date.year, static_cast<int>(date.month));
}

// The days of a date and its BC suffix, nullopt when it is not canonical.
std::optional<int64_t> days_with_era(iso_date date, std::string_view rest) {
  if (rest == " BC")
    date.year = 1 - date.year;
  else if (!rest.empty())
    return std::nullopt;
  if (date.year <= 0 && date.day > days_in_month(date.year, static_cast<int>(date.month)))
    return std::nullopt;
  return days_from_civil(date.year, static_cast<int>(date.month), date.day);
}

std::optional<int64_t> fast_date(std::string_view s) {
  size_t at = 0;
  iso_date date;
  if (!read_iso_date(s, at, date))
    return std::nullopt;
  auto days = days_with_era(date, s.substr(at));
  if (!days || !date_in_range(*days))
    return std::nullopt;
  return days;
}

std::optional<int64_t> fast_timestamp(std::string_view s, bool with_zone) {
  size_t at = 0;
  iso_date date;
  int64_t hour = 0, minute = 0, second = 0, fraction = 0;
  if (!read_iso_date(s, at, date) || !read_char(s, at, ' ') || !read_digits(s, at, 2, 2, hour) ||
      !read_char(s, at, ':') || !read_digits(s, at, 2, 2, minute) || !read_char(s, at, ':') ||
      !read_digits(s, at, 2, 2, second) || hour > 23 || minute > 59 || second > 59)
    return std::nullopt;
  if (read_char(s, at, '.')) {
    const size_t start = at;
    if (!read_digits(s, at, 1, 6, fraction))
      return std::nullopt;
    for (size_t n = at - start; n < 6; ++n)
      fraction *= 10;
  }
  if (with_zone && s.substr(at, 3) != "+00")
    return std::nullopt;
  if (with_zone)
    at += 3;
  auto days = days_with_era(date, s.substr(at));
  if (!days || *days > timestamp_end_usecs / usecs_per_day ||
      *days < timestamp_min_usecs / usecs_per_day - 1)
    return std::nullopt;
  const int64_t usecs = *days * usecs_per_day + ((hour * 60 + minute) * 60 + second) *
                                                    usecs_per_second + fraction;
  if (!timestamp_in_range(usecs))
    return std::nullopt;
  return usecs;
}

bool is_numeric_out_text(std::string_view s) {
  if (s == "NaN" || s == "Infinity" || s == "-Infinity")
    return true;
  size_t at = s.starts_with('-') ? 1 : 0;
  int64_t ignored = 0;
  if (!read_digits(s, at, 1, std::string_view::npos, ignored))
    return false;
  if (read_char(s, at, '.') && !read_digits(s, at, 1, std::string_view::npos, ignored))
    return false;
  return at == s.size();
}

// The stored integer of a canonical int4, int8, date, timestamp or
// timestamptz bound text; nullopt when it is not one.
std::optional<int64_t> fast_stored_integer(oid_t subtype, std::string_view s) {
  const bool date = subtype == 1082;
  const bool datetime = date || subtype == 1114 || subtype == 1184;
  if (datetime && s == "infinity")
    return date ? std::numeric_limits<int32_t>::max() : std::numeric_limits<int64_t>::max();
  if (datetime && s == "-infinity")
    return date ? std::numeric_limits<int32_t>::min() : std::numeric_limits<int64_t>::min();
  if (date)
    return fast_date(s);
  if (datetime)
    return fast_timestamp(s, subtype == 1184);
  if (subtype != 23 && subtype != 20)
    return std::nullopt;
  int64_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  const bool fits = subtype == 20 || (v >= std::numeric_limits<int32_t>::min() &&
                                      v <= std::numeric_limits<int32_t>::max());
  if (ec != std::errc{} || end != s.data() + s.size() || !fits)
    return std::nullopt;
  return v;
}

}  // namespace

result<range_literal, pg_error> read_range_literal(std::string_view input) {
  const std::string_view text = up_to_nul(input);
  range_literal out;
  size_t at = 0;
  while (at < text.size() && is_c_space(text[at]))
    ++at;
  if (starts_with_empty_word(text.substr(at))) {
    at += 5;
    while (at < text.size() && is_c_space(text[at]))
      ++at;
    if (at != text.size())
      return fail(malformed_range(text, "Junk after \"empty\" key word."));
    out.flags = range_empty_flag;
    return out;
  }
  if (at < text.size() && (text[at] == '[' || text[at] == '(')) {
    if (text[at] == '[')
      out.flags |= range_lower_inclusive_flag;
    ++at;
  } else {
    return fail(malformed_range(text, "Missing left parenthesis or bracket."));
  }
  auto lower = read_bound(text, at);
  if (!lower.ok())
    return fail(lower.error());
  if (!*lower)
    out.flags |= range_lower_infinite_flag;
  else
    out.lower_text = std::move(**lower);
  if (at >= text.size() || text[at] != ',')
    return fail(malformed_range(text, "Missing comma after lower bound."));
  ++at;
  auto upper = read_bound(text, at);
  if (!upper.ok())
    return fail(upper.error());
  if (!*upper)
    out.flags |= range_upper_infinite_flag;
  else
    out.upper_text = std::move(**upper);
  if (text[at] == ']')
    out.flags |= range_upper_inclusive_flag;
  else if (text[at] != ')')
    return fail(malformed_range(text, "Too many commas."));
  ++at;
  while (at < text.size() && is_c_space(text[at]))
    ++at;
  if (at != text.size())
    return fail(malformed_range(text, "Junk after right parenthesis or bracket."));
  return out;
}

result<ok_t, pg_error> scan_multirange_literal(
    std::string_view input, const std::function<result<ok_t, pg_error>(std::string_view)>& on_range) {
  const std::string_view text = up_to_nul(input);
  enum class state { before_range, in_range, in_range_escaped, in_range_quoted,
                     in_range_quoted_escaped, after_range, finished };
  size_t at = 0;
  while (at < text.size() && is_c_space(text[at]))
    ++at;
  if (at >= text.size() || text[at] != '{')
    return fail(malformed_multirange(text, "Missing left brace."));
  ++at;
  state s = state::before_range;
  size_t range_start = 0;
  int ranges_seen = 0;
  for (; s != state::finished; ++at) {
    if (at >= text.size())
      return fail(malformed_multirange(text, "Unexpected end of input."));
    const char c = text[at];
    if (is_c_space(c))
      continue;
    switch (s) {
      case state::before_range:
        if (c == '[' || c == '(') {
          range_start = at;
          s = state::in_range;
        } else if (c == '}' && ranges_seen == 0) {
          s = state::finished;
        } else if (starts_with_empty_word(text.substr(at))) {
          ++ranges_seen;
          at += 4;
          s = state::after_range;
        } else {
          return fail(malformed_multirange(text, "Expected range start."));
        }
        break;
      case state::in_range:
        if (c == ']' || c == ')') {
          ++ranges_seen;
          if (auto done = on_range(text.substr(range_start, at - range_start + 1)); !done.ok())
            return done;
          s = state::after_range;
        } else if (c == '"') {
          s = state::in_range_quoted;
        } else if (c == '\\') {
          s = state::in_range_escaped;
        }
        break;
      case state::in_range_escaped: s = state::in_range; break;
      case state::in_range_quoted:
        if (c == '"') {
          if (at + 1 < text.size() && text[at + 1] == '"')
            ++at;
          else
            s = state::in_range;
        } else if (c == '\\') {
          s = state::in_range_quoted_escaped;
        }
        break;
      case state::in_range_quoted_escaped: s = state::in_range_quoted; break;
      case state::after_range:
        if (c == ',')
          s = state::before_range;
        else if (c == '}')
          s = state::finished;
        else
          return fail(malformed_multirange(text, "Expected comma or end of multirange."));
        break;
      case state::finished: break;
    }
  }
  while (at < text.size() && is_c_space(text[at]))
    ++at;
  if (at != text.size())
    return fail(malformed_multirange(text, "Junk after closing right brace."));
  return ok_v;
}

void append_range_bound(std::string& out, std::string_view bound_text) {
  bool quote = bound_text.empty();
  for (char c : bound_text)
    if (c == '"' || c == '\\' || c == '(' || c == ')' || c == '[' || c == ']' || c == ',' ||
        is_c_space(c))
      quote = true;
  if (quote)
    out += '"';
  for (char c : bound_text) {
    if (c == '"' || c == '\\')
      out += c;
    out += c;
  }
  if (quote)
    out += '"';
}

result<sql_value, pg_error> read_stored_bound(const range_type_info& type, std::string_view text) {
  if (auto integer = fast_stored_integer(type.subtype, text))
    return sql_value{*integer};
  if (type.subtype == 1700 && is_numeric_out_text(text))
    return sql_value{std::string(text)};
  if (!type.subtype_codec)
    return sql_value{std::string(text)};
  return type.subtype_codec->parse_text(type.subtype_column(), text, publisher_type_settings());
}

}  // namespace tributary
