// trigger_rows: the users' PL/pgSQL trigger functions and triggers
// (storage/trigger_catalog.hpp, read into catalog_model) as PostgreSQL 15's
// catalogs list them, so psql's \df, \d <table> ("Triggers:", "Disabled user
// triggers:") and pg_dump see them:
//
//   pg_proc      one row per trigger function: schema public, language plpgsql,
//                RETURNS trigger, no arguments, prosrc the body between the quotes
//   pg_trigger   one row per trigger: tgtype's bits (ROW 1, BEFORE 2, INSERT 4,
//                DELETE 8, UPDATE 16), tgenabled, tgattr (UPDATE OF's attnums),
//                tgqual the WHEN condition (non-NULL when there is one)
//   pg_depend    a trigger depends on its function ('n') and its table ('a')
//
// and the functions that print them:
//
//   pg_get_triggerdef(trigger [, pretty])
//       CREATE TRIGGER t_upper BEFORE INSERT OR UPDATE OF a ON public.t FOR EACH ROW
//       WHEN ((new.id > 0)) EXECUTE FUNCTION trg()
//     events in PostgreSQL's order (INSERT, DELETE, UPDATE); the table
//     schema-qualified unless pretty (then only off the search path); the function
//     qualified off the search path; WHEN as the deparser prints it
//     (default_deparse.hpp), else as written. NULL for no such trigger.
//   pg_get_function_result(f)                "trigger" (plpgsql's handlers too)
//   pg_get_function_arguments(f), pg_get_function_identity_arguments(f)
//                                            "" ("oid", "internal" for the handlers)
//   pg_get_function_sqlbody(f)               NULL (no user function has a BEGIN ATOMIC body)
//   of a built-in function (builtin_catalog.hpp) they are PostgreSQL's texts
//   pg_get_functiondef(f)                    CREATE OR REPLACE FUNCTION ... as PostgreSQL's (psql's \sf),
//                                            of built-in functions too (42809 for an aggregate)
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/catalog/catalog_reader.hpp"
#include "cli/catalog/snapshot_table.hpp"

namespace tributary {

std::vector<snapshot_row> user_function_rows(const catalog_model& model, int64_t owner);
std::vector<snapshot_row> pg_trigger_rows(const catalog_model& model);
std::vector<snapshot_row> trigger_depend_rows(const catalog_model& model);

// "function trg()" / "trigger t_upper on table t" (pg_describe_object), or nullopt.
std::optional<std::string> describe_user_function(const catalog_model& model, int64_t oid);
std::optional<std::string> describe_trigger(const catalog_model& model, int64_t oid);

result<ok_t, sqlite_error> install_trigger_functions(sqlite_connection& db, const catalog_reader_ptr& reader);

}  // namespace tributary
