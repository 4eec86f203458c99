// datetime_fields: the date field decoders of PostgreSQL 15's date/time input
// (DecodeDate, DecodeNumber, DecodeNumberField, ValidateDate); the time and
// zone fields are in datetime_time_fields.cpp. See datetime_decode.hpp. Each
// follows its PostgreSQL counterpart step by step, quirks included (a 3-digit
// number after a year is a day of the year; a 6+ digit number is yyyymmdd or
// hhmmss), since the accepted inputs must be exactly PostgreSQL's.
#include <cstdint>

#include "stages/types/datetime/datetime_decode.hpp"
#include "stages/types/datetime/pg_calendar.hpp"

namespace tributary::datetime_detail {
namespace {

// atoi: glibc's (int) strtol, which saturates, then truncates to int.
int atoi_like(std::string_view digits) {
  size_t at = 0;
  bool overflow = false;
  int64_t value = read_integer(digits, at, overflow);
  return static_cast<int>(static_cast<int32_t>(static_cast<uint32_t>(value)));
}

}  // namespace

std::optional<code> decode_number(std::string_view text, bool have_text_month, int field_mask,
                                  int& token_mask, broken_down& tm, bool& is_two_digit_year,
                                  date_order order) {
  token_mask = 0;
  const size_t length = text.size();
  size_t at = 0;
  bool overflow = false;
  const int64_t value = read_integer(text, at, overflow);
  if (overflow)
    return code::field_overflow;
  if (at == 0)
    return code::bad_format;
  if (at < text.size()) {
    if (text[at] != '.')
      return code::bad_format;
    if (at > 2) {
      // 2001.360, 20011225.5, 040506.789: a run-together date or time.
      const auto found = decode_number_field(std::string(text), field_mask | date_mask,
                                             token_mask, tm, is_two_digit_year);
      return found.error;
    }
    if (auto error = parse_fraction_usecs(text.substr(at), tm.usecs))
      return error;
  }
  // Day of the year after a year: 1999.008 or 1999-008.
  if (length == 3 && (field_mask & date_mask) == mask(year) && value >= 1 && value <= 366) {
    token_mask = mask(day_of_year) | mask(month) | mask(day);
    tm.day_of_year = static_cast<int>(value);
    return std::nullopt;
  }
  const int v = static_cast<int>(value);
  switch (field_mask & date_mask) {
    case 0:
      // Nothing yet: a 3+ digit year starts YYYY-MM-DD, else DateStyle decides.
      if (length >= 3 || order == date_order::ymd) {
        token_mask = mask(year);
        tm.year = v;
      } else if (order == date_order::dmy) {
        token_mask = mask(day);
        tm.day = v;
      } else {
        token_mask = mask(month);
        tm.month = v;
      }
      break;
    case mask(year):
      token_mask = mask(month);
      tm.month = v;
      break;
    case mask(month):
      if (have_text_month) {
        // MON-DD-YYYY, DD-MON-YYYY, YYYY-MON-DD.
        if (length >= 3 || order == date_order::ymd) {
          token_mask = mask(year);
          tm.year = v;
        } else {
          token_mask = mask(day);
          tm.day = v;
        }
      } else {
        token_mask = mask(day);
        tm.day = v;
      }
      break;
    case mask(year) | mask(month):
      if (have_text_month) {
        if (length >= 3 && is_two_digit_year) {
          // DD-MON-YYYY in YMD mode: the first number was the day.
          token_mask = mask(day);
          tm.day = static_cast<int>(tm.year);
          tm.year = v;
          is_two_digit_year = false;
        } else {
          token_mask = mask(day);
          tm.day = v;
        }
      } else {
        token_mask = mask(day);
        tm.day = v;
      }
      break;
    case mask(day):
      token_mask = mask(month);
      tm.month = v;
      break;
    case mask(month) | mask(day):
      token_mask = mask(year);
      tm.year = v;
      break;
    case date_mask: {
      // A whole date already: this must be a run-together time.
      const auto found =
          decode_number_field(std::string(text), field_mask, token_mask, tm, is_two_digit_year);
      return found.error;
    }
    default:
      return code::bad_format;
  }
  if (token_mask == mask(year))
    is_two_digit_year = length <= 2;
  return std::nullopt;
}

number_field_result decode_number_field(std::string text, int field_mask, int& token_mask,
                                        broken_down& tm, bool& is_two_digit_year) {
  if (const size_t dot = text.find('.'); dot != std::string::npos) {
    if (auto error = parse_fraction_usecs(std::string_view(text).substr(dot), tm.usecs))
      return {error, field_type::number};
    text.resize(dot);
  } else if ((field_mask & date_mask) != date_mask && text.size() >= 6) {
    // yyyymmdd (the year takes what the month and day leave).
    const size_t length = text.size();
    token_mask = date_mask;
    tm.day = atoi_like(std::string_view(text).substr(length - 2));
    tm.month = atoi_like(std::string_view(text).substr(length - 4, 2));
    tm.year = atoi_like(std::string_view(text).substr(0, length - 4));
    if (length - 4 == 2)
      is_two_digit_year = true;
    return {std::nullopt, field_type::date};
  }
  if ((field_mask & time_mask) != time_mask) {
    if (text.size() == 6) {
      token_mask = time_mask;
      tm.second = atoi_like(std::string_view(text).substr(4));
      tm.minute = atoi_like(std::string_view(text).substr(2, 2));
      tm.hour = atoi_like(std::string_view(text).substr(0, 2));
      return {std::nullopt, field_type::time};
    }
    if (text.size() == 4) {
      token_mask = time_mask;
      tm.second = 0;
      tm.minute = atoi_like(std::string_view(text).substr(2));
      tm.hour = atoi_like(std::string_view(text).substr(0, 2));
      return {std::nullopt, field_type::time};
    }
  }
  return {code::bad_format, field_type::number};
}

std::optional<code> decode_date(std::string_view text, int field_mask, int& token_mask,
                                bool& is_two_digit_year, broken_down& tm, date_order order) {
  constexpr size_t max_fields = 25;
  token_mask = 0;
  // Runs of digits or of letters; the character after each run is dropped.
  std::vector<std::string_view> parts;
  size_t at = 0;
  while (at < text.size() && parts.size() < max_fields) {
    while (at < text.size() && !is_alnum(text[at]))
      ++at;
    if (at >= text.size())
      return code::bad_format;
    const size_t start = at;
    if (is_digit(text[at])) {
      while (at < text.size() && is_digit(text[at]))
        ++at;
    } else {
      while (at < text.size() && is_alpha(text[at]))
        ++at;
    }
    parts.push_back(text.substr(start, at - start));
    if (at < text.size())
      ++at;
  }

  bool have_text_month = false;
  std::vector<bool> done(parts.size(), false);
  for (size_t i = 0; i < parts.size(); ++i) {
    if (!is_alpha(parts[i][0]))
      continue;
    const keyword* word = find_datetime_keyword(parts[i]);
    if (word != nullptr && word->type == ignore)
      continue;
    if (word == nullptr || word->type != month)
      return code::bad_format;
    const int part_mask = mask(month);
    tm.month = word->value;
    have_text_month = true;
    if (field_mask & part_mask)
      return code::bad_format;
    field_mask |= part_mask;
    token_mask |= part_mask;
    done[i] = true;
  }
  for (size_t i = 0; i < parts.size(); ++i) {
    if (done[i])
      continue;  // an ignored word ("at") falls through to decode_number and fails there
    int part_mask = 0;
    if (auto error = decode_number(parts[i], have_text_month, field_mask, part_mask, tm,
                                   is_two_digit_year, order))
      return error;
    if (field_mask & part_mask)
      return code::bad_format;
    field_mask |= part_mask;
    token_mask |= part_mask;
  }
  if ((field_mask & ~(mask(day_of_year) | mask(tz))) != date_mask)
    return code::bad_format;
  return std::nullopt;
}

std::optional<code> validate_date(int field_mask, bool is_julian, bool is_two_digit_year,
                                  bool is_bc, broken_down& tm) {
  if (field_mask & mask(year)) {
    if (is_julian) {
      // the year is right as it is
    } else if (is_bc) {
      if (tm.year <= 0)
        return code::field_overflow;  // there is no year zero in AD/BC notation
      tm.year = -(tm.year - 1);
    } else if (is_two_digit_year) {
      if (tm.year < 0)
        return code::field_overflow;
      if (tm.year < 70)
        tm.year += 2000;
      else if (tm.year < 100)
        tm.year += 1900;
    } else if (tm.year <= 0) {
      return code::field_overflow;
    }
  }
  if (field_mask & mask(day_of_year)) {
    const civil_date d = civil_from_days(days_from_civil(tm.year, 1, 1) + tm.day_of_year - 1);
    tm.year = d.year;
    tm.month = d.month;
    tm.day = d.day;
  }
  if ((field_mask & mask(month)) && (tm.month < 1 || tm.month > 12))
    return code::month_day_overflow;
  if ((field_mask & mask(day)) && (tm.day < 1 || tm.day > 31))
    return code::month_day_overflow;
  if ((field_mask & date_mask) == date_mask && tm.day > days_in_month(tm.year, tm.month))
    return code::field_overflow;
  return std::nullopt;
}

}  // namespace tributary::datetime_detail
