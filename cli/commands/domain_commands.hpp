// domain_commands: ALTER DOMAIN on a database file, as PostgreSQL does it.
//
//   ALTER DOMAIN d ADD [CONSTRAINT c] CHECK (...) [NOT VALID]
//       every column of the domain is validated first (unless NOT VALID):
//       23514 column "v" of table "t" contains values that violate the new
//       constraint; then each of those tables gets the check's clause in the
//       column (stages/sql/domain_checks.hpp) and is rebuilt; the check is
//       recorded (storage/user_type_catalog.hpp). 42710 constraint "c" for
//       domain "d" already exists.
//   ALTER DOMAIN d VALIDATE CONSTRAINT c   the columns validated, the check marked so
//   ALTER DOMAIN d DROP CONSTRAINT [IF EXISTS] c
//       the clause removed from every column and the check forgotten;
//       42704 constraint "c" of domain "d" does not exist (IF EXISTS: NOTICE).
//   ALTER DOMAIN d SET NOT NULL / DROP NOT NULL
//       23502 column "v" of table "t" contains null values; the domain's NOT NULL
//       clause added to or removed from each column
//   ALTER DOMAIN d SET DEFAULT expr / DROP DEFAULT
//       each column without a default of its own takes the new one
// 42704 type "x" does not exist; 42809 x is not a domain. Runs inside the statement's transaction.
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

#include "cli/commands/subscription_commands.hpp"
#include "cli/server/command_outcome.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/type_settings.hpp"

namespace tributary {

result<command_outcome, pg_error> alter_domain(const nlohmann::json& alter_domain_stmt,
                                               std::string_view source, command_context& context,
                                               const type_settings& settings);

// ALTER DOMAIN d RENAME CONSTRAINT a TO b (a RenameStmt's fields): 42704
// constraint "a" for domain d does not exist; 42710 constraint "b" for domain d
// already exists; the clause renamed in every column of the domain.
result<command_outcome, pg_error> rename_domain_constraint(const nlohmann::json& rename_stmt,
                                                           command_context& context,
                                                           const type_settings& settings);

}  // namespace tributary
