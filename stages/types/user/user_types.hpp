// user_types: the types a database's users defined — enums (CREATE TYPE ... AS
// ENUM) and domains (CREATE DOMAIN) — as the DDL translators see them when a
// column names one. Read from the database file (storage/user_type_catalog.hpp)
// before a statement is translated; pure data here.
//
// Name lookup follows PostgreSQL's search_path of "pg_catalog, public": a
// built-in type wins over a user type of the same unqualified name; a qualified
// name (sales.mood) looks in that schema only.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stages/types/column_type.hpp"
#include "stages/types/user/enum_type.hpp"

namespace tributary {

// A domain's CHECK constraint, kept as written: the expression's parse tree
// (libpg_query's JSON of the CHECK's raw_expr) and the statement text its
// locations point into, so it is translated for each column of the domain.
struct domain_check {
  std::string name;
  std::string expression_tree;
  std::string source;
  bool validated = true;  // false: added NOT VALID and not validated since
};

struct user_type {
  oid_t oid = 0;
  // pg_type.typarray: its array type (_mood, _price), allocated just before it,
  // as PostgreSQL's (OID - 1); a type made before that rule (an enum before
  // version 13 of the catalog, a domain before 12) has its OID + enum_array_oid_base.
  oid_t array_oid = 0;
  std::string schema = "public";
  std::string name;
  char kind = 'e';  // 'e' enum, 'd' domain, 'c' composite (pg_type.typtype; its
                    // attributes: the translators' table lookup, by its local name)

  // enum
  std::shared_ptr<const enum_definition> labels;
  // domain: the base type (arrays included: a domain over int[]), its NOT NULL and
  // DEFAULT (SQLite text and PostgreSQL text of the expression)
  column_type base;
  int base_dimensions = 0;
  bool not_null = false;
  std::optional<std::string> default_sqlite;
  std::optional<std::string> default_postgres;
  std::vector<domain_check> checks;  // by name, PostgreSQL's order of evaluation

  // As format_type prints it: "mood" in public, "sales.mood" elsewhere.
  std::string display_name() const;
  // The column type of an enum column, and of a column of its array type (mood[]).
  column_type enum_column_type() const;
  column_type enum_array_column_type() const;
  // The column type of an array of the domain: price[] the base type's array
  // (numeric[], the domain's typmod) seen by clients as _price; il[] over int[]:
  // domain_over_array.hpp's; nullopt for a base without an array type.
  std::optional<column_type> domain_array_column_type() const;
};

struct user_type_set {
  std::vector<user_type> types;

  // The type `name` in `schema` ("" = unqualified: public), or nullptr.
  const user_type* find(std::string_view schema, std::string_view name) const;
  const user_type* find(oid_t oid) const;
  // The type a value of pg_type OID `oid` is read as, when `oid` is one of these
  // types or their array types: an enum (mood) or its array (_mood), a domain
  // (price: its base type) or its array (_price: domain_array_column_type);
  // nullopt otherwise. (A parameter Parse declares with such an OID, or that
  // ParameterDescription named so.)
  std::optional<column_type> value_type_of(oid_t oid) const;
};

// An empty set (translators' default: a database without user types).
const user_type_set& no_user_types();

}  // namespace tributary
