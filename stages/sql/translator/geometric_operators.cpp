// geometric_operators: the comparison operators of PostgreSQL's geometric types
// (point ~= point, box = box by area, circle && circle, ...): pg_geometric_compare
// (storage/sql_functions_geometric.cpp) computes them as geo_ops.c does
// (stages/types/verbatim/geometric_compare.hpp). An untyped operand takes the other
// one's type. IS [NOT] DISTINCT FROM is the type's = with NULLs compared.
// Between two geometric types: point <@ box / circle / polygon / path / lseg / line,
// box / circle / polygon / path @> point, lseg <@ box / line, lseg ?# line / box,
// line ?# box; other pairs are left to the caller (not translated). point + - * /
// point and point <-> point: pg_point_op (point_arithmetic.hpp). lseg # lseg, line #
// line, box # box, and prefix @-@ of an lseg or path and # of a path or polygon:
// geometric_measures.hpp.
// An operator PostgreSQL does not have beside a geometric value (point && point,
// point * integer, point && unknown) is 42883 operator does not exist, with its HINT,
// at the operator.
#include <map>
#include <set>

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

// The binary operators PostgreSQL 15's pg_operator has between two geometric types
// (point 600, lseg 601, path 602, box 603, polygon 604, line 628, circle 718).
bool postgres_has_geometric_operator(oid_t left, const std::string& op, oid_t right) {
  static const std::map<std::pair<oid_t, oid_t>, std::set<std::string>> operators = {
      {{600, 600}, {"*", "+", "-", "/", "<->", "<<", "<<|", "<>", "<^", ">>", ">^", "?-", "?|", "|>>", "~="}},
      {{600, 601}, {"##", "<->", "<@"}},
      {{600, 602}, {"<->", "<@"}},
      {{600, 603}, {"##", "<->", "<@"}},
      {{600, 604}, {"<->", "<@"}},
      {{600, 628}, {"##", "<->", "<@"}},
      {{600, 718}, {"<->", "<@"}},
      {{601, 600}, {"<->"}},
      {{601, 601}, {"#", "##", "<", "<->", "<=", "<>", "=", ">", ">=", "?#", "?-|", "?||"}},
      {{601, 603}, {"##", "<->", "<@", "?#"}},
      {{601, 628}, {"<->", "<@", "?#"}},
      {{602, 600}, {"*", "+", "-", "/", "<->", "@>"}},
      {{602, 602}, {"+", "<", "<->", "<=", "=", ">", ">=", "?#"}},
      {{603, 600}, {"*", "+", "-", "/", "<->", "@>"}},
      {{603, 601}, {"<->"}},
      {{603, 603}, {"#", "&&", "&<", "&<|", "&>", "<", "<->", "<<", "<<|", "<=", "<@", "<^", "=", ">", ">=", ">>",
                    ">^", "?#", "@>", "|&>", "|>>", "~="}},
      {{604, 600}, {"<->", "@>"}},
      {{604, 604}, {"&&", "&<", "&<|", "&>", "<->", "<<", "<<|", "<@", ">>", "@>", "|&>", "|>>", "~="}},
      {{604, 718}, {"<->"}},
      {{628, 600}, {"<->"}},
      {{628, 601}, {"##", "<->"}},
      {{628, 603}, {"?#"}},
      {{628, 628}, {"#", "<->", "=", "?#", "?-|", "?||"}},
      {{718, 600}, {"*", "+", "-", "/", "<->", "@>"}},
      {{718, 604}, {"<->"}},
      {{718, 718}, {"&&", "&<", "&<|", "&>", "<", "<->", "<<", "<<|", "<=", "<>", "<@", "=", ">", ">=", ">>", "@>",
                    "|&>", "|>>", "~="}},
  };
  const auto found = operators.find({left, right});
  return found != operators.end() && found->second.count(op == "!=" ? "<>" : op) > 0;
}

bool is_geometric_value(const typed_expression& e) {
  return !expression_helpers::untyped(e) && !e.type.is_enum() &&
         (e.type.oid == 600 || geometric_kind_of(e.type.oid).has_value());
}

// left op right beside a geometric value, when pg_operator has no such operator: an
// untyped operand may be any geometric type (point && unknown: no point && x at all).
void refuse_missing_operator(query_translator& t, const std::string& op, const typed_expression& left,
                             const typed_expression& right, int location) {
  using expression_helpers::untyped;
  const auto has = [&](oid_t l, oid_t r) { return postgres_has_geometric_operator(l, op, r); };
  bool exists = false;
  if (untyped(left) && is_geometric_value(right)) {
    for (oid_t other : {600, 601, 602, 603, 604, 628, 718})
      exists = exists || has(other, right.type.oid);
  } else if (untyped(right) && is_geometric_value(left)) {
    for (oid_t other : {600, 601, 602, 603, 604, 628, 718})
      exists = exists || has(left.type.oid, other);
  } else if (untyped(left) || untyped(right) || left.type.is_enum() || right.type.is_enum() ||
             (!is_geometric_value(left) && !is_geometric_value(right))) {
    return;
  } else {  // two typed values, at least one geometric (point * integer)
    exists = has(left.type.oid, right.type.oid);
  }
  if (exists)
    return;
  const auto name = [](const typed_expression& e) {
    return untyped(e) ? std::string("unknown") : expression_helpers::message_type_name(e.type);
  };
  pg_error error = make_pg_error("42883", "operator does not exist: " + name(left) + " " + op + " " + name(right));
  error.hint = "No operator matches the given name and argument types. You might need to add explicit type casts.";
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
  if (location >= 0 && op != "IS" && op != "IS NOT" && op != "||")
    refuse_missing_operator(t, op, left, right, location);
  if (untyped(left) && !untyped(right))
    left = t.coerce(std::move(left), untyped_operand_type(t, op, right, false, location));
  if (untyped(right) && !untyped(left))
    right = t.coerce(std::move(right), untyped_operand_type(t, op, left, true, location));
  const oid_t type = left.type.oid;
  if (right.type.is_enum() || left.type.is_enum())
    return std::nullopt;
  if (type == 600 && right.type.oid == 600 && (op == "+" || op == "-" || op == "*" || op == "/" || op == "<->"))
    return typed_result("pg_point_op('" + op + "', " + left.sql + ", " + right.sql + ")",
                        op == "<->" ? pg_type_oid::float8 : 600);
  if (op == "#" && right.type.oid == type && (type == 601 || type == 628 || type == 603))  // lseg_interpt, ...
    return typed_result("pg_geometric_intersection(" + std::to_string(type) + ", " + left.sql + ", " + right.sql + ")",
                        type == 603 ? 603 : 600);
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

std::optional<typed_expression> geometric_prefix_operator(query_translator& t, const std::string& op,
                                                          const typed_expression& arg, int location) {
  if (expression_helpers::untyped(arg) || arg.type.is_enum() || (op != "@-@" && op != "#"))
    return std::nullopt;
  const oid_t type = arg.type.oid;
  if (type != 601 && type != 602 && type != 604 && is_geometric_value(arg)) {  // @-@ box, # lseg, ...
    pg_error error = make_pg_error("42883", "operator does not exist: " + op + " " +
                                                expression_helpers::message_type_name(arg.type));
    error.hint = "No operator matches the given name and argument type. You might need to add an explicit type cast.";
    t.fail_at(std::move(error), location);
  }
  if (op == "@-@" && (type == 601 || type == 602))
    return typed_result("pg_geometric_measure('@-@', " + std::to_string(type) + ", " + arg.sql + ")",
                        pg_type_oid::float8);
  if (op == "#" && (type == 602 || type == 604))
    return typed_result("pg_geometric_measure('#', " + std::to_string(type) + ", " + arg.sql + ")",
                        pg_type_oid::int4);
  return std::nullopt;
}

}  // namespace tributary::translator
