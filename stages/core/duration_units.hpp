// duration_units: PostgreSQL's time units for duration settings (GUC_UNIT_MS /
// GUC_UNIT_S): "ms", "s", "min", "h", "d" -> milliseconds per unit. One table for
// the server settings (settings.cpp) and a session's timeouts (transaction_mode.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace tributary {

// Milliseconds in one `unit` (already lower-case, trimmed); nullopt for any other
// text, "us" included (PostgreSQL refuses it for these settings).
inline std::optional<int64_t> milliseconds_per_unit(std::string_view unit) {
  if (unit == "ms")
    return 1;
  if (unit == "s")
    return 1000;
  if (unit == "min")
    return 60'000;
  if (unit == "h")
    return 3'600'000;
  if (unit == "d")
    return 86'400'000;
  return std::nullopt;
}

}  // namespace tributary
