// sequence_commands: CREATE SEQUENCE, ALTER SEQUENCE and DROP SEQUENCE as
// PostgreSQL answers them, on the database's sequence catalog
// (storage/sequence_catalog.hpp), inside the statement's transaction.
//
//   CREATE SEQUENCE [IF NOT EXISTS] s [AS t] [INCREMENT [BY] n] [[NO] MINVALUE n]
//          [[NO] MAXVALUE n] [START [WITH] n] [CACHE n] [[NO] CYCLE] [OWNED BY t.c | NONE]
//          42P07 relation "s" already exists (IF NOT EXISTS: NOTICE ..., skipping);
//          the options' errors are sequence_definition.hpp's; OWNED BY names an
//          existing table (42P01) and column (42703)
//   ALTER SEQUENCE [IF EXISTS] s <options> [RESTART [WITH n]]
//          42P01 relation "s" does not exist; 42809 "t" is not a sequence
//   DROP SEQUENCE [IF EXISTS] s, ... [CASCADE | RESTRICT]
//          42P01 sequence "s" does not exist (IF EXISTS: NOTICE); 42809 for a table
//          (HINT Use DROP TABLE to remove a table.); 2BP01 for the sequence of a
//          serial column (its default uses it) or of an identity column
//
// The column a sequence belongs to (serial, identity) is created by create_table
// through create_owned_sequence below.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "cli/commands/subscription_commands.hpp"
#include "cli/server/command_outcome.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

// `node_type` is CreateSeqStmt, AlterSeqStmt or DropStmt; `source` the text the
// tree was parsed from (numbers are read back from it).
result<command_outcome, pg_error> sequence_command(const std::string& node_type,
                                                   const nlohmann::json& stmt, std::string_view source,
                                                   command_context& context);

}  // namespace tributary
