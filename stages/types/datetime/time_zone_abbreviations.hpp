// time_zone_abbreviations: PostgreSQL's default timezone_abbreviations set
// ("Default", share/timezonesets/Default of PostgreSQL 15: 195 entries), which
// date/time input looks up before its own keywords ("EST", "CEST", "Z", "MSK").
//
// A standard or daylight entry is a fixed offset; a dynamic entry names an IANA
// zone whose meaning of the abbreviation at the time in question decides the
// offset (MSK was +04 in 2014 and is +03 now). Pure data.
#pragma once

#include <cstdint>
#include <string_view>

namespace tributary {

enum class zone_abbreviation_kind : uint8_t { standard, daylight, dynamic };

struct zone_abbreviation {
  std::string_view token;        // lower case
  zone_abbreviation_kind kind;
  int32_t utc_offset_seconds;    // east of UTC; standard and daylight only
  std::string_view zone;         // dynamic only
};

// The entry for a lower-case token, or nullptr.
const zone_abbreviation* find_zone_abbreviation(std::string_view lower_token);

}  // namespace tributary
