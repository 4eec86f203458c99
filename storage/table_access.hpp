// table_access: what the current user of a client session may do with the
// tables of its database, read once before each of its statements (a GRANT in
// another session counts from this session's next statement, as PostgreSQL's
// privilege checks at execution).
//
// Superusers get no table_access at all: they bypass every check. For another
// role: the roles whose privileges it uses (itself, and what it inherits:
// role_graph's roles_with_privileges_of), every user table of the database with
// its owner and ACL (relation_acl_catalog), and the names of the database's
// triggers (what a trigger does runs with the trigger's rights, as the foreign
// key checks PostgreSQL runs as the table's owner).
//
// allows() answers for a table by its SQLite name; names that are not user
// tables (Tributary's own tributary_* and sqlite_* tables, the pg_catalog
// relations, views) are not checked here.
// check_access() is the SQLite authorizer's question: an action on a table
// while a client's statement is prepared (storage/secret_columns.hpp installs it).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "stages/auth/table_acl.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "storage/data_directory.hpp"
#include "storage/relation_acl_catalog.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

struct case_insensitive_less {
  bool operator()(const std::string& a, const std::string& b) const;
};

struct table_access {
  int64_t user = 0;
  std::set<int64_t> roles;  // whose privileges the user has, itself included
  std::map<std::string, relation_acl_row, case_insensitive_less> tables;  // every user table
  std::set<std::string, case_insensitive_less> triggers;

  bool is_user_table(const std::string& relname) const { return tables.count(relname) != 0; }
  // True for names that are not user tables.
  bool allows(const std::string& relname, uint32_t privilege) const;
  bool owns(const std::string& relname) const;
};

using table_access_ptr = std::shared_ptr<const table_access>;

// For `user` (not a superuser) on `db`, the session's connection.
result<table_access_ptr, pg_error> load_table_access(sqlite_connection& db, data_directory& directory,
                                                     const std::string& user);

// PostgreSQL's name of a table from its SQLite name ("sales.orders" -> "orders").
std::string table_display_name(const std::string& relname);

// 42501 "permission denied for table t" / "must be owner of table t".
pg_error table_permission_denied(const std::string& relname);
pg_error not_table_owner(const std::string& relname);

}  // namespace tributary
