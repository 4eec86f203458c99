// default_translation: a column's DEFAULT expression that is no plain constant
// and no clock or sequence call (column_default.cpp handles those) -> a SQLite
// expression giving the column's stored form, evaluated by SQLite at each insert.
//
//   b int DEFAULT (1 + 2)              -> pg_cast(...) or the translator's SQL
//   s text DEFAULT lower('ABC')        -> lower('ABC') as the translator writes it
//   d timestamptz DEFAULT now() + interval '1 day'
//
// The expression is typed and translated by the query translator
// (query_translation.hpp) in a scope without columns, then converted to the
// column's type by PostgreSQL's assignment rules (type_casts.hpp). PostgreSQL's
// refusals, with the node's location:
//   0A000 cannot use column reference in DEFAULT expression
//   0A000 cannot use subquery in DEFAULT expression
//   42803 aggregate functions are not allowed in DEFAULT expressions
//   42P20 window functions are not allowed in DEFAULT expressions
//   42P02 there is no parameter $1
//   42804 column "c" is of type integer but default expression is of type date
//         (HINT You will need to rewrite or cast the expression.)
// and, as `untranslatable`, what the translator does not cover yet. Pure.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "stages/core/result.hpp"
#include "stages/sql/translator/query_translation.hpp"
#include "stages/types/column_definition.hpp"

namespace tributary {

struct translated_default {
  std::string sql;                    // the column's stored form ("" when untranslatable)
  std::optional<std::string> untranslatable;  // what the translator does not cover
};

result<translated_default, located_error> translate_default_expression(
    const nlohmann::json& expression, std::string_view source, const column_definition& column,
    const type_settings& settings);

// The expression's own text in `source` (from its first token to its last,
// closing the parentheses it opened), as PostgreSQL's text of the default.
std::string expression_source_text(const nlohmann::json& expression, std::string_view source);

}  // namespace tributary
