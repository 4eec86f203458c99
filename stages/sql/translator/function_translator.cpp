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
//   window functions (OVER)          window_functions.cpp's window_call
// [DISTINCT] and FILTER (WHERE ...) are kept on aggregates; ORDER BY inside an
// aggregate other than string_agg's and array_agg's and other window functions are
// not translated yet; named windows are resolved before (window_names.cpp).
// Other families (function_families.hpp): window_functions.cpp, session_functions.cpp, string_functions.cpp,
// math_functions.cpp, datetime_functions.cpp.
#include <algorithm>

#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/sql/translator/untranslated_statement.hpp"
#include "stages/sql/translator/row_sort_keys.hpp"
#include "stages/sql/translator/row_type_values.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/operator_classes.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/type_names.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;
using expression_helpers::is_integer_type;

typed_expression result_of(std::string sql, oid_t oid) {
  typed_expression e;
  e.sql = std::move(sql);
  e.type = builtin_column_type(oid);
  return e;
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

// min / max of varchar, name and "char" is min(text) / max(text), as PostgreSQL
// resolves the call through their implicit casts to text: a text.
column_type min_max_result_type(const column_type& type) {
  const oid_t oid = type.oid;
  if (!type.is_enum() && (oid == pg_type_oid::varchar || oid == 19 || oid == 18))
    return builtin_column_type(pg_type_oid::text);
  return type;
}

std::string failing_on_second_value(const typed_expression& arg, const std::string& count, const std::string& extreme) {
  const type_descriptor* d = arg.type.is_enum_array() ? nullptr : find_builtin_type(arg.type.oid);
  if (d == nullptr || d->element == 0 || has_btree_operator_class(d->element))
    return extreme;
  return "(CASE WHEN " + count + " > 1 THEN pg_raise('42883', 'could not identify a comparison function for type " +
         format_type(builtin_column_type(d->element)) + "') ELSE " + extreme + " END)";
}

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
  // A name neither PostgreSQL nor SQLite has (a typo: lenght('x')): PostgreSQL's 42883
  // with the arguments' types, at the call (SQLite's own functions stay an extension).
  if (names.size() == 1 && !is_postgres_function(name) && input_.sqlite_function_exists &&
      !input_.sqlite_function_exists(name))
    no_such_function(*this, name, args, static_cast<int>(pt::integer(call, "location")));
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
    if (is_integer_type(type) || type == pg_type_oid::numeric)
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
  if ((name == "bit_and" || name == "bit_or" || name == "bit_xor") && is_integer_type(type) && !arg.literal &&
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
    if (is_integer_type(type))
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
