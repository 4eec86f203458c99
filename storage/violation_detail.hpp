// violation_detail: PostgreSQL's DETAIL of a unique or not-null violation by a
// client's INSERT or UPDATE, found after SQLite refused the statement with only
// "UNIQUE constraint failed: t.a" or "NOT NULL constraint failed: t.b"
// (sqlstate_mapping already words the message):
//
//   duplicate key value violates unique constraint "t_pkey"
//     DETAIL  Key (a)=(1) already exists.
//   null value in column "b" of relation "t" violates not-null constraint
//     DETAIL  Failing row contains (1, null).
//
// How: under a savepoint, temporary BEFORE INSERT and BEFORE UPDATE triggers on
// the table hand each new row (and an updated row's rowid) to a recording
// function, and the statement runs again (`run_again`); SQLite fires a row's
// BEFORE triggers before it checks that row's unique keys, so the last row
// recorded is the one that failed. The report names the first unique key in
// PostgreSQL's order (primary key, then creation order: unique_conflicts.hpp) that
// an existing row already has, with the row's values printed by their column
// types under the session's settings; when none has (the row collides with one the
// same statement wrote) the key SQLite named. Then the triggers are rolled back to
// the savepoint, so the transaction is as the failed statement left it. nullopt
// when no row was recorded (the caller keeps its report). A not-null violation's
// DETAIL is the recorded row, printed as PostgreSQL prints a failing row (a
// domain's NOT NULL gets none, as in PostgreSQL). The caller does not run a
// statement again when that would hand out sequence values twice.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/types/column_type.hpp"
#include "stages/types/type_settings.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

// One key of a unique index on expressions: as PostgreSQL prints it in the DETAIL
// ("(a + b)", "lower(v)", "a") and as SQLite computes it over the row's bare columns,
// with the type that prints its value.
struct index_key_expression {
  std::string text;
  std::string sql;
  column_type type;
};
// The keys of the SQLite index `index` on `table` when it has expressions (read by
// the caller from the index's kept PostgreSQL text: index_definition_catalog.hpp),
// nullopt otherwise.
using index_expression_keys =
    std::function<std::optional<std::vector<index_key_expression>>(const std::string& table, const std::string& index)>;

// `error`: the 23505 mapped from SQLite's report (its DETAIL is SQLite's message,
// which names the key's columns or its index). A unique index on expressions that
// SQLite names gets "Key ((a + b))=(3) already exists." with the failing row's keys
// computed by SQLite (`expression_keys`), when no plain key collides first.
std::optional<pg_error> describe_unique_violation(sqlite_connection& db, const pg_error& error,
                                                  const std::function<void()>& run_again,
                                                  const type_settings& settings,
                                                  const index_expression_keys& expression_keys = {});

// `error`: the 23502 of SQLite's NOT NULL failure; `table`: the statement's table.
std::optional<pg_error> describe_not_null_violation(sqlite_connection& db, const pg_error& error,
                                                    const std::string& table,
                                                    const std::function<void()>& run_again,
                                                    const type_settings& settings);

}  // namespace tributary
