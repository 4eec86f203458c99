// object_grant: what GRANT / REVOKE do to one object's ACL, whatever the kind
// of object (table, database, schema), as PostgreSQL 15's aclchk.c:
//
//   the grantor (select_best_grantor): the object's owner when the current
//   user is the owner, a member of it or a superuser; else the role of the
//   current user's with the most of the wanted grant options;
//   restrict_and_check_grant: without any grant option and without any
//   privilege at all on the object, 42501 "permission denied for <kind> x";
//   privileges it cannot grant are left out with WARNING 01007 ("no privileges
//   were granted for "x"" / "not all privileges were granted for "x"", and
//   "could be revoked" for REVOKE; no "not all" WARNING for ALL);
//   merge_acl_with_grant: 0LP01 "grant options can only be granted to roles";
//   REVOKE of a grant option someone granted further with: 2BP01 "dependent
//   privileges exist" unless CASCADE, which revokes those grants too.
//
// Also the parts of a GrantStmt every kind reads the same way: the grantees
// (PUBLIC is 0; 42704 for a missing role) and the privilege list (0LP01
// "invalid privilege type X for <kind>"; ALL is every privilege of the kind).
#pragma once

#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/commands/subscription_commands.hpp"
#include "stages/auth/table_acl.hpp"
#include "storage/data_directory.hpp"

namespace tributary {

struct grant_request {
  bool is_grant = true;
  bool all_privileges = false;  // ALL [PRIVILEGES]
  uint32_t privileges = 0;
  bool grant_option = false;    // WITH GRANT OPTION / GRANT OPTION FOR
  std::vector<int64_t> grantees;
  bool cascade = false;         // REVOKE ... CASCADE
};

// The object as it stands: its kind, name in messages, owner and ACL (acldefault
// when none is stored).
struct acl_target {
  acl_object kind = acl_object::table;
  std::string shown_name;
  int64_t owner = 0;
  table_acl acl;
  // A column's privileges (GRANT SELECT (c) ON t): the column's name (messages
  // say "column "c" of relation "t""), and its table's ACL, whose grant
  // options and privileges count for the grantor but which is not changed.
  std::string column;
  table_acl table_items;
};

// The fields every kind reads the same way (grantees, privileges, options).
result<grant_request, pg_error> read_grant_request(const nlohmann::json& fields, acl_object kind,
                                                   command_context& context, data_directory& directory);
// The grantees of a GrantStmt's fields (0 for PUBLIC).
result<std::vector<int64_t>, pg_error> grant_grantees(const nlohmann::json& fields, command_context& context,
                                                      data_directory& directory);
// The privilege bits of a GrantStmt's fields for an object of `kind`.
result<uint32_t, pg_error> grant_privileges_of(const nlohmann::json& fields, acl_object kind);

// The ACL after the GRANT or REVOKE, with its WARNINGs sent; `roles` are the
// current user's (table_access::roles).
result<table_acl, pg_error> apply_grant(const acl_target& target, const grant_request& request,
                                        const std::set<int64_t>& roles, int64_t user, command_context& context);

}  // namespace tributary
