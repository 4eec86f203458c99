// time_zone_rules: see the header. The only file that includes date/tz.h.
//
// Debian's libhowardhinnant-date is built with USE_OS_TZDB=1 (its CMake target
// exports that definition, with HAS_STRING_VIEW=1 and ONLY_C_LOCALE=1); the
// header must be read with the same settings or the library's types do not
// match, so they are fixed here when the build does not pass them.
#ifndef USE_OS_TZDB
#define USE_OS_TZDB 1
#endif
#ifndef HAS_STRING_VIEW
#define HAS_STRING_VIEW 1
#endif
#ifndef ONLY_C_LOCALE
#define ONLY_C_LOCALE 1
#endif

#include "stages/types/datetime/time_zone_rules.hpp"

#include "stages/types/datetime/pg_calendar.hpp"

#include <date/tz.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <mutex>
#include <sstream>
#include <unordered_map>

static_assert(USE_OS_TZDB == 1, "time zones must come from the operating system's database");
static_assert(HAS_STRING_VIEW == 1, "libdate-tz is built with HAS_STRING_VIEW=1");

namespace tributary {
namespace {

constexpr int64_t min_instant = std::numeric_limits<int64_t>::min();
constexpr int64_t max_instant = std::numeric_limits<int64_t>::max();
// date's periods before the first / after the last transition are bounded by
// its year range (about ±32767); beyond these they count as unbounded.
constexpr int64_t date_lib_lowest = -1'000'000'000'000;
constexpr int64_t date_lib_highest = 900'000'000'000;
constexpr size_t zone_cache_limit = 4096;

std::string upper_case(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'a' && c <= 'z')
      c = static_cast<char>(c - 'a' + 'A');
  return out;
}

// Upper-cased zone file name -> zone, built once from the zone database.
const std::unordered_map<std::string, const date::time_zone*>& zones_by_upper_name() {
  static const auto table = [] {
    std::unordered_map<std::string, const date::time_zone*> out;
    try {
      for (const auto& zone : date::get_tzdb().zones)
        out.emplace(upper_case(zone.name()), &zone);
    } catch (const std::exception&) {
      // No zone database: only POSIX strings and offsets work.
    }
    return out;
  }();
  return table;
}

std::string zone_directory() {
  const char* from_env = std::getenv("TZDIR");
  return from_env != nullptr && *from_env != '\0' ? from_env : "/usr/share/zoneinfo";
}

// The POSIX rule line at the end of a version 2+ zone file ("EST5EDT,M3.2.0,M11.1.0").
std::optional<posix_time_zone> read_footer(const std::string& zone_name) {
  std::ifstream file(zone_directory() + "/" + zone_name, std::ios::binary);
  if (!file)
    return std::nullopt;
  std::ostringstream content;
  content << file.rdbuf();
  const std::string bytes = content.str();
  if (bytes.size() < 6 || bytes.compare(0, 4, "TZif") != 0 || bytes[4] < '2' ||
      bytes.back() != '\n')
    return std::nullopt;
  const size_t start = bytes.rfind('\n', bytes.size() - 2);
  if (start == std::string::npos)
    return std::nullopt;
  const std::string footer = bytes.substr(start + 1, bytes.size() - start - 2);
  if (footer.empty())
    return std::nullopt;
  return posix_time_zone::parse(footer);
}

int64_t seconds_of(date::sys_seconds t) { return t.time_since_epoch().count(); }

// A zone file that the database's list leaves out ("posixrules", "Factory",
// "posix/America/New_York"), found as PostgreSQL finds it: path components
// matched case-insensitively under the zone directory. The file's real path,
// relative to the directory once links are followed, or "".
std::string find_zone_file(std::string_view upper_name) {
  namespace fs = std::filesystem;
  if (upper_name.empty() || upper_name.front() == '/' ||
      upper_name.find("..") != std::string_view::npos)
    return {};
  std::error_code ec;
  const fs::path root = fs::canonical(zone_directory(), ec);
  if (ec)
    return {};
  fs::path current = root;
  size_t start = 0;
  while (start <= upper_name.size()) {
    const size_t slash = std::min(upper_name.find('/', start), upper_name.size());
    const std::string_view component = upper_name.substr(start, slash - start);
    bool found = false;
    for (fs::directory_iterator it(current, ec), end; !ec && it != end; it.increment(ec)) {
      if (upper_case(it->path().filename().string()) == component) {
        current = it->path();
        found = true;
        break;
      }
    }
    if (!found)
      return {};
    start = slash + 1;
  }
  const fs::path real = fs::canonical(current, ec);
  if (ec || !fs::is_regular_file(real, ec))
    return {};
  const fs::path relative = real.lexically_relative(root);
  if (relative.empty() || *relative.begin() == "..")
    return {};
  return relative.generic_string();
}

}  // namespace

std::shared_ptr<const time_zone_rules> time_zone_rules::from_file(
    const date::time_zone* zone, std::string name, std::optional<posix_time_zone> footer) {
  auto rules = std::make_shared<time_zone_rules>();
  rules->name_ = std::move(name);
  rules->file_zone_ = zone;
  // The footer takes over from the start of the file's last period.
  const zone_period last = rules->file_period_at(date_lib_highest);
  if (footer && last.begin != min_instant) {
    rules->rules_ = std::move(footer);
    rules->footer_from_ = last.begin;
  }
  return rules;
}

std::shared_ptr<const time_zone_rules> time_zone_rules::from_posix(posix_time_zone rules,
                                                                    std::string name) {
  auto out = std::make_shared<time_zone_rules>();
  out->name_ = std::move(name);
  out->rules_ = std::move(rules);
  return out;
}

zone_period time_zone_rules::file_period_at(int64_t unix_seconds) const {
  const int64_t clamped = std::clamp(unix_seconds, date_lib_lowest, date_lib_highest);
  const date::sys_info info =
      file_zone_->get_info(date::sys_seconds{std::chrono::seconds{clamped}});
  zone_period out;
  out.begin = seconds_of(info.begin) <= date_lib_lowest ? min_instant : seconds_of(info.begin);
  out.end = seconds_of(info.end) >= date_lib_highest ? max_instant : seconds_of(info.end);
  out.utc_offset = static_cast<int32_t>(info.offset.count());
  out.is_dst = info.save.count() != 0;
  out.abbreviation = info.abbrev;
  return out;
}

zone_period time_zone_rules::period_at(int64_t unix_seconds) const {
  if (file_zone_ == nullptr) {
    if (rules_)
      return rules_->period_at(unix_seconds);
    return zone_period{min_instant, max_instant, 0, false, "UTC"};
  }
  if (rules_ && unix_seconds >= footer_from_) {
    zone_period p = rules_->period_at(unix_seconds);
    if (p.begin < footer_from_)
      p.begin = footer_from_;
    return p;
  }
  return file_period_at(unix_seconds);
}

int32_t time_zone_rules::utc_offset_of_local_time(int64_t local_seconds) const {
  // As DetermineTimeZoneOffset: find the first boundary after the local time
  // less a day, then see on which side of it the local time falls under the
  // offsets from before and after it.
  if (local_seconds < min_instant + seconds_per_day)
    return period_at(local_seconds).utc_offset;
  const zone_period before = period_at(local_seconds - seconds_per_day);
  if (before.end == max_instant)
    return before.utc_offset;
  const int64_t boundary = before.end;
  const int32_t after_offset = period_at(boundary).utc_offset;
  const int64_t before_time = local_seconds - before.utc_offset;
  const int64_t after_time = local_seconds - after_offset;
  if (before_time < boundary && after_time < boundary)
    return before.utc_offset;
  if (before_time > boundary && after_time >= boundary)
    return after_offset;
  // In a gap (spring forward) take the offset from before; in an overlap
  // (fall back), the one from after.
  return before_time > after_time ? before.utc_offset : after_offset;
}

std::optional<int32_t> time_zone_rules::fixed_offset() const {
  // As pg_get_timezone_offset: every offset the zone ever had is the same.
  std::optional<int32_t> rule_offset;
  if (rules_) {
    rule_offset = rules_->fixed_offset();
    if (!rule_offset)
      return std::nullopt;
  }
  if (file_zone_ == nullptr)
    return rule_offset.value_or(0);
  zone_period p = file_period_at(min_instant);
  const int32_t first = p.utc_offset;
  // A zone file's history is a few hundred periods at most.
  for (int steps = 0; p.end != max_instant; ++steps) {
    if (steps > 5000)
      return std::nullopt;
    p = file_period_at(p.end);
    if (p.utc_offset != first)
      return std::nullopt;
  }
  if (rule_offset && *rule_offset != first)
    return std::nullopt;
  return first;
}

std::optional<zone_period> time_zone_rules::abbreviation_period(
    std::string_view upper_abbreviation, int64_t unix_seconds) const {
  constexpr int max_steps = 4000;
  zone_period p = period_at(unix_seconds);
  for (int steps = 0; steps < max_steps; ++steps) {
    if (p.abbreviation == upper_abbreviation)
      return p;
    if (p.begin == min_instant)
      break;
    p = period_at(p.begin - 1);
  }
  p = period_at(unix_seconds);
  for (int steps = 0; steps < max_steps && p.end != max_instant; ++steps) {
    p = period_at(p.end);
    if (p.abbreviation == upper_abbreviation)
      return p;
  }
  return std::nullopt;
}

namespace {

// "right/" (leap-second) and "posix/" copies of a zone have its offsets.
std::string without_variant_prefix(const std::string& upper_name) {
  for (std::string_view prefix : {"RIGHT/", "POSIX/"})
    if (upper_name.size() > prefix.size() && upper_name.compare(0, prefix.size(), prefix) == 0)
      return upper_name.substr(prefix.size());
  return {};
}

std::shared_ptr<const time_zone_rules> load_zone(const date::time_zone* zone) {
  try {
    const std::string file_name(zone->name());
    auto found = time_zone_rules::from_file(zone, file_name, read_footer(file_name));
    found->period_at(0);  // loads the zone now, inside the try
    return found;
  } catch (const std::exception&) {
    return nullptr;
  }
}

}  // namespace

std::shared_ptr<const time_zone_rules> find_time_zone(std::string_view name) {
  constexpr size_t name_limit = 255;  // TZ_STRLEN_MAX
  if (name.size() > name_limit)
    return nullptr;
  const std::string upper = upper_case(name);

  static std::mutex cache_mutex;
  static std::unordered_map<std::string, std::shared_ptr<const time_zone_rules>> cache;
  {
    std::lock_guard lock(cache_mutex);
    if (auto it = cache.find(upper); it != cache.end())
      return it->second;
  }

  std::shared_ptr<const time_zone_rules> found;
  const auto& files = zones_by_upper_name();
  if (upper == "GMT") {
    found = time_zone_rules::from_posix(*posix_time_zone::parse("GMT0"), "GMT");
  } else if (auto it = files.find(upper); it != files.end()) {
    found = load_zone(it->second);
  } else if (auto twin = files.find(without_variant_prefix(upper)); twin != files.end()) {
    found = load_zone(twin->second);  // right/X and posix/X: X's offsets
  } else if (const std::string file = find_zone_file(upper); !file.empty()) {
    if (auto listed = files.find(upper_case(file)); listed != files.end()) {
      found = load_zone(listed->second);  // a link to a listed zone
    } else if (auto footer = read_footer(file)) {
      // A file of one fixed rule ("Factory"): its footer says all.
      found = time_zone_rules::from_posix(std::move(*footer), file);
    }
  } else if (!upper.empty() && upper[0] != ':') {
    if (auto rules = posix_time_zone::parse(upper))
      found = time_zone_rules::from_posix(std::move(*rules), upper);
  }
  // Unknown names are remembered too: looking for them walks the zone directory.
  std::lock_guard lock(cache_mutex);
  if (cache.size() < zone_cache_limit)
    cache.emplace(upper, found);
  return found;
}

namespace {

std::shared_ptr<const time_zone_rules> resolve_session_time_zone(std::string_view setting) {
  // A plain number is hours east of UTC (SQL's sign, unlike POSIX strings).
  const std::string text(setting);
  char* end = nullptr;
  const double hours = std::strtod(text.c_str(), &end);
  if (!text.empty() && end != text.c_str() && *end == '\0') {
    if (hours > -168 && hours < 168) {
      // pg_tzset_offset: a POSIX zone of that fixed offset (truncated to seconds).
      const auto west = static_cast<int32_t>(-hours * 3600);
      const int32_t magnitude = west < 0 ? -west : west;
      const std::string spec = std::string("<>") + (west < 0 ? "-" : "+") +
                               std::to_string(magnitude / 3600) + ":" +
                               std::to_string(magnitude / 60 % 60) + ":" +
                               std::to_string(magnitude % 60);
      if (auto rules = posix_time_zone::parse(spec))
        return time_zone_rules::from_posix(std::move(*rules), text);
    }
  } else if (auto zone = find_time_zone(setting)) {
    return zone;
  }
  static const auto utc = [] {
    auto zone = find_time_zone("UTC");
    return zone ? zone : time_zone_rules::from_posix(*posix_time_zone::parse("UTC0"), "UTC");
  }();
  return utc;
}

}  // namespace

std::shared_ptr<const time_zone_rules> session_time_zone(std::string_view setting) {
  // Every value printed or parsed asks for the session's zone: remember the last.
  thread_local std::string last_setting;
  thread_local std::shared_ptr<const time_zone_rules> last_zone;
  if (!last_zone || setting != last_setting) {
    last_zone = resolve_session_time_zone(setting);
    last_setting = std::string(setting);
  }
  return last_zone;
}

}  // namespace tributary
