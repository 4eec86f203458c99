// column_type_catalog: each local table's PostgreSQL column types, kept in the
// database file next to the table (table tributary_columns, catalog migration 2)
// and written in the same transaction as the DDL that creates or changes it.
//
// Role: the type layer needs every column's PostgreSQL type to store a value
// exactly and to print it as PostgreSQL does; SQLite's STRICT tables keep only a
// storage class. The apply path, the initial copy and the front end read types
// here. A table that was not created through Tributary (no rows here) is read
// from SQLite's declared column types (declared_type(): "varchar(10)" ->
// varchar(10), "INTEGER" -> bigint, "" -> unknown, kept as text).
//
// Rows: relname (the SQLite table), attnum (1-based), attname, atttypid (0 for
// a type that is not built in, named by typname), atttypmod, attndims,
// typname (format_type() of the type), attnotnull, attdefault (the default's
// PostgreSQL expression text), attidentity ('', 'a', 'd'), attdomain (the
// domain a column was declared with, '' for none; its type is the domain's base).
// A column of a user's enum (atttypid >= 16384) is read with the enum's labels
// (user_type_catalog.hpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "stages/core/result.hpp"
#include "stages/types/column_definition.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

// Where a table's columns are recorded: `main` (tributary_columns), `temp` (a session's
// temporary table: temporary_tables.hpp), or `resolve`d as SQLite resolves the name
// (the session's temporary table first, as PostgreSQL's search_path finds pg_temp first).
enum class relation_schema { resolve, main, temp };

// The columns of `table` in attnum order, with types from the catalog or, for a
// table not created through Tributary, from the declared types. Empty when the
// table does not exist.
result<std::vector<column_definition>, sqlite_error> read_table_columns(
    sqlite_connection& db, const std::string& table, relation_schema schema = relation_schema::resolve);

// Only the recorded columns (empty for a table not created through Tributary).
result<std::vector<column_definition>, sqlite_error> read_recorded_table_columns(
    sqlite_connection& db, const std::string& table, relation_schema schema = relation_schema::resolve);

// Replaces the catalog rows of `table` (inside the caller's transaction).
result<ok_t, sqlite_error> record_table_columns(sqlite_connection& db, const std::string& table,
                                                const std::vector<column_definition>& columns,
                                                relation_schema schema = relation_schema::resolve);

// Removes the catalog rows of `table` (DROP TABLE).
result<ok_t, sqlite_error> forget_table_columns(sqlite_connection& db, const std::string& table,
                                               relation_schema schema = relation_schema::resolve);


}  // namespace tributary
