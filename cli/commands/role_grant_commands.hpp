// role_grant_commands: GRANT role [, ...] TO member [, ...] [WITH ADMIN OPTION]
// [GRANTED BY r] and REVOKE [ADMIN OPTION FOR] role FROM member, with
// PostgreSQL 15's rules and messages (user.c AddRoleMems / DelRoleMems):
//
//   every named role must exist (42704); members are resolved first, then the
//   grantor, then each granted role in turn;
//   a superuser role only by a superuser (42501 "must be superuser to alter
//   superusers"); another role by CREATEROLE or when the grantor (for REVOKE the
//   current role) holds its ADMIN OPTION (42501 "must have admin option on role
//   \"r\"");
//   GRANTED BY another role only by a superuser ("must be superuser to set grantor");
//   no loops: granting r to a role r already belongs to (itself included) is
//   0LP01 "role \"r\" is a member of role \"m\"";
//   an existing membership gives NOTICE "role \"m\" is already a member of role
//   \"r\"" (unless the grant adds the admin option); revoking a missing one
//   gives WARNING "role \"m\" is not a member of role \"r\"".
// Memberships live in global.db (storage/role_membership.hpp) and take effect
// at once, outside the session's transaction, as role statements do here.
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "cli/commands/subscription_commands.hpp"
#include "cli/server/command_outcome.hpp"
#include "storage/role_catalog.hpp"
#include "storage/role_membership.hpp"

namespace tributary {

// AddRoleMems: `members` join `granted`, granted by `grantor`, with the checks
// above made for the current role `me` (also CREATE ROLE's IN ROLE / ROLE / ADMIN).
result<ok_t, pg_error> add_role_members(const role_record& granted, const std::vector<role_record>& members,
                                        const role_record& grantor, bool admin_option, const role_record& me,
                                        role_membership& store, command_context& context);

// `fields` are a GrantRoleStmt's.
result<command_outcome, pg_error> run_role_grant(const nlohmann::json& fields, role_catalog& roles,
                                                 role_membership& members, command_context& context);

}  // namespace tributary
