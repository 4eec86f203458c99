// pg_settings: the view pg_catalog.pg_settings of one session, PostgreSQL 15's
// columns, one row per parameter the session has (its session parameters and
// the server's settings; not the hidden is_superuser and session_authorization,
// as PostgreSQL hides them):
//
//   name, setting (in the unit column's unit: statement_timeout 1500ms -> "1500",
//   "ms"; work_mem 4MB -> "4096", "kB"), unit, category, short_desc, extra_desc,
//   context, vartype, source, min_val, max_val, enumvals (text[]), boot_val,
//   reset_val, sourcefile, sourceline, pending_restart
//
// The descriptions, context, type, range and choices are PostgreSQL 15's
// (pg_settings_metadata.cpp). The values are the session's: boot_val is the
// value without configuration, reset_val what RESET returns to (the
// connection's value); source is "default" while the value is the built-in
// one, "client" for a value the connection started with, "session" for one SET
// changed, "configuration file" for a server setting tributary.conf or -c set.
#pragma once

#include <string>
#include <vector>

#include "cli/catalog/snapshot_table.hpp"

namespace tributary {

struct setting_metadata {
  const char* name;
  const char* unit;
  const char* category;
  const char* short_desc;
  const char* extra_desc;
  const char* context;
  const char* vartype;
  const char* min_val;
  const char* max_val;
  const char* enumvals;  // comma-separated choices of an enum
  bool is_enum;
};

const std::vector<setting_metadata>& pg_settings_metadata();

// One parameter's values as SHOW prints them ("1500ms", "4MB", "on").
struct setting_state {
  std::string name;  // as PostgreSQL spells it ("DateStyle")
  std::string value;
  std::string boot_value;
  std::string reset_value;
  std::string source;
};

// `value` of a parameter whose pg_settings unit is `unit`, in that unit: "1500ms"
// in "ms" -> "1500", "2min" in "s" -> "120", "4MB" in "kB" -> "4096" (rounded as
// PostgreSQL rounds); a value without a unit is already in it.
std::string setting_in_unit(const std::string& value, const std::string& unit);

std::vector<snapshot_row> pg_settings_rows(const std::vector<setting_state>& states);

}  // namespace tributary
