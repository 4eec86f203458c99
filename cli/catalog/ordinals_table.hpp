// ordinals_table: the table-valued function pg_ordinals(count) of a session
// connection: one row per ordinal n = 1 .. count (no row when count is NULL or
// below 1). The translator expands set-returning functions of a select list
// (unnest, generate_series, information_schema._pg_expandarray) over it: each
// input row joins the ordinals up to its longest function result, and each
// function call is its n-th value (stages/sql/translator/set_returning_functions.cpp).
// The count may come from the row's columns: `FROM t, pg_ordinals(array_upper(t.a, 1))`.
// pg_ordinals(count, array) also gives the array's element n as the column item
// (text; NULL past the end): unnest(t.a) in FROM reads it, so that no expression
// of the sub-select names the outer row's column (SQLite refuses an outer column
// in the ORDER BY of a sub-select in FROM).
#pragma once

#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

result<ok_t, sqlite_error> add_ordinals_table(sqlite_connection& db);

}  // namespace tributary
