// description_catalog: the comments COMMENT ON gives relations and columns
// (tributary_descriptions, catalog_schema.cpp), keyed by the relation's SQLite
// name and the column's name ("" for the relation itself). pg_description,
// obj_description and col_description read them (cli/catalog). DROP TABLE
// forgets a table's comments, as PostgreSQL drops them with the table; RENAME
// carries them over.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

struct relation_description {
  std::string relation;  // SQLite's name: "orders", "sales.items"
  std::string column;    // "" for the relation
  std::string text;
};

// Sets (or, for nullopt or "", removes) one comment.
result<ok_t, sqlite_error> set_description(sqlite_connection& db, const std::string& relation,
                                           const std::string& column, const std::optional<std::string>& text);

// Every comment of the database (none when the file predates the catalog).
std::vector<relation_description> read_descriptions(sqlite_connection& db);

result<ok_t, sqlite_error> forget_descriptions(sqlite_connection& db, const std::string& relation);

// ALTER TABLE ... RENAME TO / RENAME COLUMN: the comments follow their object.
result<ok_t, sqlite_error> rename_descriptions(sqlite_connection& db, const std::string& relation,
                                               const std::string& new_relation);
result<ok_t, sqlite_error> rename_column_description(sqlite_connection& db, const std::string& relation,
                                                     const std::string& column, const std::string& new_column);

}  // namespace tributary
