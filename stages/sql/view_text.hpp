// view_text: what a view's SQLite text keeps. A view whose SELECT the query
// translator covers is created in SQLite from the translated SELECT (it computes
// PostgreSQL's values, in the stored forms of its columns' types), and its text
// carries, in a comment, the CREATE VIEW statement as the user wrote it and the
// PostgreSQL type of each column:
//
//   CREATE VIEW "sales.v"("id","total") AS /* tributary-view {"postgres":"CREATE VIEW
//   sales.v AS SELECT id, price * 2 AS total FROM sales.o","columns":[{"name":"id",
//   "oid":23,"typmod":-1,"dimensions":0}, ...]} */ SELECT "o"."id" AS "1", ...
//
// So the view goes with DROP VIEW as any SQLite view, a query on it is translated
// over its typed columns (RowDescription, operators on its columns), and the
// catalogs read the PostgreSQL text (pg_get_viewdef, \d+, pg_dump). A view made
// before (or whose SELECT the translator does not cover) is SQLite's view of the
// statement's own text, without the comment. Pure.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stages/types/column_definition.hpp"

namespace tributary {

struct stored_view {
  std::string postgres;                   // the CREATE VIEW statement as written
  std::vector<column_definition> columns;  // name and type of each column
};

// The SQLite CREATE VIEW of `local_name` ("v", "sales.v") computing `translated_select`,
// whose output columns are the view's columns in order.
std::string translated_view_sql(const std::string& local_name, bool temporary, const stored_view& view,
                                const std::string& translated_select);

// The record in a view's SQLite text (sqlite_schema.sql); nullopt for a view
// created from its own text.
std::optional<stored_view> read_stored_view(std::string_view sqlite_sql);

// The view's CREATE VIEW statement as the user wrote it: the record's, or the
// SQLite text itself for a view created from its own text.
std::string postgres_view_text(std::string_view sqlite_sql);

}  // namespace tributary
