// snapshot_table: a read-only SQLite virtual table whose rows a C++ function
// produces when a scan starts (eponymous: usable by name, no CREATE VIRTUAL TABLE).
// The monitoring relations (monitoring_tables.hpp) and the system catalogs
// (catalog_relations.hpp) are snapshot tables. A scan sees the rows of the
// moment it starts; writes are refused by SQLite (no xUpdate: "table x may not
// be modified").
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

using snapshot_row = std::vector<sql_value>;

struct snapshot_table {
  std::string schema;  // "CREATE TABLE x(...)" for sqlite3_declare_vtab
  std::function<std::vector<snapshot_row>()> rows;
};

// Registers `table` under `name` on the connection, for the connection's life.
result<ok_t, sqlite_error> add_snapshot_table(sqlite_connection& db, const std::string& name,
                                              snapshot_table table);

}  // namespace tributary
