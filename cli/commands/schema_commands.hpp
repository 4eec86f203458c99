// schema_commands: CREATE SCHEMA and DROP SCHEMA, as PostgreSQL runs them, on a
// database file where a schema's tables are the SQLite tables named
// "<schema>.<table>" (stages/core/local_relation_name.hpp, namespace_catalog.hpp).
//
//   CREATE SCHEMA [IF NOT EXISTS] name [AUTHORIZATION role]
//     42704 role "r" does not exist; then, unless a superuser:
//     42501 permission denied for database d (CREATE on the database),
//     42501 must be member of role "r" (AUTHORIZATION another role)
//     42P06 schema "x" already exists (IF NOT EXISTS: NOTICE ..., skipping)
//     42939 unacceptable schema name "pg_x" (DETAIL: the prefix "pg_" is reserved)
//     0A000 for schema elements (CREATE SCHEMA x CREATE TABLE ...)
//   DROP SCHEMA [IF EXISTS] a [, b] [CASCADE | RESTRICT]
//     3F000 schema "x" does not exist (IF EXISTS: NOTICE ..., skipping)
//     2BP01 cannot drop schema x because other objects depend on it (RESTRICT,
//           the default, with tables or types; DETAIL lists them, HINT says CASCADE)
//     CASCADE drops the tables and their column type rows, the types (and what
//     depends on them elsewhere: type_commands.hpp), with PostgreSQL's
//     NOTICE "drop cascades to table x.t" (or "to N other objects" + DETAIL)
//     42501 must be owner of schema x (neither owner nor superuser)
//     public, pg_catalog and information_schema cannot be dropped here (2BP01).
// And the check CREATE TABLE makes first: 3F000 schema "x" does not exist.
// Both run inside the statement's transaction (the caller opens one if needed).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/commands/subscription_commands.hpp"
#include "cli/server/command_outcome.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "storage/data_directory.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

result<command_outcome, pg_error> create_schema(const nlohmann::json& create_schema_stmt,
                                                command_context& context, data_directory& directory);

result<command_outcome, pg_error> drop_schemas(const nlohmann::json& drop_stmt,
                                               command_context& context);

// 3F000 for the first of `schemas` that does not exist (public always does).
result<ok_t, pg_error> check_schemas_exist(const std::vector<std::string>& schemas, sqlite_connection& db);

}  // namespace tributary
