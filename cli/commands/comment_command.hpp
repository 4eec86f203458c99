// comment_command: a client's COMMENT ON, as PostgreSQL answers it, for the
// objects whose comments Tributary keeps (storage/description_catalog.hpp):
//
//   COMMENT ON TABLE t IS 'text'      COMMENT ON VIEW v / SEQUENCE s IS 'text'
//   COMMENT ON COLUMN t.c IS 'text'   (a table's or a view's column)
//   ... IS NULL  or  IS ''            removes the comment
//
// Errors in PostgreSQL's words: 42P01 relation "x" does not exist; 42809 "v" is
// not a table / not a view / not a sequence; 42703 column "c" of relation "t" does
// not exist. Other kinds of object (DATABASE, SCHEMA, INDEX, FUNCTION, ...) are
// 0A000. The answer is the tag COMMENT.
#pragma once

#include <nlohmann/json.hpp>

#include "cli/commands/subscription_commands.hpp"
#include "cli/server/command_outcome.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

result<command_outcome, pg_error> comment_command(const nlohmann::json& comment_stmt, command_context& context);

}  // namespace tributary
