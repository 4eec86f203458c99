// datetime_date_input: DecodeDateTime of PostgreSQL 15, the input of date,
// timestamp and timestamptz. Fields are decoded left to right; each sets bits
// of a mask, and a field whose bits are already set is a syntax error (two
// years, two zones). The zone is resolved last, since a zone name's offset
// depends on the date: the one written in the text, else the session zone's
// offset at that local time. See datetime_input.hpp.
#include "stages/types/datetime/datetime_decode.hpp"
#include "stages/types/datetime/datetime_input.hpp"
#include "stages/types/datetime/pg_calendar.hpp"

namespace tributary {

using namespace datetime_detail;

namespace {

class date_time_decoder {
public:
  explicit date_time_decoder(const datetime_input_context& context) : context_(context) {}

  result<parsed_datetime, datetime_error> decode(const std::vector<field>& fields) {
    for (size_t i = 0; i < fields.size(); ++i) {
      int token_mask = 0;
      bool skip = false;
      if (auto error = decode_field(fields, i, token_mask, skip))
        return fail(std::move(*error));
      if (skip)
        continue;
      if (token_mask & state_.field_mask)
        return fail(datetime_error{code::bad_format, {}});
      state_.field_mask |= token_mask;
    }
    if (auto error = validate_date(state_.field_mask, state_.is_julian, state_.is_two_digit_year,
                                   state_.is_bc, state_.tm))
      return fail(datetime_error{*error, {}});
    if (auto error = apply_meridian(state_))
      return fail(datetime_error{*error, {}});
    if (special_ == datetime_special::none) {
      if ((state_.field_mask & date_mask) != date_mask)
        return fail(datetime_error{code::bad_format, {}});
      if (auto error = resolve_zone())
        return fail(datetime_error{*error, {}});
    }
    return finished(state_, special_);
  }

private:
  const datetime_input_context& context_;
  decode_state state_;
  datetime_special special_ = datetime_special::none;

  std::optional<datetime_error> decode_field(const std::vector<field>& fields, size_t i,
                                             int& token_mask, bool& skip) {
    const field& f = fields[i];
    auto plain = [](std::optional<code> c) -> std::optional<datetime_error> {
      if (c)
        return datetime_error{*c, {}};
      return std::nullopt;
    };
    switch (f.type) {
      case field_type::date:
        return decode_date_field(f, token_mask);
      case field_type::time: {
        if (state_.prefix != 0) {
          if (state_.prefix != value_time)
            return datetime_error{code::bad_format, {}};
          state_.prefix = 0;
        }
        if (auto error = decode_time(f.text, token_mask, state_.tm))
          return plain(error);
        if (time_overflows(state_.tm.hour, state_.tm.minute, state_.tm.second, state_.tm.usecs))
          return datetime_error{code::field_overflow, {}};
        return std::nullopt;
      }
      case field_type::zone:
        token_mask = mask(tz);
        return plain(decode_zone_offset(f.text, state_.zone_west));
      case field_type::number:
        if (state_.prefix != 0) {
          special_ = datetime_special::none;  // a labelled number makes it a date again
          return plain(decode_labelled_number(f, state_, token_mask));
        }
        return plain(decode_number_text(f, token_mask));
      case field_type::string:
      case field_type::special:
        return decode_word(fields, i, token_mask, skip);
    }
    return datetime_error{code::bad_format, {}};
  }

  std::optional<datetime_error> decode_date_field(const field& f, int& token_mask) {
    if (state_.prefix == value_julian) {
      // "j2451187-05": a Julian day with a zone attached.
      size_t at = 0;
      bool overflow = false;
      const int64_t julian_day = read_integer(f.text, at, overflow);
      if (overflow || julian_day < 0)
        return datetime_error{code::field_overflow, {}};
      const civil_date d = civil_from_julian_day(julian_day);
      state_.tm.year = d.year;
      state_.tm.month = d.month;
      state_.tm.day = d.day;
      state_.is_julian = true;
      if (auto error = decode_zone_offset(std::string_view(f.text).substr(at), state_.zone_west))
        return datetime_error{*error, {}};
      token_mask = date_mask | time_mask | mask(tz);
      state_.prefix = 0;
      return std::nullopt;
    }
    const int month_and_day = mask(month) | mask(day);
    if (state_.prefix != 0 || (state_.field_mask & month_and_day) == month_and_day) {
      // After a date: "hhmmss-zz" or a zone name ("america/new_york").
      if (is_digit(f.text[0]) || state_.prefix != 0) {
        if (state_.prefix != 0) {
          if (state_.prefix != value_time)
            return datetime_error{code::bad_format, {}};
          state_.prefix = 0;
        }
        if (auto error = decode_time_with_zone(f, state_, state_.field_mask, token_mask))
          return datetime_error{*error, {}};
        return std::nullopt;
      }
      state_.named_zone = find_time_zone(f.text);
      if (!state_.named_zone)
        return datetime_error{code::unknown_zone, f.text};
      token_mask = mask(tz);
      return std::nullopt;
    }
    if (auto error = decode_date(f.text, state_.field_mask, token_mask, state_.is_two_digit_year,
                                 state_.tm, context_.order))
      return datetime_error{*error, {}};
    return std::nullopt;
  }

  std::optional<code> decode_number_text(const field& f, int& token_mask) {
    const size_t dot = f.text.find('.');
    const size_t length = f.text.size();
    if (dot != std::string::npos && !(state_.field_mask & date_mask))
      return decode_date(f.text, state_.field_mask, token_mask, state_.is_two_digit_year,
                         state_.tm, context_.order);
    if ((dot != std::string::npos && dot > 2) ||
        (length >= 6 && (!(state_.field_mask & date_mask) || !(state_.field_mask & time_mask)))) {
      // 20011223, 040506, 20011223.5: run-together date or time.
      return decode_number_field(f.text, state_.field_mask, token_mask, state_.tm,
                                 state_.is_two_digit_year)
          .error;
    }
    return decode_number(f.text, state_.have_text_month, state_.field_mask, token_mask, state_.tm,
                         state_.is_two_digit_year, context_.order);
  }

  std::optional<datetime_error> decode_word(const std::vector<field>& fields, size_t i,
                                            int& token_mask, bool& skip) {
    const field& f = fields[i];
    const word_meaning word = look_up_word(f.text);
    if (word.type == ignore) {
      skip = true;
      return std::nullopt;
    }
    const datetime_error bad{code::bad_format, {}};
    token_mask = mask(word.type);
    broken_down& tm = state_.tm;
    if (decode_zone_or_marker_word(word, f.text, state_, token_mask))
      return std::nullopt;
    switch (word.type) {
      case reserved:
        return decode_reserved(word.value, token_mask);
      case month:
        // A number already taken as the month becomes the day ("8 jan").
        if ((state_.field_mask & mask(month)) && !state_.have_text_month &&
            !(state_.field_mask & mask(day)) && tm.month >= 1 && tm.month <= 31) {
          tm.day = tm.month;
          token_mask = mask(day);
        }
        state_.have_text_month = true;
        tm.month = word.value;
        return std::nullopt;
      case day_of_week:
        return std::nullopt;
      case iso_time: {
        // "t": a time must follow a complete date.
        token_mask = 0;
        if ((state_.field_mask & date_mask) != date_mask || i + 1 >= fields.size())
          return bad;
        const field_type next = fields[i + 1].type;
        if (next != field_type::number && next != field_type::time && next != field_type::date)
          return bad;
        state_.prefix = word.value;
        return std::nullopt;
      }
      case unknown_field:
        // Last chance: a zone name of letters only ("utc", "japan").
        state_.named_zone = find_time_zone(f.text);
        if (!state_.named_zone)
          return bad;
        token_mask = mask(tz);
        return std::nullopt;
      default:
        return bad;
    }
  }

  std::optional<datetime_error> decode_reserved(int value, int& token_mask) {
    broken_down& tm = state_.tm;
    int32_t now_zone = 0;
    switch (value) {
      case value_now:
        special_ = datetime_special::none;  // these make it a date again
        token_mask = date_mask | time_mask | mask(tz);
        tm = local_now(context_, now_zone);
        state_.zone_west = now_zone;
        return std::nullopt;
      case value_yesterday:
      case value_today:
      case value_tomorrow: {
        special_ = datetime_special::none;
        token_mask = date_mask;
        const broken_down now = local_now(context_, now_zone);
        const int shift = value == value_yesterday ? -1 : value == value_tomorrow ? 1 : 0;
        const civil_date d = civil_from_days(days_from_civil(now.year, now.month, now.day) + shift);
        tm.year = d.year;
        tm.month = d.month;
        tm.day = d.day;
        return std::nullopt;
      }
      case value_zulu:
        special_ = datetime_special::none;
        token_mask = time_mask | mask(tz);
        tm.hour = tm.minute = tm.second = 0;
        state_.zone_west = 0;
        return std::nullopt;
      case value_epoch:
        special_ = datetime_special::epoch;
        return std::nullopt;
      case value_late:
        special_ = datetime_special::infinity;
        return std::nullopt;
      case value_early:
        special_ = datetime_special::minus_infinity;
        return std::nullopt;
      default:
        return datetime_error{code::bad_format, {}};
    }
  }

  std::optional<code> resolve_zone() {
    const int dst_modifier_mask = mask(dst_modifier);
    if (state_.named_zone) {
      if (state_.field_mask & dst_modifier_mask)
        return code::bad_format;
      state_.zone_west = zone_west_of_local(state_.tm, *state_.named_zone);
    }
    if (state_.abbreviation_zone) {
      if (state_.field_mask & dst_modifier_mask)
        return code::bad_format;
      state_.zone_west =
          abbreviation_zone_west(state_.tm, state_.abbreviation, *state_.abbreviation_zone);
    }
    if (!(state_.field_mask & mask(tz))) {
      if (state_.field_mask & dst_modifier_mask)
        return code::bad_format;
      state_.zone_west = zone_west_of_local(state_.tm, *context_.session_zone);
    }
    return std::nullopt;
  }
};

}  // namespace

result<parsed_datetime, datetime_error> decode_datetime_text(
    std::string_view text, size_t work_buffer, const datetime_input_context& context) {
  auto fields = split_datetime_fields(text, work_buffer);
  if (!fields)
    return fail(datetime_error{code::bad_format, {}});
  return date_time_decoder(context).decode(*fields);
}

}  // namespace tributary
