// datetime_time_input: DecodeTimeOnly of PostgreSQL 15, the input of time and
// timetz. A date is accepted only as the first field (and then ignored by
// time); a zone name whose offset changed over history needs that date
// ("12:00 America/New_York" is a syntax error, "2024-07-01 12:00
// America/New_York" is -04). Without a zone the session zone's offset for
// today (or the given date) applies. See datetime_input.hpp.
#include "stages/types/datetime/datetime_decode.hpp"
#include "stages/types/datetime/datetime_input.hpp"
#include "stages/types/datetime/pg_calendar.hpp"

namespace tributary {

using namespace datetime_detail;

namespace {

class time_decoder {
public:
  explicit time_decoder(const datetime_input_context& context) : context_(context) {}

  result<parsed_datetime, datetime_error> decode(const std::vector<field>& fields) {
    for (size_t i = 0; i < fields.size(); ++i) {
      int token_mask = 0;
      bool skip = false;
      if (auto error = decode_field(fields, i, token_mask, skip))
        return fail(std::move(*error));
      if (skip)
        continue;
      if (token_mask & state_.field_mask)
        return fail(bad());
      state_.field_mask |= token_mask;
    }
    if (auto error = validate_date(state_.field_mask, state_.is_julian, state_.is_two_digit_year,
                                   state_.is_bc, state_.tm))
      return fail(datetime_error{*error, {}});
    if (auto error = apply_meridian(state_))
      return fail(datetime_error{*error, {}});
    if (time_overflows(state_.tm.hour, state_.tm.minute, state_.tm.second, state_.tm.usecs))
      return fail(datetime_error{code::field_overflow, {}});
    if ((state_.field_mask & time_mask) != time_mask)
      return fail(bad());
    if (auto error = resolve_zone())
      return fail(datetime_error{*error, {}});
    return finished(state_, datetime_special::none);
  }

private:
  const datetime_input_context& context_;
  decode_state state_;

  static datetime_error bad() { return datetime_error{code::bad_format, {}}; }
  static std::optional<datetime_error> plain(std::optional<code> c) {
    if (c)
      return datetime_error{*c, {}};
    return std::nullopt;
  }

  std::optional<datetime_error> decode_field(const std::vector<field>& fields, size_t i,
                                             int& token_mask, bool& skip) {
    const field& f = fields[i];
    const size_t count = fields.size();
    switch (f.type) {
      case field_type::date:
        // A leading date, when a time follows it or a zone name ends the text.
        if (i == 0 && count >= 2 &&
            (fields[count - 1].type == field_type::date || fields[1].type == field_type::time))
          return plain(decode_date(f.text, state_.field_mask, token_mask, state_.is_two_digit_year,
                                   state_.tm, context_.order));
        if (is_digit(f.text[0]))
          return plain(decode_time_with_zone(f, state_, state_.field_mask | date_mask, token_mask));
        state_.named_zone = find_time_zone(f.text);
        if (!state_.named_zone)
          return datetime_error{code::unknown_zone, f.text};
        token_mask = mask(tz);
        return std::nullopt;
      case field_type::time:
        // A pending unit label stays pending ("y 12:00" is a time), as in 15.
        return plain(decode_time(f.text, token_mask, state_.tm));
      case field_type::zone:
        token_mask = mask(tz);
        return plain(decode_zone_offset(f.text, state_.zone_west));
      case field_type::number:
        if (state_.prefix != 0)
          return plain(decode_labelled_number(f, state_, token_mask));
        return plain(decode_number_text(fields, i, token_mask));
      case field_type::string:
      case field_type::special:
        return decode_word(fields, i, token_mask, skip);
    }
    return bad();
  }

  std::optional<code> decode_number_text(const std::vector<field>& fields, size_t i,
                                         int& token_mask) {
    const field& f = fields[i];
    const size_t dot = f.text.find('.');
    if (dot != std::string::npos) {
      if (i == 0 && fields.size() >= 2 && fields.back().type == field_type::date)
        return decode_date(f.text, state_.field_mask, token_mask, state_.is_two_digit_year,
                           state_.tm, context_.order);
      if (dot <= 2)
        return code::bad_format;
      return decode_number_field(f.text, state_.field_mask | date_mask, token_mask, state_.tm,
                                 state_.is_two_digit_year)
          .error;
    }
    if (f.text.size() > 4)
      return decode_number_field(f.text, state_.field_mask | date_mask, token_mask, state_.tm,
                                 state_.is_two_digit_year)
          .error;
    return decode_number(f.text, false, state_.field_mask | date_mask, token_mask, state_.tm,
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
    token_mask = mask(word.type);
    broken_down& tm = state_.tm;
    if (decode_zone_or_marker_word(word, f.text, state_, token_mask))
      return std::nullopt;
    switch (word.type) {
      case reserved:
        if (word.value == value_now) {
          token_mask = time_mask;
          int32_t now_zone = 0;
          const broken_down now = local_now(context_, now_zone);
          tm.hour = now.hour;
          tm.minute = now.minute;
          tm.second = now.second;
          tm.usecs = now.usecs;
          return std::nullopt;
        }
        if (word.value == value_zulu) {
          token_mask = time_mask | mask(tz);
          tm.hour = tm.minute = tm.second = 0;
          return std::nullopt;
        }
        return bad();
      case iso_time: {
        token_mask = 0;
        if (i + 1 >= fields.size())
          return bad();
        const field_type next = fields[i + 1].type;
        if (next != field_type::number && next != field_type::time && next != field_type::date)
          return bad();
        state_.prefix = word.value;
        return std::nullopt;
      }
      case unknown_field:
        state_.named_zone = find_time_zone(f.text);
        if (!state_.named_zone)
          return bad();
        token_mask = mask(tz);
        return std::nullopt;
      default:
        return bad();
    }
  }

  // The date the zone's offset is taken for: the text's, else today; a part
  // of a date ("y2024") is not enough.
  std::optional<broken_down> probe_date() const {
    broken_down probe = state_.tm;
    if ((state_.field_mask & date_mask) != 0 && (state_.field_mask & date_mask) != date_mask)
      return std::nullopt;
    if ((state_.field_mask & date_mask) == 0) {
      int32_t ignored = 0;
      const broken_down today = local_now(context_, ignored);
      probe.year = today.year;
      probe.month = today.month;
      probe.day = today.day;
    }
    return probe;
  }

  std::optional<code> resolve_zone() {
    const int dst_modifier_mask = mask(dst_modifier);
    if (state_.named_zone) {
      if (state_.field_mask & dst_modifier_mask)
        return code::bad_format;
      if (auto fixed = state_.named_zone->fixed_offset()) {
        state_.zone_west = -*fixed;
      } else {
        if ((state_.field_mask & date_mask) != date_mask)
          return code::bad_format;
        state_.zone_west = zone_west_of_local(state_.tm, *state_.named_zone);
      }
    }
    if (state_.abbreviation_zone) {
      if (state_.field_mask & dst_modifier_mask)
        return code::bad_format;
      const auto probe = probe_date();
      if (!probe)
        return code::bad_format;
      state_.zone_west =
          abbreviation_zone_west(*probe, state_.abbreviation, *state_.abbreviation_zone);
    }
    if (!(state_.field_mask & mask(tz))) {
      if (state_.field_mask & dst_modifier_mask)
        return code::bad_format;
      const auto probe = probe_date();
      if (!probe)
        return code::bad_format;
      state_.zone_west = zone_west_of_local(*probe, *context_.session_zone);
    }
    return std::nullopt;
  }
};

}  // namespace

result<parsed_datetime, datetime_error> decode_time_text(std::string_view text, size_t work_buffer,
                                                         const datetime_input_context& context) {
  auto fields = split_datetime_fields(text, work_buffer);
  if (!fields)
    return fail(datetime_error{code::bad_format, {}});
  return time_decoder(context).decode(*fields);
}

}  // namespace tributary
