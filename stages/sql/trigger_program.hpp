// trigger_program: a PostgreSQL row trigger (CREATE TRIGGER ... EXECUTE FUNCTION f())
// compiled into SQLite triggers, one per event, that run f's body
// (trigger_function.hpp) on Tributary's stored forms.
//
//   CREATE TRIGGER audit_t AFTER INSERT OR UPDATE ON t FOR EACH ROW EXECUTE FUNCTION log()
//   -> CREATE TRIGGER "tributary_trigger:t:audit_t:insert" AFTER INSERT ON "t" FOR EACH ROW
//        WHEN pg_trigger_fires('O') BEGIN <log's steps for INSERT>; END
//      CREATE TRIGGER "tributary_trigger:t:audit_t:update" AFTER UPDATE ON "t" ... END
//
// Every SQL statement, IF condition, RAISE argument and the WHEN condition goes
// through the query translator (translator/query_translation.hpp) with NEW and OLD
// as row variables, so values and errors are PostgreSQL's; NEW is NULL in a DELETE
// trigger and OLD in an INSERT trigger, as in PL/pgSQL. A step's guard restricts the
// statement (UPDATE/DELETE's WHERE, an INSERT's single VALUES row or SELECT);
// RETURN NULL in a BEFORE trigger is SQLite's RAISE(IGNORE) (the row is skipped);
// RAISE EXCEPTION is pg_raise('P0001', message).
//
// pg_trigger_fires(tgenabled) (storage/replication_role.hpp) decides by the
// connection's session_replication_role: 'O' fires for origin/local sessions, 'R'
// for replica ones (the applier and table sync), 'A' always, 'D' never.
//
// Errors: the translator's (42703, 42P01, ...), 42601 `query has no destination for
// result data` for a SELECT, 0A000 for what neither PL/pgSQL's subset nor the
// translator covers. Pure: statements are parsed by the caller's `parse`.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/sql/trigger_function.hpp"
#include "stages/sql/typed_constants.hpp"
#include "stages/types/column_definition.hpp"
#include "stages/types/type_settings.hpp"

namespace tributary {

struct trigger_definition {
  std::string name;
  std::string table;     // the local table's SQLite name ("t", "sales.t")
  std::string function;  // the trigger function's name
  bool before = false;   // BEFORE, else AFTER
  bool on_insert = false;
  bool on_update = false;
  bool on_delete = false;
  std::vector<std::string> update_columns;  // UPDATE OF a, b
  std::string when;                         // WHEN's condition as written; "" = none
  char enabled = 'O';                       // pg_trigger.tgenabled: O, D, R, A
};

// One statement of PostgreSQL text -> its node ({"InsertStmt": {...}}) and the text
// it was parsed from alone (the caller may rewrite schema.table to local names).
struct parsed_statement {
  nlohmann::json node;
  std::string text;
};
using statement_parser = std::function<result<parsed_statement, pg_error>(const std::string& sql)>;

struct trigger_compile_input {
  std::vector<column_definition> table_columns;  // the trigger's table
  table_columns_lookup lookup;                   // the tables statements name
  type_settings settings;
  statement_parser parse;
};

// The SQLite CREATE TRIGGER statements for `definition` running `body`.
result<std::vector<std::string>, pg_error> compile_trigger(const trigger_definition& definition,
                                                           const trigger_function_body& body,
                                                           const trigger_compile_input& input);

// The SQLite names of `definition`'s triggers (one per event it fires on).
std::vector<std::string> sqlite_trigger_names(const trigger_definition& definition);

}  // namespace tributary
