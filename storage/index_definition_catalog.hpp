// index_definition_catalog: PostgreSQL's text of an index's key expressions and
// WHERE (table tributary_index_definitions, catalog migration 15), kept because
// SQLite holds only their translation: pg_get_indexdef, pg_indexes.indexdef and
// psql's \d print these as PostgreSQL does ("((a + b))", "lower(v)", "WHERE (b > 0)").
//
// Rows: indexname (the SQLite index), keys (a JSON array with one text per key
// column: the expression as PostgreSQL's deparser prints it, "(a + b)",
// "lower(v)", "" for a plain column),
// predicate ("" for none), and both as printed pretty (pretty_keys, pretty_predicate). Only indexes with an expression or a WHERE have a row;
// CREATE INDEX writes it (replacing one a dropped index of that name left) and
// DROP INDEX removes it, in the statement's transaction.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

struct index_definition_text {
  std::vector<std::string> keys;  // per key column; "" for a plain column
  std::string predicate;          // "" for none
  std::vector<std::string> pretty_keys;
  std::string pretty_predicate;
};

// The recorded text of `index` (nullopt: none, or a file without the catalog).
result<std::optional<index_definition_text>, sqlite_error> read_index_definition(sqlite_connection& db,
                                                                                 const std::string& index);

// Records `text` for `index` (replacing what was there).
result<ok_t, sqlite_error> record_index_definition(sqlite_connection& db, const std::string& index,
                                                   const index_definition_text& text);

// Removes the record of `index`, if any.
result<ok_t, sqlite_error> forget_index_definition(sqlite_connection& db, const std::string& index);

}  // namespace tributary
