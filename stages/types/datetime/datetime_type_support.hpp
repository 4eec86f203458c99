// datetime_type_support: what the date/time types' codecs (type_date.cpp,
// type_time.cpp, type_timestamp.cpp) share: reading a stored integer, the
// big-endian send/receive forms, PostgreSQL's typmod rounding, and the input
// context (DateStyle order, session zone, current time) for datetime_input.
// Internal to the date/time family. Pure functions but for the clock.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "stages/types/datetime/datetime_input.hpp"
#include "stages/types/sql_value.hpp"
#include "stages/types/datetime/time_zone_rules.hpp"
#include "stages/types/type_settings.hpp"

namespace tributary {

// The stored INTEGER; a REAL is truncated, a TEXT read as a decimal integer
// (0 when it is none), so that any stored value formats.
int64_t stored_integer(const sql_value& stored);
// A TEXT stored by another tool that is not a decimal integer: shown as it is.
const std::string* stored_foreign_text(const sql_value& stored);

std::string big_endian_bytes(uint64_t bits, size_t size);
// The bytes as one big-endian number; nullopt unless exactly `size` bytes.
std::optional<uint64_t> read_big_endian(std::string_view bytes, size_t size);

// AdjustTimeForTypmod / AdjustTimestampForTypmod: round to p = typmod (0..6)
// fractional digits, half away from zero; other typmods leave the value.
int64_t round_time_to_typmod(int64_t usecs, int32_t typmod);
int64_t round_timestamp_to_typmod(int64_t usecs, int32_t typmod);

// Microseconds since 2000-01-01 00:00 UTC, now.
int64_t current_timestamp_usecs();

// The session zone of the settings, kept alive with the context that points to it.
struct datetime_input_scope {
  std::shared_ptr<const time_zone_rules> zone;
  datetime_input_context context;
};
datetime_input_scope input_scope(const type_settings& settings);

// Seconds WEST of UTC of the session zone at an instant (timestamptz output).
int32_t zone_west_at(const time_zone_rules& zone, int64_t utc_usecs);

}  // namespace tributary
