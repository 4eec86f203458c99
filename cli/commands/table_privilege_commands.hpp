// table_privilege_commands: GRANT / REVOKE on tables and ALTER TABLE ... OWNER
// TO, as PostgreSQL 15 runs them (aclchk.c), on the database file's
// tributary_relation_acl (storage/relation_acl_catalog.hpp).
//
//   GRANT { privilege [, ...] | ALL [PRIVILEGES] } ON [TABLE] t [, ...]
//         | ON ALL TABLES IN SCHEMA s [, ...]
//         TO { role | PUBLIC | CURRENT_USER | SESSION_USER } [, ...] [WITH GRANT OPTION]
//   REVOKE [GRANT OPTION FOR] ... FROM ... [CASCADE | RESTRICT]
//   ALTER TABLE t OWNER TO role
//
// The grantor, the WARNINGs and 42501 as every kind of object has them
// (object_grant.hpp). Errors: 42P01 missing table, 3F000 missing schema,
// 42704 missing role, 0LP01 a privilege tables do not have. Privileges with
// column lists: column_privilege_commands.hpp. Other kinds of object:
// object_privilege_commands.hpp.
// OWNER TO: the owner or a superuser; a non-superuser must be a member of the
// new owner (42501 "must be member of role "r""), which needs CREATE on the
// table's schema; the ACL's items of the old owner become the new owner's.
#pragma once

#include <nlohmann/json.hpp>

#include "cli/commands/subscription_commands.hpp"
#include "storage/data_directory.hpp"
#include "storage/role_catalog.hpp"

namespace tributary {

// `fields` are a GrantStmt's.
result<command_outcome, pg_error> run_table_grant(const nlohmann::json& fields, command_context& context,
                                                  data_directory& directory);

// True for an ALTER TABLE whose commands are all OWNER TO.
bool is_owner_change(const nlohmann::json& alter_table_fields);
// ALTER TABLE / ALTER VIEW ... OWNER TO (a view is owned as a table is).
result<command_outcome, pg_error> change_table_owner(const nlohmann::json& fields, command_context& context,
                                                     data_directory& directory);
// A non-superuser gives a relation only to a role with CREATE on its schema
// (42501 permission denied for schema s), as PostgreSQL's ATExecChangeOwner.
result<ok_t, pg_error> check_new_owner_may_create(const std::string& relname, const role_record& new_owner,
                                                  command_context& context, data_directory& directory);

}  // namespace tributary
