// apply_role: the role a subscription applies a table's changes as, and the
// privileges that role needs, as PostgreSQL 16's apply worker decides them
// (worker.c with usercontext.c's SwitchToUntrustedUser, TargetPrivilegesCheck).
// Pure: the caller reads roles, memberships, the subscription and the table's
// owner and ACL.
//
//   run_as_owner = false (the default)  each table's changes are applied as the
//       table's owner. The subscription owner must be able to SET ROLE to it
//       (a superuser, the owner itself, or a member of it), else
//       42501 role "sub_owner" cannot SET ROLE to "table_owner".
//   run_as_owner = true                 as the subscription owner.
//
//   The role applied as needs, on the table, as worker.c's TargetPrivilegesCheck
//   asks:
//     INSERT      INSERT
//     UPDATE      SELECT before looking for the row; UPDATE once it is found
//     DELETE      SELECT before looking for the row; DELETE once it is found
//     TRUNCATE    TRUNCATE (on every table truncated, a CASCADE's too)
//   else 42501 permission denied for table t. A superuser needs nothing. So a
//   role with SELECT alone skips an UPDATE or DELETE of a missing row
//   (update_missing / delete_missing) and fails on a found one.
//
//   session_user of the applied rows is the subscription owner; current_user
//   the role applied as (column DEFAULTs current_user / session_user).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "stages/auth/role_graph.hpp"
#include "stages/auth/table_acl.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

// What an apply decision reads about roles.
struct apply_role_facts {
  int64_t subscription_owner = 0;
  bool run_as_owner = false;
  std::vector<role_grant> grants;
  std::function<bool(int64_t)> is_superuser;
  std::function<bool(int64_t)> inherits;  // rolinherit
  std::function<std::string(int64_t)> name_of;
};

// The privileges a change of this kind needs before its row is looked for, in
// the order they are checked: 'I'nsert, 'U'pdate, 'D'elete, 'T'runcate.
std::vector<uint32_t> apply_privileges_needed(char kind);
// The one an UPDATE or DELETE needs once its row is found (nullopt for others).
std::optional<uint32_t> apply_privilege_for_found_row(char kind);

// The role the changes of a table owned by `table_owner` are applied as.
result<int64_t, pg_error> apply_role_for(const apply_role_facts& facts, int64_t table_owner);

// 42501 "permission denied for table <display_name>" unless `role` holds every
// privilege in `needed` on the table (owner, ACL: nullopt = acldefault).
result<ok_t, pg_error> check_apply_privileges(const apply_role_facts& facts, int64_t role, int64_t table_owner,
                                              const std::optional<table_acl>& acl,
                                              const std::vector<uint32_t>& needed,
                                              const std::string& display_name);

}  // namespace tributary
