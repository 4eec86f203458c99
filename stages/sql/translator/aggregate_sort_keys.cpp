// aggregate_sort_keys: the sort keys pg_string_agg keeps for an aggregate's ORDER BY
// and DISTINCT (string_agg, array_agg, json[b]_agg, json[b]_object_agg): ", key,
// collation, flags" per key (flags 1 DESC, 2 NULLS FIRST, 4 DISTINCT:
// storage/sql_functions_aggregates.cpp).
//
// A key of a type PostgreSQL can neither sort nor compare (json, xml, the geometric
// types, arrays of them) is its 42883 at the key, in transformAggregateCall's order:
// the ORDER BY keys first ("could not identify an ordering operator for type json"),
// then the DISTINCT arguments ("... an equality operator ...", also count(DISTINCT j)
// and every other aggregate's DISTINCT: require_distinct_arguments).
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/sql/translator/row_sort_keys.hpp"
#include "stages/types/operator_classes.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary::translator {

namespace pt = parse_tree;

void require_sortable_key(query_translator& t, const column_type& type, bool ordering, int location) {
  if (auto error = missing_sort_operator(type, ordering))
    t.fail_at(std::move(*error), location);
}

std::string aggregate_order_keys(query_translator& t, const json& call, const scope& where, const std::string& what) {
  std::string sql;
  for (const json& item : pt::list(call, "agg_order")) {
    const json& sort = pt::fields(item);
    const json& node = sort.value("node", json());
    typed_expression key = t.expression(node, where);
    if (expression_helpers::untyped(key) || key.type.oid == pg_type_oid::unknown)
      key = t.coerce(std::move(key), builtin_column_type(pg_type_oid::text));
    const std::string direction = pt::text(sort, "sortby_dir");
    const std::string nulls = pt::text(sort, "sortby_nulls");
    if (direction == "SORTBY_USING" || key.type.is_enum())
      throw not_translatable{what + " ORDER BY form"};
    require_sortable_key(t, key.type, true, expression_helpers::start_location(node));
    const bool descending = direction == "SORTBY_DESC";
    const bool nulls_first = nulls == "SORTBY_NULLS_FIRST" || (nulls != "SORTBY_NULLS_LAST" && descending);
    sql += ", " + key.sql + ", " + sql_quote(collation_of(key.type)) + ", " +
           std::to_string((descending ? 1 : 0) + (nulls_first ? 2 : 0));
  }
  return sql;
}

std::string aggregate_distinct_key(query_translator& t, typed_expression value, int location, const std::string& what,
                                   int flags) {
  if (expression_helpers::untyped(value) || value.type.oid == pg_type_oid::unknown)
    value = t.coerce(std::move(value), builtin_column_type(pg_type_oid::text));
  if (value.type.is_enum())
    throw not_translatable{"DISTINCT of an enum in " + what};
  require_sortable_key(t, value.type, false, location);
  return ", " + value.sql + ", " + sql_quote(collation_of(value.type)) + ", " + std::to_string(flags);
}

void require_distinct_arguments(query_translator& t, const json& call, const std::vector<typed_expression>& args) {
  if (!pt::flag(call, "agg_distinct"))
    return;
  const json& nodes = pt::list(call, "args");
  for (size_t i = 0; i < args.size() && i < nodes.size(); ++i)
    if (!expression_helpers::untyped(args[i]))
      require_sortable_key(t, args[i].type, false, expression_helpers::start_location(nodes[i]));
}

std::string distinct_or_sort_keys(query_translator& t, const json& call, const scope& where, typed_expression value,
                                  const std::string& what) {
  if (!pt::flag(call, "agg_distinct"))
    return aggregate_order_keys(t, call, where, what);
  if (call.contains("agg_order"))
    return distinct_ordered_keys(t, call, where);
  const json& arguments = pt::list(call, "args");
  return aggregate_distinct_key(t, std::move(value),
                                arguments.empty() ? -1 : expression_helpers::start_location(arguments[0]), what);
}

std::string row_distinct_keys(query_translator& t, const typed_expression& row, const std::string& what) {
  constexpr oid_t record_oid = 2249;
  if (!row.row_values || !row.row_absent.empty())
    throw not_translatable{what + "(DISTINCT ...) of this row"};
  std::string keys;
  for (typed_expression field : *row.row_values) {
    if (expression_helpers::untyped(field))
      field = t.coerce(std::move(field), builtin_column_type(pg_type_oid::text));
    if (field.type.is_enum() || field.type.oid == record_oid)
      throw not_translatable{what + "(DISTINCT ...) of a row with this field type"};
    const std::string collation = missing_sort_operator(field.type, false) ? "!" + format_type(field.type)
                                                                           : collation_of(field.type);
    keys += ", " + field.sql + ", " + sql_quote(collation) + ", 4";
  }
  return keys;
}

}  // namespace tributary::translator
