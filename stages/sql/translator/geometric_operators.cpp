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

namespace {

// PostgreSQL's oper_select_candidate for an untyped operand beside a geometric one:
// the known operand's type when that operator exists (box @> unknown is box @> box),
// else the one other type it exists with (path @> unknown is path @> point); several
// are 42725 operator is not unique at the operator (point <@ unknown).
column_type untyped_operand_type(query_translator& t, const std::string& op, const typed_expression& known,
                                 bool known_on_left, int location) {
  const oid_t type = known.type.oid;
  if (has_geometric_comparison(type, op == "!=" ? "<>" : op) || (op != "<@" && op != "@>" && op != "?#"))
    return known.type;
  std::vector<oid_t> candidates;
  for (oid_t other : {600, 601, 602, 603, 604, 628, 718})
    if (known_on_left ? has_geometric_comparison(type, op, other) : has_geometric_comparison(other, op, type))
      candidates.push_back(static_cast<oid_t>(other));
  if (candidates.size() == 1)
    return builtin_column_type(candidates[0]);
  if (candidates.empty())
    return known.type;
  const std::string name = expression_helpers::message_type_name(known.type);
  pg_error error = make_pg_error("42725", "operator is not unique: " + (known_on_left ? name + " " + op + " unknown"
                                                                                      : "unknown " + op + " " + name));
  error.hint = "Could not choose a best candidate operator. You might need to add explicit type casts.";
  t.fail_at(std::move(error), location);
}

}  // namespace

std::optional<typed_expression> geometric_operator(query_translator& t, const std::string& op, typed_expression& left,
                                                   typed_expression& right, int location) {
  using expression_helpers::untyped;
  const auto geometric = [](const typed_expression& e) {
    return !untyped(e) && !e.type.is_enum() && geometric_kind_of(e.type.oid).has_value();
  };
  const auto is_point = [](const typed_expression& e) { return !untyped(e) && !e.type.is_enum() && e.type.oid == 600; };
  if (!geometric(left) && !geometric(right) && !is_point(left) && !is_point(right))
    return std::nullopt;
  if (untyped(left) && !untyped(right))
    left = t.coerce(std::move(left), untyped_operand_type(t, op, right, false, location));
  if (untyped(right) && !untyped(left))
    right = t.coerce(std::move(right), untyped_operand_type(t, op, left, true, location));
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
