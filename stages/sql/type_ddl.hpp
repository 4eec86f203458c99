// type_ddl: PostgreSQL's statements that define a user's types, read from their
// parse trees into requests the type commands (cli/commands/type_commands.hpp)
// carry out on a database file.
//
//   CREATE TYPE [schema.]name AS ENUM ('a', 'b', ...)      -> enum_type_request
//   CREATE DOMAIN [schema.]name [AS] type [DEFAULT expr] [[CONSTRAINT c] NOT NULL | NULL]
//                                                          -> domain_type_request
//   ALTER TYPE name ADD VALUE [IF NOT EXISTS] 'x' [BEFORE | AFTER 'y']
//   ALTER TYPE name RENAME VALUE 'a' TO 'b'                -> alter_enum_request
//   DROP TYPE / DROP DOMAIN [IF EXISTS] name [, ...] [CASCADE | RESTRICT]
//                                                          -> drop_types_request
// A domain's base type is read as a column's type is (a built-in type with its
// typmod, an array, a user's enum, another domain — whose base, NOT NULL and
// DEFAULT it inherits); its DEFAULT as a column default (create_table.hpp).
// Errors as PostgreSQL words them: 42704 type "x" does not exist (a domain's
// base), 42601 improper qualified name (too many dotted names): a.b.c, and
// 0A000 for what Tributary cannot do yet — COLLATE on a domain, a domain over a
// domain with CHECK constraints, range and base types (CREATE TYPE x AS RANGE,
// CREATE TYPE x (INPUT = ...)). Composite types: composite_type_ddl.hpp. A domain's CHECK constraints
// (named, or "<domain>_check", "<domain>_check1", ...) are translated once to
// report PostgreSQL's errors (check_translation.hpp; 42710 `constraint "c" for
// domain "d" already exists`) and kept as written (user_types.hpp domain_check).
// Pure: reads the tree, returns data.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/type_settings.hpp"
#include "stages/types/user/enum_type.hpp"
#include "stages/types/user/user_types.hpp"

namespace tributary {

struct qualified_type_name {
  std::string schema;  // "" when not qualified (public)
  std::string name;

  // "mood" or "sales.mood", as PostgreSQL's messages name the type.
  std::string display() const;
};

struct enum_type_request {
  qualified_type_name name;
  std::vector<std::string> labels;
};

struct domain_type_request {
  qualified_type_name name;
  user_type definition;  // kind 'd': base, dimensions, NOT NULL, DEFAULT (no oid yet)
};

// One CHECK constraint (a Constraint node's fields) of `domain`, whose existing
// checks its name must not repeat; `source` is the statement's text.
result<domain_check, pg_error> read_domain_check(const nlohmann::json& constraint,
                                                 std::string_view source,
                                                 const type_settings& settings,
                                                 const user_type& domain);

struct alter_enum_request {
  qualified_type_name name;
  bool rename = false;
  std::string old_label;   // RENAME VALUE old_label TO add.label
  add_value_request add;   // ADD VALUE: label, neighbour, BEFORE/AFTER, IF NOT EXISTS
};

struct drop_types_request {
  bool domain = false;  // DROP DOMAIN (else DROP TYPE)
  bool if_exists = false;
  bool cascade = false;
  std::vector<qualified_type_name> names;
};

// `node_type` is the statement's node ("CreateEnumStmt", "CompositeTypeStmt", ...).
result<enum_type_request, pg_error> read_create_enum(const nlohmann::json& fields);
result<domain_type_request, pg_error> read_create_domain(const nlohmann::json& fields,
                                                         std::string_view source,
                                                         const type_settings& settings,
                                                         const user_type_set& user_types);
result<alter_enum_request, pg_error> read_alter_enum(const nlohmann::json& fields);
result<drop_types_request, pg_error> read_drop_types(const nlohmann::json& fields);
// The 0A000 for the CREATE TYPE forms Tributary does not support.
pg_error unsupported_type_definition(const std::string& node_type);

}  // namespace tributary
