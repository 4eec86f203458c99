// statistics_aggregates: PostgreSQL's statistical aggregates, typed as PostgreSQL types
// them; storage/sql_functions_statistics.cpp computes them as PostgreSQL 15 does:
//
//   stddev / stddev_samp / stddev_pop / variance / var_samp / var_pop (x)
//       x an integer or numeric: numeric (pg_numeric_<kind>); x float8 or float4: float8
//       (pg_float_<kind>, a float4 read as float8); DISTINCT and FILTER allowed
//   corr, covar_pop, covar_samp, regr_sxx, regr_syy, regr_sxy, regr_avgx, regr_avgy,
//   regr_r2, regr_slope, regr_intercept (y, x)
//       float8 of the arguments as float8 (pg_float_regression); FILTER allowed
//   regr_count(y, x)   int8: the rows where both are not NULL
// Other argument types (untyped literals) and DISTINCT on the two-argument
// aggregates are not translated.
#include <algorithm>

#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary::translator {
namespace {

using namespace expression_helpers;

bool integer_or_numeric(oid_t oid) {
  return oid == pg_type_oid::int2 || oid == pg_type_oid::int4 || oid == pg_type_oid::int8 ||
         oid == pg_type_oid::numeric;
}

// One argument of a regression aggregate as float8.
std::string float8_argument(query_translator& t, typed_expression value, const std::string& name) {
  const column_type float8 = builtin_column_type(pg_type_oid::float8);
  if (untyped(value))
    return t.coerce(std::move(value), float8).sql;
  if (value.type.oid == pg_type_oid::float8)
    return value.sql;
  if (!integer_or_numeric(value.type.oid) && value.type.oid != pg_type_oid::float4)
    throw not_translatable{name + " of " + message_type_name(value.type)};
  return cast_sql(value.sql, value.type, float8);
}

}  // namespace

std::optional<typed_expression> statistical_aggregate(query_translator& t, const std::string& name,
                                                      std::vector<typed_expression>& args, bool distinct,
                                                      const std::string& filter) {
  static const std::pair<const char*, const char*> moments[] = {
      {"stddev", "stddev_samp"}, {"stddev_samp", "stddev_samp"}, {"stddev_pop", "stddev_pop"},
      {"variance", "var_samp"},  {"var_samp", "var_samp"},       {"var_pop", "var_pop"}};
  for (const auto& [alias, kind] : moments) {
    if (name != alias || args.size() != 1)
      continue;
    const typed_expression& x = args[0];
    const std::string call = "(" + std::string(distinct ? "DISTINCT " : "") + x.sql + ")" + filter;
    if (!untyped(x) && integer_or_numeric(x.type.oid))
      return typed_result("pg_numeric_" + std::string(kind) + call, pg_type_oid::numeric);
    if (!untyped(x) && x.type.oid == pg_type_oid::float8)
      return typed_result("pg_float_" + std::string(kind) + call, pg_type_oid::float8);
    if (!untyped(x) && x.type.oid == pg_type_oid::float4)  // float4_accum: the values as float8
      return typed_result("pg_float_" + std::string(kind) + "(" + (distinct ? "DISTINCT " : "") +
                              cast_sql(x.sql, x.type, builtin_column_type(pg_type_oid::float8)) + ")" + filter,
                          pg_type_oid::float8);
    throw not_translatable{name + " of " + message_type_name(x.type)};
  }
  static const char* const regressions[] = {"corr",      "covar_pop", "covar_samp", "regr_sxx",
                                            "regr_syy",  "regr_sxy",  "regr_avgx",  "regr_avgy",
                                            "regr_r2",   "regr_slope", "regr_intercept"};
  const bool regression = std::find(std::begin(regressions), std::end(regressions), name) != std::end(regressions);
  if ((!regression && name != "regr_count") || args.size() != 2)
    return std::nullopt;
  if (distinct)
    throw not_translatable{"DISTINCT in " + name};
  const std::string y = float8_argument(t, std::move(args[0]), name);
  const std::string x = float8_argument(t, std::move(args[1]), name);
  if (name == "regr_count")
    return typed_result("count(CASE WHEN " + y + " IS NOT NULL AND " + x + " IS NOT NULL THEN 1 END)" + filter,
                        pg_type_oid::int8);
  return typed_result("pg_float_regression(" + y + ", " + x + ", '" + name + "')" + filter, pg_type_oid::float8);
}

}  // namespace tributary::translator
