// insert_values: PostgreSQL's INSERT ... VALUES into a table whose column types
// Tributary knows -> SQLite INSERT text whose values are already in their stored
// form (type_codec.hpp), so `INSERT INTO t VALUES ('t', '1234.5', '2024-02-29
// 13:45:30+02')` stores exactly what PostgreSQL would store.
//
//   INSERT INTO t (a, b) VALUES ('1.5', $1), (DEFAULT, NULL) RETURNING *
//   -> INSERT INTO "t" ("a", "b") VALUES ('1.50', $1), (<a's default>, NULL) RETURNING *
//   with parameter 1 to be read as b's type before it is bound.
//
// Each value may be a constant (read by the column's type with the session's
// settings: its input errors are PostgreSQL's), a typed constant ('x'::text —
// read by the column's type too), NULL, DEFAULT (the column's SQLite default,
// or NULL) or a parameter $n. Anything else, INSERT ... SELECT with a target of
// a known type, ON CONFLICT ... DO UPDATE, and RETURNING of anything but columns
// or * is 0A000 naming it. Errors: 42703 unknown column, 42601 more expressions
// than target columns / INSERT has more target columns than expressions.
// Pure.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/column_definition.hpp"
#include "stages/types/type_settings.hpp"

namespace tributary {

struct insert_target {
  std::string table;
  std::vector<column_definition> columns;   // every column, in table order
  std::vector<std::string> sqlite_defaults; // per column: SQLite's default text, "" = none
};

struct translated_insert {
  std::string sql;
  std::map<int, column_type> parameter_types;  // $n -> the type its value is read as
};

// The table an InsertStmt writes to (its relation's name).
std::string insert_table_name(const nlohmann::json& insert_stmt);

// `insert_stmt` is the InsertStmt node's fields, parsed from `source`.
result<translated_insert, pg_error> translate_insert(const nlohmann::json& insert_stmt,
                                                     std::string_view source,
                                                     const insert_target& target,
                                                     const type_settings& settings);

}  // namespace tributary
