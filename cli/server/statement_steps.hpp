// statement_steps: what a statement run as several SQLite statements shares
// (a data-modifying WITH, modifying_with_run.cpp; MERGE, merge_run.cpp).
#pragma once

#include <string>
#include <vector>

#include "cli/server/statement_router.hpp"
#include "stages/sql/translator/query_translation.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

// The steps are one statement: a savepoint around them undoes them all when one
// fails (also outside a transaction block, where each SQLite statement would
// otherwise commit on its own). The temporary tables in `names` are dropped at the end.
struct statement_scope {
  sqlite_connection& db;
  std::string savepoint;
  bool active = false;
  bool succeeded = false;
  std::vector<std::string> names;

  statement_scope(sqlite_connection& connection, std::string savepoint_name)
      : db(connection), savepoint(std::move(savepoint_name)) {}
  statement_scope(const statement_scope&) = delete;
  statement_scope& operator=(const statement_scope&) = delete;
  result<ok_t, pg_error> begin();
  ~statement_scope();
};

// No rows, with the columns c1 .. cN: what a step's rows read when nothing ran (Describe).
std::string empty_rows(size_t width);

// A planner's error placed in the query string (its location counted in `statement.text`).
pg_error placed_error(const routed_statement& statement, const located_error& error);

}  // namespace tributary
