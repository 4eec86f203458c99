// trigger_function: a PL/pgSQL trigger function's body, in the subset Tributary
// runs, read from libpg_query's PL/pgSQL tree (pg_query_parse_plpgsql) into a flat
// list of guarded steps that a SQLite trigger program can execute in order.
//
// The subset (anything else is 0A000 naming it, at CREATE FUNCTION):
//   BEGIN ... END (nested blocks without DECLARE or EXCEPTION)
//   SQL statements (INSERT / UPDATE / DELETE / SELECT ...) that read NEW.x, OLD.x
//   IF cond THEN ... [ELSIF cond THEN ...] [ELSE ...] END IF
//   RETURN NEW | OLD | NULL
//   RAISE EXCEPTION 'format with %', expr [, ...]   (SQLSTATE P0001)
//
// SQLite trigger programs have no branches, so each step carries a guard: the
// PostgreSQL boolean expression under which control reaches it. IF's branches
// guard with `(cond) IS TRUE` / `IS NOT TRUE` (a NULL condition takes ELSE, as in
// PL/pgSQL); a RETURN ends the paths that reach it, so later steps are guarded by
// the paths that did not return. A guard is evaluated again before each step it
// guards: a condition that reads a table the body itself changes earlier may see
// the change (documented in the README). Control that can reach the end without a
// RETURN ends in PostgreSQL's 2F005 error at run time, as PL/pgSQL's.
//
//   IF NEW.a < 0 THEN RETURN NULL; END IF; INSERT INTO audit VALUES (NEW.a); RETURN NEW;
//   -> return  NULL  guard (NEW.a < 0) IS TRUE
//      sql     INSERT INTO audit VALUES (NEW.a)  guard (NEW.a < 0) IS NOT TRUE
//      return  NEW   guard (NEW.a < 0) IS NOT TRUE
// Pure.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

struct trigger_step {
  enum class kind { sql, raise, return_row, missing_return };
  kind what = kind::sql;
  // sql: the statement's text; raise: the format; return_row: "new", "old" or "null".
  std::string text;
  std::vector<std::string> raise_arguments;  // expressions' texts, one per % of the format
  std::string guard;  // PostgreSQL boolean expression; "" = always
};

struct trigger_function_body {
  std::vector<trigger_step> steps;
};

// `functions` is pg_query_parse_plpgsql's plpgsql_funcs (a JSON array of one
// {"PLpgSQL_function": ...}).
result<trigger_function_body, pg_error> read_trigger_function(const nlohmann::json& functions);

}  // namespace tributary
