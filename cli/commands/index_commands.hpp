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
#include "storage/violation_detail.hpp"

namespace tributary {

// `source`: the statement's own text, which the tree's locations point into.
result<command_outcome, pg_error> create_index(const nlohmann::json& index_stmt, std::string_view source,
                                               command_context& context, const type_settings& settings);
result<command_outcome, pg_error> drop_indexes(const nlohmann::json& drop_stmt, command_context& context);

// After ALTER TABLE `table` RENAME COLUMN `from` TO `to`: the kept PostgreSQL text of
// each of the table's indexes (keys and WHERE) names the column anew, as
// pg_get_indexdef then prints it (SQLite renames it in its own index text).
result<ok_t, pg_error> rename_column_in_index_texts(sqlite_connection& db, const std::string& table,
                                                    const std::string& from, const std::string& to);

// The keys of the SQLite index `index` on `table` when it has expressions, planned
// again from the PostgreSQL text kept for it (index_definition_catalog.hpp), for a
// violation's DETAIL (violation_detail.hpp); nullopt for an index without
// expressions or a text that no longer plans.
std::optional<std::vector<index_key_expression>> kept_expression_keys(sqlite_connection& db, const std::string& table,
                                                                     const std::string& index,
                                                                     const type_settings& settings);

}  // namespace tributary
