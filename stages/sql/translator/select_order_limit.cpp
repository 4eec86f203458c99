// select_order_limit: a SELECT's ORDER BY (sort keys in their types' collations, output
// columns by position or name, PostgreSQL's NULL placement) and LIMIT / OFFSET counts
// (2201W / 2201X when negative); split from select_translator.cpp.
#include "stages/core/sql_quote.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/output_names.hpp"
#include "stages/sql/translator/query_translator.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary::translator {

namespace pt = parse_tree;

std::optional<size_t> query_translator::output_position(const json& node, size_t count,
                                                       const char* clause) {
  auto c = pt::constant_value(node, input_.source);
  if (!c || c->is_string || c->is_null || !pt::fields(node).contains("ival"))
    return std::nullopt;
  const long position = std::stol(c->text);
  if (position < 1 || static_cast<size_t>(position) > count)
    fail_at(make_pg_error("42P10", std::string(clause) + " position " + c->text +
                                       " is not in select list"),
            static_cast<int>(pt::integer(pt::fields(node), "location")));
  return static_cast<size_t>(position - 1);
}

std::pair<std::string, column_type> query_translator::sort_key(const json& key, const char* clause,
                                                             const scope& where,
                                                             const std::vector<query_column>& columns,
                                                             const std::vector<std::string>& column_sql) {
  if (auto position = output_position(key, columns.size(), clause))
    return {column_sql[*position], columns[*position].type};
  // A bare name that is an output column's name is that column.
  const json& fields = pt::list(pt::fields(key), "fields");
  if (pt::node_type(key) == "ColumnRef" && fields.size() == 1 && pt::node_type(fields[0]) == "String") {
    const std::string name = pt::text(pt::fields(fields[0]), "sval");
    for (size_t i = 0; i < columns.size(); ++i)
      if (columns[i].name == name)
        return {column_sql[i], columns[i].type};
  }
  typed_expression e = expression(key, where);
  if (e.type.oid == pg_type_oid::unknown)
    e = coerce(std::move(e), builtin_column_type(pg_type_oid::text));
  return {with_collation(e.sql, e.type), e.type};
}

std::string query_translator::order_by(const json& sort_clause, const scope& where,
                                       const std::vector<query_column>& columns,
                                       const std::vector<std::string>& column_sql, std::vector<sort_term>* terms) {
  std::string sql;
  for (const json& node : sort_clause) {
    const json& sort = pt::fields(node);
    const json& key = sort.value("node", json());
    auto [term, type] = sort_key(key, "ORDER BY", where, columns, column_sql);
    // An output column sorts by its alias: SQLite refuses an outer query's column
    // in the ORDER BY of a sub-select in FROM, but not in its result columns.
    std::string written = term;
    for (size_t i = 0; i < column_sql.size(); ++i)
      if (column_sql[i] == term)
        written = quote_identifier(positional_alias(i));
    const std::string direction = pt::text(sort, "sortby_dir");
    const std::string nulls = pt::text(sort, "sortby_nulls");
    if (direction == "SORTBY_USING")
      throw not_translatable{"ORDER BY USING"};
    const bool descending = direction == "SORTBY_DESC";
    const bool nulls_first = nulls == "SORTBY_NULLS_FIRST" ||
                             (nulls != "SORTBY_NULLS_LAST" && descending);
    const std::string suffix = std::string(descending ? " DESC" : " ASC") + (nulls_first ? " NULLS FIRST" : " NULLS LAST");
    sql += (sql.empty() ? " ORDER BY " : ", ") + written + suffix;
    if (terms != nullptr)
      terms->push_back({term, type, suffix});
  }
  return sql;
}

std::string query_translator::limit_count_sql(const json& s, const char* field, const scope& where) {
  // A negative count is PostgreSQL's 2201W / 2201X, checked as the query runs.
  typed_expression e = expression(s[field], where);
  if (e.is_null_constant)
    return "-1";
  const std::string count = coerce(std::move(e), builtin_column_type(pg_type_oid::int8)).sql;
  const bool limit = std::string(field) == "limitCount";
  return "(CASE WHEN " + count + " < 0 THEN pg_raise(" + (limit ? "'2201W'" : "'2201X'") + ", '" +
         (limit ? "LIMIT" : "OFFSET") + " must not be negative') WHEN " + count + " IS NULL THEN -1 ELSE " + count +
         " END)";
}

std::string query_translator::limits(const json& s, const scope& where) {
  std::string sql;
  if (s.contains("limitCount"))
    sql += " LIMIT " + limit_count_sql(s, "limitCount", where);
  if (s.contains("limitOffset"))
    sql += (sql.empty() ? " LIMIT -1 OFFSET " : " OFFSET ") + limit_count_sql(s, "limitOffset", where);
  return sql;
}

}  // namespace tributary::translator
