// parameter_value_check: see the header. The unit tables and the rounding follow
// PostgreSQL 15's guc.c (memory_unit_conversion_table, time_unit_conversion_table,
// convert_to_base_unit, convert_int_from_base_unit, convert_real_from_base_unit).
#include "cli/commands/parameter_value_check.hpp"

#include <cctype>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "stages/core/pg_bool.hpp"

namespace tributary {
namespace {

struct unit_conversion {
  const char* unit;   // as the user writes it (case-sensitive, as PostgreSQL's)
  double multiplier;  // how many base units one `unit` is
};

constexpr double kB_per_TB = 1024.0 * 1024.0 * 1024.0;
constexpr double ms_per_day = 86'400'000.0;

// One base unit's conversions, largest unit first (PostgreSQL's table order).
std::vector<unit_conversion> conversions(std::string_view base_unit) {
  if (base_unit == "B")
    return {{"TB", kB_per_TB * 1024}, {"GB", 1024.0 * 1024 * 1024}, {"MB", 1024.0 * 1024}, {"kB", 1024}, {"B", 1}};
  if (base_unit == "kB")
    return {{"TB", kB_per_TB}, {"GB", 1024.0 * 1024}, {"MB", 1024}, {"kB", 1}, {"B", 1.0 / 1024}};
  if (base_unit == "MB")
    return {{"TB", 1024.0 * 1024}, {"GB", 1024}, {"MB", 1}, {"kB", 1.0 / 1024}, {"B", 1.0 / (1024 * 1024)}};
  if (base_unit == "8kB")
    return {{"TB", kB_per_TB / 8}, {"GB", 1024.0 * 1024 / 8}, {"MB", 1024.0 / 8}, {"kB", 1.0 / 8}, {"B", 1.0 / 8192}};
  if (base_unit == "ms")
    return {{"d", ms_per_day}, {"h", 3'600'000}, {"min", 60'000}, {"s", 1000}, {"ms", 1}, {"us", 1.0 / 1000}};
  if (base_unit == "s")
    return {{"d", 86'400}, {"h", 3'600}, {"min", 60}, {"s", 1}, {"ms", 1.0 / 1000}, {"us", 1.0 / 1'000'000}};
  if (base_unit == "min")
    return {{"d", 1'440}, {"h", 60}, {"min", 1}, {"s", 1.0 / 60}, {"ms", 1.0 / 60'000}, {"us", 1.0 / 60'000'000}};
  return {};
}

bool is_memory_unit(std::string_view base_unit) {
  return base_unit == "B" || base_unit == "kB" || base_unit == "MB" || base_unit == "8kB";
}

const char* units_hint(std::string_view base_unit) {
  return is_memory_unit(base_unit) ? "Valid units for this parameter are \"B\", \"kB\", \"MB\", \"GB\", and \"TB\"."
                                   : "Valid units for this parameter are \"us\", \"ms\", \"s\", \"min\", \"h\", and \"d\".";
}

pg_error invalid_value(const std::string& name, const std::string& value, const std::string& hint = {}) {
  return make_pg_error("22023", "invalid value for parameter \"" + name + "\": \"" + value + "\"", {}, hint);
}

// convert_to_base_unit: "<unit>[ spaces]" after the number -> the value in base units;
// a fraction is rounded to the next smaller unit ("30.1GB" to whole MB).
std::optional<double> to_base_unit(double value, std::string_view rest, std::string_view base_unit) {
  size_t end = 0;
  while (end < rest.size() && !std::isspace(static_cast<unsigned char>(rest[end])))
    ++end;
  const std::string_view unit = rest.substr(0, end);
  for (size_t i = end; i < rest.size(); ++i)
    if (!std::isspace(static_cast<unsigned char>(rest[i])))
      return std::nullopt;
  const auto table = conversions(base_unit);
  for (size_t i = 0; i < table.size(); ++i) {
    if (unit != table[i].unit)
      continue;
    double converted = value * table[i].multiplier;
    if (i + 1 < table.size())
      converted = std::rint(converted / table[i + 1].multiplier) * table[i + 1].multiplier;
    return converted;
  }
  return std::nullopt;
}

// The number and its optional unit (parse_int / parse_real), in base units; the
// failure's hint when there is one.
struct parsed_number {
  std::optional<double> value;
  std::string hint;
};

parsed_number parse_number(const std::string& text, const parameter_rule& rule) {
  const char* begin = text.c_str();
  char* end = nullptr;
  double value = 0;
  errno = 0;
  if (rule.kind == parameter_kind::integer) {
    const long long integer = std::strtoll(begin, &end, 0);
    value = static_cast<double>(integer);
    if (*end == '.' || *end == 'e' || *end == 'E' || errno == ERANGE) {
      errno = 0;
      value = std::strtod(begin, &end);
    }
  } else {
    value = std::strtod(begin, &end);
  }
  if (end == begin || errno == ERANGE || std::isnan(value))
    return {};
  while (std::isspace(static_cast<unsigned char>(*end)))
    ++end;
  if (*end != '\0') {
    if (*rule.unit == '\0')
      return {};
    auto converted = to_base_unit(value, end, rule.unit);
    if (!converted)
      return {std::nullopt, units_hint(rule.unit)};
    value = *converted;
  }
  if (rule.kind == parameter_kind::integer) {
    value = std::rint(value);
    if (value > INT_MAX || value < INT_MIN)
      return {std::nullopt, "Value exceeds integer range."};
  }
  return {value, {}};
}

std::string format_g(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%g", value);
  return buffer;
}

// _ShowOption: a positive value with a unit in the largest unit that shows it whole.
std::string shown_integer(long long value, std::string_view base_unit) {
  if (value <= 0 || base_unit.empty())
    return std::to_string(value);
  for (const unit_conversion& c : conversions(base_unit))
    if (c.multiplier <= 1.0 || value % static_cast<long long>(c.multiplier) == 0)
      return std::to_string(static_cast<long long>(static_cast<double>(value) / c.multiplier)) + c.unit;
  return std::to_string(value);
}

std::string shown_real(double value, std::string_view base_unit) {
  if (!(value > 0) || base_unit.empty())
    return format_g(value);
  double converted = value;
  const char* unit = "";
  for (const unit_conversion& c : conversions(base_unit)) {
    converted = value / c.multiplier;
    unit = c.unit;
    if (converted > 0 && std::fabs(std::rint(converted) / converted - 1.0) <= 1e-8)
      break;
  }
  return format_g(converted) + unit;
}

std::string lowercase(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// "a,b,c" -> its items.
std::vector<std::string> split_list(std::string_view list) {
  std::vector<std::string> items;
  while (!list.empty()) {
    const size_t comma = list.find(',');
    items.emplace_back(list.substr(0, comma));
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
  }
  return items;
}

result<std::string, pg_error> check_enumeration(const parameter_rule& rule, const std::string& name,
                                                const std::string& value) {
  const std::string wanted = lowercase(value);
  const std::vector<std::string> listed = split_list(rule.values);
  for (const std::string& v : listed)
    if (v == wanted)
      return v;
  for (const std::string& alias : split_list(rule.hidden_values)) {
    const size_t equals = alias.find('=');
    if (alias.substr(0, equals) == wanted)
      return alias.substr(equals + 1);
  }
  std::string available;
  for (const std::string& v : listed)
    available += (available.empty() ? "" : ", ") + v;
  return fail(invalid_value(name, value, "Available values: " + available + "."));
}

}  // namespace

result<std::string, pg_error> check_parameter_value(const parameter_rule& rule, const std::string& name,
                                                    const std::string& value) {
  switch (rule.kind) {
    case parameter_kind::boolean: {
      const auto b = parse_pg_bool(value);
      if (!b)
        return fail(make_pg_error("22023", "parameter \"" + name + "\" requires a Boolean value"));
      return std::string(*b ? "on" : "off");
    }
    case parameter_kind::integer: {
      const parsed_number n = parse_number(value, rule);
      if (!n.value)
        return fail(invalid_value(name, value, n.hint));
      const auto v = static_cast<long long>(*n.value);
      if (*n.value < rule.min || *n.value > rule.max)
        return fail(make_pg_error("22023", std::to_string(v) + (*rule.unit ? " " : "") + rule.unit +
                                               " is outside the valid range for parameter \"" + name + "\" (" +
                                               std::to_string(static_cast<long long>(rule.min)) + " .. " +
                                               std::to_string(static_cast<long long>(rule.max)) + ")"));
      return shown_integer(v, rule.unit);
    }
    case parameter_kind::real: {
      const parsed_number n = parse_number(value, rule);
      if (!n.value)
        return fail(invalid_value(name, value, n.hint));
      if (*n.value < rule.min || *n.value > rule.max)
        return fail(make_pg_error("22023", format_g(*n.value) + (*rule.unit ? " " : "") + rule.unit +
                                               " is outside the valid range for parameter \"" + name + "\" (" +
                                               format_g(rule.min) + " .. " + format_g(rule.max) + ")"));
      return shown_real(*n.value, rule.unit);
    }
    case parameter_kind::enumeration:
      return check_enumeration(rule, name, value);
    case parameter_kind::string:
      break;
  }
  return value;
}

}  // namespace tributary
