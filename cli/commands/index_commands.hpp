// index_commands: CREATE INDEX and DROP INDEX in PostgreSQL's words (stages/sql/
// index_ddl plans them from what the database holds), inside the statement's
// transaction. A unique index that the table's rows already break fails as
// PostgreSQL's: 23505 could not create unique index "i", DETAIL Key (a)=(1) is
// duplicated. (the first duplicated key, printed by its column types).
#pragma once

#include <nlohmann/json.hpp>

#include "cli/commands/subscription_commands.hpp"
#include "cli/server/command_outcome.hpp"
#include "stages/types/type_settings.hpp"

namespace tributary {

// `source`: the statement's own text, which the tree's locations point into.
result<command_outcome, pg_error> create_index(const nlohmann::json& index_stmt, std::string_view source,
                                               command_context& context, const type_settings& settings);
result<command_outcome, pg_error> drop_indexes(const nlohmann::json& drop_stmt, command_context& context);

}  // namespace tributary
