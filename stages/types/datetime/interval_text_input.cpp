// interval_text_input: see the header. Follows PostgreSQL 15's interval_in step by
// step, so that odd inputs get the same value or error:
//   1. ParseDateTime (datetime_tokens.cpp, shared with the date/time types): the
//      text becomes up to 25 fields (256 bytes of them at most), each a number, a
//      word, a "date" (digits with '-', '/' or '.', or letters run into digits),
//      a time (digits and ':'), a zone (a sign and digits) or a signed word;
//      other punctuation only separates;
//   2. decode_fields = DecodeInterval: the fields are read right to left, so a
//      unit word names the number to its left; a bare number takes the unit the
//      field to its right implies (hours -> days), else the typmod's last field;
//   3. when 1 or 2 find bad syntax, the whole text is tried as ISO 8601.
#include "stages/types/datetime/interval_text_input.hpp"

#include <cmath>
#include <string>
#include <vector>

#include "stages/types/datetime/datetime_decode.hpp"
#include "stages/types/datetime/interval_input_fields.hpp"

namespace tributary {
namespace {

using namespace interval_input;

// ---- 1. the fields: datetime_tokens.cpp's ParseDateTime ----------------------

using datetime_detail::field;
using datetime_detail::field_type;

constexpr size_t field_buffer_size = 256;  // interval_in's workbuf

// ---- 2. decoding the fields ----------------------------------------------------

// Bits of PostgreSQL's DTK_M() for the parts an interval input may name once each.
enum part_bit : uint32_t {
  bit_month = 1u << 1, bit_year = 1u << 2, bit_day = 1u << 3, bit_hour = 1u << 10,
  bit_minute = 1u << 11, bit_second = 1u << 12, bit_millisecond = 1u << 13,
  bit_microsecond = 1u << 14, bit_week = 1u << 24, bit_decade = 1u << 25,
  bit_century = 1u << 26, bit_millennium = 1u << 27,
};
constexpr uint32_t all_seconds_bits = bit_second | bit_millisecond | bit_microsecond;
constexpr uint32_t clock_bits = bit_hour | bit_minute | all_seconds_bits;

enum class unit {
  none_yet,    // no field to the right named one (IGNORE_DTF)
  after_ago,   // "ago" was the field to the right: a bare number is an error
  microsecond, millisecond, second, minute, hour, day, week, month, year, decade,
  century, millennium,
  unusable,    // quarter, timezone: words PostgreSQL knows but an interval rejects
};

enum class word_meaning { unknown, unit_word, ago };

// DecodeUnits: PostgreSQL 15's deltatktbl, words compared on their first 10 letters.
word_meaning look_up_word(std::string_view word, unit& named) {
  struct entry {
    std::string_view token;
    unit meaning;
  };
  static constexpr entry table[] = {
      {"c", unit::century},           {"cent", unit::century},
      {"centuries", unit::century},   {"century", unit::century},
      {"d", unit::day},               {"day", unit::day},
      {"days", unit::day},            {"dec", unit::decade},
      {"decade", unit::decade},       {"decades", unit::decade},
      {"decs", unit::decade},         {"h", unit::hour},
      {"hour", unit::hour},           {"hours", unit::hour},
      {"hr", unit::hour},             {"hrs", unit::hour},
      {"m", unit::minute},            {"microsecon", unit::microsecond},
      {"mil", unit::millennium},      {"millennia", unit::millennium},
      {"millennium", unit::millennium}, {"millisecon", unit::millisecond},
      {"mils", unit::millennium},     {"min", unit::minute},
      {"mins", unit::minute},         {"minute", unit::minute},
      {"minutes", unit::minute},      {"mon", unit::month},
      {"mons", unit::month},          {"month", unit::month},
      {"months", unit::month},        {"ms", unit::millisecond},
      {"msec", unit::millisecond},    {"msecond", unit::millisecond},
      {"mseconds", unit::millisecond}, {"msecs", unit::millisecond},
      {"qtr", unit::unusable},        {"quarter", unit::unusable},
      {"s", unit::second},            {"sec", unit::second},
      {"second", unit::second},       {"seconds", unit::second},
      {"secs", unit::second},         {"timezone", unit::unusable},
      {"timezone_h", unit::unusable}, {"timezone_m", unit::unusable},
      {"us", unit::microsecond},      {"usec", unit::microsecond},
      {"usecond", unit::microsecond}, {"useconds", unit::microsecond},
      {"usecs", unit::microsecond},   {"w", unit::week},
      {"week", unit::week},           {"weeks", unit::week},
      {"y", unit::year},              {"year", unit::year},
      {"years", unit::year},          {"yr", unit::year},
      {"yrs", unit::year},
  };
  const std::string_view key = word.substr(0, 10);
  if (key == "ago")
    return word_meaning::ago;
  for (const entry& e : table) {
    if (e.token == key) {
      named = e.meaning;
      return word_meaning::unit_word;
    }
  }
  return word_meaning::unknown;
}

// The unit of the rightmost bare number: the typmod's last field.
unit default_unit(int32_t range) {
  switch (range) {
    case interval_mask_year: return unit::year;
    case interval_mask_month:
    case interval_mask_year | interval_mask_month: return unit::month;
    case interval_mask_day: return unit::day;
    case interval_mask_hour:
    case interval_mask_day | interval_mask_hour: return unit::hour;
    case interval_mask_minute:
    case interval_mask_hour | interval_mask_minute:
    case interval_mask_day | interval_mask_hour | interval_mask_minute: return unit::minute;
    default: return unit::second;
  }
}

// DecodeTimeCommon + DecodeTimeForInterval: "h:m", "h:m:s[.f]", "m:s.f" (and
// "m:s" for a MINUTE TO SECOND typmod) -> microseconds.
decode_status decode_clock(std::string_view text, int32_t range, int64_t& usecs) {
  const c_integer hour_read = c_strtol(text, 0);
  if (hour_read.out_of_range)
    return decode_status::field_overflow;
  if (hour_read.end >= text.size() || text[hour_read.end] != ':')
    return decode_status::bad_format;
  int64_t hour = hour_read.value;
  const c_integer minute_read = c_strtoint(text, hour_read.end + 1);
  if (minute_read.out_of_range)
    return decode_status::field_overflow;
  int64_t minute = minute_read.value;
  int64_t second = 0;
  double fraction = 0;
  const std::string_view rest = text.substr(minute_read.end);
  auto shift_to_minutes = [&] {  // the two numbers were minutes and seconds
    if (!fits_int32(hour))
      return false;
    second = minute;
    minute = hour;
    hour = 0;
    return true;
  };
  if (rest.empty()) {
    if (range == (interval_mask_minute | interval_mask_second) && !shift_to_minutes())
      return decode_status::field_overflow;
  } else if (rest[0] == '.') {
    if (!parse_fraction(rest, fraction))
      return decode_status::bad_format;
    if (!shift_to_minutes())
      return decode_status::field_overflow;
  } else if (rest[0] == ':') {
    const c_integer second_read = c_strtoint(text, minute_read.end + 1);
    if (second_read.out_of_range)
      return decode_status::field_overflow;
    second = second_read.value;
    const std::string_view tail = text.substr(second_read.end);
    if (!tail.empty()) {
      if (tail[0] != '.')
        return decode_status::bad_format;
      if (!parse_fraction(tail, fraction))
        return decode_status::bad_format;
    }
  } else {
    return decode_status::bad_format;
  }
  const int64_t fraction_usecs = static_cast<int64_t>(std::rint(fraction * 1'000'000));
  if (hour < 0 || minute < 0 || minute > 59 || second < 0 || second > 60 || fraction_usecs < 0 ||
      fraction_usecs > usecs_per_second)
    return decode_status::field_overflow;
  interval_fields sum;
  sum.usecs = fraction_usecs;
  if (!add_usecs(hour, 0, usecs_per_hour, sum) || !add_usecs(minute, 0, usecs_per_minute, sum) ||
      !add_usecs(second, 0, usecs_per_second, sum))
    return decode_status::field_overflow;
  usecs = sum.usecs;
  return decode_status::ok;
}

// A number (or "Y-M") with the unit `type`: adds it to `f`, sets the part's bit.
decode_status add_number(const field& fd, unit& type, bool force_negative, interval_fields& f,
                         uint32_t& part) {
  const std::string_view text = fd.text;
  const c_integer whole_read = c_strtol(text, 0);
  if (whole_read.out_of_range)
    return decode_status::field_overflow;
  int64_t whole = whole_read.value;
  double fraction = 0;
  const std::string_view rest = text.substr(whole_read.end);
  if (!rest.empty() && rest[0] == '-') {  // SQL year-month: "1-2"
    const c_integer months_read = c_strtoint(text, whole_read.end + 1);
    if (months_read.out_of_range || months_read.value < 0 || months_read.value >= months_per_year)
      return decode_status::field_overflow;
    if (months_read.end != text.size())
      return decode_status::bad_format;
    type = unit::month;
    const int64_t months = text[0] == '-' ? -months_read.value : months_read.value;
    if (__builtin_mul_overflow(whole, int64_t{months_per_year}, &whole) ||
        __builtin_add_overflow(whole, months, &whole))
      return decode_status::field_overflow;
  } else if (!rest.empty() && rest[0] == '.') {
    if (!parse_fraction(rest, fraction))
      return decode_status::bad_format;
    if (text[0] == '-')
      fraction = -fraction;
  } else if (!rest.empty()) {
    return decode_status::bad_format;
  }
  if (force_negative) {
    if (whole > 0)
      whole = -whole;
    if (fraction > 0)
      fraction = -fraction;
  }

  bool fits = true;
  switch (type) {
    case unit::microsecond:
      fits = add_usecs(whole, fraction, 1, f);
      part = bit_microsecond;
      break;
    case unit::millisecond:
      fits = add_usecs(whole, fraction, 1000, f);
      part = bit_millisecond;
      break;
    case unit::second:
      fits = add_usecs(whole, fraction, usecs_per_second, f);
      part = fraction == 0 ? uint32_t{bit_second} : all_seconds_bits;  // "1.5 s" also names ms, us
      break;
    case unit::minute:
      fits = add_usecs(whole, fraction, usecs_per_minute, f);
      part = bit_minute;
      break;
    case unit::hour:
      fits = add_usecs(whole, fraction, usecs_per_hour, f);
      part = bit_hour;
      type = unit::day;  // "1 2 hours": the bare 1 is days
      break;
    case unit::day:
      fits = add_days(whole, 1, f) && add_fraction_usecs(fraction, usecs_per_day, f);
      part = bit_day;
      break;
    case unit::week:
      fits = add_days(whole, 7, f) && add_fraction_days(fraction, 7, f);
      part = bit_week;
      break;
    case unit::month:
      fits = add_months(whole, f) && add_fraction_days(fraction, days_per_month, f);
      part = bit_month;
      break;
    case unit::year:
      fits = add_years(whole, 1, f) && add_fraction_years(fraction, 1, f);
      part = bit_year;
      break;
    case unit::decade:
      fits = add_years(whole, 10, f) && add_fraction_years(fraction, 10, f);
      part = bit_decade;
      break;
    case unit::century:
      fits = add_years(whole, 100, f) && add_fraction_years(fraction, 100, f);
      part = bit_century;
      break;
    case unit::millennium:
      fits = add_years(whole, 1000, f) && add_fraction_years(fraction, 1000, f);
      part = bit_millennium;
      break;
    default:
      return decode_status::bad_format;
  }
  return fits ? decode_status::ok : decode_status::field_overflow;
}

decode_status decode_fields(const std::vector<field>& fields, int32_t range,
                            bool sql_standard_signs, interval_fields& f) {
  // SQL standard style: "-1 2:03:04" is all negative, unless another field has
  // its own sign.
  bool force_negative = false;
  if (sql_standard_signs && !fields.empty() && fields[0].text[0] == '-') {
    force_negative = true;
    for (size_t k = 1; k < fields.size(); ++k)
      if (fields[k].text[0] == '-' || fields[k].text[0] == '+')
        force_negative = false;
  }

  bool ago = false;
  unit type = unit::none_yet;
  uint32_t seen = 0;
  for (size_t k = fields.size(); k-- > 0;) {
    const field& fd = fields[k];
    uint32_t part = 0;
    bool as_number = false;
    switch (fd.type) {
      case field_type::time: {
        if (auto s = decode_clock(fd.text, range, f.usecs); s != decode_status::ok)
          return s;
        if (force_negative && f.usecs > 0)
          f.usecs = -f.usecs;
        part = clock_bits;
        type = unit::day;
        break;
      }
      case field_type::zone: {
        int64_t usecs = 0;
        const std::string_view unsigned_text = std::string_view(fd.text).substr(1);
        if (unsigned_text.find(':') != std::string_view::npos &&
            decode_clock(unsigned_text, range, usecs) == decode_status::ok) {
          if (fd.text[0] == '-') {
            if (usecs == INT64_MIN)
              return decode_status::field_overflow;
            usecs = -usecs;
          }
          if (force_negative && usecs > 0)
            usecs = -usecs;
          f.usecs = usecs;
          part = clock_bits;
          type = unit::day;  // "1 +02:03": the bare 1 is days
          break;
        }
        as_number = true;
        break;
      }
      case field_type::date:
      case field_type::number:
        as_number = true;
        break;
      case field_type::string:
      case field_type::special: {
        unit named = unit::none_yet;
        switch (look_up_word(fd.text, named)) {
          case word_meaning::unit_word:
            type = named;
            break;
          case word_meaning::ago:
            ago = true;
            type = unit::after_ago;
            break;
          case word_meaning::unknown:
            return decode_status::bad_format;
        }
        break;
      }
    }
    if (as_number) {
      if (type == unit::none_yet)
        type = default_unit(range);
      if (auto s = add_number(fd, type, force_negative, f, part); s != decode_status::ok)
        return s;
    }
    if (part & seen)
      return decode_status::bad_format;  // a part named twice
    seen |= part;
  }
  if (seen == 0)
    return decode_status::bad_format;
  if (ago) {
    if (f.usecs == INT64_MIN || f.days == INT32_MIN || f.months == INT32_MIN ||
        f.years == INT32_MIN)
      return decode_status::field_overflow;
    f.usecs = -f.usecs;
    f.days = -f.days;
    f.months = -f.months;
    f.years = -f.years;
  }
  return decode_status::ok;
}

}  // namespace

result<interval_value, pg_error> parse_pg_interval_text(std::string_view text, int32_t range_mask,
                                                        bool sql_standard_signs) {
  // PostgreSQL reads a C string: nothing after a NUL.
  if (const size_t nul = text.find('\0'); nul != std::string_view::npos)
    text = text.substr(0, nul);

  interval_fields f;
  decode_status status = decode_status::bad_format;
  if (auto fields = datetime_detail::split_datetime_fields(text, field_buffer_size))
    status = decode_fields(*fields, range_mask, sql_standard_signs, f);
  if (status == decode_status::bad_format)
    status = decode_iso8601_interval(text, f);

  const std::string quoted = "\"" + std::string(text) + "\"";
  if (status == decode_status::bad_format)
    return fail(make_pg_error("22007", "invalid input syntax for type interval: " + quoted));
  if (status == decode_status::field_overflow)
    return fail(make_pg_error("22015", "interval field value out of range: " + quoted));

  const int64_t months = int64_t{f.years} * months_per_year + f.months;
  if (!fits_int32(months))
    return fail(make_pg_error("22008", "interval out of range"));
  return interval_value{f.usecs, f.days, static_cast<int32_t>(months)};
}

}  // namespace tributary
