// interval_text_input: PostgreSQL 15's interval_in, before the typmod is applied
// (type_interval.cpp applies it): text -> interval_value.
//
// Accepts what PostgreSQL 15 accepts, with its quirks (reading the fields right
// to left, a bare number taking its unit from the typmod's last field, "ago"
// anywhere, words cut at 10 letters): unit words, "@", "ago", hh:mm[:ss[.frac]],
// Y-M, "D hh:mm:ss", ISO 8601 (interval_iso8601_input.cpp), fractions cascading
// down (1.5 years = 1 year 6 mons; 0.5 mon = 15 days; 1.5 days = 1 day 12:00:00).
// No infinities (PostgreSQL 17 added them).
//
//   range_mask          INTERVAL_RANGE(typmod): the fields bitmask (0x7FFF = all)
//   sql_standard_signs  IntervalStyle is sql_standard: a leading '-' applies to
//                       every field when no other field has a sign
//
// Errors, with the input quoted:
//   22007 invalid input syntax for type interval: "x"
//   22015 interval field value out of range: "x"      (a field overflows)
//   22008 interval out of range                       (years * 12 + months > int32)
#pragma once

#include <cstdint>
#include <string_view>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/datetime/interval_value.hpp"

namespace tributary {

inline constexpr int32_t interval_full_range = 0x7FFF;

// INTERVAL_MASK bits of the typmod's range (PostgreSQL's datetime.h).
inline constexpr int32_t interval_mask_month = 1 << 1;
inline constexpr int32_t interval_mask_year = 1 << 2;
inline constexpr int32_t interval_mask_day = 1 << 3;
inline constexpr int32_t interval_mask_hour = 1 << 10;
inline constexpr int32_t interval_mask_minute = 1 << 11;
inline constexpr int32_t interval_mask_second = 1 << 12;

result<interval_value, pg_error> parse_pg_interval_text(std::string_view text,
                                                        int32_t range_mask,
                                                        bool sql_standard_signs);

}  // namespace tributary
