#include "cli/catalog/pg_settings.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>

namespace tributary {

namespace {

std::string lowercase(std::string s) {
  for (char& c : s)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// How many of the smallest unit (bytes, microseconds) one `unit` holds; 0 if it is none.
double unit_size(const std::string& unit) {
  static const std::map<std::string, double> sizes = {
      {"B", 1.0},           {"kB", 1024.0},           {"8kB", 8192.0},       {"MB", 1024.0 * 1024},
      {"16MB", 16.0 * 1024 * 1024}, {"GB", 1024.0 * 1024 * 1024}, {"TB", 1024.0 * 1024 * 1024 * 1024},
      {"us", 1.0},          {"ms", 1000.0},           {"s", 1e6},            {"min", 60e6},
      {"h", 3600e6},        {"d", 86400e6}};
  auto it = sizes.find(unit);
  return it == sizes.end() ? 0 : it->second;
}

bool memory_unit(const std::string& unit) { return unit.size() >= 1 && unit.back() == 'B'; }

std::string sql_array(const std::string& comma_separated) {
  // The choices as array_out prints a text[]: quoted when they hold a space or comma.
  std::string out = "{";
  size_t start = 0;
  bool first = true;
  while (start <= comma_separated.size()) {
    size_t end = comma_separated.find(',', start);
    if (end == std::string::npos)
      end = comma_separated.size();
    const std::string item = comma_separated.substr(start, end - start);
    out += first ? "" : ",";
    first = false;
    const bool quote = item.empty() || item.find_first_of(" \"\\{}") != std::string::npos;
    out += quote ? "\"" + item + "\"" : item;
    start = end + 1;
  }
  return out + "}";
}

}  // namespace

std::string setting_in_unit(const std::string& value, const std::string& unit) {
  const double target = unit_size(unit);
  if (target == 0 || value.empty())
    return value;
  char* end = nullptr;
  const double number = std::strtod(value.c_str(), &end);
  if (end == value.c_str())
    return value;
  std::string suffix(end);
  while (!suffix.empty() && suffix.front() == ' ')
    suffix.erase(suffix.begin());
  if (suffix.empty())
    return value;
  const double from = unit_size(suffix);
  if (from == 0 || memory_unit(suffix) != memory_unit(unit))
    return value;
  const double converted = std::rint(number * from / target);
  return std::to_string(static_cast<long long>(converted));
}

std::vector<snapshot_row> pg_settings_rows(const std::vector<setting_state>& states) {
  std::map<std::string, const setting_metadata*> metadata;
  for (const setting_metadata& m : pg_settings_metadata())
    metadata[lowercase(m.name)] = &m;
  const sql_value null_value = sql_value{sql_null{}};
  const auto text_or_null = [&](const char* text) {
    return *text ? sql_value{std::string(text)} : null_value;
  };
  std::vector<snapshot_row> out;
  for (const setting_state& s : states) {
    auto it = metadata.find(lowercase(s.name));
    if (it == metadata.end())
      continue;
    const setting_metadata& m = *it->second;
    const std::string unit = m.unit;
    out.push_back({std::string(m.name), setting_in_unit(s.value, unit), text_or_null(m.unit),
                   std::string(m.category), std::string(m.short_desc), text_or_null(m.extra_desc),
                   std::string(m.context), std::string(m.vartype), s.source, text_or_null(m.min_val),
                   text_or_null(m.max_val), m.is_enum ? sql_value{sql_array(m.enumvals)} : null_value,
                   setting_in_unit(s.boot_value, unit), setting_in_unit(s.reset_value, unit), null_value,
                   null_value, int64_t{0}});
  }
  return out;
}

}  // namespace tributary
