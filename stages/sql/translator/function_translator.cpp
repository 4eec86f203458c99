// function_translator: function calls -> SQLite, with PostgreSQL's result types.
//
//   count(*) / count([DISTINCT] x)   int8            count(...)
//   sum(int2|int4)                   int8            sum(x)
//   sum(int8|numeric)                numeric         pg_numeric_sum(x)  (exact)
//   sum(float8)                      float8          pg_float_sum(x)
//   avg(integers|numeric)            numeric         pg_numeric_avg(x)  (numeric's division scale)
//   avg(float8)                      float8          pg_float_avg(x)
//   sum / avg(interval)              interval        pg_interval_sum / pg_interval_avg(x) (also OVER)
//   min(x) / max(x)                  x's type        min/max in x's collation
//   bool_and / every / bool_or       boolean         min / max of 0 and 1
//   bit_and / bit_or / bit_xor(int)  the argument's integer type   pg_bit_and / _or / _xor
//   length / char_length(text)       int4            length(x)  (bpchar without trailing spaces)
//   upper / lower(text)              text            ASCII case mapping, as PostgreSQL
//                                                    under the C locale
//   abs(int|numeric|float8)          argument's type
//   string_agg(text, text [ORDER BY ...])  text     pg_string_agg (sorts at the end)
//   percentile_cont(f) WITHIN GROUP (ORDER BY x)  float8;  percentile_disc(f), mode()
//                                    WITHIN GROUP (ORDER BY x)  x's type   pg_ordered_set
//   array_agg(x [ORDER BY ...])           x[]      pg_string_agg of the elements' array texts
//   row_number / rank / dense_rank() OVER  int8;  lag / lead(x [, n [, default]]) OVER
//                                    x's type;  count / min / max OVER (window_call);
//                                    ntile(n) int4; first_value / last_value / nth_value(x, n)
//                                    x's type
// [DISTINCT] and FILTER (WHERE ...) are kept on aggregates; ORDER BY inside an
// aggregate other than string_agg's and array_agg's and other window functions are
// not translated yet; named windows are resolved before (window_names.cpp).
// Other families (function_families.hpp): session_functions.cpp, string_functions.cpp,
// math_functions.cpp, datetime_functions.cpp.
#include <algorithm>

#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/sql/translator/row_sort_keys.hpp"
#include "stages/sql/translator/row_type_values.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/operator_classes.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/type_names.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;

typed_expression result_of(std::string sql, oid_t oid) {
  typed_expression e;
  e.sql = std::move(sql);
  e.type = builtin_column_type(oid);
  return e;
}

bool is_integer(oid_t oid) {
  return oid == pg_type_oid::int2 || oid == pg_type_oid::int4 || oid == pg_type_oid::int8;
}

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

// min / max of varchar, name and "char" is min(text) / max(text), as PostgreSQL
// resolves the call through their implicit casts to text: a text.
column_type min_max_result_type(const column_type& type) {
  const oid_t oid = type.oid;
  if (!type.is_enum() && (oid == pg_type_oid::varchar || oid == 19 || oid == 18))
    return builtin_column_type(pg_type_oid::text);
  return type;
}

// min / max (`extreme`) of an array of json, xml or a geometric type: PostgreSQL's
// array_larger / array_smaller fail on the second value (array_cmp finds no comparison
// for the element), in an aggregate as over a window's frame; `count` counts the values
// (the aggregate's or the frame's). Other types: `extreme` itself.
std::string failing_on_second_value(const typed_expression& arg, const std::string& count, const std::string& extreme) {
  const type_descriptor* d = arg.type.is_enum_array() ? nullptr : find_builtin_type(arg.type.oid);
  if (d == nullptr || d->element == 0 || has_btree_operator_class(d->element))
    return extreme;
  return "(CASE WHEN " + count + " > 1 THEN pg_raise('42883', 'could not identify a comparison function for type " +
         format_type(builtin_column_type(d->element)) + "') ELSE " + extreme + " END)";
}

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
    return result_of(name + "()" + over, pg_type_oid::int8);
  if ((name == "percent_rank" || name == "cume_dist") && args.empty())  // SQLite's, as float8's stored text
    return result_of("pg_float_function('float8', " + name + "()" + over + ")", pg_type_oid::float8);
  if (name == "count" && pt::flag(call, "agg_star"))
    return result_of("count(*)" + over, pg_type_oid::int8);
  if (name == "count" && args.size() == 1)
    return result_of("count(" + with_collation(args[0].sql, args[0].type) + ")" + over, pg_type_oid::int8);
  if ((name == "sum" || name == "avg") && args.size() == 1 && !args[0].literal && args[0].parameter == 0) {
    // As the aggregates below: sum(int2/int4) int8 (SQLite's sum), numeric for the
    // other integers and numeric, float8 for float8 (storage/sql_functions_sums.cpp).
    const oid_t type = args[0].type.oid;
    if (name == "sum" && (type == pg_type_oid::int2 || type == pg_type_oid::int4))
      return result_of("sum(" + args[0].sql + ")" + over, pg_type_oid::int8);
    if (is_integer(type) || type == pg_type_oid::numeric)
      return result_of((name == "sum" ? "pg_numeric_sum(" : "pg_numeric_avg(") + args[0].sql + ")" + over,
                       pg_type_oid::numeric);
    if (type == pg_type_oid::float8)
      return result_of((name == "sum" ? "pg_float_sum(" : "pg_float_avg(") + args[0].sql + ")" + over,
                       pg_type_oid::float8);
    if (type == pg_type_oid::float4)  // sum(real) a real, avg(real) a float8
      return result_of((name == "sum" ? "pg_real_sum(" : "pg_real_avg(") + args[0].sql + ")" + over,
                       name == "sum" ? pg_type_oid::float4 : pg_type_oid::float8);
    if (type == pg_type_oid::interval)  // storage/sql_functions_interval.cpp
      return result_of((name == "sum" ? "pg_interval_sum(" : "pg_interval_avg(") + args[0].sql + ")" + over,
                       pg_type_oid::interval);
  }
  if ((name == "min" || name == "max") && args.size() == 1 && args[0].type.oid != pg_type_oid::unknown &&
      !args[0].literal && args[0].parameter == 0) {
    if (auto error = missing_row_type_min_max(name, args[0]))  // min(pair): row_type_values.hpp
      t.fail_at(std::move(*error), location);
    if (auto error = missing_min_max(name, args[0].type))
      t.fail_at(std::move(*error), location);
    typed_expression out = result_of(name + "(" + with_collation(args[0].sql, args[0].type) + ")" + over, 0);
    out.type = min_max_result_type(args[0].type);
    out.sql = failing_on_second_value(args[0], "count(" + args[0].sql + ")" + over, out.sql);
    return out;
  }
  if (name == "ntile" && args.size() == 1) {  // int4 buckets; SQLite's ntile
    typed_expression buckets = t.coerce(std::move(args[0]), builtin_column_type(pg_type_oid::int4));
    if (buckets.type.oid != pg_type_oid::int4 && buckets.type.oid != pg_type_oid::int2)
      throw not_translatable{"ntile's argument type"};
    return result_of("ntile(CASE WHEN " + buckets.sql + " <= 0 THEN pg_raise('22014', 'argument of ntile must be "
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
    typed_expression out = result_of(sql + ")" + over, 0);
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
    typed_expression out = result_of(sql + ")" + over, 0);
    out.type = result;
    return out;
  }
  throw not_translatable{"window function " + name};
}

// string_agg(text, text [ORDER BY ...]): pg_string_agg keeps each row's sort keys
// with their collation and sorts at the end (storage/sql_functions_aggregates.cpp).
typed_expression string_agg(query_translator& t, const json& call, const scope& where,
                            const std::string& filter) {
  const json& arguments = pt::list(call, "args");
  if (arguments.size() != 2)
    throw not_translatable{"string_agg form"};
  const std::string value = text_argument(t, t.expression(arguments[0], where)).sql;
  std::string sql = "pg_string_agg(" + value + ", " + text_argument(t, t.expression(arguments[1], where)).sql;
  return result_of(sql + distinct_or_sort_keys(t, call, where, typed_result(value, pg_type_oid::text), "string_agg") +
                       ")" + filter,
                   pg_type_oid::text);
}

// array_agg(x [ORDER BY ...]) of a built-in scalar type: the elements' array texts
// joined by pg_string_agg (NULL elements included, as NULL), in braces; no rows: NULL.
typed_expression array_agg(query_translator& t, const json& call, const scope& where,
                           const std::string& filter) {
  const json& arguments = pt::list(call, "args");
  if (arguments.size() != 1)
    throw not_translatable{"array_agg form"};
  typed_expression value = t.expression(arguments[0], where);
  if (value.literal || value.parameter != 0 || value.is_null_constant || value.type.oid == pg_type_oid::unknown)
    value = t.coerce(std::move(value), builtin_column_type(pg_type_oid::text));
  constexpr oid_t record_oid = 2249, record_array_oid = 2287;
  if (value.type.oid == record_oid && value.type.record_fields) {
    // Rows (ROW(...), a whole row): record[] of their record_out texts, quoted as elements.
    // DISTINCT: equal rows once, in the rows' order (field by field, NULLs last).
    std::string keys;
    if (!pt::flag(call, "agg_distinct"))
      keys = aggregate_order_keys(t, call, where, "array_agg");
    else if (call.contains("agg_order"))
      throw not_translatable{"array_agg(DISTINCT ...) of this row"};
    else
      keys = row_distinct_keys(t, value, "array_agg");
    const std::string sql = "pg_string_agg(pg_array_element(" + value.sql + "), ','" + keys + ")" + filter;
    typed_expression out = result_of("('{' || " + sql + " || '}')", record_array_oid);
    out.row_type_oid = value.row_array_type_oid;  // a table's rows: its row type's array type (t[])
    return out;
  }
  const type_descriptor* d = find_builtin_type(value.type.oid);
  if (d == nullptr || d->array == 0 || d->element != 0 || value.type.is_enum())
    throw not_translatable{"array_agg of this type"};
  const std::string sql = "pg_string_agg(" + expression_helpers::array_element_sql(value) + ", ','" +
                          distinct_or_sort_keys(t, call, where, value, "array_agg") + ")" + filter;
  return result_of("('{' || " + sql + " || '}')", d->array);
}

// percentile_cont / percentile_disc(fraction) and mode() WITHIN GROUP (ORDER BY x):
// pg_ordered_set sorts the values in x's order at the end. percentile_cont reads x
// as float8 (float8); the others give x's type. A fraction array is not translated.
typed_expression ordered_set_aggregate(query_translator& t, const std::string& name, const json& call,
                                       const scope& where, const std::string& filter) {
  const json& order = pt::list(call, "agg_order");
  const json& direct = pt::list(call, "args");
  if (order.size() != 1 || direct.size() != (name == "mode" ? 0u : 1u) || pt::flag(call, "agg_distinct"))
    throw not_translatable{name + " form"};
  const json& sort = pt::fields(order[0]);
  if (pt::text(sort, "sortby_dir") == "SORTBY_USING")
    throw not_translatable{"WITHIN GROUP (ORDER BY ... USING)"};
  typed_expression value = t.expression(sort.value("node", json()), where);
  if (value.literal || value.parameter != 0 || value.is_null_constant)
    value = t.coerce(std::move(value), builtin_column_type(name == "percentile_cont" ? pg_type_oid::float8
                                                                                      : pg_type_oid::text));
  if (name == "percentile_cont") {
    if (!is_number_type(value.type.oid))
      throw not_translatable{"percentile_cont of this type"};
    if (value.type.oid != pg_type_oid::float8)
      value = result_of(cast_sql(value.sql, value.type, builtin_column_type(pg_type_oid::float8)), pg_type_oid::float8);
  }
  if (value.type.is_enum() || !value.type.known())
    throw not_translatable{name + " of this type"};
  require_sortable_key(t, value.type, true, expression_helpers::start_location(sort.value("node", json())));
  std::string fraction = "NULL";
  if (name != "mode") {
    // The fraction is a direct argument: evaluated outside the aggregate's rows.
    typed_expression f = t.expression(direct[0], where);
    if (f.literal || f.parameter != 0 || f.is_null_constant)
      f = t.coerce(std::move(f), builtin_column_type(pg_type_oid::float8));
    if (!is_number_type(f.type.oid))
      throw not_translatable{name + " of a fraction of this type"};
    fraction = f.type.oid == pg_type_oid::float8 ? f.sql : cast_sql(f.sql, f.type, builtin_column_type(pg_type_oid::float8));
  }
  const bool descending = pt::text(sort, "sortby_dir") == "SORTBY_DESC";
  const std::string kind = name == "mode" ? "mode" : name == "percentile_disc" ? "disc" : "cont";
  typed_expression out = result_of("pg_ordered_set('" + kind + "', " + fraction + ", " + value.sql + ", " +
                                       sql_quote(collation_of(value.type)) + ", " + (descending ? "1" : "0") + ")" +
                                       filter,
                                   pg_type_oid::float8);
  if (name != "percentile_cont")
    out.type = value.type;
  return out;
}

}  // namespace

typed_expression typed_result(std::string sql, oid_t oid) { return result_of(std::move(sql), oid); }

typed_expression text_argument(query_translator& t, typed_expression value) {
  const oid_t type = value.type.oid;
  if (value.literal || value.parameter != 0 || value.is_null_constant || type == pg_type_oid::unknown)
    return t.coerce(std::move(value), builtin_column_type(pg_type_oid::text));
  if (type == pg_type_oid::bpchar)
    return result_of(cast_sql(value.sql, value.type, builtin_column_type(pg_type_oid::text)),
                     pg_type_oid::text);
  if (is_text_like(type))
    return value;
  throw not_translatable{"a text function on type " + expression_helpers::message_type_name(value.type)};
}

std::optional<std::string> literal_text(const typed_expression& value) { return value.literal; }

typed_expression query_translator::function_call(const json& call, const scope& where) {
  if (auto r = set_returning_function(*this, call, where))
    return *r;
  const std::vector<std::string> names = pt::strings(pt::list(call, "funcname"));
  if (names.empty() || names.size() > 2 || (names.size() == 2 && names[0] != "pg_catalog"))
    throw not_translatable{"function name"};
  const std::string name = names.back();
  if (call.contains("over"))
    return window_call(*this, name, call, where);
  if (!call.contains("agg_filter") && !pt::flag(call, "agg_distinct"))
    if (auto r = sequence_function(*this, name, call, where))
      return *r;
  if (pt::flag(call, "func_variadic") ||
      (pt::flag(call, "agg_within_group") && name != "percentile_cont" && name != "percentile_disc" && name != "mode"))
    throw not_translatable{"function call form"};
  const bool distinct = pt::flag(call, "agg_distinct");
  // Inside an aggregate's arguments a column needs no grouping.
  grouping_frame* frame = is_aggregate_name(name) && !call.contains("over") ? current_frame() : nullptr;
  struct aggregate_scope {
    grouping_frame* frame;
    explicit aggregate_scope(grouping_frame* f) : frame(f) {
      if (frame) {
        ++frame->aggregate_depth;
        frame->has_aggregate = true;
      }
    }
    ~aggregate_scope() {
      if (frame)
        --frame->aggregate_depth;
    }
  } inside_aggregate(frame);
  std::string filter;
  if (call.contains("agg_filter"))
    filter = " FILTER (WHERE " + as_boolean(expression(call["agg_filter"], where)).sql + ")";
  if (pt::flag(call, "agg_within_group"))
    return ordered_set_aggregate(*this, name, call, where, filter);
  if (name == "string_agg")
    return string_agg(*this, call, where, filter);
  if (name == "array_agg")
    return array_agg(*this, call, where, filter);
  if (auto r = json_aggregate(*this, name, call, where, filter))
    return *r;
  if (call.contains("agg_order"))
    throw not_translatable{"ORDER BY inside " + name};
  if (name == "make_interval" && !distinct && filter.empty())
    return make_interval_call(*this, call, where);
  std::vector<typed_expression> args;
  for (const json& arg : pt::list(call, "args"))
    args.push_back(expression(arg, where));
  if (!distinct && filter.empty()) {
    const int location = static_cast<int>(pt::integer(call, "location"));
    if (auto r = session_function(*this, name, args, location))
      return *r;
    if (auto r = bytea_function(*this, name, args, location))
      return *r;
    if (auto r = date_bin_function(*this, name, args, location))
      return *r;
    if (auto r = numeric_function(*this, name, args, location))
      return *r;
    if (auto r = regex_position_function(*this, name, args, location))
      return *r;
    if (auto r = string_function(*this, name, args, location))
      return *r;
    if (auto r = math_function(*this, name, args, location))
      return *r;
    if (auto r = datetime_function(*this, name, args, location))
      return *r;
    if (auto r = time_zone_function(*this, name, args, location))
      return *r;
    if (auto r = array_function(*this, name, args, location))
      return *r;
    if (auto r = catalog_function(*this, name, args, location))
      return *r;
    if (auto r = json_function(*this, name, args, location))
      return *r;
  }
  require_distinct_arguments(*this, call, args);
  if (auto r = statistical_aggregate(*this, name, args, distinct, filter))
    return *r;
  const std::string prefix = distinct ? "DISTINCT " : "";
  const auto aggregate = [&](const std::string& function, const std::string& argument, oid_t type) {
    return result_of(function + "(" + prefix + argument + ")" + filter, type);
  };

  if (name == "count") {
    if (pt::flag(call, "agg_star"))
      return result_of("count(*)" + filter, pg_type_oid::int8);
    if (args.size() == 1 && distinct && args[0].row_values)  // rows compared as record_cmp compares them
      return result_of("pg_distinct_count(1, NULL" + row_distinct_keys(*this, args[0], "count") + ")" + filter,
                       pg_type_oid::int8);
    if (args.size() == 1)
      return aggregate("count", with_collation(args[0].sql, args[0].type), pg_type_oid::int8);
  }
  if (args.size() != 1 || (distinct && name != "sum" && name != "avg" && name != "min" && name != "max" && !name.starts_with("bit_")))
    throw not_translatable{"function " + name};
  typed_expression& arg = args[0];
  const oid_t type = arg.type.oid;
  if (name == "sum" || name == "avg") {
    if (name == "sum" && (type == pg_type_oid::int2 || type == pg_type_oid::int4))
      return aggregate("sum", arg.sql, pg_type_oid::int8);
    if (is_integer(type) || type == pg_type_oid::numeric)
      return aggregate(name == "sum" ? "pg_numeric_sum" : "pg_numeric_avg", arg.sql,
                       pg_type_oid::numeric);
    if (type == pg_type_oid::float8)
      return aggregate(name == "sum" ? "pg_float_sum" : "pg_float_avg", arg.sql, pg_type_oid::float8);
    if (type == pg_type_oid::float4)
      return aggregate(name == "sum" ? "pg_real_sum" : "pg_real_avg", arg.sql,
                       name == "sum" ? pg_type_oid::float4 : pg_type_oid::float8);
    if (type == pg_type_oid::interval && !arg.literal && arg.parameter == 0)
      return aggregate(name == "sum" ? "pg_interval_sum" : "pg_interval_avg", arg.sql, pg_type_oid::interval);
    throw not_translatable{name + " of " + expression_helpers::message_type_name(arg.type)};
  }
  if (name == "min" || name == "max") {
    if (arg.type.oid == pg_type_oid::unknown)
      throw not_translatable{name + " of an untyped value"};
    // (a call without location is grouping_sets.cpp's NULL of the key's type)
    const int location = static_cast<int>(pt::integer(call, "location"));
    if (auto error = missing_row_type_min_max(name, arg); error && location >= 0)
      fail_at(std::move(*error), location);
    if (auto error = missing_min_max(name, arg.type); error && location >= 0)
      fail_at(std::move(*error), location);
    typed_expression out = aggregate(name, with_collation(arg.sql, arg.type), 0);
    out.type = min_max_result_type(arg.type);
    out.sql = failing_on_second_value(arg, "count(" + arg.sql + ")" + filter, out.sql);
    return out;
  }
  if ((name == "bit_and" || name == "bit_or" || name == "bit_xor") && is_integer(type) && !arg.literal &&
      arg.parameter == 0) {  // the argument's integer type (storage/sql_functions_aggregates.cpp)
    return aggregate("pg_" + name, arg.sql, type);
  }
  if (name == "bool_and" || name == "every" || name == "bool_or") {
    typed_expression value = as_boolean(std::move(arg));
    return aggregate(name == "bool_or" ? "max" : "min", value.sql, pg_type_oid::boolean);
  }
  if (!filter.empty())
    throw not_translatable{"FILTER on " + name};
  if (name == "length" || name == "char_length" || name == "character_length") {
    // length of a type without a length function, nor an implicit cast to text: 42883.
    static constexpr oid_t measured[] = {pg_type_oid::bytea, 1560, 1562, 3614, 601, 602};
    const bool has_length = std::find(std::begin(measured), std::end(measured), type) != std::end(measured);
    if (arg.type.known() && type != pg_type_oid::unknown && !is_text_like(type) && !arg.literal &&
        arg.parameter == 0 && !arg.is_null_constant && !(has_length && name == "length"))
      fail_at(make_pg_error("42883", "function " + name + "(" + format_type(arg.type) + ") does not exist",
                            {},
                            "No function matches the given name and argument types. You might need to "
                            "add explicit type casts."),
              static_cast<int>(pt::integer(call, "location")));
    if (type == pg_type_oid::bytea && name == "length")  // stored as a BLOB: its bytes
      return result_of("length(" + arg.sql + ")", pg_type_oid::int4);
    const column_type target = is_text_like(type) && type != pg_type_oid::unknown
                                   ? arg.type
                                   : builtin_column_type(pg_type_oid::text);
    typed_expression text = coerce(std::move(arg), target);
    if (text.type.oid == pg_type_oid::bpchar)
      return result_of("length(rtrim(" + text.sql + ", ' '))", pg_type_oid::int4);
    if (!is_text_like(text.type.oid))
      throw not_translatable{"length of " + expression_helpers::message_type_name(text.type)};
    return result_of("length(" + text.sql + ")", pg_type_oid::int4);
  }
  if (name == "upper" || name == "lower") {
    typed_expression text = coerce(std::move(arg), builtin_column_type(pg_type_oid::text));
    return result_of(name + "(" + text.sql + ")", pg_type_oid::text);
  }
  if (name == "abs") {
    if (is_integer(type))
      return result_of("pg_int_op('*', " + arg.sql + ", CASE WHEN " + arg.sql +
                           " < 0 THEN -1 ELSE 1 END, " +
                           (type == pg_type_oid::int2 ? "16" : type == pg_type_oid::int4 ? "32" : "64") +
                           ")",
                       type);
    if (type == pg_type_oid::numeric || type == pg_type_oid::float8 || type == pg_type_oid::float4) {
      return result_of("CASE WHEN " + with_collation(arg.sql, arg.type) + " < '0' THEN pg_negate(" +
                           arg.sql + ", " + std::to_string(type) + ") ELSE " + arg.sql + " END",
                       type);
    }
  }
  throw not_translatable{"function " + name};
}

bool query_translator::is_aggregate_name(const std::string& name) const {
  static const char* const names[] = {"count", "sum", "avg", "min", "max", "bool_and", "bool_or", "bit_and",
                                      "bit_or", "bit_xor",
                                      "every", "string_agg", "array_agg", "json_agg", "jsonb_agg",
                                      "json_object_agg", "jsonb_object_agg", "percentile_cont",
                                      "percentile_disc", "mode", "stddev", "stddev_samp", "stddev_pop",
                                      "variance", "var_samp", "var_pop", "corr", "covar_pop", "covar_samp",
                                      "regr_count", "regr_sxx", "regr_syy", "regr_sxy", "regr_avgx",
                                      "regr_avgy", "regr_r2", "regr_slope", "regr_intercept"};
  for (const char* n : names)
    if (name == n)
      return true;
  return false;
}

}  // namespace tributary::translator
