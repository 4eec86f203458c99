// qualified_names: a statement's schema-qualified relation names rewritten to
// the local tables that hold them (stages/core/local_relation_name.hpp), so the
// statement runs on SQLite, where a schema is part of the table's name.
//
// Input: one statement's parse tree ({"NodeType": {...}}) and the text its
// locations point into, with the statement's byte range in that text.
// Output: the statement's text with
//   - every relation written schema.name (a RangeVar: FROM, JOIN, UPDATE, DELETE,
//     INSERT INTO, CREATE/ALTER TABLE, CREATE INDEX ... ON, TRUNCATE, CREATE TABLE
//     AS) replaced by the local table's quoted name; where PostgreSQL lets the
//     query refer to it by its bare name (FROM, JOIN, UPDATE and DELETE targets
//     without an alias), followed by AS "name", so `orders.id` keeps working;
//   - every column reference written schema.table.column (or schema.table.*)
//     replaced by table.column;
//   - public.x written as x.
// and the schemas other than public it names, in order of appearance, once each
// (the caller checks they exist), and the relations it names as public.x. Names in pg_catalog, information_schema and
// pg_temp are left as written. DROP TABLE's names carry no location: drop_tables
// maps them itself.
//
// Pure; no I/O.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace tributary {

struct qualified_names_rewrite {
  std::string text;                  // the statement, names rewritten
  std::vector<std::string> schemas;  // schemas other than public that it names
  // The relations it names as public.x (by x): PostgreSQL checks USAGE on
  // public for them, where a bare x not found on the search path is 42P01.
  std::vector<std::string> public_relations;
};

// nullopt when the statement names no relation with a schema (nothing to change).
std::optional<qualified_names_rewrite> rewrite_qualified_names(const nlohmann::json& statement,
                                                               std::string_view text,
                                                               size_t statement_begin,
                                                               size_t statement_end);

// True for the schemas whose names stay as written (system catalogs).
bool is_system_schema(std::string_view schema);

}  // namespace tributary
