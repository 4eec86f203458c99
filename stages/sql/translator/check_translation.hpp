// check_translation: the expression of a CHECK constraint (a table's, or a
// domain's with VALUE) from libpg_query's parse tree -> a SQLite expression that
// computes PostgreSQL's boolean on Tributary's stored forms, over the table's
// columns written bare ("a", not "t"."a"), as SQLite's CHECK constraints see them.
//
//   CHECK (price > 0 AND note <> '')
//   -> ((pg_numeric_cmp...("price") > '0' COLLATE pg_numeric) AND ("note" <> ''))
//      referenced: price, note
//
// The expression is typed and translated by the query translator
// (query_translation.hpp), so literals, casts, operators and functions behave as
// in a translated SELECT. PostgreSQL's refusals, with the node's location:
//   0A000 cannot use subquery in check constraint
//   42803 aggregate functions are not allowed in check constraints
//   42P20 window functions are not allowed in check constraints
//   42P02 there is no parameter $1
//   42703 column "x" does not exist
//   42804 argument of CHECK must be type boolean, not type integer
// and 0A000 naming what the translator does not cover yet (session functions
// such as now(), regular expressions, ...). Pure.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/core/result.hpp"
#include "stages/sql/translator/query_translation.hpp"
#include "stages/types/column_definition.hpp"

namespace tributary {

// A name the expression may use and the SQLite column it stands for: a table's
// columns by their own names; a domain's check sees its column as "value".
struct check_column {
  std::string name;
  std::string sqlite_name;
  column_type type;
};

struct translated_check {
  std::string sql;                          // boolean's stored form: 1, 0 or NULL
  std::vector<std::string> referenced;      // distinct column names, in order of appearance
};

result<translated_check, located_error> translate_check_expression(
    const nlohmann::json& expression, std::string_view source,
    const std::vector<check_column>& columns, const type_settings& settings);

// An index's key expression (CREATE INDEX ON t ((a + b))) or, `predicate`, its
// WHERE (boolean, "argument of WHERE must be type boolean, not type integer"),
// translated as a CHECK is, with PostgreSQL's refusals in index words:
// "cannot use subquery in index predicate", "aggregate functions are not allowed
// in index expressions", ...
struct translated_index_key {
  std::string sql;                      // over the bare columns
  column_type type;                     // the expression's type
  std::vector<std::string> referenced;  // distinct column names, in order of appearance
  bool stable_cast = false;  // a cast PostgreSQL's function for is only STABLE (index_casts.hpp)
};
result<translated_index_key, located_error> translate_index_expression(
    const nlohmann::json& expression, std::string_view source, const std::vector<check_column>& columns,
    const type_settings& settings, bool predicate);

// The error with PostgreSQL's 1-based character position of its location in
// `source` (none when it has no location).
pg_error with_position(const located_error& error, std::string_view source);

// The columns of a table as a CHECK constraint sees them.
std::vector<check_column> table_check_columns(const std::vector<column_definition>& columns);

}  // namespace tributary
