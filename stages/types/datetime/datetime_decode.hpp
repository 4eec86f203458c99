// datetime_decode: the pieces of PostgreSQL's date/time input that
// DecodeDateTime (datetime_date_input.cpp) and DecodeTimeOnly
// (datetime_time_input.cpp) put together. Internal to the date/time family.
//
//   split_datetime_fields  ParseDateTime: the text as typed fields, letters
//                          lower-cased (datetime_tokens.cpp)
//   find_datetime_keyword  datetktbl: the words date/time input knows
//   decode_date / decode_number / decode_number_field / validate_date
//                          the date field decoders of datetime.c, with its
//                          field masks (datetime_fields.cpp)
//   decode_time / decode_zone_offset / read_integer / parse_fraction
//                          time, zone and number fields (datetime_time_fields.cpp)
//   look_up_word / decode_labelled_number / zone_west_of_local / ...
//                          what both decoders share (datetime_input.cpp)
//
// The masks and codes mirror datetime.h so that the combination rules (which
// field may follow which) stay PostgreSQL's.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stages/types/datetime/datetime_input.hpp"
#include "stages/types/datetime/time_zone_rules.hpp"

namespace tributary::datetime_detail {

// Field types from ParseDateTime.
enum class field_type : uint8_t { number, string, date, time, zone, special };

struct field {
  std::string text;
  field_type type = field_type::number;
};

// Token types of datetime.h; a field of type t sets mask bit 1 << t.
enum token_type : int {
  reserved = 0, month = 1, year = 2, day = 3, julian = 4, tz = 5, dtz = 6, dyntz = 7,
  ignore = 8, am_pm = 9, hour = 10, minute = 11, second = 12, millisecond = 13,
  microsecond = 14, day_of_year = 15, day_of_week = 16, units = 17, ad_bc = 18,
  iso_time = 23, dst_modifier = 28, unknown_field = 31,
};
constexpr int mask(int token) { return 1 << token; }
constexpr int date_mask = mask(year) | mask(month) | mask(day);
constexpr int all_seconds_mask = mask(second) | mask(millisecond) | mask(microsecond);
constexpr int time_mask = mask(hour) | mask(minute) | all_seconds_mask;

// Values of keywords: the reserved words and the unit labels (datetime.h DTK_*).
enum keyword_value : int {
  value_early = 9, value_late = 10, value_epoch = 11, value_now = 12, value_yesterday = 13,
  value_today = 14, value_tomorrow = 15, value_zulu = 16, value_second = 18,
  value_minute = 19, value_hour = 20, value_day = 21, value_month = 23, value_year = 25,
  value_julian = 31, value_dow = 32, value_doy = 33, value_isoyear = 36, value_isodow = 37,
  value_time = 3,  // "t"
  value_am = 0, value_pm = 1, value_ad = 0, value_bc = 1,
};

struct keyword {
  std::string_view token;
  token_type type;
  int value;
};

const keyword* find_datetime_keyword(std::string_view lower_token);

// ParseDateTime. nullopt = bad format (includes overflowing the work buffer).
std::optional<std::vector<field>> split_datetime_fields(std::string_view text, size_t work_buffer);

// struct pg_tm + fsec, as the decoders fill it.
struct broken_down {
  int64_t year = 0;
  int month = 0;
  int day = 0;
  int hour = 0;
  int minute = 0;
  int second = 0;
  int64_t usecs = 0;
  int day_of_year = 0;
};

using code = datetime_error::code;

// Each returns nullopt on success or the error code.
std::optional<code> decode_date(std::string_view text, int field_mask, int& token_mask,
                                bool& is_two_digit_year, broken_down& tm, date_order order);
std::optional<code> decode_number(std::string_view text, bool have_text_month, int field_mask,
                                  int& token_mask, broken_down& tm, bool& is_two_digit_year,
                                  date_order order);
// DecodeNumberField: returns the field type it found (date or time) or an error.
struct number_field_result {
  std::optional<code> error;
  field_type found = field_type::number;
};
number_field_result decode_number_field(std::string text, int field_mask, int& token_mask,
                                        broken_down& tm, bool& is_two_digit_year);
std::optional<code> decode_time(std::string_view text, int& token_mask, broken_down& tm);
// DecodeTimezone: "+hh[:mm[:ss]]", "-hhmm"; the result is seconds WEST of UTC.
std::optional<code> decode_zone_offset(std::string_view text, int32_t& seconds_west);
std::optional<code> validate_date(int field_mask, bool is_julian, bool is_two_digit_year,
                                  bool is_bc, broken_down& tm);
// ParseFraction: ".ddd" -> its value ("." alone is 0).
std::optional<code> parse_fraction(std::string_view text, double& fraction);
// ParseFractionalSecond: ".ddd" -> rounded microseconds.
std::optional<code> parse_fraction_usecs(std::string_view text, int64_t& usecs);
// time_overflows: beyond 24:00:00 or a field out of its range.
bool time_overflows(int hour, int minute, int second, int64_t usecs);

// strtol on base 10 from `at`: optional sign, digits. Without digits the value
// is 0 and `at` stays. `overflow` when the value is beyond ±limit (int32 by
// default, as strtoint; saturating at the int64 range).
int64_t read_integer(std::string_view text, size_t& at, bool& overflow,
                     int64_t limit = 2'147'483'647);

// A word: a zone abbreviation first (DecodeTimezoneAbbrev), then a keyword
// (DecodeSpecial); unknown_field otherwise.
struct word_meaning {
  int type = unknown_field;
  int value = 0;                                   // keyword value; tz/dtz: seconds EAST
  std::shared_ptr<const time_zone_rules> zone;     // dyntz
};
word_meaning look_up_word(std::string_view lower_word);

// What DecodeDateTime and DecodeTimeOnly carry from field to field.
struct decode_state {
  broken_down tm;
  int field_mask = 0;
  int prefix = 0;  // ptype: the unit label the next number belongs to (0: none)
  bool have_text_month = false;
  bool is_julian = false;
  bool is_two_digit_year = false;
  bool is_bc = false;
  enum class meridian : uint8_t { am, pm, none } hours = meridian::none;
  int32_t zone_west = 0;  // tzp
  std::shared_ptr<const time_zone_rules> named_zone;
  std::shared_ptr<const time_zone_rules> abbreviation_zone;
  std::string abbreviation;
};

// A number after a unit label ("y2001", "j2451187.5", "t134530").
std::optional<code> decode_labelled_number(const field& f, decode_state& state, int& token_mask);
// "hhmmss-zz" after a date or "t": the zone, then the run-together time, read
// with `number_field_mask` as the fields seen so far.
std::optional<code> decode_time_with_zone(const field& f, decode_state& state,
                                          int number_field_mask, int& token_mask);
// A word both decoders read alike: a zone abbreviation (tz, dtz, dyntz, DST
// modifier), AM/PM, AD/BC or a unit label. True when `word` was one of them.
bool decode_zone_or_marker_word(const word_meaning& word, std::string_view text,
                                decode_state& state, int& token_mask);
// AM/PM applied to the hour.
std::optional<code> apply_meridian(decode_state& state);
// DetermineTimeZoneOffset / DetermineTimeZoneAbbrevOffset for a local date and
// time; seconds WEST of UTC.
int32_t zone_west_of_local(const broken_down& tm, const time_zone_rules& zone);
int32_t abbreviation_zone_west(const broken_down& tm, std::string_view lower_abbreviation,
                               const time_zone_rules& zone);
// The current time in the session zone; `zone_west` gets its offset.
broken_down local_now(const datetime_input_context& context, int32_t& zone_west);
// Results common to both decoders.
parsed_datetime finished(const decode_state& state, datetime_special special);

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
inline bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
inline bool is_alnum(char c) { return is_digit(c) || is_alpha(c); }

}  // namespace tributary::datetime_detail
