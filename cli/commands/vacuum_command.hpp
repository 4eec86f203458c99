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
// dispatcher). pgbench -i runs VACUUM ANALYZE on its tables; pg_dump locks the
// tables it dumps.
#pragma once

#include <nlohmann/json.hpp>

#include "cli/commands/subscription_commands.hpp"
#include "cli/server/command_outcome.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

result<command_outcome, pg_error> vacuum_command(const nlohmann::json& vacuum_stmt, command_context& context);

// LOCK [TABLE] [ONLY] name, ... [IN mode MODE] [NOWAIT], in a transaction block
// (the dispatcher checks it: 25P01): each relation must exist (42P01). The modes
// up to ROW EXCLUSIVE (pg_dump's ACCESS SHARE) need nothing more on SQLite, whose
// readers see one snapshot and block no writer, and whose writer takes the
// database's write lock at its first write; the stronger modes are not
// supported yet (0A000).
result<command_outcome, pg_error> lock_table_command(const nlohmann::json& lock_stmt, command_context& context);

}  // namespace tributary
