// duration_units: PostgreSQL's time units for duration settings (GUC_UNIT_MS /
// GUC_UNIT_S): "ms", "s", "min", "h", "d" -> milliseconds per unit. One table for
// the server settings (settings.cpp) and a session's timeouts (session_parameters.cpp checks
// them at SET, transaction_mode.cpp reads them).
#pragma once

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
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

namespace tributary {

// A session's millisecond setting (statement_timeout, lock_timeout, ...) as
// PostgreSQL's parse_int reads a GUC_UNIT_MS value: a number (decimals allowed),
// spaces, then an optional unit, "us" included; rounded to whole milliseconds.
struct session_duration {
  enum class outcome { ok, not_a_number, unknown_unit } status = outcome::not_a_number;
  double milliseconds = 0;
};

inline session_duration parse_session_duration(const std::string& value) {
  session_duration out;
  const char* text = value.c_str();
  while (*text == ' ') ++text;
  char* end = nullptr;
  errno = 0;
  const double number = std::strtod(text, &end);
  if (end == text || errno == ERANGE || !std::isfinite(number))
    return out;
  std::string unit;
  for (const char* c = end; *c; ++c)
    if (*c != ' ')
      unit.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(*c))));
  double factor = 1.0;
  if (unit == "us") {
    factor = 0.001;
  } else if (!unit.empty()) {
    const auto per_unit = milliseconds_per_unit(unit);
    if (!per_unit) {
      out.status = session_duration::outcome::unknown_unit;
      return out;
    }
    factor = static_cast<double>(*per_unit);
  }
  out.status = session_duration::outcome::ok;
  out.milliseconds = std::rint(number * factor);
  return out;
}

}  // namespace tributary
