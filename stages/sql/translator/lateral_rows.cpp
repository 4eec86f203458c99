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
// column travels as its text form, \x..., and is read back). LEFT JOIN LATERAL (...)
// ON ... keeps a left row whose sub-select gave no row, as PostgreSQL does.
//
// RIGHT / FULL JOIN LATERAL (...): PostgreSQL allows the right side no reference to the
// join's left side (42P10 "invalid reference to FROM-clause entry for table "i"", DETAIL
// The combining JOIN type must be INNER or LEFT for a LATERAL reference., at the
// reference); without one it is an ordinary sub-select or function. Pure.
#include "stages/core/sql_quote.hpp"
#include "stages/sql/parse_tree.hpp"
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
  refuse_taken_name(where, alias);
  scope_item item;
  item.name = alias;
  std::string packed;
  for (size_t i = 0; i < inner.columns.size(); ++i) {
    const query_column& column = inner.columns[i];
    const type_descriptor* descriptor = find_builtin_type(column.type.oid);
    // JSON holds no blob: a bytea travels as its text form and is read back.
    const bool blob = descriptor != nullptr && descriptor->storage == storage_class::blob;
    const column_type text = builtin_column_type(pg_type_oid::text);
    const std::string field = quote_identifier(positional_alias(i));
    packed += (i ? ", " : "") + (blob ? cast_sql(field, column.type, text) : field);
    scope_column out{i < column_aliases.size() ? column_aliases[i] : column.name, "", column.type};
    if (column.type.oid == pg_type_oid::unknown)
      out.type = text;
    out.expression = "(" + quote_identifier(alias) + ".value ->> " + std::to_string(i) + ")";
    if (blob)
      out.expression = cast_sql(out.expression, text, column.type);
    item.columns.push_back(std::move(out));
  }
  where.items.push_back(std::move(item));
  return "json_each((SELECT json_group_array(json_array(" + packed + ")) FROM (" + inner.sql + "))) AS " +
         quote_identifier(alias);
}

std::string query_translator::lateral_beside_outer_join(const json& right, scope& where, size_t left_start) {
  json plain = right;  // translated as an ordinary FROM item, without the join's left side
  plain[parse_tree::node_type(right)]["lateral"] = false;
  const auto first_hidden = where.items.begin() + static_cast<std::ptrdiff_t>(left_start);
  std::vector<scope_item> left(std::make_move_iterator(first_hidden), std::make_move_iterator(where.items.end()));
  where.items.erase(first_hidden, where.items.end());
  const auto restore = [&] {
    where.items.insert(where.items.begin() + static_cast<std::ptrdiff_t>(left_start),
                       std::make_move_iterator(left.begin()), std::make_move_iterator(left.end()));
  };
  try {
    std::string sql = from_item(plain, where);
    restore();
    return sql;
  } catch (const translation_failure& failure) {
    // The reference that named a hidden item (i.id: 42P01) or one of its columns (id: 42703).
    const pg_error& error = failure.error.error;
    for (const scope_item& item : left) {
      bool named = error.sqlstate == "42P01" && error.message == "missing FROM-clause entry for table \"" + item.name + "\"";
      for (const scope_column& column : item.columns)
        named = named || (error.sqlstate == "42703" && !column.hidden &&
                          error.message == "column \"" + column.name + "\" does not exist");
      named = named || (error.sqlstate == "42703" && error.message == "column \"" + item.name + "\" does not exist");
      if (named)
        fail_at(make_pg_error("42P10", "invalid reference to FROM-clause entry for table \"" + item.name + "\"",
                              "The combining JOIN type must be INNER or LEFT for a LATERAL reference."),
                failure.error.location);
    }
    throw;
  }
}

}  // namespace tributary::translator
