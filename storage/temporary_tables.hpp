// temporary_tables: PostgreSQL's temporary tables (CREATE TEMP TABLE) for one
// client session.
//
// Design. A session's temporary table is a table of SQLite's `temp` schema on the
// session's own connection: only that connection sees it, SQLite drops it when the
// connection closes (the session ends), its DDL and rows are transactional with the
// session's transaction, and SQLite resolves an unqualified name in `temp` before
// `main` -- which is PostgreSQL's default search_path for relations (pg_temp is
// searched first), so a temporary table shadows a permanent one of its name in every
// translated statement without the translator knowing. Temporary views live there
// already (view_definition.cpp) and the same pg_temp_N numbering lists both
// (cli/catalog/temporary_schemas.hpp). The alternative, tables in the database
// file under a per-session name, would leave rows behind a crashed server and need
// every translated name rewritten.
//
// What the main catalog keeps per table (tributary_columns, column_type_catalog.hpp)
// is kept for a temporary table in the temp schema too, so it goes with the
// connection and never mixes with a permanent table of the same name:
//   temp.tributary_temp_tables  (relname, oncommit)   the temporary tables made
//                                                      through CREATE TEMP TABLE,
//                                                      with their ON COMMIT action
//                                                      ('preserve', 'delete', 'drop')
//   temp.tributary_temp_columns (as tributary_columns) their columns' types
// run_on_commit_actions() is PostgreSQL's PreCommit_on_commit_actions: at each
// commit of the session, ON COMMIT DELETE ROWS tables are emptied and ON COMMIT
// DROP tables dropped, inside the committing transaction.
#pragma once

#include <string>
#include <vector>

#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

inline constexpr const char* temporary_tables_table = "tributary_temp_tables";
inline constexpr const char* temporary_columns_table = "tributary_temp_columns";

// Whether `name` is one of the session's temporary tables (any case).
result<bool, sqlite_error> is_temporary_table(sqlite_connection& db, const std::string& name);

// The session's temporary tables, by name.
result<std::vector<std::string>, sqlite_error> list_temporary_tables(sqlite_connection& db);

// Records a temporary table just created in the temp schema (its catalog tables
// are made with the first one). on_commit: "preserve", "delete" or "drop".
result<ok_t, sqlite_error> record_temporary_table(sqlite_connection& db, const std::string& name,
                                                  const std::string& on_commit);

// Forgets a temporary table's records (DROP TABLE; the table itself is the caller's).
result<ok_t, sqlite_error> forget_temporary_table(sqlite_connection& db, const std::string& name);

// DISCARD TEMP / DISCARD ALL: every temporary table of the session dropped, with its records.
result<ok_t, sqlite_error> drop_temporary_tables(sqlite_connection& db);

// ON COMMIT DELETE ROWS and ON COMMIT DROP, run in the transaction about to commit.
result<ok_t, sqlite_error> run_on_commit_actions(sqlite_connection& db);

}  // namespace tributary
