// datetime_styles: date, timestamp and timestamptz text in DateStyle SQL,
// Postgres and German (PostgreSQL 15's EncodeDateOnly / EncodeDateTime); ISO
// stays with pg_datetime_format. time, timetz and interval ignore DateStyle.
//
// Inputs: the stored integers (type_datetime.hpp) and the type_settings
// (date_style, order, time_zone). Outputs, for 2024-02-29 06:45:30.5 in
// America/New_York:
//   style     order     date          timestamptz
//   sql       mdy/ymd   02/29/2024    02/29/2024 06:45:30.5 EST
//   sql       dmy       29/02/2024    29/02/2024 06:45:30.5 EST
//   postgres  mdy/ymd   02-29-2024    Thu Feb 29 06:45:30.5 2024 EST
//   postgres  dmy       29-02-2024    Thu 29 Feb 06:45:30.5 2024 EST
//   german    any       29.02.2024    29.02.2024 06:45:30.5 EST
// timestamp prints the same without the zone. The zone is the session zone's
// abbreviation at that instant ("EST", "LMT", "+04", cut to 10 characters);
// a numeric TimeZone setting ("-8", "5.5") prints its offset ("-08",
// "+05:30") as PostgreSQL's pg_tzset_offset names it. Years have at least 4
// digits; " BC" goes last; fractions as in ISO (up to 6 digits, no trailing
// zeros); INT32/INT64 MIN/MAX print as -infinity/infinity. Pure; no errors.
#pragma once

#include <cstdint>
#include <string>

#include "stages/types/type_settings.hpp"

namespace tributary {

// `style` must not be iso (pg_datetime_format prints ISO).
std::string styled_date_text(int32_t days, date_output_style style, date_order order);
std::string styled_timestamp_text(int64_t usecs, date_output_style style, date_order order);
// In settings.time_zone, with settings.date_style and settings.order.
std::string styled_timestamptz_text(int64_t utc_usecs, const type_settings& settings);

}  // namespace tributary
