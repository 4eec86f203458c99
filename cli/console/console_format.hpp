// console_format: how the console writes numbers, sizes, LSNs, times and
// durations in its narrow columns. Pure functions, tested in tests/test_console_*.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "cli/console/console_snapshot.hpp"

namespace tributary::console {

// Sizes with binary multiples and PostgreSQL's unit names (pg_size_pretty):
// "512 B", "1.5 kB", "23 MB", "4.0 GB". One decimal below 10 units.
std::string format_bytes(uint64_t bytes);
// A rate of bytes: format_bytes + "/s"; "-" when unknown.
std::string format_byte_rate(std::optional<double> bytes_per_second);
// Counts and rates: "0", "950", "1.5k", "23k", "4.0M"; "-" when unknown.
std::string format_count(std::optional<double> value);
// Durations: "0 s", "450 ms", "12 s", "3 min 04 s", "2 h 05 min", "3 d 04 h";
// negative durations print as "0 s".
std::string format_duration(std::chrono::milliseconds duration);
// "X/Y" as PostgreSQL prints an LSN, "-" when unknown.
std::string format_lsn(const std::optional<lsn>& position);
// "2026-12-01 10:00:00 UTC".
std::string format_time(wall_time when);
// "[#####-----]  50%": `done` of `total` in a bar `width` columns wide (with
// the brackets); a total of 0 or an estimate passed counts as full.
std::string progress_bar(uint64_t done, uint64_t total, size_t width);
// Fits text into exactly `width` columns: pads with spaces, or cuts and ends
// with '~' so a cut is visible. Counts UTF-8 code points, not bytes.
std::string fit(const std::string& text, size_t width);
std::string fit_right(const std::string& text, size_t width);
// Number of code points in UTF-8 text.
size_t display_width(const std::string& text);

}  // namespace tributary::console
