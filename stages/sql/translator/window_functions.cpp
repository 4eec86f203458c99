// window_functions: a window function call (an OVER clause) -> SQLite's window
// function over the same window (window_call, function_families.hpp).
//
//   row_number / rank / dense_rank()   int8       ntile(n)   int4
//   lag / lead(x [, n [, default]])    x's type   first_value / last_value / nth_value(x, n)  x's type
//   count / min / max / sum / avg OVER   the aggregate's PostgreSQL result type
//
// The OVER clause keeps PARTITION BY in the keys' collations, ORDER BY with
// PostgreSQL's NULL placement and the frame (ROWS / RANGE / GROUPS, EXCLUDE) as
// SQLite spells it; PostgreSQL's refusals (DISTINCT, aggregate ORDER BY, a RANGE
// offset without exactly one ORDER BY key, negative offsets) with its SQLSTATEs.
#include <string>
#include <vector>

#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/sql/translator/row_type_values.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/operator_classes.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/type_names.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;
using expression_helpers::is_integer_type;

// PostgreSQL's frameOptions bits (parsenodes.h FRAMEOPTION_*).
enum frame_option : int64_t {
  frame_nondefault = 0x1, frame_range = 0x2, frame_rows = 0x4, frame_groups = 0x8,
  frame_start_unbounded_preceding = 0x20, frame_end_unbounded_following = 0x100,
  frame_start_current_row = 0x200, frame_end_current_row = 0x400,
  frame_start_offset_preceding = 0x800, frame_end_offset_preceding = 0x1000,
  frame_start_offset_following = 0x2000, frame_end_offset_following = 0x4000,
  frame_exclude_current_row = 0x8000, frame_exclude_group = 0x10000, frame_exclude_ties = 0x20000,
};

// A frame offset: a non-negative integer constant (SQLite takes the same syntax;
// 22013 when negative, in RANGE's words or ROWS / GROUPS'); expressions are not
// translated yet.
std::string frame_offset(query_translator& t, const json& offset, bool start, bool range) {
  // the value is read back from the text (libpg_query's JSON leaves a negative ival out)
  auto constant = pt::constant_value(offset, t.input().source);
  if (pt::node_type(offset) != "A_Const" || !pt::fields(offset).contains("ival") || !constant ||
      constant->is_null || constant->is_string)
    throw not_translatable{"a window frame offset that is not an integer constant"};
  int64_t value = 0;
  try {
    value = std::stoll(constant->text);
  } catch (const std::exception&) {
    throw not_translatable{"a window frame offset that is not an integer constant"};
  }
  if (value < 0)
    throw translation_failure{located_error{
        make_pg_error("22013", range ? std::string("invalid preceding or following size in window function")
                                     : std::string("frame ") + (start ? "starting" : "ending") +
                                           " offset must not be negative"),
        -1}};
  return std::to_string(value);
}

// The frame clause of an OVER (ROWS / RANGE / GROUPS [BETWEEN] ... [EXCLUDE ...]), as
// SQLite spells the same frame; "" for the default frame.
// `order_keys` are the types of the window's ORDER BY keys: a RANGE frame with an offset
// needs exactly one (42P20); over an integer key SQLite computes it as PostgreSQL.
std::string frame_clause(query_translator& t, const json& over, const std::vector<column_type>& order_keys) {
  const int64_t o = pt::integer(over, "frameOptions");
  if ((o & frame_nondefault) == 0)
    return "";
  const bool range_offset = (o & frame_range) && (o & (frame_start_offset_preceding | frame_start_offset_following |
                                                       frame_end_offset_preceding | frame_end_offset_following));
  if (range_offset && order_keys.size() != 1)
    t.fail_at(make_pg_error("42P20", "RANGE with offset PRECEDING/FOLLOWING requires exactly one ORDER BY column"),
              static_cast<int>(pt::integer(over, "location")));
  if (range_offset && order_keys[0].oid != pg_type_oid::int2 && order_keys[0].oid != pg_type_oid::int4 &&
      order_keys[0].oid != pg_type_oid::int8)
    throw not_translatable{"a RANGE frame with an offset over type " + format_type(order_keys[0])};
  std::string sql = (o & frame_rows) ? " ROWS" : (o & frame_groups) ? " GROUPS" : " RANGE";
  const json& start_offset = over.value("startOffset", json());
  const json& end_offset = over.value("endOffset", json());
  auto start = [&]() -> std::string {
    if (o & frame_start_unbounded_preceding) return "UNBOUNDED PRECEDING";
    if (o & frame_start_current_row) return "CURRENT ROW";
    if (o & frame_start_offset_preceding) return frame_offset(t, start_offset, true, range_offset) + " PRECEDING";
    return frame_offset(t, start_offset, true, range_offset) + " FOLLOWING";
  };
  auto end = [&]() -> std::string {
    if (o & frame_end_unbounded_following) return "UNBOUNDED FOLLOWING";
    if (o & frame_end_current_row) return "CURRENT ROW";
    if (o & frame_end_offset_preceding) return frame_offset(t, end_offset, false, range_offset) + " PRECEDING";
    return frame_offset(t, end_offset, false, range_offset) + " FOLLOWING";
  };
  sql += " BETWEEN " + start() + " AND " + end();
  if (o & frame_exclude_current_row)
    sql += " EXCLUDE CURRENT ROW";
  else if (o & frame_exclude_group)
    sql += " EXCLUDE GROUP";
  else if (o & frame_exclude_ties)
    sql += " EXCLUDE TIES";
  return sql;
}

// The OVER clause: PARTITION BY in the keys' collations, ORDER BY with PostgreSQL's
// NULL placement, then the frame (frame_clause); a named window is not translated
// yet.
std::string window_clause(query_translator& t, const json& over_node, const scope& where) {
  const json& over = pt::node_type(over_node) == "WindowDef" ? pt::fields(over_node) : over_node;
  if (!pt::text(over, "name").empty() || !pt::text(over, "refname").empty())
    throw not_translatable{"a named window"};
  std::string sql;
  // PostgreSQL's transformWindowDefinitions checks the ORDER BY keys' ordering before
  // the PARTITION BY keys' equality.
  std::vector<std::pair<column_type, int>> partition_keys;
  for (const json& item : pt::list(over, "partitionClause")) {
    typed_expression key = t.expression(item, where);
    if (key.literal || key.parameter != 0 || key.type.oid == pg_type_oid::unknown)
      key = t.coerce(std::move(key), builtin_column_type(pg_type_oid::text));
    partition_keys.emplace_back(key.type, expression_helpers::start_location(item));
    sql += (sql.empty() ? "PARTITION BY " : ", ") + with_collation(key.sql, key.type);
  }
  bool first = true;
  std::vector<column_type> order_keys;
  for (const json& item : pt::list(over, "orderClause")) {
    const json& sort = pt::fields(item);
    typed_expression key = t.expression(sort.value("node", json()), where);
    if (key.literal || key.parameter != 0 || key.type.oid == pg_type_oid::unknown)
      key = t.coerce(std::move(key), builtin_column_type(pg_type_oid::text));
    require_sortable_key(t, key.type, true, expression_helpers::start_location(sort.value("node", json())));
    order_keys.push_back(key.type);
    const std::string direction = pt::text(sort, "sortby_dir");
    const std::string nulls = pt::text(sort, "sortby_nulls");
    if (direction == "SORTBY_USING")
      throw not_translatable{"ORDER BY ... USING in a window"};
    const bool descending = direction == "SORTBY_DESC";
    const bool nulls_first = nulls == "SORTBY_NULLS_FIRST" || (nulls != "SORTBY_NULLS_LAST" && descending);
    sql += std::string(first ? (sql.empty() ? "" : " ") + std::string("ORDER BY ") : ", ") +
           with_collation(key.sql, key.type) + (descending ? " DESC" : " ASC") +
           (nulls_first ? " NULLS FIRST" : " NULLS LAST");
    first = false;
  }
  for (const auto& [type, location] : partition_keys)
    require_sortable_key(t, type, false, location);
  return " OVER (" + sql + frame_clause(t, over, order_keys) + ")";
}

}  // namespace

// Window functions: row_number, rank, dense_rank (int8), lag / lead (the value's
// type), and count / min / max / sum / avg over a window. SQLite computes them
// natively, sum and avg of numeric and float8 by storage/sql_functions_sums.cpp.
typed_expression window_call(query_translator& t, const std::string& name, const json& call,
                             const scope& where) {
  const int location = static_cast<int>(pt::integer(call, "location"));
  if (pt::flag(call, "agg_distinct"))  // PostgreSQL's own refusals
    t.fail_at(make_pg_error("0A000", "DISTINCT is not implemented for window functions"), location);
  if (call.contains("agg_order") && !pt::flag(call, "agg_within_group"))
    t.fail_at(make_pg_error("0A000", "aggregate ORDER BY is not implemented for window functions"), location);
  if (call.contains("agg_filter") || pt::flag(call, "agg_within_group"))
    throw not_translatable{"window function form"};
  std::vector<typed_expression> args;
  for (const json& arg : pt::list(call, "args"))
    args.push_back(t.expression(arg, where));
  const std::string over = window_clause(t, call.value("over", json()), where);
  if ((name == "row_number" || name == "rank" || name == "dense_rank") && args.empty())
    return typed_result(name + "()" + over, pg_type_oid::int8);
  if ((name == "percent_rank" || name == "cume_dist") && args.empty())  // SQLite's, as float8's stored text
    return typed_result("pg_float_function('float8', " + name + "()" + over + ")", pg_type_oid::float8);
  if (name == "count" && pt::flag(call, "agg_star"))
    return typed_result("count(*)" + over, pg_type_oid::int8);
  if (name == "count" && args.size() == 1)
    return typed_result("count(" + with_collation(args[0].sql, args[0].type) + ")" + over, pg_type_oid::int8);
  if ((name == "sum" || name == "avg") && args.size() == 1 && !args[0].literal && args[0].parameter == 0) {
    // As the aggregates below: sum(int2/int4) int8 (SQLite's sum), numeric for the
    // other integers and numeric, float8 for float8 (storage/sql_functions_sums.cpp).
    const oid_t type = args[0].type.oid;
    if (name == "sum" && (type == pg_type_oid::int2 || type == pg_type_oid::int4))
      return typed_result("sum(" + args[0].sql + ")" + over, pg_type_oid::int8);
    if (is_integer_type(type) || type == pg_type_oid::numeric)
      return typed_result((name == "sum" ? "pg_numeric_sum(" : "pg_numeric_avg(") + args[0].sql + ")" + over,
                       pg_type_oid::numeric);
    if (type == pg_type_oid::float8)
      return typed_result((name == "sum" ? "pg_float_sum(" : "pg_float_avg(") + args[0].sql + ")" + over,
                       pg_type_oid::float8);
    if (type == pg_type_oid::float4)  // sum(real) a real, avg(real) a float8
      return typed_result((name == "sum" ? "pg_real_sum(" : "pg_real_avg(") + args[0].sql + ")" + over,
                       name == "sum" ? pg_type_oid::float4 : pg_type_oid::float8);
    if (type == pg_type_oid::interval)  // storage/sql_functions_interval.cpp
      return typed_result((name == "sum" ? "pg_interval_sum(" : "pg_interval_avg(") + args[0].sql + ")" + over,
                       pg_type_oid::interval);
  }
  if ((name == "min" || name == "max") && args.size() == 1 && args[0].type.oid != pg_type_oid::unknown &&
      !args[0].literal && args[0].parameter == 0) {
    if (auto error = missing_row_type_min_max(name, args[0]))  // min(pair): row_type_values.hpp
      t.fail_at(std::move(*error), location);
    if (auto error = missing_min_max(name, args[0].type))
      t.fail_at(std::move(*error), location);
    typed_expression out = typed_result(name + "(" + with_collation(args[0].sql, args[0].type) + ")" + over, 0);
    out.type = min_max_result_type(args[0].type);
    out.sql = failing_on_second_value(args[0], "count(" + args[0].sql + ")" + over, out.sql);
    return out;
  }
  if (name == "ntile" && args.size() == 1) {  // int4 buckets; SQLite's ntile
    typed_expression buckets = t.coerce(std::move(args[0]), builtin_column_type(pg_type_oid::int4));
    if (buckets.type.oid != pg_type_oid::int4 && buckets.type.oid != pg_type_oid::int2)
      throw not_translatable{"ntile's argument type"};
    return typed_result("ntile(CASE WHEN " + buckets.sql + " <= 0 THEN pg_raise('22014', 'argument of ntile must be "
                     "greater than zero') ELSE " + buckets.sql + " END)" + over,
                     pg_type_oid::int4);
  }
  if ((name == "first_value" || name == "last_value" || name == "nth_value") &&
      args.size() == (name == "nth_value" ? 2u : 1u)) {  // the value's type
    typed_expression value = std::move(args[0]);
    if (value.literal || value.parameter != 0 || value.is_null_constant)
      throw not_translatable{name + " of an untyped value"};
    std::string sql = name + "(" + value.sql;
    if (name == "nth_value") {
      typed_expression n = t.coerce(std::move(args[1]), builtin_column_type(pg_type_oid::int4));
      if (n.type.oid != pg_type_oid::int4 && n.type.oid != pg_type_oid::int2)
        throw not_translatable{"nth_value's argument type"};
      sql += ", CASE WHEN " + n.sql + " <= 0 THEN pg_raise('22016', 'argument of nth_value must be greater than "
             "zero') ELSE " + n.sql + " END";
    }
    typed_expression out = typed_result(sql + ")" + over, 0);
    out.type = value.type;
    return out;
  }
  if ((name == "lag" || name == "lead") && !args.empty() && args.size() <= 3) {
    typed_expression value = std::move(args[0]);
    if (value.literal || value.parameter != 0 || value.is_null_constant)
      throw not_translatable{name + " of an untyped value"};
    std::string sql = name + "(" + value.sql;
    std::string offset_sql;
    if (args.size() >= 2) {
      typed_expression offset = std::move(args[1]);
      if (offset.literal || offset.parameter != 0)
        offset = t.coerce(std::move(offset), builtin_column_type(pg_type_oid::int4));
      if (offset.type.oid != pg_type_oid::int4 && offset.type.oid != pg_type_oid::int2)
        throw not_translatable{name + "'s offset type"};
      offset_sql = offset.sql;
      sql += ", " + offset_sql;
    }
    // lag/lead(anycompatible, int, anycompatible): the value and the default meet in
    // their common type, without the column's typmod (a numeric(12,2) column's default
    // 0 prints as 0).
    column_type result = value.type;
    result.typmod = -1;
    if (args.size() == 3) {
      typed_expression fallback = std::move(args[2]);
      if (!expression_helpers::untyped(fallback) && fallback.type.oid != value.type.oid) {
        result = t.common_type({value, fallback}, name.c_str());
        result.typmod = -1;
        if (result.oid != value.type.oid) {
          value = t.coerce(std::move(value), result);
          sql = name + "(" + value.sql;
          if (args.size() >= 2)
            sql += ", " + offset_sql;
        }
      }
      fallback = t.coerce(std::move(fallback), result);
      sql += ", " + fallback.sql;
    }
    typed_expression out = typed_result(sql + ")" + over, 0);
    out.type = result;
    return out;
  }
  throw not_translatable{"window function " + name};
}

}  // namespace tributary::translator
