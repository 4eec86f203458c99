// type_datetime: the date/time family's codec, dispatching by OID to the
// per-type functions (type_date.cpp, type_time.cpp, type_timestamp.cpp) and to
// interval's (type_interval.hpp). See type_datetime.hpp.
#include "stages/types/datetime/type_datetime.hpp"

#include "stages/types/datetime/type_interval.hpp"

namespace tributary {
namespace {

enum class member : uint8_t { date, time, timestamp, interval };

member member_of(const column_type& type) {
  switch (type.oid) {
    case 1082: return member::date;
    case 1083: case 1266: return member::time;
    case 1186: return member::interval;
    default: return member::timestamp;  // 1114, 1184
  }
}

result<sql_value, pg_error> parse_text(const column_type& type, std::string_view text,
                                       const type_settings& settings) {
  switch (member_of(type)) {
    case member::date: return parse_date_text(type, text, settings);
    case member::time: return parse_time_text(type, text, settings);
    case member::interval: return parse_interval_text(type, text, settings);
    case member::timestamp: break;
  }
  return parse_timestamp_text(type, text, settings);
}

result<sql_value, pg_error> parse_binary(const column_type& type, std::string_view bytes) {
  switch (member_of(type)) {
    case member::date: return parse_date_binary(type, bytes);
    case member::time: return parse_time_binary(type, bytes);
    case member::interval: return parse_interval_binary(type, bytes);
    case member::timestamp: break;
  }
  return parse_timestamp_binary(type, bytes);
}

std::string format_text(const column_type& type, const sql_value& stored,
                        const type_settings& settings) {
  switch (member_of(type)) {
    case member::date: return format_date_text(type, stored, settings);
    case member::time: return format_time_text(type, stored, settings);
    case member::interval: return format_interval_text(type, stored, settings);
    case member::timestamp: break;
  }
  return format_timestamp_text(type, stored, settings);
}

std::string format_binary(const column_type& type, const sql_value& stored) {
  switch (member_of(type)) {
    case member::date: return format_date_binary(type, stored);
    case member::time: return format_time_binary(type, stored);
    case member::interval: return format_interval_binary(type, stored);
    case member::timestamp: break;
  }
  return format_timestamp_binary(type, stored);
}

}  // namespace

const type_codec& datetime_codec() {
  static const type_codec codec{parse_text, parse_binary, format_text, format_binary};
  return codec;
}

}  // namespace tributary
