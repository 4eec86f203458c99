// column_reference: how the translated SQL names one column of a scope item — the
// single place every column reference (a name, `t.*`, a whole row) is written.
//
//   "t"."c"     a table, sub-select or function in FROM, by its alias;
//   "c"         a bare name, where SQLite knows the target table only by its columns'
//               names (an upsert's SET and WHERE, a CHECK expression);
//   likely("c") a bare name in a RETURNING list. SQLite 3.40 (Debian 12's) evaluates
//               `c IS NULL` / `c IS NOT NULL` (also inside CASE WHEN) wrongly in RETURNING
//               on a STRICT or WITHOUT ROWID table with a non-INTEGER primary key: a NULL
//               column reads as not null. likely(x) returns x unchanged and is compiled
//               to x itself, but reads the column through the general path. Column
//               collations do not apply in RETURNING anyway (SQLite 3.40 drops them
//               there too), so nothing else changes.
#include "stages/core/sql_quote.hpp"
#include "stages/sql/missing_column_hint.hpp"
#include "stages/sql/translator/merge_plan.hpp"
#include "stages/sql/translator/query_translator.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary::translator {

scope_column table_oid_column(const std::string& qualified_name) {
  scope_column tableoid{"tableoid", "", builtin_column_type(pg_type_oid::oid)};
  tableoid.expression = "pg_catalog_regclass_in(" + sql_quote(qualified_name) + ")";
  tableoid.hidden = true;
  return tableoid;
}

// MERGE's handle on a target row (merge_plan.hpp): the row's SQLite rowid, under a
// name no PostgreSQL table has, never in `*`.
scope_column merge_row_scope_column(const std::string& item_name) {
  scope_column row{merge_row_column, "", builtin_column_type(pg_type_oid::int8)};
  row.expression = quote_identifier(item_name) + ".rowid";
  row.hidden = true;
  return row;
}

std::string column_reference_sql(const scope_item& item, const scope_column& column) {
  if (!column.expression.empty())
    return "(" + column.expression + ")";
  if (item.returning_list)
    return "likely(" + quote_identifier(column.sql_name) + ")";
  if (item.bare)
    return quote_identifier(column.sql_name);
  return quote_identifier(item.name) + "." + quote_identifier(column.sql_name);
}

void query_translator::fail_missing_column(const scope& where, const std::string& table, const std::string& column,
                                           int location) const {
  // The range tables the hint searches: every FROM item with the columns `*` and a
  // name reach; not a join (PostgreSQL skips join entries: a join's merged columns, or
  // an aliased join, whose tables PostgreSQL would search are not in the scope), nor
  // system columns.
  std::vector<std::vector<hint_relation>> levels;
  for (const scope* level = &where; level != nullptr; level = level->outer) {
    levels.emplace_back();
    for (const scope_item& item : level->items) {
      if (item.name.empty() || !item.hidden_tables.empty())  // a join's own entry, aliased or not
        continue;
      hint_relation relation{item.name, {}};
      for (const scope_column& c : item.columns)
        if (!c.hidden)
          relation.columns.push_back(c.name);
      levels.back().push_back(std::move(relation));
    }
  }
  fail_at(make_pg_error("42703",
                        table.empty() ? "column \"" + column + "\" does not exist"
                                      : "column " + table + "." + column + " does not exist",
                        "", missing_column_hint(levels, table, column)),
          location);
}

}  // namespace tributary::translator
