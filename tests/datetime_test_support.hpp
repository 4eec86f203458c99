// datetime_test_support: the date/time types' codecs for tests that do not
// link the whole family (type_datetime.cpp also dispatches to interval, which
// another file provides): the same per-type functions, by OID.
#pragma once

#include "stages/types/datetime/type_datetime.hpp"

namespace tributary {

inline const type_codec& datetime_member_codec(const column_type& type) {
  static const type_codec date{parse_date_text, parse_date_binary, format_date_text,
                               format_date_binary};
  static const type_codec time{parse_time_text, parse_time_binary, format_time_text,
                               format_time_binary};
  static const type_codec timestamp{parse_timestamp_text, parse_timestamp_binary,
                                    format_timestamp_text, format_timestamp_binary};
  switch (type.oid) {
    case 1082: return date;
    case 1083: case 1266: return time;
    default: return timestamp;
  }
}

}  // namespace tributary
