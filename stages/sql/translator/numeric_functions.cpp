// numeric_functions: width_bucket and numeric's transcendental functions, with the
// overloads PostgreSQL 15's function resolution picks, computed by
// storage/sql_functions_buckets.cpp and storage/sql_functions_numeric_powers.cpp:
//
//   width_bucket(x, low, high, count)    int4   pg_width_bucket_float8 when an argument
//                                               is float8 or all are integers or untyped,
//                                               else pg_width_bucket_numeric (a numeric
//                                               argument and no float8)
//   width_bucket(x, thresholds array)    int4   pg_width_bucket_array (x read as the
//                                               element type)
//   exp, ln, log, log10(numeric)         numeric   pg_numeric_exp / _ln / _log(10, x)
//   log(b, x)                            numeric   pg_numeric_log (integers read as numeric)
//   power / pow(a, b), a ^ b             numeric   pg_numeric_power, when an argument is
//                                                  numeric and none is float8
// (numeric_transcendental.hpp: PostgreSQL's scales and errors). A count of another type
// than int2 / int4, or an argument that is no number, is PostgreSQL's 42883.
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/function_families.hpp"

namespace tributary::translator {
namespace {

using expression_helpers::untyped;

bool is_integer(oid_t oid) {
  return oid == pg_type_oid::int2 || oid == pg_type_oid::int4 || oid == pg_type_oid::int8;
}

std::string converted(const typed_expression& value, oid_t target) {
  return value.type.oid == target ? value.sql : cast_sql(value.sql, value.type, builtin_column_type(target));
}

typed_expression width_bucket(query_translator& t, std::vector<typed_expression>& args, int location) {
  const std::vector<typed_expression> given = args;
  bool any_float = false, any_numeric = false;
  for (size_t i = 0; i < 3; ++i) {
    const typed_expression& a = args[i];
    if (untyped(a))
      continue;
    if (!is_number_type(a.type.oid))
      no_such_function(t, "width_bucket", given, location);
    any_float = any_float || a.type.oid == pg_type_oid::float8 || a.type.oid == pg_type_oid::float4;
    any_numeric = any_numeric || a.type.oid == pg_type_oid::numeric;
  }
  const oid_t target = any_numeric && !any_float ? pg_type_oid::numeric : pg_type_oid::float8;
  std::string sql = target == pg_type_oid::numeric ? "pg_width_bucket_numeric(" : "pg_width_bucket_float8(";
  for (size_t i = 0; i < 3; ++i) {
    typed_expression a = untyped(args[i]) ? t.coerce(std::move(args[i]), builtin_column_type(target)) : args[i];
    sql += converted(a, target) + ", ";
  }
  if (!untyped(args[3]) && args[3].type.oid != pg_type_oid::int4 && args[3].type.oid != pg_type_oid::int2)
    no_such_function(t, "width_bucket", given, location);
  typed_expression count = t.coerce(std::move(args[3]), builtin_column_type(pg_type_oid::int4));
  return typed_result(sql + count.sql + ")", pg_type_oid::int4);
}

typed_expression width_bucket_array(query_translator& t, std::vector<typed_expression>& args, int location) {
  typed_expression& thresholds = args[1];
  if (untyped(thresholds))
    throw not_translatable{"width_bucket with untyped thresholds"};
  const std::optional<column_type> element = array_element_type(thresholds.type);
  if (!element)
    no_such_function(t, "width_bucket", args, location);
  if (element->is_enum() || !element->known())
    throw not_translatable{"width_bucket over an array of this type"};
  typed_expression operand = std::move(args[0]);
  if (untyped(operand))
    operand = t.coerce(std::move(operand), *element);
  else if (is_integer(operand.type.oid) && is_number_type(element->oid) && element->oid != pg_type_oid::float4 &&
           number_rank(operand.type.oid) <= number_rank(element->oid))
    operand = typed_result(converted(operand, element->oid), element->oid);
  if (operand.type.oid != element->oid)
    throw not_translatable{"width_bucket of a value and thresholds of other types"};
  return typed_result("pg_width_bucket_array(" + operand.sql + ", " + thresholds.sql + ", " +
                          std::to_string(element->oid) + ")",
                      pg_type_oid::int4);
}

// An argument of numeric's functions: numeric, or an integer cast to numeric.
bool numeric_argument(const typed_expression& e) {
  return !untyped(e) && (e.type.oid == pg_type_oid::numeric || is_integer(e.type.oid));
}

// A call whose arguments resolve to numeric's overload: a numeric argument and no float.
bool numeric_overload(const std::vector<typed_expression>& args) {
  bool numeric = false;
  for (const typed_expression& a : args) {
    if (!untyped(a) && (a.type.oid == pg_type_oid::float8 || a.type.oid == pg_type_oid::float4))
      return false;
    numeric = numeric || (!untyped(a) && a.type.oid == pg_type_oid::numeric);
  }
  return numeric;
}

std::string numeric_sql(query_translator& t, typed_expression value) {
  if (untyped(value))
    value = t.coerce(std::move(value), builtin_column_type(pg_type_oid::numeric));
  return converted(value, pg_type_oid::numeric);
}

}  // namespace

std::optional<typed_expression> numeric_power_expression(query_translator& t, typed_expression base,
                                                         typed_expression exponent) {
  if (!numeric_overload({base, exponent}))
    return std::nullopt;
  for (const typed_expression* e : {&base, &exponent})
    if (!untyped(*e) && !numeric_argument(*e))
      return std::nullopt;
  return typed_result("pg_numeric_power(" + numeric_sql(t, std::move(base)) + ", " +
                          numeric_sql(t, std::move(exponent)) + ")",
                      pg_type_oid::numeric);
}

std::optional<typed_expression> numeric_function(query_translator& t, const std::string& name,
                                                 std::vector<typed_expression>& args, int location) {
  if (name == "width_bucket" && args.size() == 4)
    return width_bucket(t, args, location);
  if (name == "width_bucket" && args.size() == 2)
    return width_bucket_array(t, args, location);
  if ((name == "power" || name == "pow") && args.size() == 2)
    return numeric_power_expression(t, args[0], args[1]);
  if ((name == "exp" || name == "ln" || name == "log" || name == "log10") && args.size() == 1 &&
      numeric_overload(args)) {
    const std::string x = numeric_sql(t, std::move(args[0]));
    if (name == "exp" || name == "ln")
      return typed_result("pg_numeric_" + name + "(" + x + ")", pg_type_oid::numeric);
    return typed_result("pg_numeric_log(10, " + x + ")", pg_type_oid::numeric);
  }
  if ((name == "div" && args.size() == 2) ||
      ((name == "scale" || name == "min_scale" || name == "trim_scale") && args.size() == 1)) {
    for (const typed_expression& a : args)  // numeric only (an integer reads as numeric)
      if (!untyped(a) && !numeric_argument(a))
        no_such_function(t, name, args, location);
    std::string sql = "pg_numeric_integers('" + name + "'";
    for (typed_expression& a : args)
      sql += ", " + numeric_sql(t, std::move(a));
    return typed_result(sql + ")", name == "div" || name == "trim_scale" ? pg_type_oid::numeric : pg_type_oid::int4);
  }
  if ((name == "gcd" || name == "lcm") && args.size() == 2) {
    // int4 or int8 (the wider of the two); numeric's is not translated yet
    bool wide = false, int4_or_wider = false;
    for (const typed_expression& a : args) {
      if (!untyped(a) && !is_integer(a.type.oid))
        throw not_translatable{name + " of " + expression_helpers::message_type_name(a.type)};
      wide = wide || (!untyped(a) && a.type.oid == pg_type_oid::int8);
      int4_or_wider = int4_or_wider || (!untyped(a) && a.type.oid != pg_type_oid::int2);
    }
    if (!int4_or_wider)  // smallints fit the int4 and the int8 forms alike
      t.fail_at(make_pg_error("42725", "function " + name + "(smallint, smallint) is not unique", "",
                              "Could not choose a best candidate function. You might need to add explicit type casts."),
                location);
    const column_type type = builtin_column_type(wide ? pg_type_oid::int8 : pg_type_oid::int4);
    const std::string a = t.coerce(std::move(args[0]), type).sql, b = t.coerce(std::move(args[1]), type).sql;
    return typed_result("pg_numeric_integers('" + name + (wide ? "64" : "32") + "', " + a + ", " + b + ")", type.oid);
  }
  if (name == "factorial" && args.size() == 1) {  // factorial(int8): numeric
    if (!untyped(args[0]) && !is_integer(args[0].type.oid))
      no_such_function(t, name, args, location);
    const column_type int8 = builtin_column_type(pg_type_oid::int8);
    return typed_result("pg_numeric_integers('factorial', " + t.coerce(std::move(args[0]), int8).sql + ")",
                        pg_type_oid::numeric);
  }
  if (name == "log" && args.size() == 2) {  // log(numeric, numeric) only
    for (const typed_expression& a : args)
      if (!untyped(a) && !numeric_argument(a))
        no_such_function(t, name, args, location);
    return typed_result("pg_numeric_log(" + numeric_sql(t, std::move(args[0])) + ", " +
                            numeric_sql(t, std::move(args[1])) + ")",
                        pg_type_oid::numeric);
  }
  return std::nullopt;
}

}  // namespace tributary::translator
