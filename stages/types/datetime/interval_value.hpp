// interval_value: PostgreSQL's Interval (three independent fields, each with its
// own sign) and the TEXT form Tributary stores it as.
//
// Stored form: "<months> <days> <microseconds>", three decimal integers separated
// by one space ("14 3 14706789000"). months and days fit int32, microseconds
// int64. PostgreSQL 17's infinite intervals are the all-MAX / all-MIN triples
// (PostgreSQL 15 itself cannot produce them; a binary value may carry them).
// decode_stored_interval allocates nothing: the pg_interval collation calls it
// for every comparison. Anything else (another tool's text) decodes to nullopt.
#pragma once

#include <charconv>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace tributary {

struct interval_value {
  int64_t micros = 0;
  int32_t days = 0;
  int32_t months = 0;

  friend bool operator==(const interval_value&, const interval_value&) = default;
};

inline constexpr int64_t interval_usecs_per_day = int64_t{86'400'000'000};

inline bool is_infinite_interval(const interval_value& v) {
  constexpr auto i32_max = std::numeric_limits<int32_t>::max();
  constexpr auto i32_min = std::numeric_limits<int32_t>::min();
  return (v.months == i32_max && v.days == i32_max &&
          v.micros == std::numeric_limits<int64_t>::max()) ||
         (v.months == i32_min && v.days == i32_min &&
          v.micros == std::numeric_limits<int64_t>::min());
}

inline std::string encode_stored_interval(const interval_value& v) {
  std::string out = std::to_string(v.months);
  out += ' ';
  out += std::to_string(v.days);
  out += ' ';
  out += std::to_string(v.micros);
  return out;
}

inline std::optional<interval_value> decode_stored_interval(std::string_view text) {
  const char* p = text.data();
  const char* const end = p + text.size();
  interval_value v;
  // from_chars takes an optional '-' and digits, nothing else (no '+', no spaces).
  auto field = [&](auto& out, bool last) {
    if (p == end || *p == ' ')
      return false;
    const auto [next, ec] = std::from_chars(p, end, out);
    if (ec != std::errc{} || next == p)
      return false;
    p = next;
    if (last)
      return p == end;
    if (p == end || *p != ' ')
      return false;
    ++p;
    return true;
  };
  if (!field(v.months, false) || !field(v.days, false) || !field(v.micros, true))
    return std::nullopt;
  return v;
}

}  // namespace tributary
