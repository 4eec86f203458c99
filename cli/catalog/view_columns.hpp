// view_columns: a view's columns as PostgreSQL types them (pg_attribute,
// information_schema.columns, psql's \d view): the view's SELECT, as SQLite
// keeps it in CREATE VIEW, translated by the query translator
// (stages/sql/translator/query_translation.hpp) over the tables' recorded
// columns; its output columns' names and types are the view's. nullopt when the
// text does not parse or the translator does not cover the SELECT (the caller
// keeps SQLite's declared types then).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/catalog/catalog_model.hpp"

namespace tributary {

// The reloptions of a view whose CREATE VIEW statement (as written) is
// `create_view` (stages/sql/view_options.hpp); empty when it has none.
std::vector<std::string> view_options_of_text(const std::string& create_view);

// `create_view_sql` is sqlite_schema.sql of the view; `model` holds the
// relations read so far (tables, and views before this one with their columns).
std::optional<std::vector<column_definition>> typed_view_columns(const std::string& create_view_sql,
                                                                 const catalog_model& model);

}  // namespace tributary
