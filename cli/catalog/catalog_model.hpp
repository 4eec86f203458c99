// catalog_model: one database's relations as PostgreSQL's catalogs describe
// them, read from Tributary's own catalogs: SQLite's schema (tables, views,
// indexes), the column type catalog (tributary_columns), the schemas
// (tributary_namespaces), the sequences (tributary_sequences) and the users'
// types (tributary_types). The pg_catalog relations (catalog_relations.hpp)
// and functions (catalog_functions.hpp) are computed from it.
//
// OIDs: Tributary gives its tables, indexes and constraints no stored OID, so
// each gets a stable one from its kind and local name (FNV-1a into
// [16384, 16384 + 10^9)): the same name gives the same OID in every session and
// after a restart; a rename gives a new one. Schemas: pg_catalog 11, public
// 2200, information_schema 13183 (PostgreSQL 15's), others by name. Users'
// types keep their recorded OIDs.
//
// Names PostgreSQL derives: a primary key's index and constraint
// <table>_pkey, a UNIQUE constraint's <table>_<columns>_key; an index made
// with CREATE INDEX keeps its name. Owner of a table: the one recorded with its
// privileges (relation_acl_catalog.hpp), else the database's owner.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "stages/auth/table_acl.hpp"
#include "stages/sql/trigger_program.hpp"
#include "stages/types/column_definition.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

inline constexpr int64_t pg_catalog_namespace_oid = 11;
inline constexpr int64_t public_namespace_oid = 2200;
inline constexpr int64_t information_schema_namespace_oid = 13183;
inline constexpr int64_t pg_toast_namespace_oid = 99;
// PostgreSQL 15's public schema belongs to the role pg_database_owner (the
// database's owner, whoever that is).
inline constexpr int64_t database_owner_role_oid = 6171;
// Its privileges on public, as initdb leaves them (nspacl, pg_init_privs).
inline constexpr const char* public_schema_acl = "{pg_database_owner=UC/pg_database_owner,=U/pg_database_owner}";

struct catalog_index {
  int64_t oid = 0;
  std::string name;                  // PostgreSQL's name
  std::string local_name;            // SQLite's index ("" for the rowid primary key)
  std::vector<int> columns;          // attnums
  std::vector<bool> descending;      // per column: DESC (SQLite keeps no NULLS FIRST/LAST)
  // An index on expressions or with a WHERE: PostgreSQL's text of each key
  // ("" for a column; its attnum is 0) and of the WHERE (index_definition_catalog.hpp).
  std::vector<std::string> expressions, pretty_expressions;
  std::string predicate, pretty_predicate;
  bool unique = false;
  bool primary = false;
  bool constraint = false;           // made by PRIMARY KEY / UNIQUE (a pg_constraint row)
  int64_t constraint_oid = 0;
};

// A foreign key (SQLite's pragma_foreign_key_list), named as declared or as
// PostgreSQL names it: <table>_<columns>_fkey.
struct catalog_foreign_key {
  int64_t oid = 0;
  std::string name;
  std::vector<int> columns;             // attnums
  std::string referenced_local_name;    // the SQLite table
  int64_t referenced_oid = 0;
  std::vector<std::string> referenced_names;  // "" each: the referenced primary key
  std::vector<int> referenced_columns;  // attnums in the referenced table
  char on_update = 'a';                 // a no action, r restrict, c cascade, n set null, d set default
  char on_delete = 'a';
};

// A CHECK constraint as recorded with its PostgreSQL text (check_catalog.hpp).
struct catalog_check {
  int64_t oid = 0;
  std::string name;
  std::vector<int> columns;  // attnums of the columns it names
  std::string definition;         // pg_get_constraintdef(oid): CHECK ((a > 0))
  std::string pretty_definition;  // pg_get_constraintdef(oid, true): CHECK (a > 0)
};

// A trigger (trigger_catalog.hpp) with its OID and its function's.
struct catalog_trigger {
  int64_t oid = 0;
  int64_t function_oid = 0;
  trigger_definition definition;
};

// A PL/pgSQL trigger function (schema public): its CREATE FUNCTION statement.
struct catalog_function {
  int64_t oid = 0;
  std::string name;
  std::string source;
};

struct catalog_relation {
  int64_t oid = 0;
  std::string local_name;  // the SQLite table ("sales.orders")
  std::string schema;      // "public", "sales"
  int64_t namespace_oid = 0;
  std::string name;        // "orders"
  char kind = 'r';         // r table, v view, S sequence
  std::vector<column_definition> columns;
  std::vector<catalog_index> indexes;
  int64_t owner = 0;              // 0: the database's owner (no recorded owner)
  std::optional<table_acl> acl;   // nullopt: acldefault (relacl NULL)
  std::map<std::string, table_acl> column_acls;  // columns with privileges of their own (attacl)
  std::vector<catalog_foreign_key> foreign_keys;
  bool referenced = false;  // another table's foreign key references it
  std::vector<catalog_check> checks;
  std::vector<catalog_trigger> triggers;  // in name order
  std::vector<std::string> options;       // reloptions ("check_option=local"): a view's WITH options
  // A temporary view: in the session's temporary schema (PostgreSQL's pg_temp_N,
  // temporary_schemas.hpp), SQLite's temp schema.
  bool temporary = false;
};

// The SQLite schema table that holds `r`'s SQL: temp.sqlite_schema for a
// temporary view, main.sqlite_schema otherwise.
std::string sqlite_schema_of(const catalog_relation& r);

struct catalog_namespace {
  int64_t oid = 0;
  std::string name;
};

struct catalog_user_type {
  int64_t oid = 0;
  std::string schema;
  std::string name;
  char kind = 'e';  // e enum, d domain
  int64_t base_type = 0;
  int32_t base_typmod = -1;
  bool not_null = false;
  int64_t array = 0;                  // typarray: its array type (_mood, _price)
  std::vector<catalog_check> checks;  // a domain's CHECK constraints (pg_constraint, contypid)
  std::optional<std::string> default_text;  // a domain's DEFAULT as PostgreSQL prints it (typdefault)
  int32_t dimensions = 0;  // typndims: a domain over an array's (il AS int[]: 1)
};

struct catalog_model {
  std::vector<catalog_namespace> namespaces;  // the built-in ones first
  // The session's temporary schema's name ("pg_temp_4": its backend number), made
  // or not; `temporary_schema_made` once the session made it (then in namespaces).
  std::string temporary_schema = "pg_temp_3";
  bool temporary_schema_made = false;
  std::vector<catalog_relation> relations;    // tables, views, sequences (not indexes)
  std::vector<catalog_user_type> types;
  std::vector<catalog_function> functions;  // trigger functions, by name

  const catalog_function* function(int64_t oid) const;
  const catalog_function* function(const std::string& name) const;
  // The trigger of `oid` and its table.
  std::optional<std::pair<const catalog_relation*, const catalog_trigger*>> trigger(int64_t oid) const;

  const catalog_relation* relation(int64_t oid) const;
  const catalog_relation* relation(const std::string& schema, const std::string& name) const;
  // The index of `oid` and its table.
  std::optional<std::pair<const catalog_relation*, const catalog_index*>> index(int64_t oid) const;
  std::optional<std::pair<const catalog_relation*, const catalog_index*>> constraint(int64_t oid) const;
  const catalog_namespace* namespace_of(int64_t oid) const;
  // pg_is_other_temp_schema: a pg_temp_N / pg_toast_temp_N that is not the session's own.
  bool is_other_temporary_schema(int64_t oid) const;
  std::optional<std::pair<const catalog_relation*, const catalog_foreign_key*>> foreign_key(int64_t oid) const;
  const catalog_check* check(int64_t oid) const;
};

// The referenced table's unique index the foreign key depends on (pg_constraint.conindid):
// the first on the referenced columns; 0 when none.
int64_t foreign_key_index_oid(const catalog_model& model, const catalog_foreign_key& key);

// A stable OID for an object of `kind` ("r", "i", "c", "n", "f" function, "tg"
// trigger: "<table>.<name>") named `name`.
int64_t catalog_object_oid(const std::string& kind, const std::string& name);

result<catalog_model, sqlite_error> read_catalog_model(sqlite_connection& db);

// The text of pg_get_indexdef(index) (`pretty`: its expressions as printed
// pretty) and pg_get_constraintdef(constraint).
std::string index_definition(const catalog_relation& table, const catalog_index& index, bool pretty = false);
// An index key's expression as pg_get_indexdef prints it: a function call as is,
// anything else in parentheses ("((a + b))").
std::string printed_index_key(const std::string& expression);
std::string constraint_definition(const catalog_relation& table, const catalog_index& index);
// FOREIGN KEY (a) REFERENCES p(id) [ON UPDATE ...] [ON DELETE ...]; the referenced
// table schema-qualified unless its schema is in `visible`.
std::string foreign_key_definition(const catalog_model& model, const catalog_relation& table,
                                   const catalog_foreign_key& key, const std::vector<std::string>& visible);

}  // namespace tributary
