// check_catalog: the PostgreSQL text of each local table's CHECK constraints
// (table tributary_check_constraints, catalog migration 7), kept so that
// ALTER COLUMN ... TYPE can translate a check again over the column's new type.
//
// Rows: relname (the SQLite table), conname, conbin (the expression's parse
// tree, libpg_query's JSON) and consrc (the statement text its locations point
// into), as domains' checks are kept (user_type_catalog.hpp). SQLite keeps only
// the translated check (check_constraints.hpp); a check made before this catalog
// has no row here, and a column it uses cannot change type (0A000).
// Written in the caller's transaction: the whole set of a table at once.
#pragma once

#include <string>
#include <vector>

#include "stages/core/result.hpp"
#include "stages/sql/check_constraints.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

// The recorded checks of `table`, by name (none for a file without the catalog).
result<std::vector<check_source>, sqlite_error> read_table_checks(sqlite_connection& db,
                                                                  const std::string& table);

// Replaces the recorded checks of `table` with `checks`.
result<ok_t, sqlite_error> record_table_checks(sqlite_connection& db, const std::string& table,
                                               const std::vector<check_source>& checks);

}  // namespace tributary
