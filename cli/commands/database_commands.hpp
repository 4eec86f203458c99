// database_commands: ALTER DATABASE's options, as PostgreSQL 15's AlterDatabase.
//
//   ALTER DATABASE d [WITH] [ALLOW_CONNECTIONS b] [CONNECTION LIMIT n]
//     options read by stages/auth/database_options.hpp (42601 / 22023), then
//     3D000 database "d" does not exist, 42501 must be owner of database d (a
//     superuser, or a role with the owner's privileges), 22023 "cannot disallow
//     connections for current database"; pg_database.datconnlimit and
//     datallowconn are rewritten in global.db (session_startup checks them at
//     the next login: 53300 too many connections for database "d", 55000 "is
//     not currently accepting connections").
//   IS_TEMPLATE and SET TABLESPACE: 0A000 (a database file has no template
//   flag and there are no tablespaces).
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

#include "cli/commands/subscription_commands.hpp"
#include "storage/data_directory.hpp"

namespace tributary {

// An AlterDatabaseStmt's fields and its text.
result<command_outcome, pg_error> alter_database(const nlohmann::json& fields, std::string_view statement_text,
                                                 command_context& context, data_directory& directory);

}  // namespace tributary
