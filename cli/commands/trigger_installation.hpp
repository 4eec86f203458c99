// trigger_installation: a table's recorded triggers (storage/trigger_catalog.hpp)
// compiled into SQLite triggers (stages/sql/trigger_program.hpp) and put in place of
// the ones Tributary made before, in the statement's transaction.
//
// SQLite fires a table's triggers newest first, so they are created in reverse name
// order: PostgreSQL fires triggers of one timing and event in name order.
// A function's CREATE FUNCTION text is read again by libpg_query's PL/pgSQL parser.
#pragma once

#include <string>

#include "cli/commands/subscription_commands.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/sql/trigger_function.hpp"
#include "stages/types/type_settings.hpp"

namespace tributary {

// CREATE FUNCTION ... LANGUAGE plpgsql text -> its body in Tributary's subset.
result<trigger_function_body, pg_error> read_plpgsql_trigger_function(const std::string& source);

// Drops `table`'s SQLite triggers made by Tributary and creates them again from the catalog.
result<ok_t, pg_error> install_table_triggers(const std::string& table, command_context& context,
                                              const type_settings& settings);

}  // namespace tributary
