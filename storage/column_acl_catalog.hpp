// column_acl_catalog: column privileges (pg_attribute.attacl), in the database
// file's tributary_column_acl: one row per column whose ACL GRANT / REVOKE
// changed, keyed by the table's SQLite name and the column's name, the ACL in
// stages/auth/table_acl's stored form. A column without a row has no
// privileges of its own (PostgreSQL's column acldefault is empty: the table's
// ACL gives the rest).
//
// GRANT / REVOKE (column lists, and a table-level REVOKE) rewrite rows; an
// empty ACL removes its row. DROP TABLE forgets the table's rows, ALTER TABLE
// RENAME moves them, DROP COLUMN / RENAME COLUMN forget or move one column's.
// Every call runs on the caller's connection inside its transaction.
#pragma once

#include <string>
#include <vector>

#include "stages/auth/table_acl.hpp"
#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

struct column_acl_row {
  std::string relname;
  std::string attname;
  table_acl acl;
};

result<std::vector<column_acl_row>, sqlite_error> list_column_acls(sqlite_connection& db);
// Writes the row, or removes it when the ACL is empty.
result<ok_t, sqlite_error> store_column_acl(sqlite_connection& db, const column_acl_row& row);
result<ok_t, sqlite_error> forget_column_acls(sqlite_connection& db, const std::string& relname);
result<ok_t, sqlite_error> rename_column_acls(sqlite_connection& db, const std::string& from, const std::string& to);
// One column's row: removed (attname_to empty) or renamed.
result<ok_t, sqlite_error> move_column_acl(sqlite_connection& db, const std::string& relname,
                                           const std::string& attname_from, const std::string& attname_to);

}  // namespace tributary
