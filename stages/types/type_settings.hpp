// type_settings: the session settings (PostgreSQL run-time parameters) that change
// how a value's text is read or printed. The publisher's own values are read with
// the settings its connection fixes (datestyle ISO, TimeZone UTC, extra_float_digits
// 3: publisher_type_settings()); a client session passes its own.
#pragma once

#include <cstdint>
#include <string>

namespace tributary {

enum class date_order : uint8_t { mdy, dmy, ymd };  // DateStyle's second part
// DateStyle's first part: how date, timestamp and timestamptz print (time,
// timetz and interval do not depend on it). sql and postgres print day before
// month when `order` is dmy; german is always day.month.year.
enum class date_output_style : uint8_t { iso, sql, postgres, german };
enum class interval_style : uint8_t { postgres, postgres_verbose, sql_standard, iso_8601 };

struct type_settings {
  std::string time_zone = "UTC";   // TimeZone: an IANA name or a fixed offset
  int extra_float_digits = 1;      // > 0: shortest exact; <= 0: %.{15+n}g
  bool bytea_output_hex = true;    // bytea_output = hex | escape
  date_order order = date_order::mdy;
  date_output_style date_style = date_output_style::iso;
  interval_style intervals = interval_style::postgres;

};

// The settings of Tributary's connections to a publisher (publisher_connection
// fixes them): how the publisher's text values are read.
inline const type_settings& publisher_type_settings() {
  static const type_settings settings = [] {
    type_settings s;
    s.extra_float_digits = 3;
    return s;
  }();
  return settings;
}

// True when a session with these settings prints every value as the publisher's
// connection does (so a stored publisher text needs no printing again).
inline bool prints_as_publisher(const type_settings& session) {
  const type_settings& publisher = publisher_type_settings();
  return session.time_zone == publisher.time_zone && session.date_style == publisher.date_style &&
         session.intervals == publisher.intervals && session.bytea_output_hex == publisher.bytea_output_hex &&
         session.extra_float_digits > 0;
}

}  // namespace tributary
