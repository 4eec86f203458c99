// table_rebuild: replaces a table by one with a new definition and the same rows
// — how ALTER COLUMN (SET/DROP DEFAULT, SET/DROP NOT NULL, TYPE) is done on
// SQLite, which cannot change a column in place (SQLite's "generalized ALTER
// TABLE procedure"):
//
//   CREATE TABLE "tributary_rebuild" <new body>
//   INSERT INTO "tributary_rebuild" SELECT * FROM "t"   (or row by row, converted)
//   DROP TABLE "t"; ALTER TABLE "tributary_rebuild" RENAME TO "t"
//   the table's indexes and triggers created again from their recorded text
//
// The new table's sqlite_schema row comes last; the table keeps its place in
// creation order (what PostgreSQL's OID order gives, e.g. in DROP TYPE's DETAIL)
// in tributary_relation_order (catalog migration 13): the rowid of its row before
// its first rebuild. DROP TABLE forgets it and RENAME moves it
// (forget_relation_order, rename_relation_order); relation_order_sql is the
// place of a table by its name.
//
// All inside the caller's transaction, with the column type catalog rows the
// caller writes: a failure leaves nothing changed once the caller rolls back.
// The new body must keep the columns in the same order. A row conversion (ALTER
// COLUMN TYPE) gets each row's stored values and changes them in place; its error
// is returned as it is. With `copied_columns`, only those columns are copied and
// SQLite gives every other column of the new body its DEFAULT, evaluated for each
// row (ADD COLUMN with an expression default: alter_table.hpp). Foreign keys
// are not enforced during the rebuild (inside the transaction, through
// sqlite3_db_config: DROP TABLE would otherwise delete the rows other tables
// reference, running their ON DELETE actions); when the session enforces them,
// the table's references and those of the tables referencing it are checked
// afterwards (foreign_key_check: 42830 when a key they need is gone, 23503 when
// a row lost its referenced row). Constraint failures while copying are PostgreSQL's (the SQLSTATE
// map); CHECK constraints are not tested again on the copied rows (they were when
// the rows were written, or a NOT VALID check was added without reading them).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/sql/check_constraints.hpp"
#include "stages/types/sql_value.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

using row_conversion = std::function<result<ok_t, pg_error>(std::vector<sql_value>& row)>;

result<ok_t, pg_error> rebuild_table(sqlite_connection& db, const std::string& table,
                                     const std::string& body, const row_conversion& convert = {},
                                     const std::vector<std::string>& copied_columns = {});

result<ok_t, sqlite_error> forget_relation_order(sqlite_connection& db, const std::string& table);
result<ok_t, sqlite_error> rename_relation_order(sqlite_connection& db, const std::string& from,
                                                 const std::string& to);
// An SQL expression of the place in creation order of the table named by the SQL
// expression `table_name` (a larger number: made later; qualify a column name:
// "tributary_columns.relname").
std::string relation_order_sql(const std::string& table_name);

// 23514 `check constraint "c" of relation "t" is violated by some row` when a row
// makes the check's expression false (ALTER TABLE ... ADD CHECK / VALIDATE
// CONSTRAINT); an error of the expression itself is the function's.
result<ok_t, pg_error> check_rows_satisfy(sqlite_connection& db, const std::string& table,
                                          const check_definition& check);

// 23502 `column "c" of relation "t" contains null values` when a row holds NULL in
// `column` (before ALTER COLUMN ... SET NOT NULL).
result<ok_t, pg_error> check_no_nulls(sqlite_connection& db, const std::string& table,
                                      const std::string& column);

}  // namespace tributary
