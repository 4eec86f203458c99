#include "cli/console/console_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>

namespace tributary::console {

namespace {

std::string scaled(double value, const char* const* units, size_t unit_count, double step) {
  size_t unit = 0;
  while (std::fabs(value) >= step && unit + 1 < unit_count) {
    value /= step;
    ++unit;
  }
  char buf[32];
  if (unit == 0)
    std::snprintf(buf, sizeof buf, "%.0f%s", value, units[0]);
  else if (std::fabs(value) < 10)
    std::snprintf(buf, sizeof buf, "%.1f%s", value, units[unit]);
  else
    std::snprintf(buf, sizeof buf, "%.0f%s", value, units[unit]);
  return buf;
}

// The first `count` code points of UTF-8 text.
std::string first_code_points(const std::string& text, size_t count) {
  size_t seen = 0, i = 0;
  for (; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80)
      continue;
    if (seen == count)
      break;
    ++seen;
  }
  return text.substr(0, i);
}

}  // namespace

std::string format_bytes(uint64_t bytes) {
  static const char* const units[] = {" B", " kB", " MB", " GB", " TB", " PB"};
  return scaled(static_cast<double>(bytes), units, 6, 1024.0);
}

std::string format_byte_rate(std::optional<double> bytes_per_second) {
  if (!bytes_per_second)
    return "-";
  return format_bytes(static_cast<uint64_t>(std::llround(std::max(0.0, *bytes_per_second)))) + "/s";
}

std::string format_count(std::optional<double> value) {
  if (!value)
    return "-";
  static const char* const units[] = {"", "k", "M", "G", "T"};
  double v = *value;
  if (std::fabs(v) < 1000 && std::fabs(v) > 0 && std::fabs(v) < 10 && v != std::floor(v)) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
  }
  return scaled(v, units, 5, 1000.0);
}

std::string format_duration(std::chrono::milliseconds duration) {
  long long ms = duration.count();
  if (ms <= 0)
    return "0 s";
  char buf[48];
  if (ms < 1000) {
    std::snprintf(buf, sizeof buf, "%lld ms", ms);
    return buf;
  }
  long long s = ms / 1000;
  if (s < 60)
    std::snprintf(buf, sizeof buf, "%lld s", s);
  else if (s < 3600)
    std::snprintf(buf, sizeof buf, "%lld min %02lld s", s / 60, s % 60);
  else if (s < 86400)
    std::snprintf(buf, sizeof buf, "%lld h %02lld min", s / 3600, (s % 3600) / 60);
  else
    std::snprintf(buf, sizeof buf, "%lld d %02lld h", s / 86400, (s % 86400) / 3600);
  return buf;
}

std::string format_lsn(const std::optional<lsn>& position) { return position ? position->to_string() : "-"; }

std::string format_time(wall_time when) {
  std::time_t secs = std::chrono::system_clock::to_time_t(when);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[40];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", &tm);
  return buf;
}

std::string progress_bar(uint64_t done, uint64_t total, size_t width) {
  const double fraction = total == 0 ? 1.0 : std::min(1.0, static_cast<double>(done) / static_cast<double>(total));
  const size_t inner = width > 2 ? width - 2 : 0;
  const auto filled = static_cast<size_t>(fraction * static_cast<double>(inner));
  char percent[8];
  std::snprintf(percent, sizeof percent, "%3d%%", static_cast<int>(fraction * 100));
  return "[" + std::string(filled, '#') + std::string(inner - filled, '-') + "] " + percent;
}

size_t display_width(const std::string& text) {
  size_t n = 0;
  for (unsigned char c : text)
    if ((c & 0xC0) != 0x80)
      ++n;
  return n;
}

std::string fit(const std::string& text, size_t width) {
  size_t shown = display_width(text);
  if (shown <= width)
    return text + std::string(width - shown, ' ');
  if (width == 0)
    return "";
  return first_code_points(text, width - 1) + "~";
}

std::string fit_right(const std::string& text, size_t width) {
  size_t shown = display_width(text);
  if (shown <= width)
    return std::string(width - shown, ' ') + text;
  return fit(text, width);
}

std::optional<wall_time> parse_timestamp(const std::string& text) {
  int year, month, day, hour, minute, second;
  char rest[32] = {};
  if (std::sscanf(text.c_str(), "%4d-%2d-%2d %2d:%2d:%2d%31s", &year, &month, &day, &hour, &minute, &second,
                  rest) < 6)
    return std::nullopt;
  std::string tail = rest;
  long long micros = 0;
  if (!tail.empty() && tail[0] == '.') {
    size_t i = 1;
    long long scale = 100000;
    for (; i < tail.size() && std::isdigit(static_cast<unsigned char>(tail[i])); ++i, scale /= 10)
      micros += (tail[i] - '0') * scale;
    if (i == 1)
      return std::nullopt;
    tail = tail.substr(i);
  }
  if (tail != "+00" && tail != "" && tail != "Z" && tail != "+00:00")
    return std::nullopt;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60)
    return std::nullopt;
  std::tm tm{};
  tm.tm_year = year - 1900;
  tm.tm_mon = month - 1;
  tm.tm_mday = day;
  tm.tm_hour = hour;
  tm.tm_min = minute;
  tm.tm_sec = second;
  auto secs = timegm(&tm);
  return std::chrono::system_clock::from_time_t(secs) + std::chrono::microseconds(micros);
}

}  // namespace tributary::console
