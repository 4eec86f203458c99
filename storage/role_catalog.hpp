// role_catalog: the roles of the server, in global.db's pg_authid (cluster-wide, as
// PostgreSQL's). The one place that reads and writes roles: CREATE/ALTER/DROP
// ROLE, authentication (the stored SCRAM verifier) and the pg_roles / pg_authid
// relations (list()) all come through here.
//
// Columns are PostgreSQL's: rolname, rolsuper, rolinherit, rolcreaterole,
// rolcreatedb, rolcanlogin, rolreplication, rolbypassrls, rolconnlimit,
// rolpassword (a SCRAM-SHA-256 verifier or NULL: never a clear-text password),
// rolvaliduntil (PostgreSQL's timestamptz text, NULL = for ever).
// upgrade_schema() adds the columns a global.db of an older Tributary lacks.
//
// DROP ROLE forgets the role's memberships (storage/role_membership.hpp) and is
// refused while the role owns a database or a subscription (2BP01
// with PostgreSQL's DETAIL lines "owner of subscription s"), or is the bootstrap
// superuser. Thread-safe: every call takes the data directory's global.db lock.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "storage/data_directory.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

struct role_record {
  int64_t oid = 0;
  std::string name;
  bool superuser = false;
  bool inherit = true;
  bool create_role = false;
  bool create_db = false;
  bool can_login = false;
  bool replication = false;
  bool bypass_rls = false;
  int64_t connection_limit = -1;
  std::optional<std::string> password;     // SCRAM-SHA-256 verifier
  std::optional<std::string> valid_until;  // timestamptz text
};

class role_catalog {
public:
  // The bootstrap superuser's oid, as PostgreSQL's BOOTSTRAP_SUPERUSERID.
  static constexpr int64_t bootstrap_oid = 10;
  // PostgreSQL 16's predefined role pg_create_subscription (a row of every
  // global.db, added by upgrade_schema; it cannot be dropped).
  static constexpr int64_t create_subscription_oid = 6304;

  explicit role_catalog(data_directory& directory) : directory_(directory) {}
  data_directory& directory() const { return directory_; }

  // Adds the role columns missing from an older global.db.
  static result<ok_t, sqlite_error> upgrade_schema(sqlite_connection& global);

  result<std::vector<role_record>, pg_error> list() const;
  result<std::optional<role_record>, pg_error> find(const std::string& name) const;
  // 42710 when the name is taken. Returns the new role with its oid.
  result<role_record, pg_error> create(role_record role);
  // Rewrites the role of that oid (a rename too: 42710 when the new name is taken).
  result<ok_t, pg_error> update(const role_record& role);
  // 2BP01 while the role owns a database or a subscription.
  result<ok_t, pg_error> drop(const role_record& role);

  // "owner of subscription s", "owner of database d": what keeps a role alive.
  result<std::vector<std::string>, pg_error> owned_objects(const role_record& role) const;

private:
  data_directory& directory_;
};

}  // namespace tributary
