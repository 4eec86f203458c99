// role_commands: CREATE ROLE / CREATE USER, ALTER ROLE, ALTER ROLE ... RENAME TO and
// DROP ROLE, with PostgreSQL 15's permission rules and messages (user.c):
//
//   CREATE: superuser or CREATEROLE (42501 "permission denied to create role");
//     SUPERUSER / REPLICATION / BYPASSRLS only by a superuser; names "pg_*" are
//     reserved (42939); an existing name is 42710. CREATE USER implies LOGIN.
//   ALTER: a superuser role, or the SUPERUSER / REPLICATION / BYPASSRLS attributes,
//     only by a superuser; otherwise CREATEROLE, except that any role may change
//     its own password (42501 "permission denied").
//   RENAME: not the session's own role (0A000); CREATEROLE (superusers: superuser).
//   DROP: CREATEROLE; not the current user (55006); superusers only by a
//     superuser; 2BP01 while the role owns a database or a subscription;
//     IF EXISTS gives PostgreSQL's NOTICE for a missing role.
// Passwords become SCRAM-SHA-256 verifiers before they reach global.db
// (stages/auth/role_options.hpp); no message ever repeats a password.
// Roles live in global.db, outside the session's database transaction: each
// statement takes effect at once, even inside a transaction block.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "cli/commands/subscription_commands.hpp"
#include "cli/server/command_outcome.hpp"
#include "stages/types/type_settings.hpp"
#include "storage/role_catalog.hpp"

namespace tributary {

// `node` is the statement node: {"CreateRoleStmt": {...}}, {"AlterRoleStmt": ...},
// {"DropRoleStmt": ...}, {"RenameStmt": {"renameType": "OBJECT_ROLE", ...}} or
// {"AlterRoleSetStmt": ...} (0A000) or {"GrantRoleStmt": ...} (role_grant_commands.hpp).
// `text` is the statement as written (for what libpg_query's JSON loses).
// `settings` read VALID UNTIL's timestamp (the session's TimeZone).
result<command_outcome, pg_error> run_role_statement(const nlohmann::json& node, std::string_view text,
                                                     role_catalog& roles, command_context& context,
                                                     const type_settings& settings);

}  // namespace tributary
