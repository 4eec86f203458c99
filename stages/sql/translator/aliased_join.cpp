// aliased_join: a join in FROM with an alias, (a JOIN b USING (id)) AS j, and the
// check that a FROM item's name is not taken.
//
//   SELECT j.id, j.x FROM (a JOIN b USING (id)) j
//   -> SELECT "j"."c1", "j"."c2"
//      FROM (SELECT ("a"."id") AS "c1", "a"."x" AS "c2", "b"."y" AS "c3"
//            FROM "a" AS "a" JOIN "b" AS "b" ON ("a"."id" = "b"."id")) AS "j"
//
// As PostgreSQL's join RTE with an alias: its columns are the join's as `*` lists
// them (the USING columns merged first, then each side's others), named by the
// alias's column list when there is one (42P10 join expression "j" has 3 columns
// available but 4 columns specified), and the join's own tables are reachable through
// j only. j.x of a column the join lacks is 42703, of a name two of its columns have
// 42702, as for any FROM item. The join's sides see the outer query's levels, not the
// FROM items beside it (as a sub-select in FROM); a.x or a.* of one of its own
// tables is 42P01 invalid reference to FROM-clause entry for table "a", with
// PostgreSQL's HINT.
#include <algorithm>

#include "stages/core/sql_quote.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/output_names.hpp"
#include "stages/sql/translator/query_translator.hpp"

namespace tributary::translator {

namespace pt = parse_tree;

void query_translator::refuse_taken_name(const scope& where, const std::string& name) const {
  for (const scope_item& existing : where.items)
    if (!name.empty() && existing.name == name)
      fail_at(make_pg_error("42712", "table name \"" + name + "\" specified more than once"), -1);
}

void query_translator::fail_missing_table(const scope& where, const std::string& table, int location) const {
  for (const scope* level = &where; level != nullptr; level = level->outer)
    for (const scope_item& item : level->items)
      if (std::find(item.hidden_tables.begin(), item.hidden_tables.end(), table) != item.hidden_tables.end())
        fail_at(make_pg_error("42P01", "invalid reference to FROM-clause entry for table \"" + table + "\"", "",
                              "There is an entry for table \"" + table +
                                  "\", but it cannot be referenced from this part of the query."),
                location);
  // errorMissingRTE: the table's own name where FROM gave it an alias ("SELECT
  // items.name FROM items i") is the alias's mistake.
  for (const scope* level = &where; level != nullptr; level = level->outer)
    for (const scope_item& item : level->items)
      if (item.relation == table && item.name != table)
        fail_at(make_pg_error("42P01", "invalid reference to FROM-clause entry for table \"" + table + "\"", "",
                              "Perhaps you meant to reference the table alias \"" + item.name + "\"."),
                location);
  fail_at(make_pg_error("42P01", "missing FROM-clause entry for table \"" + table + "\""), location);
}

std::string query_translator::aliased_join(const json& join, const std::string& alias,
                                           const std::vector<std::string>& column_aliases, scope& where) {
  json unaliased = join;
  unaliased.erase("alias");
  scope inner;
  inner.outer = where.outer;
  const std::string join_sql = from_item(json{{"JoinExpr", std::move(unaliased)}}, inner);

  scope_item item;
  item.name = alias;
  for (const scope_item& side : inner.items)
    for (const std::string& name : side.hidden_tables)
      item.hidden_tables.push_back(name);
  for (const scope_item& side : inner.items)
    if (!side.name.empty())
      item.hidden_tables.push_back(side.name);
  std::string select_list;
  for (const scope_item& side : inner.items)
    for (const scope_column& column : side.columns) {
      if (column.hidden || column.merged)
        continue;
      const std::string sql_name = positional_alias(item.columns.size());
      select_list += (select_list.empty() ? "" : ", ") + column_reference_sql(side, column) + " AS " +
                     quote_identifier(sql_name);
      item.columns.push_back({column.name, sql_name, column.type});
    }
  if (item.columns.empty())
    throw not_translatable{"aliased join without columns"};
  if (column_aliases.size() > item.columns.size())
    fail_at(make_pg_error("42P10", "join expression \"" + alias + "\" has " + std::to_string(item.columns.size()) +
                                       " columns available but " + std::to_string(column_aliases.size()) +
                                       " columns specified"),
            -1);
  for (size_t i = 0; i < column_aliases.size(); ++i)
    item.columns[i].name = column_aliases[i];
  refuse_taken_name(where, alias);
  where.items.push_back(std::move(item));
  return "(SELECT " + select_list + " FROM " + join_sql + ") AS " + quote_identifier(alias);
}

}  // namespace tributary::translator
