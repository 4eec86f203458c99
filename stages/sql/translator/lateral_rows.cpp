// lateral_rows: LATERAL (SELECT ...) that gives any number of rows for each row on
// its left (issue 11), e.g.
//
//   FROM items i, LATERAL (SELECT o.id FROM orders o WHERE o.item_id = i.id
//                          ORDER BY o.id LIMIT 2) x
//   -> FROM "items" AS "i",
//        json_each((SELECT json_group_array(json_array("c1")) FROM (<sub-select>))) AS "x"
//      x.id is ("x".value ->> 0)
//
// SQLite has no LATERAL and no correlated sub-select in FROM, but a table-valued
// function's arguments may read the tables on its left, so json_each over the
// sub-select's rows packed into one JSON array is a nested loop: the sub-select runs
// once per row on the left, its rows come back in its order, each column in its
// stored form (integers and text are exact in JSON; a blob is not, so a bytea
// column is not translated). LEFT JOIN LATERAL (...) ON ... keeps a left row whose
// sub-select gave no row, as PostgreSQL does. Pure.
#include "stages/core/sql_quote.hpp"
#include "stages/sql/translator/output_names.hpp"
#include "stages/sql/translator/query_translator.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary::translator {

std::string query_translator::lateral_rows(const json& subquery, const std::string& alias,
                                           const std::vector<std::string>& column_aliases, int location,
                                           scope& where) {
  translated_query inner = select(subquery, &where);
  if (column_aliases.size() > inner.columns.size())
    fail_at(make_pg_error("42P10", "table \"" + alias + "\" has " + std::to_string(inner.columns.size()) +
                                       " columns available but " + std::to_string(column_aliases.size()) +
                                       " columns specified"),
            -1);
  for (const scope_item& existing : where.items)
    if (existing.name == alias)
      fail_at(make_pg_error("42712", "table name \"" + alias + "\" specified more than once"), location);
  scope_item item;
  item.name = alias;
  std::string packed;
  for (size_t i = 0; i < inner.columns.size(); ++i) {
    const query_column& column = inner.columns[i];
    const type_descriptor* descriptor = find_builtin_type(column.type.oid);
    if (descriptor != nullptr && descriptor->storage == storage_class::blob)
      throw not_translatable{"bytea column of a LATERAL sub-select that returns rows"};
    packed += (i ? ", " : "") + quote_identifier(positional_alias(i));
    scope_column out{i < column_aliases.size() ? column_aliases[i] : column.name, "", column.type};
    if (column.type.oid == pg_type_oid::unknown)
      out.type = builtin_column_type(pg_type_oid::text);
    out.expression = "(" + quote_identifier(alias) + ".value ->> " + std::to_string(i) + ")";
    item.columns.push_back(std::move(out));
  }
  where.items.push_back(std::move(item));
  return "json_each((SELECT json_group_array(json_array(" + packed + ")) FROM (" + inner.sql + "))) AS " +
         quote_identifier(alias);
}

}  // namespace tributary::translator
