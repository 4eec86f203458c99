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
// The same object holds the database's and the schemas' privileges (owner and
// ACL of the session's database from global.db, of public and every schema
// from the database file): allows_database() / allows_schema(). A member of
// the database's owner also has the privileges of pg_database_owner (6171),
// which owns public in PostgreSQL 15.
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
#include <vector>

#include "stages/auth/role_graph.hpp"
#include "stages/auth/table_acl.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "storage/data_directory.hpp"
#include "storage/relation_acl_catalog.hpp"
#include "storage/role_catalog.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

struct case_insensitive_less {
  bool operator()(const std::string& a, const std::string& b) const;
};

// PostgreSQL's predefined pg_database_owner: in each database, its owner.
inline constexpr int64_t database_owner_role = 6171;

struct schema_acl_entry {
  int64_t owner = 0;
  table_acl acl;        // acldefault when none is stored
  bool shown = false;   // pg_namespace.nspacl is not NULL: stored, or public's
};

struct table_access {
  int64_t user = 0;
  std::string database;
  int64_t database_owner = 10;
  table_acl database_acl;                        // acldefault when none is stored
  std::map<std::string, schema_acl_entry> schemas;  // public and every created schema
  std::set<int64_t> roles;  // whose privileges the user has, itself included
  std::map<std::string, relation_acl_row, case_insensitive_less> tables;  // every user table
  std::set<std::string, case_insensitive_less> triggers;
  // Views (also in `tables`, with their owner and ACL: a reader needs SELECT on
  // the view). What a view reads is checked with its owner's privileges
  // (PostgreSQL's security_invoker = false): the roles whose privileges each
  // view owner uses, or none checked for a superuser owner.
  struct view_owner {
    bool superuser = false;
    std::set<int64_t> roles;
  };
  std::set<std::string, case_insensitive_less> views;
  std::map<int64_t, view_owner> view_owners;
  // Column privileges (column_acl_catalog): table -> column -> ACL.
  std::map<std::string, std::map<std::string, table_acl, case_insensitive_less>, case_insensitive_less> columns;
  // The column names, in order, of each table in `columns` (INSERT without a
  // column list inserts into the first ones).
  std::map<std::string, std::vector<std::string>, case_insensitive_less> column_order;

  bool is_user_table(const std::string& relname) const { return tables.count(relname) != 0; }
  // True for names that are not user tables.
  bool allows(const std::string& relname, uint32_t privilege) const;
  bool owns(const std::string& relname) const;
  // The table's privilege, or the column's own (GRANT SELECT (c) ON t).
  bool allows_column(const std::string& relname, const std::string& column, uint32_t privilege) const;
  // The table's privilege, or that of at least one of its columns: what a
  // statement that names no column of the table needs (SELECT count(*) FROM t).
  bool allows_some_column(const std::string& relname, uint32_t privilege) const;
  // Whether view `view`'s owner has `privilege` on `relname` (what the view
  // reads): on the table, or on `column` (when given) through its own ACL.
  bool view_allows(const std::string& view, const std::string& relname, const char* column,
                   uint32_t privilege) const;
  bool allows_database(uint32_t privilege) const { return holds(database_acl, database_owner, roles, privilege); }
  // True for a schema that is not in `schemas` (pg_catalog, information_schema, a missing one).
  bool allows_schema(const std::string& schema, uint32_t privilege) const;
  bool owns_schema(const std::string& schema) const;
};

using table_access_ptr = std::shared_ptr<const table_access>;

// For `user` (not a superuser) on `db`, the session's connection to `database`.
result<table_access_ptr, pg_error> load_table_access(sqlite_connection& db, data_directory& directory,
                                                     const std::string& user, const std::string& database);

// The roles whose privileges `user` uses in a database owned by
// `database_owner`: roles_with_privileges_of, and pg_database_owner when the
// owner is among them.
std::set<int64_t> acting_roles(const std::vector<role_record>& roles, const std::vector<role_grant>& grants,
                               int64_t user, int64_t database_owner);
// A database's ACL, its acldefault when none is stored.
table_acl database_acl_of(const database_info& database);
// Public and every schema of the database with owner and ACL; role names map
// to OIDs through `roles`.
result<std::map<std::string, schema_acl_entry>, sqlite_error> load_schema_acls(
    sqlite_connection& db, const std::vector<role_record>& roles);

// 42501 "permission denied for database d" / "... for schema s" / ...
pg_error permission_denied_for(acl_object kind, const std::string& name);

// PostgreSQL's name of a table from its SQLite name ("sales.orders" -> "orders").
std::string table_display_name(const std::string& relname);

// 42501 "permission denied for table t" / "must be owner of table t".
pg_error table_permission_denied(const std::string& relname);
pg_error not_table_owner(const std::string& relname);
// "must be owner of view v".
pg_error not_view_owner(const std::string& relname);

}  // namespace tributary
