// interval_test_support: the typmods and helpers of the interval type's tests
// (test_type_interval.cpp, test_type_interval_rules.cpp): texts read and printed by
// type_interval.cpp in an IntervalStyle, hex of send bytes.
#pragma once

#include <string>
#include <string_view>

#include "stages/types/datetime/interval_value.hpp"
#include "stages/types/datetime/type_interval.hpp"

namespace tributary::interval_test {

constexpr oid_t interval_oid = 1186;

// Typmods as pg_attribute.atttypmod shows them.
constexpr int32_t typmod_year = 327679;                  // interval year
constexpr int32_t typmod_month = 196607;                 // interval month
constexpr int32_t typmod_day = 589823;                   // interval day
constexpr int32_t typmod_hour = 67174399;                // interval hour
constexpr int32_t typmod_minute = 134283263;             // interval minute
constexpr int32_t typmod_second = 268500991;             // interval second
constexpr int32_t typmod_year_to_month = 458751;         // interval year to month
constexpr int32_t typmod_day_to_hour = 67698687;         // interval day to hour
constexpr int32_t typmod_day_to_minute = 201916415;      // interval day to minute
constexpr int32_t typmod_day_to_second = 470351871;      // interval day to second
constexpr int32_t typmod_hour_to_minute = 201392127;     // interval hour to minute
constexpr int32_t typmod_hour_to_second = 469827583;     // interval hour to second
constexpr int32_t typmod_minute_to_second = 402718719;   // interval minute to second
constexpr int32_t typmod_precision_0 = 2147418112;       // interval(0)
constexpr int32_t typmod_precision_2 = 2147418114;       // interval(2)
constexpr int32_t typmod_second_3 = 268435459;           // interval second(3)
constexpr int32_t typmod_day_to_second_1 = 470286337;    // interval day to second(1)
constexpr int32_t typmod_minute_to_second_0 = 402653184; // interval minute to second(0)

inline type_settings style(interval_style s) {
  type_settings settings;
  settings.intervals = s;
  return settings;
}

// The stored form of a text input, or "ERROR <sqlstate> <message>".
inline std::string stored(std::string_view text, int32_t typmod = -1,
                   interval_style input_style = interval_style::postgres) {
  auto r = parse_interval_text(builtin_column_type(interval_oid, typmod), text, style(input_style));
  if (!r)
    return "ERROR " + r.error().sqlstate + " " + r.error().message;
  return std::get<std::string>(r.value());
}

// What PostgreSQL prints for '<text>'::interval in the given style.
inline std::string shown(std::string_view text, int32_t typmod = -1,
                  interval_style output_style = interval_style::postgres,
                  interval_style input_style = interval_style::postgres) {
  const column_type type = builtin_column_type(interval_oid, typmod);
  auto r = parse_interval_text(type, text, style(input_style));
  if (!r)
    return "ERROR " + r.error().sqlstate + " " + r.error().message;
  return format_interval_text(type, r.value(), style(output_style));
}

inline std::string from_hex(std::string_view hex) {
  std::string out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2)
    out += static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16));
  return out;
}

inline std::string to_hex(std::string_view bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

inline std::string stored_of(const sql_value& v) { return std::get<std::string>(v); }

}  // namespace tributary::interval_test
