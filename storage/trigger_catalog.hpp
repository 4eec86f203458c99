// trigger_catalog: local trigger functions and triggers, recorded in the database
// file next to the tables they belong to (PostgreSQL's pg_proc and pg_trigger for
// what Tributary supports), so CREATE OR REPLACE FUNCTION, ENABLE/DISABLE TRIGGER and
// DROP can compile a table's SQLite triggers again (stages/sql/trigger_program.hpp).
//
//   tributary_trigger_functions (name PRIMARY KEY, source)   source: the CREATE
//                                FUNCTION statement, read again by libpg_query
//   tributary_triggers (table_name, name, function_name, timing, events,
//                       update_columns, when_text, enabled)   one row per trigger
//
// The tables are created by the first write. DROP TABLE drops a table's SQLite
// triggers with it; forget_dropped_triggers (run before every trigger statement)
// then removes their rows, and until then a trigger whose table is gone is not
// read back. All calls run inside the caller's
// transaction. Errors are SQLite's.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "stages/core/result.hpp"
#include "stages/sql/trigger_program.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

result<std::optional<std::string>, sqlite_error> read_trigger_function_source(sqlite_connection& db,
                                                                              const std::string& name);
result<ok_t, sqlite_error> write_trigger_function(sqlite_connection& db, const std::string& name,
                                                  const std::string& source);
result<ok_t, sqlite_error> delete_trigger_function(sqlite_connection& db, const std::string& name);

// The triggers of `table` ("" = of every table), in name order.
result<std::vector<trigger_definition>, sqlite_error> read_triggers(sqlite_connection& db,
                                                                    const std::string& table);
result<ok_t, sqlite_error> write_trigger(sqlite_connection& db, const trigger_definition& trigger);
result<ok_t, sqlite_error> delete_trigger(sqlite_connection& db, const std::string& table,
                                          const std::string& name);

// Forgets the triggers whose SQLite triggers are gone (DROP TABLE dropped them with
// the table), so a table created again under that name starts without triggers.
result<ok_t, sqlite_error> forget_dropped_triggers(sqlite_connection& db);

// The names of the SQLite triggers Tributary made for `table`.
result<std::vector<std::string>, sqlite_error> installed_sqlite_triggers(sqlite_connection& db,
                                                                         const std::string& table);

}  // namespace tributary
