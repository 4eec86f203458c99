// key_dependents: ALTER TABLE t DROP CONSTRAINT k of a primary key or unique
// constraint that foreign keys depend on (PostgreSQL: those whose conindid is
// k's index, catalog_model.hpp's foreign_key_index_oid), before the table's
// own change:
//
//   without CASCADE  2BP01 cannot drop constraint k on table t because other
//                    objects depend on it; DETAIL one line per foreign key
//                    ("constraint f on table c depends on index k"); HINT Use
//                    DROP ... CASCADE to drop the dependent objects too.
//   with CASCADE     NOTICE drop cascades to constraint f on table c (or "to n
//                    other objects" with one DETAIL line each), then each foreign
//                    key is dropped from its table (ALTER TABLE c DROP CONSTRAINT
//                    f: a rebuild of c), in the caller's transaction.
//
// Other subcommands, and keys nothing references, are left to alter_table.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "cli/commands/subscription_commands.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/type_settings.hpp"

namespace tributary {

// ALTER TABLE table DROP CONSTRAINT name (a rebuild of the SQLite table `table`),
// in the caller's transaction; also DROP TABLE ... CASCADE's.
result<ok_t, pg_error> drop_foreign_key(const std::string& table, const std::string& name, command_context& context,
                                        const type_settings& settings);

// `stmt` is an AlterTableStmt's fields on the SQLite table `table`.
result<ok_t, pg_error> drop_foreign_keys_depending_on_dropped_keys(const nlohmann::json& stmt,
                                                                   const std::string& table,
                                                                   command_context& context,
                                                                   const type_settings& settings);

}  // namespace tributary
