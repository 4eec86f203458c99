// operator_translator: operator expressions (A_Expr) -> typed SQLite expressions
// (query_translator.hpp): arithmetic, comparisons, IS [NOT] DISTINCT FROM, NULLIF,
// IN (list), BETWEEN, and the JSON / bitwise / shift operators by their families;
// x op ALL (SELECT y ...) and x op ANY (SELECT y ...) for the comparison operators
// (= ANY is IN, expression_translator.cpp): ALL is false when one row's x op y is false,
// else NULL when one is NULL, else true (also for no row); ANY is true when one is true,
// else NULL when one is NULL, else false, as PostgreSQL's ExecScanSubPlan.
// Operators follow PostgreSQL's resolution for the types covered: an untyped
// literal takes the other operand's type, numbers widen int2 < int4 < int8 <
// numeric < float8, text types meet as text.

#include <algorithm>

#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/sql/translator/row_type_values.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/operator_classes.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/type_casts.hpp"
#include "stages/types/type_names.hpp"
#include "stages/sql/translator/expression_helpers.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;
using namespace expression_helpers;

std::string sql_operator(const std::string& op) { return op == "!=" ? "<>" : op; }

// Whether a parse tree node refers to a column (PostgreSQL's contain_vars_of_level,
// approximately: a ColumnRef anywhere in it).
bool mentions_a_column(const json& node) {
  if (node.is_object()) {
    if (node.contains("ColumnRef"))
      return true;
    for (const auto& [key, value] : node.items())
      if (mentions_a_column(value))
        return true;
  } else if (node.is_array()) {
    for (const json& value : node)
      if (mentions_a_column(value))
        return true;
  }
  return false;
}

const char* integer_bits(oid_t oid) {
  return oid == pg_type_oid::int2 ? "16" : (oid == pg_type_oid::int4 ? "32" : "64");
}

// x IN (a, b, ...) as PostgreSQL's transformAExprIn reads it: x and the items without
// a column take their common type, and = is that type's (1.1::real IN (1.1, 2) is
// true, where 1.1::real = 1.1 compares as float8 and is false). Only a real among
// numbers is where that differs from comparing item by item, and only that is done.
void in_list_common_type(query_translator& t, typed_expression& left, std::vector<typed_expression>& items,
                         const std::vector<typed_expression>& constants, const std::vector<bool>& constant) {
  if (left.row_constructor || (!untyped(left) && !is_number_type(left.type.oid)))
    return;
  for (const typed_expression& item : items)
    if (item.row_constructor || (!untyped(item) && !is_number_type(item.type.oid)))
      return;
  const bool real = std::any_of(constants.begin(), constants.end(), [](const typed_expression& e) {
    return !untyped(e) && e.type.oid == pg_type_oid::float4;
  });
  if (!real)
    return;
  const column_type common = t.common_type(constants, "IN");
  left = t.coerce(std::move(left), common);
  for (size_t i = 0; i < items.size(); ++i)
    if (constant[i])
      items[i] = t.coerce(std::move(items[i]), common);
}

// |/ x, ||/ x and @ x as the calls they are: sqrt(x::float8), cbrt(x::float8) (float8's
// operators only: |/ 16.0 is 4, not numeric's sqrt), abs(x) (each number type's own).
json prefix_operator_call(const std::string& op, const json& operand, int location) {
  const auto name = [](const char* s) { return json{{"String", {{"sval", s}}}}; };
  json argument = operand;
  if (op != "@")
    argument = {{"TypeCast",
                 {{"arg", operand},
                  {"typeName", {{"names", json::array({name("pg_catalog"), name("float8")})}, {"typemod", -1},
                                {"location", -1}}},
                  {"location", -1}}}};
  return {{"FuncCall",
           {{"funcname", json::array({name(op == "@" ? "abs" : op == "|/" ? "sqrt" : "cbrt")})},
            {"args", json::array({argument})},
            {"funcformat", "COERCE_EXPLICIT_CALL"},
            {"location", location}}}};
}

// No operator `op` between these types: PostgreSQL's 42883 with its HINT, at the operator.
[[noreturn]] void no_operator(query_translator& t, const std::string& op, const column_type& left,
                              const column_type& right, int location) {
  pg_error error = make_pg_error("42883", "operator does not exist: " + message_type_name(left) + " " + op + " " +
                                              message_type_name(right));
  error.hint = "No operator matches the given name and argument types. You might need to add explicit type casts.";
  t.fail_at(std::move(error), location);
}

// float4 / float8 have no % operator.
[[noreturn]] void no_float_modulo(query_translator& t, oid_t type, int location) {
  no_operator(t, "%", builtin_column_type(type), builtin_column_type(type), location);
}

}  // namespace

typed_expression query_translator::operator_expression(const json& expr, const scope& where) {
  const std::string kind = pt::text(expr, "kind");
  const std::vector<std::string> names = pt::strings(pt::list(expr, "name"));
  const std::string op = names.empty() ? "" : names.back();
  const json& lexpr = expr.value("lexpr", json());
  const json& rexpr = expr.value("rexpr", json());
  if (kind == "AEXPR_OP") {
    if (lexpr.is_null() && (op == "|/" || op == "||/" || op == "@"))  // sqrt / cbrt of float8, abs
      return expression(prefix_operator_call(op, rexpr, location_of(expr)), where);
    if (lexpr.is_null()) {  // prefix operator
      typed_expression arg = expression(rexpr, where);
      if (op == "+" && is_number_type(arg.type.oid))
        return arg;
      if (op == "~" && (arg.type.oid == pg_type_oid::int2 || arg.type.oid == pg_type_oid::int4 ||
                        arg.type.oid == pg_type_oid::int8))
        return typed("(~" + arg.sql + ")", arg.type);  // fits the type, as PostgreSQL's int*not
      if (op == "-" && arg.type.oid == pg_type_oid::interval && !untyped(arg))
        return typed("pg_interval_negate(" + arg.sql + ")", arg.type);
      if (auto geometric = geometric_prefix_operator(*this, op, arg, location_of(expr)))  // @-@ lseg, # path
        return *geometric;
      if (op != "-" || !is_number_type(arg.type.oid))
        throw not_translatable{"prefix operator " + op};
      return typed("pg_negate(" + arg.sql + ", " + std::to_string(arg.type.oid) + ")", arg.type);
    }
    typed_expression left = expression(lexpr, where);
    if (left.row_constructor && pt::node_type(rexpr) == "SubLink" &&
        pt::text(pt::fields(rexpr), "subLinkType") == "EXPR_SUBLINK")
      return row_sub_select_comparison(sql_operator(op), left, pt::fields(rexpr), where, location_of(expr));
    typed_expression right = expression(rexpr, where);
    if (left.row_constructor && right.row_constructor)  // ROW(a, b) < ROW(c, d)
      return row_comparison(sql_operator(op), left, right, location_of(expr));
    if ((left.row_constructor && right.is_null_constant) || (right.row_constructor && left.is_null_constant)) {
      if (op == "=" || op == "<>" || op == "!=" || op == "<" || op == ">" || op == "<=" || op == ">=")
        return typed("NULL", builtin(pg_type_oid::boolean));  // NULL read as a record: the test is NULL
    }
    if (left.row_constructor || right.row_constructor)
      refuse_row_operand(op, left, right, location_of(expr));
    require_comparison_operator(op, left, right, location_of(expr));
    if (auto geometric = geometric_operator(*this, op, left, right, location_of(expr)))
      return *geometric;
    if (auto json_result = json_operator(*this, op, left, right, location_of(expr)))
      return *json_result;
    if (auto array_result = array_operator(*this, op, left, right, location_of(expr)))
      return *array_result;
    if (op == "+" || op == "-" || op == "*" || op == "/" || op == "%" || op == "^" || op == "||") {
      resolve_datetime_operator(*this, op, left, right, location_of(expr));  // datetime_functions.cpp
      return arithmetic(op, std::move(left), std::move(right), location_of(expr));
    }
    if (op == "=" || op == "<>" || op == "!=" || op == "<" || op == ">" || op == "<=" || op == ">=")
      return comparison(op, std::move(left), std::move(right));
    if (auto bitwise = integer_bitwise(*this, op, left, right))
      return *bitwise;
    if (auto shifted = integer_shift(*this, op, left, right, location_of(expr)))
      return *shifted;
    return other_operator(expr, where);
  }
  if (kind == "AEXPR_DISTINCT" || kind == "AEXPR_NOT_DISTINCT") {
    typed_expression left = expression(lexpr, where);
    typed_expression right = expression(rexpr, where);
    const char* test = kind == "AEXPR_DISTINCT" ? "IS NOT" : "IS";
    if (left.row_constructor && right.row_constructor)
      return row_comparison(test, left, right, location_of(expr));
    require_comparison_operator("=", left, right, location_of(expr));  // PostgreSQL's = decides
    return comparison(test, std::move(left), std::move(right));
  }
  if (kind == "AEXPR_NULLIF") {
    typed_expression left = expression(lexpr, where);
    typed_expression right = expression(rexpr, where);
    require_comparison_operator("=", left, right, location_of(expr));
    typed_expression test = comparison("=", left, std::move(right));
    // The result has the type of the = operator's left input: varchar compares as text.
    const bool as_text = left.type.oid == pg_type_oid::unknown || left.type.oid == pg_type_oid::varchar;
    return typed("CASE WHEN " + test.sql + " THEN NULL ELSE " + left.sql + " END",
                 as_text ? builtin(pg_type_oid::text) : left.type);
  }
  if (kind == "AEXPR_IN") {
    typed_expression left = expression(lexpr, where);
    const bool negated = op == "<>";
    const json& items = pt::list(pt::fields(rexpr), "items");
    std::vector<typed_expression> rights;
    for (const json& item : items)
      rights.push_back(expression(item, where));
    // PostgreSQL's transformAExprIn: two or more items without a column (constants)
    // are one array of the common type of them and x (x = ANY (ARRAY[...])), so
    // `j IN ('1', '2')` is json = json, `j IN ('1')` json = unknown.
    std::vector<typed_expression> constants{left};  // x first, then the constant items
    std::vector<bool> constant(items.size());
    for (size_t i = 0; i < items.size(); ++i) {
      constant[i] = !left.row_constructor && !rights[i].row_constructor && !mentions_a_column(items[i]);
      if (constant[i])
        constants.push_back(rights[i]);
    }
    if (constants.size() > 2) {
      const auto typed_one = std::find_if(constants.begin(), constants.end(), [](const typed_expression& e) {
        return !untyped(e);
      });
      // select_common_type finds none for types of two categories (json 'U', text 'S'):
      // PostgreSQL then compares item by item (`j IN ('1', 'x'::text)` is json = unknown).
      const auto category = [](const typed_expression& e) {
        const type_descriptor* d = e.type.is_enum() ? nullptr : find_builtin_type(e.type.oid);
        return d == nullptr ? '\0' : d->category;
      };
      const bool one_category =
          typed_one != constants.end() && std::all_of(constants.begin(), constants.end(), [&](const typed_expression& e) {
            return untyped(e) || category(e) == category(*typed_one);
          });
      if (one_category) {
        typed_expression common = *typed_one;
        require_comparison_operator(negated ? "<>" : "=", common, common, location_of(expr));
      }
    }
    in_list_common_type(*this, left, rights, constants, constant);
    std::string sql;
    for (typed_expression& right : rights) {
      if (left.row_constructor != right.row_constructor)
        refuse_row_operand("=", left, right, location_of(expr));
      require_comparison_operator(negated ? "<>" : "=", left, right, location_of(expr));
      typed_expression test = left.row_constructor && right.row_constructor
                                  ? row_comparison(negated ? "<>" : "=", left, right, location_of(expr))
                                  : comparison(negated ? "<>" : "=", left, std::move(right));
      sql += sql.empty() ? "(" : (negated ? " AND " : " OR ");
      sql += test.sql;
    }
    return typed(sql + ")", builtin(pg_type_oid::boolean));
  }
  if (kind == "AEXPR_BETWEEN" || kind == "AEXPR_NOT_BETWEEN" || kind == "AEXPR_BETWEEN_SYM" ||
      kind == "AEXPR_NOT_BETWEEN_SYM") {
    const json& bounds = pt::list(pt::fields(rexpr), "items");
    if (bounds.size() != 2)
      throw not_translatable{"BETWEEN form"};
    typed_expression left = expression(lexpr, where);
    const auto within = [&](const json& from, const json& to) {
      typed_expression low = comparison(">=", left, expression(from, where));
      typed_expression high = comparison("<=", left, expression(to, where));
      return "(" + low.sql + " AND " + high.sql + ")";
    };
    // SYMMETRIC: either order of the bounds, as PostgreSQL's parser rewrites it.
    const bool symmetric = kind.ends_with("_SYM");
    const std::string both =
        symmetric ? "(" + within(bounds[0], bounds[1]) + " OR " + within(bounds[1], bounds[0]) + ")"
                  : within(bounds[0], bounds[1]);
    const bool negated = kind.starts_with("AEXPR_NOT");
    return typed(negated ? "(NOT " + both + ")" : both, builtin(pg_type_oid::boolean));
  }
  return other_operator(expr, where);
}

void query_translator::refuse_row_operand(const std::string& op, const typed_expression& left,
                                          const typed_expression& right, int location) {
  // A row against a value that is not one: PostgreSQL resolves an operator on record,
  // and there is none for a typed value (42883). An untyped operand would be read as
  // a record: not translated.
  if (untyped(left) || untyped(right))
    throw not_translatable{"a row compared with an untyped value"};
  const auto name = [](const typed_expression& e) {
    return e.type.oid == 2249 ? std::string("record") : message_type_name(e.type);
  };
  fail_at(make_pg_error("42883", "operator does not exist: " + name(left) + " " + op + " " + name(right), "",
                        "No operator matches the given name and argument types. You might need to add explicit type "
                        "casts."),
          location);
}

void query_translator::require_comparison_operator(const std::string& op, const typed_expression& left,
                                                   const typed_expression& right, int location) {
  // json and xml have no comparison operators; the geometric types have only some
  // (point <>, line =, box and path all but <>, lseg and circle all six): PostgreSQL's
  // 42883 for the others, naming an untyped operand "unknown"; the ones it has are
  // geometric_operator's.
  static const std::pair<oid_t, const char*> existing[] = {
      {114, ""}, {142, ""}, {604, ""}, {600, " <> "}, {628, " = "},
      {602, " < <= = > >= "}, {603, " < <= = > >= "}, {601, " < <= = <> > >= "}, {718, " < <= = <> > >= "}};
  if (op != "=" && op != "<>" && op != "!=" && op != "<" && op != ">" && op != "<=" && op != ">=")
    return;
  const std::string name = op == "!=" ? "<>" : op;
  for (const auto& [oid, operators] : existing) {
    const bool left_is = !untyped(left) && left.type.oid == oid && !left.type.is_enum();
    const bool right_is = !untyped(right) && right.type.oid == oid && !right.type.is_enum();
    if (!left_is && !right_is)
      continue;
    const bool same = (left_is || untyped(left)) && (right_is || untyped(right));
    if (same && std::string(operators).find(" " + name + " ") != std::string::npos)
      return;
    const auto words = [](const typed_expression& e) { return untyped(e) ? std::string("unknown") : message_type_name(e.type); };
    pg_error error = make_pg_error("42883", "operator does not exist: " + words(left) + " " + name + " " + words(right));
    error.hint = "No operator matches the given name and argument types. You might need to add explicit type casts.";
    fail_at(std::move(error), location);
  }
}

typed_expression query_translator::arithmetic(const std::string& op, typed_expression left,
                                              typed_expression right, int operator_location) {
  if (op == "||") {
    // bytea || bytea (an untyped operand read as bytea): the bytes one after the
    // other. SQLite's || keeps a blob's bytes (NULs too) in its text; CAST AS BLOB
    // makes it a blob again.
    const auto is_bytea = [](const typed_expression& e) { return !untyped(e) && e.type.oid == pg_type_oid::bytea; };
    if ((is_bytea(left) || is_bytea(right)) && (is_bytea(left) || untyped(left)) &&
        (is_bytea(right) || untyped(right))) {
      const typed_expression l = coerce(std::move(left), builtin(pg_type_oid::bytea));
      const typed_expression r = coerce(std::move(right), builtin(pg_type_oid::bytea));
      return typed("CAST((" + l.sql + " || " + r.sql + ") AS BLOB)", builtin(pg_type_oid::bytea));
    }
    // bit || bit (bit or varbit, an untyped operand read as varbit): bitcat, a varbit
    // of the digits one after the other (stored as '0' / '1' characters).
    const auto is_bits = [](const typed_expression& e) {
      return !untyped(e) && (e.type.oid == pg_type_oid::bit || e.type.oid == pg_type_oid::varbit);
    };
    if ((is_bits(left) || is_bits(right)) && (is_bits(left) || untyped(left)) && (is_bits(right) || untyped(right))) {
      const auto digits = [&](typed_expression e) {  // bit and varbit store the same digits
        return is_bits(e) ? e.sql : coerce(std::move(e), builtin(pg_type_oid::varbit)).sql;
      };
      const std::string l = digits(std::move(left));
      return typed("(" + l + " || " + digits(std::move(right)) + ")", builtin(pg_type_oid::varbit));
    }
    const auto as_text = [&](typed_expression e) {
      if (e.is_null_constant || e.literal || e.parameter != 0)
        return coerce(std::move(e), builtin(pg_type_oid::text));
      if (is_text_like(e.type.oid) && e.type.oid != pg_type_oid::bpchar)
        return e;
      if (e.type.known() && !e.type.is_enum())
        return typed(cast_sql(e.sql, e.type, builtin(pg_type_oid::text)), builtin(pg_type_oid::text));
      throw not_translatable{"|| on " + message_type_name(e.type)};
    };
    const bool left_text = is_text_like(left.type.oid);
    const bool right_text = is_text_like(right.type.oid);
    if (!left_text && !right_text) {
      // Two operands of types with no || between them (numbers, booleans, dates and
      // times, bit strings beside others): PostgreSQL's 42883 at the operator.
      const auto plain = [&](const typed_expression& e) {
        const oid_t o = e.type.oid;
        return !untyped(e) && !e.type.is_enum() &&
               (is_number_type(o) || o == pg_type_oid::boolean || is_datetime_type(o) || o == pg_type_oid::bit ||
                o == pg_type_oid::varbit || o == pg_type_oid::uuid || o == pg_type_oid::bytea);
      };
      if (plain(left) && plain(right) && operator_location >= 0)
        no_operator(*this, "||", left.type, right.type, operator_location);
      throw not_translatable{"|| without a text operand"};
    }
    typed_expression l = as_text(std::move(left));
    typed_expression r = as_text(std::move(right));
    return typed("(" + l.sql + " || " + r.sql + ")", builtin(pg_type_oid::text));
  }
  if (untyped(left) && untyped(right))
    throw not_translatable{"operator on two untyped operands"};
  if (untyped(left))
    left = coerce(std::move(left), right.type);
  if (untyped(right))
    right = coerce(std::move(right), left.type);
  const oid_t l = left.type.oid;
  const oid_t r = right.type.oid;
  if (!is_number_type(l) || !is_number_type(r))
    return datetime_arithmetic(*this, op, std::move(left), std::move(right));  // datetime_functions.cpp
  if (l == pg_type_oid::float4 && r == pg_type_oid::float4 && op != "^") {
    if (op == "%")
      no_float_modulo(*this, pg_type_oid::float4, operator_location < 0 ? left.location : operator_location);
    return typed("pg_float4_op('" + op + "', " + left.sql + ", " + right.sql + ")", builtin(pg_type_oid::float4));
  }
  if (l == pg_type_oid::float4 || r == pg_type_oid::float4) {
    // real beside another number: PostgreSQL picks the float8 operator (float48pl,
    // numeric and integers read as float8, its preferred type).
    left = coerce(std::move(left), builtin(pg_type_oid::float8));
    right = coerce(std::move(right), builtin(pg_type_oid::float8));
    return arithmetic(op, std::move(left), std::move(right), operator_location);
  }
  if (op == "^") {
    if (auto numeric = numeric_power_expression(*this, left, right))  // numeric_functions.cpp
      return *numeric;
    return typed("pg_power(" + left.sql + ", " + right.sql + ")", builtin(pg_type_oid::float8));
  }
  const oid_t result = number_rank(l) >= number_rank(r) ? l : r;
  if (result == pg_type_oid::float8) {
    if (op == "%")
      no_float_modulo(*this, result, operator_location < 0 ? left.location : operator_location);
    return typed("pg_float_op('" + op + "', " + left.sql + ", " + right.sql + ")", builtin(result));
  }
  if (result == pg_type_oid::numeric)
    return typed("pg_numeric_op('" + op + "', " + left.sql + ", " + right.sql + ")", builtin(result));
  return typed("pg_int_op('" + op + "', " + left.sql + ", " + right.sql + ", " +
                   integer_bits(result) + ")",
               builtin(result));
}

typed_expression query_translator::comparison(const std::string& op, typed_expression left,
                                              typed_expression right) {
  if (untyped(left) && untyped(right)) {
    left = coerce(std::move(left), builtin(pg_type_oid::text));
    right = coerce(std::move(right), builtin(pg_type_oid::text));
  } else if (untyped(left)) {
    left = coerce(std::move(left), right.type);
  } else if (untyped(right)) {
    right = coerce(std::move(right), left.type);
  }
  if (auto geometric = geometric_operator(*this, op, left, right))  // box = box by area, ...
    return *geometric;
  if (auto rows = named_row_comparison(op, left, right))  // c = ROW(1, 'x')::pair (row_type_values.hpp)
    return *rows;
  const oid_t l = left.type.oid;
  const oid_t r = right.type.oid;
  // OIDs (oid, regclass, regtype, regproc, ...) compare with each other and with
  // integers as the numbers they are.
  const auto oid_family = is_object_identifier_type;
  const auto integer = [](oid_t t) { return t == pg_type_oid::int2 || t == pg_type_oid::int4 || t == pg_type_oid::int8; };
  if (l != r && (oid_family(l) || oid_family(r)) && (oid_family(l) || integer(l)) && (oid_family(r) || integer(r)))
    return typed("(" + left.sql + " " + sql_operator(op) + " " + right.sql + ")", builtin(pg_type_oid::boolean));
  if (l != r) {
    if (is_number_type(l) && is_number_type(r)) {
      if (l == pg_type_oid::float4 || r == pg_type_oid::float4) {
        // real beside another number compares as float8 (float48eq; a numeric or an
        // integer reads as float8): 1.1::real = 1.1 is false, 1::real = 1::int8 true.
        left = coerce(std::move(left), builtin(pg_type_oid::float8));
        right = coerce(std::move(right), builtin(pg_type_oid::float8));
      } else if (number_rank(l) < number_rank(r))
        left = coerce(std::move(left), right.type);
      else
        right = coerce(std::move(right), left.type);
    } else if (is_datetime_type(l) && is_datetime_type(r)) {
      widen_datetimes(left, right);
    } else if (is_text_like(l) && is_text_like(r)) {
      left = coerce(std::move(left), builtin(pg_type_oid::text));
      right = coerce(std::move(right), builtin(pg_type_oid::text));
    } else {
      throw not_translatable{"comparison of " + message_type_name(left.type) + " and " +
                             message_type_name(right.type)};
    }
  }
  if (auto unordered = unordered_array_comparison(op, left, right))
    return *unordered;
  return typed("(" + with_collation(left.sql, left.type) + " " + sql_operator(op) + " " +
                   right.sql + ")",
               builtin(pg_type_oid::boolean));
}

// Arrays of json, xml or a geometric type (no btree operator class for the element):
// PostgreSQL's array_eq fails as it runs, for two arrays of the same dimensions
// (42883 could not identify an equality operator for type json; arrays of other
// dimensions are not equal, a NULL one gives NULL), array_cmp (<, <=, >, >=) for any
// two; nullopt for other arrays and types.
std::optional<typed_expression> query_translator::unordered_array_comparison(const std::string& op,
                                                                             const typed_expression& left,
                                                                             const typed_expression& right) {
  const type_descriptor* d = left.type.is_enum_array() || left.type.domain_array ? nullptr
                                                                                  : find_builtin_type(left.type.oid);
  if (d == nullptr || d->element == 0 || left.type.oid != right.type.oid || has_btree_operator_class(d->element))
    return std::nullopt;
  const std::string element = format_type(builtin(d->element));
  const bool equality = op == "=" || op == "<>" || op == "!=" || op == "IS" || op == "IS NOT";
  const std::string e = std::to_string(d->element);
  const std::string same_shape = equality ? "pg_array_shape(" + left.sql + ", " + e + ", 'dims') IS pg_array_shape(" +
                                                right.sql + ", " + e + ", 'dims')"
                                          : "1";
  const std::string raise = equality ? "pg_raise('42883', 'could not identify an equality operator for type " + element + "')"
                                     : "pg_raise('42883', 'could not identify a comparison function for type " + element + "')";
  return typed("(CASE WHEN " + left.sql + " IS NULL OR " + right.sql + " IS NULL OR NOT (" + same_shape + ") THEN (" +
                   left.sql + " " + sql_operator(op) + " " + right.sql + ") ELSE " + raise + " END)",
               builtin(pg_type_oid::boolean));
}

typed_expression query_translator::quantified_sub_select(bool all, const json& link, const scope& where) {
  const std::vector<std::string> names = pt::strings(pt::list(link, "operName"));
  const std::string op = names.empty() ? "" : names.back();
  static const std::vector<std::string> comparisons = {"=", "<>", "!=", "<", "<=", ">", ">="};
  if (names.size() != 1 || std::find(comparisons.begin(), comparisons.end(), op) == comparisons.end() ||
      pt::node_type(link.value("testexpr", json())) == "RowExpr")
    throw not_translatable{std::string(all ? "ALL" : "ANY") + " (sub-select) with this operator"};
  translated_query inner = select(pt::fields(link.at("subselect")), &where);
  if (inner.columns.size() != 1)
    fail_at(make_pg_error("42601", inner.columns.size() > 1 ? "subquery has too many columns"
                                                            : "subquery has too few columns"),
            location_of(link));
  column_type type = inner.columns[0].type;
  if (type.oid == pg_type_oid::unknown)
    type = builtin(pg_type_oid::text);
  typed_expression tested = expression(link.value("testexpr", json()), where);
  require_comparison_operator(op, tested, typed("\"c1\"", type), location_of(link));  // json = json: 42883
  const typed_expression test = comparison(op, std::move(tested), typed("\"c1\"", type));
  const auto rows_where = [&](const std::string& condition) {
    return "EXISTS (SELECT 1 FROM (" + inner.sql + ") WHERE " + condition + ")";
  };
  const std::string decided = all ? rows_where("NOT (" + test.sql + ")") : rows_where("(" + test.sql + ")");
  return typed("(CASE WHEN " + decided + " THEN " + (all ? "0" : "1") + " WHEN " +
                   rows_where("(" + test.sql + ") IS NULL") + " THEN NULL ELSE " + (all ? "1" : "0") + " END)",
               builtin(pg_type_oid::boolean), location_of(link));
}

}  // namespace tributary::translator
