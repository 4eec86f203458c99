// truncate_command: a client's TRUNCATE, as PostgreSQL answers it.
//
//   TRUNCATE [TABLE] [ONLY] a [*], b ... [RESTART IDENTITY | CONTINUE IDENTITY]
//            [CASCADE | RESTRICT]
//
// Each name must be a table: 42P01 relation "x" does not exist, 42809 "s" is not
// a table. CASCADE adds, until none is left, every table whose foreign key
// references a truncated one (NOTICE truncate cascades to table "b", in creation
// order); without it such a table outside the list refuses the statement: 0A000
// cannot truncate a table referenced in a foreign key constraint, DETAIL Table "b"
// references "a"., HINT Truncate table "b" at the same time, or use TRUNCATE ...
// CASCADE. The tables are emptied by storage/table_truncation.hpp, the same code
// the apply path uses, which with RESTART IDENTITY restarts the sequences the
// tables own (storage/sequence_catalog.hpp) -- all in the statement's transaction.
#pragma once

#include <nlohmann/json.hpp>

#include "cli/commands/subscription_commands.hpp"
#include "cli/server/command_outcome.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "storage/table_access.hpp"

namespace tributary {

// `access`: the current user's table privileges (nullptr for a superuser):
// each table CASCADE adds needs TRUNCATE too (42501 after its NOTICE, as
// ExecuteTruncate checks them).
result<command_outcome, pg_error> truncate_tables(const nlohmann::json& truncate_stmt,
                                                  command_context& context, const table_access* access = nullptr);

}  // namespace tributary
