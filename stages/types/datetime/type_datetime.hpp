// type_datetime: date, time, timetz, timestamp and timestamptz (and, through
// type_interval.hpp, interval): the four conversions of each (type_codec.hpp)
// and their stored forms. datetime_codec() (type_datetime.cpp) dispatches by
// OID to the functions below.
//
// Stored forms (INTEGER; PostgreSQL's own values, so SQLite's integer order is
// PostgreSQL's order):
//   date         days since 2000-01-01; -infinity/infinity = INT32_MIN/INT32_MAX
//   time         microseconds of the day, 0 .. 86400000000 (24:00:00)
//   timestamp    microseconds since 2000-01-01 00:00:00 (wall clock)
//   timestamptz  microseconds since 2000-01-01 00:00:00 UTC;
//                -infinity/infinity = INT64_MIN/INT64_MAX for both timestamps
//   timetz       one key: (time_us + zone * 1000000) * 2^21 + (zone + 2^20),
//                zone = seconds WEST of UTC. It orders as timetz_cmp: by the
//                UTC-equivalent time, then by zone, a zone further west
//                sorting later ('12:00+01' < '11:00+00', checked on
//                PostgreSQL 15), and decodes exactly. The zone part takes 21
//                bits, not 17, because a POSIX zone name in the text can give
//                offsets up to 167:59:59 ('12:00 UTC+25' is accepted).
//
// Text input is PostgreSQL 15's (datetime_input.hpp) under DateStyle ISO with
// settings.order for ambiguous numeric dates; a text without a zone is in
// settings.time_zone (time_zone_rules.hpp: session_time_zone). typmod p
// (0..6) of time, timetz, timestamp and timestamptz rounds the fraction half
// away from zero. Binary input is the receive functions' (range checked, then
// rounded). Text output of date, timestamp and timestamptz follows DateStyle
// (settings.date_style and settings.order: ISO, SQL, Postgres, German;
// datetime_styles.hpp); time, timetz and interval ignore it; timestamptz is
// shown in settings.time_zone. Binary output is the send functions'.
//
// Errors: 22007 invalid input syntax for type <name>: "<text>"; 22008
// date/time field value out of range, date out of range: "<text>", timestamp
// out of range: "<text>", time out of range; 22009 time zone displacement out
// of range; 22023 time zone "<name>" not recognized; 22P03 incorrect binary
// data format.
#pragma once

#include <cstdint>

#include "stages/types/type_codec.hpp"

namespace tributary {

result<sql_value, pg_error> parse_date_text(const column_type& type, std::string_view text,
                                            const type_settings& settings);
result<sql_value, pg_error> parse_date_binary(const column_type& type, std::string_view bytes);
std::string format_date_text(const column_type& type, const sql_value& stored,
                             const type_settings& settings);
std::string format_date_binary(const column_type& type, const sql_value& stored);

// time (1083) and timetz (1266), by type.oid.
result<sql_value, pg_error> parse_time_text(const column_type& type, std::string_view text,
                                            const type_settings& settings);
result<sql_value, pg_error> parse_time_binary(const column_type& type, std::string_view bytes);
std::string format_time_text(const column_type& type, const sql_value& stored,
                             const type_settings& settings);
std::string format_time_binary(const column_type& type, const sql_value& stored);

// timestamp (1114) and timestamptz (1184), by type.oid.
result<sql_value, pg_error> parse_timestamp_text(const column_type& type, std::string_view text,
                                                 const type_settings& settings);
result<sql_value, pg_error> parse_timestamp_binary(const column_type& type,
                                                   std::string_view bytes);
std::string format_timestamp_text(const column_type& type, const sql_value& stored,
                                  const type_settings& settings);
std::string format_timestamp_binary(const column_type& type, const sql_value& stored);

// The timetz key above.
struct timetz_value {
  int64_t time_usecs = 0;
  int32_t zone_seconds_west = 0;
};
int64_t timetz_key(const timetz_value& value);
timetz_value timetz_from_key(int64_t key);

}  // namespace tributary
