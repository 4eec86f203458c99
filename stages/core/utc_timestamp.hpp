// utc_timestamp: a wall-clock time as PostgreSQL prints a timestamptz in UTC with
// microseconds ("2026-12-01 06:00:00.123456+00"), for the monitoring relations and
// the console, which read it back the same way.
#pragma once

#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>

namespace tributary {

inline std::string utc_timestamp_text(std::chrono::system_clock::time_point when) {
  const auto us = std::chrono::duration_cast<std::chrono::microseconds>(when.time_since_epoch()).count();
  const std::time_t secs = static_cast<std::time_t>(us / 1'000'000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d %02d:%02d:%02d.%06lld+00", tm.tm_year + 1900, tm.tm_mon + 1,
                tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<long long>(us % 1'000'000));
  return buf;
}

}  // namespace tributary
