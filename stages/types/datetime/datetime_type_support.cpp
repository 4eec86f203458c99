// datetime_type_support: see the header.
#include "stages/types/datetime/datetime_type_support.hpp"

#include <charconv>
#include <chrono>
#include <limits>

#include "stages/types/datetime/pg_calendar.hpp"

namespace tributary {
namespace {

// PostgreSQL's TimeScales / TimeOffsets (and the timestamp ones, equal).
constexpr int64_t scales[7] = {1'000'000, 100'000, 10'000, 1'000, 100, 10, 1};
constexpr int64_t halves[7] = {500'000, 50'000, 5'000, 500, 50, 5, 0};

std::optional<int64_t> text_integer(const std::string& text) {
  int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    return std::nullopt;
  return value;
}

int64_t round_to(int64_t usecs, int32_t typmod) {
  const int64_t scale = scales[typmod];
  const int64_t half = halves[typmod];
  if (usecs >= 0)
    return (usecs + half) / scale * scale;
  return -(((-usecs) + half) / scale * scale);
}

}  // namespace

int64_t stored_integer(const sql_value& stored) {
  if (const auto* i = std::get_if<int64_t>(&stored))
    return *i;
  if (const auto* d = std::get_if<double>(&stored))
    return static_cast<int64_t>(*d);
  if (const auto* s = std::get_if<std::string>(&stored))
    return text_integer(*s).value_or(0);
  return 0;
}

const std::string* stored_foreign_text(const sql_value& stored) {
  const auto* s = std::get_if<std::string>(&stored);
  if (s == nullptr || text_integer(*s))
    return nullptr;
  return s;
}

std::string big_endian_bytes(uint64_t bits, size_t size) {
  std::string out(size, '\0');
  for (size_t i = 0; i < size; ++i)
    out[i] = static_cast<char>(bits >> (8 * (size - 1 - i)));
  return out;
}

std::optional<uint64_t> read_big_endian(std::string_view bytes, size_t size) {
  if (bytes.size() != size)
    return std::nullopt;
  uint64_t bits = 0;
  for (char c : bytes)
    bits = (bits << 8) | static_cast<uint8_t>(c);
  return bits;
}

int64_t round_time_to_typmod(int64_t usecs, int32_t typmod) {
  if (typmod < 0 || typmod > 6)
    return usecs;
  return round_to(usecs, typmod);
}

int64_t round_timestamp_to_typmod(int64_t usecs, int32_t typmod) {
  if (typmod < 0 || typmod >= 6)
    return usecs;
  if (usecs == std::numeric_limits<int64_t>::min() || usecs == std::numeric_limits<int64_t>::max())
    return usecs;
  return round_to(usecs, typmod);
}

int64_t current_timestamp_usecs() {
  const auto since_unix_epoch = std::chrono::duration_cast<std::chrono::microseconds>(
      std::chrono::system_clock::now().time_since_epoch());
  return since_unix_epoch.count() - postgres_epoch_unix_seconds * usecs_per_second;
}

datetime_input_scope input_scope(const type_settings& settings) {
  datetime_input_scope scope;
  scope.zone = session_time_zone(settings.time_zone);
  scope.context.order = settings.order;
  scope.context.session_zone = scope.zone.get();
  scope.context.now_usecs = current_timestamp_usecs();
  return scope;
}

int32_t zone_west_at(const time_zone_rules& zone, int64_t utc_usecs) {
  const int64_t unix_seconds =
      floor_divide(utc_usecs, usecs_per_second) + postgres_epoch_unix_seconds;
  return -zone.utc_offset_at(unix_seconds);
}

}  // namespace tributary
