// parameter_rules: the type of each session parameter's value as PostgreSQL 15 declares
// it (pg_settings: vartype, unit, min_val, max_val, enumvals), so SET, set_config, ALTER
// ROLE ... SET, PGOPTIONS and the startup packet refuse a bad value as PostgreSQL does
// (parameter_value_check.hpp reads a value by its rule).
#pragma once

#include <string_view>

namespace tributary {

enum class parameter_kind { boolean, integer, real, enumeration, string };

struct parameter_rule {
  const char* name;  // as PostgreSQL spells it (DateStyle, work_mem)
  parameter_kind kind;
  const char* unit;  // integer/real: "kB", "8kB", "MB", "B", "ms", "s", "min", "us"; "" for none
  double min;        // integer/real: the range, in `unit`
  double max;
  const char* values;  // enumeration: the listed values, comma-separated, in PostgreSQL's order
  // enumeration: other spellings PostgreSQL also accepts, "alias=value,..." (hidden
  // entries of its enum tables, e.g. synchronous_commit's true/yes/1 for on)
  const char* hidden_values;
};

// The rule of `name` (any case), or nullptr for a parameter without one.
const parameter_rule* find_parameter_rule(std::string_view name);

}  // namespace tributary
