// trigger_commands: PL/pgSQL trigger functions and row triggers on local tables,
// as PostgreSQL defines, toggles and drops them, with PostgreSQL's
// session_replication_role semantics (storage/replication_role.hpp): client
// sessions are `origin`, the applier and the table sync `replica`.
//
//   CREATE [OR REPLACE] FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$ ... $$
//        the body in the subset of stages/sql/trigger_function.hpp (0A000 for the
//        rest); 42P13 with arguments; 42723 when f exists (without OR REPLACE);
//        OR REPLACE compiles the triggers that use f again. Other functions: 0A000.
//   CREATE [OR REPLACE] TRIGGER t {BEFORE | AFTER} {INSERT | UPDATE [OF c, ...] |
//        DELETE} [OR ...] ON tbl FOR EACH ROW [WHEN (cond)] EXECUTE FUNCTION f()
//        42P01 no table, 42883 no function, 42710 t exists, 42703 no column;
//        statement-level, INSTEAD OF, TRUNCATE, constraint triggers, REFERENCING and
//        arguments are 0A000
//   DROP TRIGGER [IF EXISTS] t ON tbl        42704 (IF EXISTS: NOTICE)
//   DROP FUNCTION [IF EXISTS] f[()] [CASCADE] 42883 (IF EXISTS: NOTICE); 2BP01 while
//        triggers use it, CASCADE drops them (NOTICE per trigger)
//   ALTER TABLE tbl {ENABLE [REPLICA | ALWAYS] | DISABLE} TRIGGER {t | ALL | USER}
//        42704 for a missing t; several in one statement
// A table's SQLite triggers are compiled again (stages/sql/trigger_program.hpp) after
// every change and created in reverse name order, so that SQLite, which fires the
// newest first, fires them in name order as PostgreSQL does. All of it runs inside
// the statement's transaction (the caller opens one if needed).
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "cli/commands/subscription_commands.hpp"
#include "cli/server/command_outcome.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/type_settings.hpp"

namespace tributary {

// `node_type`: CreateFunctionStmt, CreateTrigStmt, DropStmt (OBJECT_TRIGGER or
// OBJECT_FUNCTION) or AlterTableStmt (only ENABLE / DISABLE TRIGGER commands); `source` the statement's
// text, `position_base` characters into the query string; `tag` its command tag.
result<command_outcome, pg_error> trigger_statement(const std::string& node_type,
                                                    const nlohmann::json& stmt, std::string_view source,
                                                    int position_base, const std::string& tag,
                                                    command_context& context,
                                                    const type_settings& settings);

}  // namespace tributary
