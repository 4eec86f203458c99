// math_functions: PostgreSQL's rounding and arithmetic functions and GREATEST /
// LEAST, with the result types PostgreSQL's function resolution gives (an integer
// argument goes to the float8 version where numeric and float8 versions compete,
// float8 being the preferred type of the numeric category):
//
//   round / trunc(numeric [, int])   numeric   pg_numeric_round (half away from zero)
//   round / trunc(float8 | integer)  float8    pg_float_function (round: to even)
//   ceil / ceiling / floor(numeric)  numeric   pg_numeric_ceil
//   ceil / ceiling / floor(float8 | integer)   float8
//   sign(numeric) numeric; sign(float8 | integer) float8
//   sqrt(float8 | integer)           float8    2201F for a negative argument
//   sqrt(numeric)                    numeric   pg_numeric_sqrt (numeric_sqrt's scale)
//   power / pow(float8 | integer, ...)  float8 pg_power (also numeric beside a float)
//   ln, log, log10, exp, degrees, radians(float8 | integer), pi()   float8
//   cbrt(float8 | integer | numeric)  float8
//                                    (2201E logarithm of zero / a negative number,
//                                    22003 exp's overflow / underflow)
//   mod(integers)                    the wider integer type; mod(numeric) numeric
//   random()                         float8
//   to_char(number, constant pattern)   text   pg_to_char_number / _int4 / _float (number_format.hpp)
//   to_number(text, constant pattern)   numeric   pg_to_number
//   GREATEST / LEAST(...)            the arguments' common type; NULLs ignored
//   a & b, a | b, a # b (integers)   the wider integer type (bitwise and, or, xor;
//                                    an untyped operand takes the other's type)
// Numeric exp, ln, log, power: numeric_functions.cpp. Untyped literal arguments
// (PostgreSQL would pick by the literal) are not translated yet.
#include "stages/sql/number_format.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/types/operator_classes.hpp"
#include "stages/types/type_names.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;

bool is_integer(oid_t oid) {
  return oid == pg_type_oid::int2 || oid == pg_type_oid::int4 || oid == pg_type_oid::int8;
}

void require_typed_number(const typed_expression& value, const std::string& name) {
  if (value.literal || value.parameter != 0 || value.is_null_constant ||
      !is_number_type(value.type.oid))
    throw not_translatable{name + " of this argument"};
}

std::string as_float8(const typed_expression& value) {
  if (value.type.oid == pg_type_oid::float8)
    return value.sql;
  return cast_sql(value.sql, value.type, builtin_column_type(pg_type_oid::float8));
}

std::string as_numeric(const typed_expression& value) {
  if (value.type.oid == pg_type_oid::numeric)
    return value.sql;
  return cast_sql(value.sql, value.type, builtin_column_type(pg_type_oid::numeric));
}

// An int4 argument (an untyped literal read as int4).
std::string int4_argument(query_translator& t, typed_expression value) {
  if (value.literal || value.parameter != 0 || value.is_null_constant)
    return t.coerce(std::move(value), builtin_column_type(pg_type_oid::int4)).sql;
  if (value.type.oid == pg_type_oid::int2 || value.type.oid == pg_type_oid::int4)
    return value.sql;
  throw not_translatable{"a scale of type " + std::to_string(value.type.oid)};
}

}  // namespace

std::optional<typed_expression> math_function(query_translator& t, const std::string& name,
                                              std::vector<typed_expression>& args, int) {
  const size_t n = args.size();
  if (name == "to_char" && n == 2 && !args[0].literal && args[0].parameter == 0 && !args[0].is_null_constant &&
      is_number_type(args[0].type.oid)) {
    // to_char of a number with a constant pattern (stages/sql/number_format.hpp), by
    // the value's type as PostgreSQL's overloads.
    const std::optional<std::string> pattern = literal_text(args[1]);
    if (!pattern)
      throw not_translatable{"to_char with a pattern that is not a constant"};
    const oid_t type = args[0].type.oid;
    if (type == pg_type_oid::float4 || type == pg_type_oid::float8)
      return typed_result("pg_to_char_float(" + args[0].sql + ", " + sql_quote(*pattern) + ", " +
                              (type == pg_type_oid::float4 ? "1" : "0") + ")",
                          pg_type_oid::text);
    const char* function = type == pg_type_oid::int2 || type == pg_type_oid::int4 ? "pg_to_char_int4" : "pg_to_char_number";
    return typed_result(std::string(function) + "(" + args[0].sql + ", " + sql_quote(*pattern) + ")", pg_type_oid::text);
  }
  if (name == "to_number" && n == 2) {
    // to_number(text, constant pattern): numeric (stages/sql/number_format.hpp).
    const std::optional<std::string> pattern = literal_text(args[1]);
    if (!pattern)
      throw not_translatable{"to_number with a pattern that is not a constant"};
    typed_expression text = args[0];
    if (text.literal || text.parameter != 0 || text.is_null_constant || text.type.oid == pg_type_oid::bpchar)
      text = t.coerce(std::move(text), builtin_column_type(pg_type_oid::text));
    if (!is_text_like(text.type.oid))
      throw not_translatable{"to_number of a value that is not text"};
    return typed_result("pg_to_number(" + text.sql + ", " + sql_quote(*pattern) + ")", pg_type_oid::numeric);
  }
  if (name == "random" && n == 0)
    return typed_result("pg_random()", pg_type_oid::float8);
  const bool rounding = name == "round" || name == "trunc";
  const bool ceiling = name == "ceil" || name == "ceiling" || name == "floor";
  if ((rounding || ceiling || name == "sign" || name == "sqrt") && n == 1) {
    require_typed_number(args[0], name);
    const typed_expression& x = args[0];
    if (x.type.oid == pg_type_oid::numeric && name != "sqrt") {
      if (rounding)
        return typed_result("pg_numeric_round(" + x.sql + ", 0, " + (name == "trunc" ? "1" : "0") + ")",
                            pg_type_oid::numeric);
      if (ceiling)
        return typed_result("pg_numeric_ceil(" + x.sql + ", " + (name == "floor" ? "0" : "1") + ")",
                            pg_type_oid::numeric);
      return typed_result("pg_numeric_sign(" + x.sql + ")", pg_type_oid::numeric);
    }
    if (x.type.oid == pg_type_oid::numeric)
      return typed_result("pg_numeric_sqrt(" + x.sql + ")", pg_type_oid::numeric);
    const std::string function = name == "ceiling" ? "ceil" : name;
    return typed_result("pg_float_function('" + function + "', " + as_float8(x) + ")",
                        pg_type_oid::float8);
  }
  if (rounding && n == 2) {
    require_typed_number(args[0], name);
    if (args[0].type.oid == pg_type_oid::float8)
      throw not_translatable{name + "(double precision, integer)"};
    return typed_result("pg_numeric_round(" + as_numeric(args[0]) + ", " + int4_argument(t, args[1]) +
                            ", " + (name == "trunc" ? "1" : "0") + ")",
                        pg_type_oid::numeric);
  }
  if ((name == "ln" || name == "log" || name == "log10" || name == "exp" || name == "degrees" ||
       name == "radians") &&
      n == 1) {
    require_typed_number(args[0], name);
    if (args[0].type.oid == pg_type_oid::numeric)
      throw not_translatable{name + " of numeric"};
    return typed_result("pg_float_function('" + (name == "log" ? std::string("log10") : name) + "', " +
                            as_float8(args[0]) + ")",
                        pg_type_oid::float8);
  }
  if (name == "cbrt" && n == 1) {  // float8 only: a numeric or an integer is read as float8
    require_typed_number(args[0], name);
    return typed_result("pg_float_function('cbrt', " + as_float8(args[0]) + ")", pg_type_oid::float8);
  }
  if (name == "pi" && n == 0)
    return typed_result("pg_float_function('pi', 0)", pg_type_oid::float8);
  if ((name == "power" || name == "pow") && n == 2) {
    require_typed_number(args[0], name);
    require_typed_number(args[1], name);
    // numeric beside numbers is numeric_functions.cpp's; here beside a float: float8.
    return typed_result("pg_power(" + as_float8(args[0]) + ", " + as_float8(args[1]) + ")",
                        pg_type_oid::float8);
  }
  if (name == "mod" && n == 2) {
    if (args[0].literal || args[0].parameter != 0)
      args[0] = t.coerce(std::move(args[0]), args[1].type);
    if (args[1].literal || args[1].parameter != 0)
      args[1] = t.coerce(std::move(args[1]), args[0].type);
    require_typed_number(args[0], name);
    require_typed_number(args[1], name);
    const oid_t l = args[0].type.oid;
    const oid_t r = args[1].type.oid;
    if (l == pg_type_oid::float8 || r == pg_type_oid::float8)
      throw not_translatable{"mod of double precision"};
    if (is_integer(l) && is_integer(r)) {
      const oid_t wider = number_rank(l) >= number_rank(r) ? l : r;
      const char* bits = wider == pg_type_oid::int2 ? "16" : wider == pg_type_oid::int4 ? "32" : "64";
      return typed_result("pg_int_op('%', " + args[0].sql + ", " + args[1].sql + ", " + bits + ")",
                          wider);
    }
    return typed_result("pg_numeric_op('%', " + as_numeric(args[0]) + ", " + as_numeric(args[1]) + ")",
                        pg_type_oid::numeric);
  }
  return std::nullopt;
}

std::optional<typed_expression> integer_bitwise(query_translator& t, const std::string& op,
                                                typed_expression left, typed_expression right) {
  if (op != "&" && op != "|" && op != "#")
    return std::nullopt;
  const auto untyped = [](const typed_expression& e) {
    return e.literal.has_value() || e.parameter != 0 || e.is_null_constant;
  };
  if (untyped(left) && untyped(right))
    throw not_translatable{"bitwise operator on two untyped operands"};
  if (untyped(left))
    left = t.coerce(std::move(left), right.type);
  if (untyped(right))
    right = t.coerce(std::move(right), left.type);
  if (!is_integer(left.type.oid) || !is_integer(right.type.oid))
    throw not_translatable{"bitwise operator " + op + " on an operand that is not an integer"};
  // Both fit the wider type, and so does any bitwise combination of them.
  const oid_t result = number_rank(left.type.oid) >= number_rank(right.type.oid) ? left.type.oid : right.type.oid;
  const std::string& a = left.sql;
  const std::string& b = right.sql;
  if (op == "#")
    return typed_result("((" + a + " | " + b + ") & ~(" + a + " & " + b + "))", result);
  return typed_result("(" + a + " " + op + " " + b + ")", result);
}

std::optional<typed_expression> integer_shift(query_translator& t, const std::string& op,
                                              typed_expression left, typed_expression right,
                                              int operator_location) {
  if (op != "<<" && op != ">>")
    return std::nullopt;
  const auto untyped = [](const typed_expression& e) {
    return e.literal.has_value() || e.parameter != 0 || e.is_null_constant;
  };
  if (untyped(right))
    right = t.coerce(std::move(right), builtin_column_type(pg_type_oid::int4));
  const oid_t value = left.type.oid;
  if (untyped(left) || !left.type.known() || !right.type.known())
    throw not_translatable{"shift operator " + op + " on these types"};
  if (!is_integer(value) || (right.type.oid != pg_type_oid::int4 && right.type.oid != pg_type_oid::int2))
    t.fail_at(make_pg_error("42883",
                            "operator does not exist: " + format_type(left.type) + " " + op + " " +
                                format_type(right.type),
                            {},
                            "No operator matches the given name and argument types. You might need "
                            "to add explicit type casts."),
              operator_location);
  // int2shl/int4shl/int8shl shift by the count modulo the machine word's width (31 for
  // int2 and int4, computed in 32 bits; 63 for int8), then keep the result's width.
  const std::string count = "(" + right.sql + " & " + (value == pg_type_oid::int8 ? "63" : "31") + ")";
  if (op == ">>")
    return typed_result("(" + left.sql + " >> " + count + ")", value);
  if (value == pg_type_oid::int8)
    return typed_result("(" + left.sql + " << " + count + ")", value);
  const std::string mask = value == pg_type_oid::int2 ? "65535" : "4294967295";
  const std::string sign = value == pg_type_oid::int2 ? "32768" : "2147483648";
  // the low 16 or 32 bits, read back as a signed number
  return typed_result("((((" + left.sql + " << " + count + ") + " + sign + ") & " + mask + ") - " + sign + ")",
                      value);
}

typed_expression greatest_or_least(query_translator& t, const json& f, const scope& where) {
  const bool greatest = pt::text(f, "op") == "IS_GREATEST";
  std::vector<typed_expression> values;
  for (const json& arg : pt::list(f, "args"))
    values.push_back(t.expression(arg, where));
  // The common type, as PostgreSQL's select_common_type picks it.
  const column_type type = t.common_type(values, "GREATEST/LEAST of");
  // PostgreSQL's executor finds the type's btree comparison before any row (no position).
  if (!type.is_enum() && !has_btree_operator_class(type.oid))
    t.fail_at(make_pg_error("42883", "could not identify a comparison function for type " + format_type(type)), -1);
  std::vector<std::string> sql;
  for (typed_expression& v : values)
    sql.push_back(t.coerce(std::move(v), type).sql);
  typed_expression out = typed_result(sql.size() == 1 ? sql[0] : "", type.oid);
  out.type = type;
  if (sql.size() == 1)
    return out;
  // SQLite's max(a, b, ...) is NULL when any argument is; each argument is
  // replaced by another non-NULL one first, which leaves the extreme unchanged.
  std::string result = greatest ? "max(" : "min(";
  for (size_t i = 0; i < sql.size(); ++i) {
    std::string coalesced = "COALESCE(" + sql[i];
    for (size_t j = 0; j < sql.size(); ++j)
      if (j != i)
        coalesced += ", " + sql[j];
    result += (i ? ", " : "") + with_collation(coalesced + ")", type);
  }
  out.sql = result + ")";
  return out;
}

}  // namespace tributary::translator
