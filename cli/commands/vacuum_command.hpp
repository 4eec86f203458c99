// vacuum_command: a client's VACUUM and ANALYZE, as PostgreSQL answers them.
//
//   VACUUM [ (options) | FULL | FREEZE | VERBOSE | ANALYZE ] [table [(columns)], ...]
//   ANALYZE [VERBOSE] [table [(columns)], ...]
//
// Each named relation must be a table (42P01 relation "x" does not exist). Nothing
// else is done: SQLite reuses the pages of deleted rows itself and reclaims a
// file's free pages only for the whole file, and Tributary keeps no planner
// statistics, so the command's answer is its tag (VACUUM, ANALYZE). VACUUM inside a
// transaction block is refused as PostgreSQL refuses it (25001, checked by the
// dispatcher). pgbench -i runs VACUUM ANALYZE on its tables.
#pragma once

#include <nlohmann/json.hpp>

#include "cli/commands/subscription_commands.hpp"
#include "cli/server/command_outcome.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

result<command_outcome, pg_error> vacuum_command(const nlohmann::json& vacuum_stmt, command_context& context);

}  // namespace tributary
