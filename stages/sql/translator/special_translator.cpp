// special_translator: operators beyond arithmetic and comparison (LIKE, ILIKE,
// SIMILAR TO, ~ and its forms, ...) and the expression nodes GREATEST/LEAST
// (MinMaxExpr) and current_date, current_timestamp, ... (SQLValueFunction).
// SQLValueFunction: session_functions.cpp; LIKE and ILIKE: string_functions.cpp;
// GREATEST/LEAST: math_functions.cpp. The others (~, SIMILAR TO, ...) are not
// translated yet: the statement runs untranslated.
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/function_families.hpp"

namespace tributary::translator {

typed_expression query_translator::other_operator(const json& expr, const scope& where) {
  return string_operator(*this, expr, where);
}

typed_expression query_translator::special_expression(const std::string& node_type,
                                                      const json& fields, const scope& where) {
  if (node_type == "SQLValueFunction")
    return sql_value_function(*this, fields);
  if (node_type == "MinMaxExpr")
    return greatest_or_least(*this, fields, where);
  throw not_translatable{node_type};
}

}  // namespace tributary::translator
