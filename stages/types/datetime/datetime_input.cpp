// datetime_input: what DecodeDateTime (datetime_date_input.cpp) and
// DecodeTimeOnly (datetime_time_input.cpp) share — words, labelled numbers,
// AM/PM, zone offsets of local times, the current time — and
// DateTimeParseError. See datetime_input.hpp and datetime_decode.hpp.
#include "stages/types/datetime/datetime_input.hpp"

#include "stages/types/datetime/datetime_decode.hpp"
#include "stages/types/datetime/pg_calendar.hpp"
#include "stages/types/datetime/time_zone_abbreviations.hpp"
#include "stages/types/datetime/time_zone_rules.hpp"

namespace tributary {
namespace datetime_detail {
namespace {

std::string upper_case(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'a' && c <= 'z')
      c = static_cast<char>(c - 'a' + 'A');
  return out;
}

// The local date and time as seconds since 1970-01-01 00:00.
int64_t local_seconds_of(const broken_down& tm) {
  const int64_t days = days_from_civil(tm.year, tm.month, tm.day);
  return days * seconds_per_day + postgres_epoch_unix_seconds +
         (int64_t{tm.hour} * 60 + tm.minute) * 60 + tm.second;
}

}  // namespace

word_meaning look_up_word(std::string_view lower_word) {
  word_meaning out;
  if (const zone_abbreviation* abbreviation = find_zone_abbreviation(lower_word)) {
    switch (abbreviation->kind) {
      case zone_abbreviation_kind::standard:
        out.type = tz;
        out.value = abbreviation->utc_offset_seconds;
        return out;
      case zone_abbreviation_kind::daylight:
        out.type = dtz;
        out.value = abbreviation->utc_offset_seconds;
        return out;
      case zone_abbreviation_kind::dynamic:
        if (auto zone = find_time_zone(abbreviation->zone)) {
          out.type = dyntz;
          out.zone = std::move(zone);
          return out;
        }
        break;
    }
  }
  if (const keyword* word = find_datetime_keyword(lower_word)) {
    out.type = word->type;
    out.value = word->value;
  }
  return out;
}

std::optional<code> decode_labelled_number(const field& f, decode_state& state, int& token_mask) {
  size_t at = 0;
  bool overflow = false;
  const int64_t value = read_integer(f.text, at, overflow);
  if (overflow)
    return code::field_overflow;
  const bool has_fraction = at < f.text.size() && f.text[at] == '.';
  if (has_fraction) {
    if (state.prefix != value_julian && state.prefix != value_time && state.prefix != value_second)
      return code::bad_format;
  } else if (at < f.text.size()) {
    return code::bad_format;
  }
  broken_down& tm = state.tm;
  const int v = static_cast<int>(value);
  switch (state.prefix) {
    case value_year:
      tm.year = v;
      token_mask = mask(year);
      break;
    case value_month:
      // After a month and an hour, "m" means minutes.
      if ((state.field_mask & mask(month)) && (state.field_mask & mask(hour))) {
        tm.minute = v;
        token_mask = mask(minute);
      } else {
        tm.month = v;
        token_mask = mask(month);
      }
      break;
    case value_day:
      tm.day = v;
      token_mask = mask(day);
      break;
    case value_hour:
      tm.hour = v;
      token_mask = mask(hour);
      break;
    case value_minute:
      tm.minute = v;
      token_mask = mask(minute);
      break;
    case value_second:
      tm.second = v;
      token_mask = mask(second);
      if (has_fraction) {
        if (auto error = parse_fraction_usecs(std::string_view(f.text).substr(at), tm.usecs))
          return error;
        token_mask = all_seconds_mask;
      }
      break;
    case value_julian: {
      if (value < 0)
        return code::field_overflow;
      token_mask = date_mask;
      const civil_date d = civil_from_julian_day(value);
      tm.year = d.year;
      tm.month = d.month;
      tm.day = d.day;
      state.is_julian = true;
      if (has_fraction) {
        double fraction = 0;  // of a day
        if (auto error = parse_fraction(std::string_view(f.text).substr(at), fraction))
          return error;
        const auto time = static_cast<int64_t>(fraction * static_cast<double>(usecs_per_day));
        tm.hour = static_cast<int>(time / usecs_per_hour);
        tm.minute = static_cast<int>(time / usecs_per_minute % 60);
        tm.second = static_cast<int>(time / usecs_per_second % 60);
        tm.usecs = time % usecs_per_second;
        token_mask |= time_mask;
      }
      break;
    }
    case value_time: {
      const auto found = decode_number_field(f.text, state.field_mask | date_mask, token_mask, tm,
                                             state.is_two_digit_year);
      if (found.error)
        return found.error;
      if (token_mask != time_mask)
        return code::bad_format;
      break;
    }
    default:
      return code::bad_format;
  }
  state.prefix = 0;
  return std::nullopt;
}

std::optional<code> decode_time_with_zone(const field& f, decode_state& state,
                                          int number_field_mask, int& token_mask) {
  if ((state.field_mask & time_mask) == time_mask)
    return code::bad_format;
  const size_t dash = f.text.find('-');
  if (dash == std::string::npos)
    return code::bad_format;
  if (auto error = decode_zone_offset(std::string_view(f.text).substr(dash), state.zone_west))
    return error;
  const auto found = decode_number_field(f.text.substr(0, dash), number_field_mask, token_mask,
                                         state.tm, state.is_two_digit_year);
  if (found.error)
    return found.error;
  token_mask |= mask(tz);
  return std::nullopt;
}

bool decode_zone_or_marker_word(const word_meaning& word, std::string_view text,
                                decode_state& state, int& token_mask) {
  switch (word.type) {
    case dst_modifier:
      token_mask |= mask(dtz);
      state.zone_west -= word.value;
      return true;
    case dtz:
      token_mask |= mask(tz);
      state.zone_west = -word.value;
      return true;
    case tz:
      state.zone_west = -word.value;
      return true;
    case dyntz:
      token_mask |= mask(tz);
      state.abbreviation_zone = word.zone;
      state.abbreviation = std::string(text);
      return true;
    case am_pm:
      state.hours = word.value == value_am ? decode_state::meridian::am
                                           : decode_state::meridian::pm;
      return true;
    case ad_bc:
      state.is_bc = word.value == value_bc;
      return true;
    case units:
      token_mask = 0;
      state.prefix = word.value;
      return true;
    default:
      return false;
  }
}

std::optional<code> apply_meridian(decode_state& state) {
  int& hour_of_day = state.tm.hour;
  if (state.hours != decode_state::meridian::none && hour_of_day > 12)
    return code::field_overflow;
  if (state.hours == decode_state::meridian::am && hour_of_day == 12)
    hour_of_day = 0;
  else if (state.hours == decode_state::meridian::pm && hour_of_day != 12)
    hour_of_day += 12;
  return std::nullopt;
}

int32_t zone_west_of_local(const broken_down& tm, const time_zone_rules& zone) {
  if (!julian_date_in_range(tm.year, tm.month))
    return 0;  // out of range: PostgreSQL takes UTC
  return -zone.utc_offset_of_local_time(local_seconds_of(tm));
}

int32_t abbreviation_zone_west(const broken_down& tm, std::string_view lower_abbreviation,
                               const time_zone_rules& zone) {
  const int32_t zone_west = zone_west_of_local(tm, zone);
  const int64_t probe =
      julian_date_in_range(tm.year, tm.month) ? local_seconds_of(tm) + zone_west : 0;
  if (auto period = zone.abbreviation_period(upper_case(lower_abbreviation), probe))
    return -period->utc_offset;
  return zone_west;
}

broken_down local_now(const datetime_input_context& context, int32_t& zone_west) {
  const int64_t unix_seconds =
      floor_divide(context.now_usecs, usecs_per_second) + postgres_epoch_unix_seconds;
  const int32_t offset = context.session_zone->utc_offset_at(unix_seconds);
  zone_west = -offset;
  const int64_t local = context.now_usecs + int64_t{offset} * usecs_per_second;
  const int64_t days = floor_divide(local, usecs_per_day);
  const int64_t time = local - days * usecs_per_day;
  const civil_date d = civil_from_days(days);
  broken_down out;
  out.year = d.year;
  out.month = d.month;
  out.day = d.day;
  out.hour = static_cast<int>(time / usecs_per_hour);
  out.minute = static_cast<int>(time / usecs_per_minute % 60);
  out.second = static_cast<int>(time / usecs_per_second % 60);
  out.usecs = time % usecs_per_second;
  return out;
}

parsed_datetime finished(const decode_state& state, datetime_special special) {
  parsed_datetime out;
  out.year = state.tm.year;
  out.month = state.tm.month;
  out.day = state.tm.day;
  out.hour = state.tm.hour;
  out.minute = state.tm.minute;
  out.second = state.tm.second;
  out.usecs = state.tm.usecs;
  out.zone_seconds_west = state.zone_west;
  out.special = special;
  return out;
}

}  // namespace datetime_detail

pg_error datetime_parse_error(const datetime_error& error, std::string_view text,
                              std::string_view type_name) {
  const std::string quoted = "\"" + std::string(text) + "\"";
  switch (error.what) {
    case datetime_error::code::field_overflow:
      return make_pg_error("22008", "date/time field value out of range: " + quoted);
    case datetime_error::code::month_day_overflow:
      return make_pg_error("22008", "date/time field value out of range: " + quoted, {},
                           "Perhaps you need a different \"datestyle\" setting.");
    case datetime_error::code::zone_overflow:
      return make_pg_error("22009", "time zone displacement out of range: " + quoted);
    case datetime_error::code::unknown_zone:
      return make_pg_error("22023", "time zone \"" + error.zone + "\" not recognized");
    case datetime_error::code::bad_format:
      break;
  }
  return make_pg_error("22007", "invalid input syntax for type " + std::string(type_name) + ": " +
                                    quoted);
}

}  // namespace tributary
