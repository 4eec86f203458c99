// special_translator: operators beyond arithmetic and comparison (LIKE, ILIKE,
// SIMILAR TO, ~ and its forms, ...) and the expression nodes GREATEST/LEAST
// (MinMaxExpr) and current_date, current_timestamp, ... (SQLValueFunction).
// SQLValueFunction: session_functions.cpp; LIKE and ILIKE: string_functions.cpp;
// GREATEST/LEAST: math_functions.cpp; ~ and its forms: string_functions.cpp;
// COLLATE of the default collation (C) is the expression itself.
// x op ANY / ALL (array) with a comparison operator compares with each element in the
// element type (compare_with_elements), other operators with ARRAY[...] element by element.
// The others (SIMILAR TO, other collations, ...) are not translated yet: the statement
// runs untranslated.
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary::translator {

namespace pt = parse_tree;

typed_expression query_translator::other_operator(const json& expr, const scope& where) {
  std::vector<std::string> names = pt::strings(pt::list(expr, "name"));
  // x OPERATOR(pg_catalog.=) ANY (...) is x = ANY (...) (vacuumdb writes it so).
  if (names.size() == 2 && names[0] == "pg_catalog")
    names.erase(names.begin());
  const std::string kind = pt::text(expr, "kind");
  const json& rexpr = expr.value("rexpr", json());
  if ((kind == "AEXPR_OP_ANY" || kind == "AEXPR_OP_ALL") && names.size() == 1 &&
      pt::node_type(rexpr) == "A_ArrayExpr" && !pt::list(pt::fields(rexpr), "elements").empty()) {
    // x op ANY (ARRAY[a, b]) is (x op a OR x op b), ALL the same with AND: SQL's
    // three-valued OR / AND are ANY's and ALL's rules; each comparison typed as
    // PostgreSQL types it.
    std::string sql;
    for (const json& element : pt::list(pt::fields(rexpr), "elements")) {
      if (pt::node_type(element) == "A_ArrayExpr")
        throw not_translatable{"ANY / ALL of a multidimensional array"};
      json one = {{"A_Expr", {{"kind", "AEXPR_OP"}, {"name", expr.value("name", json::array())},
                              {"lexpr", expr.value("lexpr", json())}, {"rexpr", element},
                              {"location", expr.value("location", -1)}}}};
      const typed_expression test = as_boolean(expression(one, where));
      sql += (sql.empty() ? "(" : (kind == "AEXPR_OP_ANY" ? " OR " : " AND ")) + test.sql;
    }
    return typed_result(sql + ")", pg_type_oid::boolean);
  }
  if ((kind == "AEXPR_OP_ANY" || kind == "AEXPR_OP_ALL") && names.size() == 1 &&
      (names[0] == "=" || names[0] == "<>" || names[0] == "!=" || names[0] == "<" || names[0] == ">" ||
       names[0] == "<=" || names[0] == ">=")) {
    if (auto r = compare_with_elements(kind == "AEXPR_OP_ANY", names[0], expr, where))
      return *r;
  }
  if ((kind == "AEXPR_OP_ANY" && names.size() == 1 && names[0] == "=") ||
      (kind == "AEXPR_OP_ALL" && names.size() == 1 && (names[0] == "<>" || names[0] == "!="))) {
    // x = ANY(array): pg_array_contains compares x's text with each element's
    // (arrays are kept as array_out's text); x <> ALL(array) is its negation.
    typed_expression value = expression(expr.value("lexpr", json()), where);
    typed_expression array = expression(expr.value("rexpr", json()), where);
    const bool untyped_value = value.literal || value.parameter != 0 || value.is_null_constant;
    if (array.literal && !untyped_value) {  // '{1,2}' reads as an array of x's type
      const type_descriptor* d = find_builtin_type(value.type.oid);
      if (d == nullptr || d->array == 0 || value.type.is_enum())
        throw not_translatable{"ANY of an untyped array"};
      array = coerce(std::move(array), builtin_column_type(d->array));
    }
    if (array.literal || array.parameter != 0)
      throw not_translatable{"ANY of an untyped array"};
    if (untyped_value)
      value = coerce(std::move(value), builtin_column_type(pg_type_oid::text));
    else if (value.type.oid == pg_type_oid::boolean)  // stored 0/1, 't'/'f' in an array's text
      value.sql = "CASE WHEN " + value.sql + " IS NULL THEN NULL WHEN " + value.sql + " THEN 't' ELSE 'f' END";
    const std::string contains = "pg_array_contains(" + array.sql + ", " + value.sql + ")";
    return typed_result(kind == "AEXPR_OP_ANY" ? contains : "(NOT " + contains + ")", pg_type_oid::boolean);
  }
  return string_operator(*this, expr, where);
}

// x op ANY / ALL (array) of a built-in element type: x compared with each element
// in the element's type (read by pg_array_nth), as PostgreSQL's ScalarArrayOpExpr:
// ANY is true when one comparison is, else NULL when one is NULL, else false (an
// empty array: false); ALL the other way round; a NULL array: NULL. nullopt for
// other arrays (enum arrays, untyped ones).
std::optional<typed_expression> query_translator::compare_with_elements(bool any, const std::string& op,
                                                                        const json& expr, const scope& where) {
  typed_expression value = expression(expr.value("lexpr", json()), where);
  typed_expression array = expression(expr.value("rexpr", json()), where);
  const bool untyped_value = value.literal || value.parameter != 0 || value.is_null_constant;
  if ((array.literal || array.parameter != 0) && !untyped_value) {  // '{1,2}' / $1: an array of x's type
    const type_descriptor* d = find_builtin_type(value.type.oid);
    if (d == nullptr || d->array == 0 || value.type.is_enum())
      return std::nullopt;
    array = coerce(std::move(array), builtin_column_type(d->array, value.type.typmod));
  }
  if (array.literal || array.parameter != 0 || array.is_null_constant || array.type.is_enum_array())
    return std::nullopt;
  const type_descriptor* d = find_builtin_type(array.type.oid);
  if (d == nullptr || d->element == 0 || d->oid == 22 || d->oid == 30)
    return std::nullopt;
  const column_type element_type = builtin_column_type(d->element, array.type.typmod);
  const std::string count = "pg_array_shape(" + array.sql + ", " + std::to_string(d->element) + ", 'cardinality')";
  typed_expression element;
  element.sql = "pg_array_nth(" + array.sql + ", " + std::to_string(d->element) + ", " +
                std::to_string(element_type.typmod) + ", \"pg_any\".i)";
  element.type = element_type;
  if (untyped_value)
    value = coerce(std::move(value), element_type);
  require_comparison_operator(op, value, element, static_cast<int>(pt::integer(expr, "location")));
  const std::string test = as_boolean(comparison(op, std::move(value), std::move(element))).sql;
  const std::string verdict =
      any ? "CASE WHEN max(" + test + ") THEN 1 WHEN count(*) > count(" + test + ") THEN NULL ELSE 0 END"
          : "CASE WHEN NOT min(" + test + ") THEN 0 WHEN count(*) > count(" + test + ") THEN NULL ELSE 1 END";
  return typed_result("CASE WHEN " + array.sql + " IS NULL THEN NULL ELSE (WITH RECURSIVE \"pg_any\"(i) AS (SELECT 1 "
                          "UNION ALL SELECT i + 1 FROM \"pg_any\" WHERE i < " + count + ") SELECT " + verdict +
                          " FROM \"pg_any\" WHERE i <= " + count + ") END",
                      pg_type_oid::boolean);
}

typed_expression query_translator::special_expression(const std::string& node_type,
                                                      const json& fields, const scope& where) {
  if (node_type == "SQLValueFunction")
    return sql_value_function(*this, fields);
  if (node_type == "MinMaxExpr")
    return greatest_or_least(*this, fields, where);
  if (node_type == "CollateClause") {
    // The database's default collation is C (byte order), as every text type's
    // comparison here: COLLATE "default", "C" or "POSIX" changes nothing.
    const std::vector<std::string> names = pt::strings(pt::list(fields, "collname"));
    const std::string collation = names.empty() ? "" : names.back();
    if (collation != "default" && collation != "C" && collation != "POSIX")
      throw not_translatable{"COLLATE " + collation};
    return expression(fields.value("arg", json()), where);
  }
  throw not_translatable{node_type};
}

}  // namespace tributary::translator
