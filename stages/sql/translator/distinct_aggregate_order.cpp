// distinct_aggregate_order: an aggregate with both DISTINCT and ORDER BY
// (string_agg(DISTINCT x, ',' ORDER BY x DESC), array_agg, json[b]_agg,
// json[b]_object_agg), as PostgreSQL's transformAggregateCall reads it: every ORDER BY
// expression must be one of the arguments (else 42P10 "in an aggregate with DISTINCT,
// ORDER BY expressions must appear in argument list" at the expression); the rows sort
// by the ORDER BY keys in their directions, then by the other arguments ascending, and
// of rows equal in all of them only the first is kept.
//
// The result is pg_string_agg's sort keys (", key, collation, flags" per key; flags 4
// is DISTINCT, 1 DESC, 2 NULLS FIRST: storage/sql_functions_aggregates.cpp).
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;

using pt::without_locations;

int location_in(const json& node) {
  if (node.is_object()) {
    for (const auto& [key, value] : node.items()) {
      if (key == "location" && value.is_number_integer())
        return value.get<int>();
      if (int found = location_in(value); found >= 0)
        return found;
    }
  }
  return -1;
}

// A key as aggregate_distinct_key writes it, with the ORDER BY flags; an ORDER BY key
// (`ordering`) of a type without ordering is 42883 ... ordering operator.
std::string key_sql(query_translator& t, const json& node, const scope& where, int flags, bool ordering) {
  typed_expression key = t.expression(node, where);
  if (ordering && !expression_helpers::untyped(key))
    require_sortable_key(t, key.type, true, expression_helpers::start_location(node));
  return aggregate_distinct_key(t, std::move(key), expression_helpers::start_location(node), "an aggregate", flags);
}

}  // namespace

std::string distinct_ordered_keys(query_translator& t, const json& call, const scope& where) {
  const json& arguments = pt::list(call, "args");
  std::vector<json> plain_arguments;
  for (const json& argument : arguments)
    plain_arguments.push_back(without_locations(argument));
  std::vector<bool> ordered(arguments.size(), false);
  std::string sql;
  for (const json& item : pt::list(call, "agg_order")) {
    const json& sort = pt::fields(item);
    const json& node = sort.value("node", json());
    const json plain = without_locations(node);
    bool found = false;
    for (size_t i = 0; i < plain_arguments.size(); ++i)
      if (plain_arguments[i] == plain) {
        ordered[i] = true;
        found = true;
      }
    if (!found)
      t.fail_at(make_pg_error("42P10", "in an aggregate with DISTINCT, ORDER BY expressions must appear in argument list"),
                location_in(node));
    const std::string direction = pt::text(sort, "sortby_dir");
    const std::string nulls = pt::text(sort, "sortby_nulls");
    if (direction == "SORTBY_USING")
      throw not_translatable{"ORDER BY ... USING in an aggregate"};
    const bool descending = direction == "SORTBY_DESC";
    const bool nulls_first = nulls == "SORTBY_NULLS_FIRST" || (nulls != "SORTBY_NULLS_LAST" && descending);
    sql += key_sql(t, node, where, 4 + (descending ? 1 : 0) + (nulls_first ? 2 : 0), true);
  }
  for (size_t i = 0; i < arguments.size(); ++i)
    if (!ordered[i])
      sql += key_sql(t, arguments[i], where, 4, false);
  return sql;
}

}  // namespace tributary::translator
