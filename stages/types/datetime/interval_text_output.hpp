// interval_text_output: PostgreSQL 15's interval_out (EncodeInterval) in each
// IntervalStyle:
//   postgres          1 year 2 mons -3 days +04:05:06.789   (pg_datetime_format's)
//   postgres_verbose  @ 1 year 2 mons -3 days 4 hours 5 mins 6.789 secs [ago]
//   sql_standard      1-2 / 3 4:05:06.789 / +1-2 -3 +4:05:06.789 (mixed signs or parts)
//   iso_8601          P1Y2M-3DT4H5M6.789S, zero = PT0S
// The time is split into hours (not wrapped into days), minutes, seconds and
// microseconds, each with the time's sign; years and months with the months'.
// Fractions print up to 6 digits, trailing zeros removed. PostgreSQL 17's
// infinite intervals print as "infinity" / "-infinity" in every style.
#pragma once

#include <string>

#include "stages/types/datetime/interval_value.hpp"
#include "stages/types/type_settings.hpp"

namespace tributary {

std::string format_pg_interval_text(const interval_value& value, interval_style style);

}  // namespace tributary
