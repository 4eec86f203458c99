// role_membership: who is a member of which role, in global.db's
// pg_auth_members (roleid, member, grantor, admin_option), as PostgreSQL 15
// keeps it: one row per (role, member). GRANT role TO member, REVOKE, DROP ROLE
// and SET ROLE's check read and write it here; the questions (member through
// other roles? admin option?) are stages/auth/role_graph.hpp's.
// Thread-safe: every call takes the data directory's global.db lock.
#pragma once

#include <vector>

#include "stages/auth/role_graph.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "storage/data_directory.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

class role_membership {
public:
  explicit role_membership(data_directory& directory) : directory_(directory) {}

  // Creates pg_auth_members in a global.db that lacks it.
  static result<ok_t, sqlite_error> upgrade_schema(sqlite_connection& global);
  // Removes every grant of or to `oid` (its role is being dropped), on `global`
  // inside the caller's lock.
  static result<ok_t, sqlite_error> forget_role(sqlite_connection& global, int64_t oid);

  result<std::vector<role_grant>, pg_error> list() const;
  // Inserts the grant, or, for a pair that exists, turns its admin option on
  // when the grant asks for it. Returns whether the pair existed.
  result<bool, pg_error> grant(const role_grant& grant);
  // Deletes the pair, or only its admin option. Returns whether the pair existed.
  result<bool, pg_error> revoke(int64_t role, int64_t member, bool admin_option_only);

private:
  data_directory& directory_;
};

}  // namespace tributary
