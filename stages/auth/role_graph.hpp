// role_graph: role membership as PostgreSQL's pg_auth_members records it, and
// the questions acl.c answers from it. Pure: the caller reads the grants.
//
//   is_member_of(grants, member, role)   member is role, or a member of it
//       directly or through other roles (is_member_of_role_nosuper: superuser
//       status is the caller's business). SET ROLE and loop checks use it.
//   is_admin_of(grants, member, role)    member, or a role member belongs to,
//       holds role WITH ADMIN OPTION (PostgreSQL 15's is_admin_of_role).
// A grant names oids: (role, member, grantor, admin_option), one row per
// (role, member) pair as PostgreSQL 15 keeps them.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

namespace tributary {

struct role_grant {
  int64_t role = 0;     // roleid: the role whose privileges are granted
  int64_t member = 0;   // the role that receives them
  int64_t grantor = 0;
  bool admin_option = false;
};

bool is_member_of(const std::vector<role_grant>& grants, int64_t member, int64_t role);
bool is_admin_of(const std::vector<role_grant>& grants, int64_t member, int64_t role);

// Every role `member` belongs to, itself first, each once.
std::vector<int64_t> roles_of_member(const std::vector<role_grant>& grants, int64_t member);

// The roles whose privileges `member` uses (PostgreSQL 15's has_privs_of_role):
// itself, and the roles it belongs to through roles that INHERIT (a role
// without INHERIT passes nothing on). `inherits(oid)` is the role's rolinherit.
std::vector<int64_t> roles_with_privileges_of(const std::vector<role_grant>& grants, int64_t member,
                                              const std::function<bool(int64_t)>& inherits);

}  // namespace tributary
