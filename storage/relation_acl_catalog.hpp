// relation_acl_catalog: who owns each table of a database and who may do what
// with it (pg_class.relowner / relacl), in the database file's
// tributary_relation_acl: one row per table created through Tributary, keyed by
// its SQLite name ("t", or "schema.t"). A table without a row (created before
// privileges existed, or by another SQLite tool) belongs to the bootstrap
// superuser with acldefault. relacl NULL means acldefault, as in PostgreSQL;
// otherwise stages/auth/table_acl's stored form.
//
// CREATE TABLE records the owner; GRANT/REVOKE and ALTER TABLE OWNER TO rewrite
// the row; ALTER TABLE RENAME moves it; DROP TABLE removes it. Every call runs
// on the caller's connection inside its transaction.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "stages/auth/table_acl.hpp"
#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

struct relation_acl_row {
  std::string relname;  // the SQLite table's name
  int64_t owner = 0;
  std::optional<table_acl> acl;  // nullopt: acldefault
};

// The owner of a table without a row.
inline constexpr int64_t default_relation_owner = 10;  // the bootstrap superuser

result<std::vector<relation_acl_row>, sqlite_error> list_relation_acls(sqlite_connection& db);
// The row of `relname`, or the default one (bootstrap owner, acldefault).
result<relation_acl_row, sqlite_error> relation_acl_of(sqlite_connection& db, const std::string& relname);
// Inserts or rewrites the row.
result<ok_t, sqlite_error> store_relation_acl(sqlite_connection& db, const relation_acl_row& row);
result<ok_t, sqlite_error> forget_relation_acl(sqlite_connection& db, const std::string& relname);
result<ok_t, sqlite_error> rename_relation_acl(sqlite_connection& db, const std::string& from,
                                               const std::string& to);

}  // namespace tributary
