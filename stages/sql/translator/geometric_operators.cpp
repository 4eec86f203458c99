// geometric_operators: the comparison operators of PostgreSQL's geometric types
// (point ~= point, box = box by area, circle && circle, ...): pg_geometric_compare
// (storage/sql_functions_geometric.cpp) computes them as geo_ops.c does
// (stages/types/verbatim/geometric_compare.hpp). An untyped operand takes the other
// one's type. IS [NOT] DISTINCT FROM is the type's = with NULLs compared.
// Between two geometric types: point <@ box / circle / polygon / path / lseg / line,
// box / circle / polygon / path @> point, lseg <@ box / line, lseg ?# line / box,
// line ?# box; other pairs are left to the caller (not translated).
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/types/verbatim/geometric_compare.hpp"
#include "stages/types/verbatim/geometric_value.hpp"

namespace tributary::translator {

std::optional<typed_expression> geometric_operator(query_translator& t, const std::string& op, typed_expression& left,
                                                   typed_expression& right) {
  using expression_helpers::untyped;
  const auto geometric = [](const typed_expression& e) {
    return !untyped(e) && !e.type.is_enum() && geometric_kind_of(e.type.oid).has_value();
  };
  const auto is_point = [](const typed_expression& e) { return !untyped(e) && !e.type.is_enum() && e.type.oid == 600; };
  if (!geometric(left) && !geometric(right) && !is_point(left) && !is_point(right))
    return std::nullopt;
  if (untyped(left))
    left = t.coerce(std::move(left), right.type);
  if (untyped(right))
    right = t.coerce(std::move(right), left.type);
  const oid_t type = left.type.oid;
  if (right.type.is_enum() || left.type.is_enum())
    return std::nullopt;
  if (right.type.oid != type) {  // point <@ box, circle @> point, ...
    if (!has_geometric_comparison(type, op, right.type.oid))
      return std::nullopt;
    return typed_result("pg_geometric_compare('" + op + "', " + std::to_string(type) + ", " +
                            std::to_string(right.type.oid) + ", " + left.sql + ", " + right.sql + ")",
                        pg_type_oid::boolean);
  }
  const bool distinct_test = op == "IS" || op == "IS NOT";
  const std::string tested = distinct_test ? "=" : (op == "!=" ? "<>" : op);
  if (!has_geometric_comparison(type, tested))
    return std::nullopt;
  const std::string call = "pg_geometric_compare('" + tested + "', " + std::to_string(type) + ", " + left.sql + ", " +
                           right.sql + ")";
  if (!distinct_test)
    return typed_result(call, pg_type_oid::boolean);
  // IS NOT DISTINCT FROM: both NULL, or neither and equal; IS DISTINCT FROM its negation.
  const std::string same = "(CASE WHEN " + left.sql + " IS NULL OR " + right.sql + " IS NULL THEN (" + left.sql +
                           " IS NULL AND " + right.sql + " IS NULL) ELSE " + call + " END)";
  return typed_result(op == "IS" ? same : "(NOT " + same + ")", pg_type_oid::boolean);
}

}  // namespace tributary::translator
