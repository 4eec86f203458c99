// select_order_limit: a SELECT's ORDER BY (sort keys in their types' collations, output
// columns by position or name, PostgreSQL's NULL placement) and LIMIT / OFFSET counts
// (2201W / 2201X when negative); split from select_translator.cpp.
//
// A bare name in ORDER BY, DISTINCT ON or GROUP BY that names output columns is
// the output column, as PostgreSQL's findTargetlistEntrySQL92: several of that
// name are one column when they are the same expression (b, t.b; b + 1 AS x twice),
// else 42702 ORDER BY "x" is ambiguous at the name. (GROUP BY first looks for a
// column of the FROM items of that name: names_a_from_column.)
//
// A key of a type without ordering (json, xml, the geometric types, their arrays)
// is PostgreSQL's 42883 could not identify an ordering operator for type json; a
// GROUP BY, DISTINCT or DISTINCT ON key of one, 42883 ... equality operator.
#include "stages/core/sql_quote.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/output_names.hpp"
#include "stages/sql/translator/query_translator.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/operator_classes.hpp"
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

namespace {

// `sql` without parentheses around the whole of it: "(\"s\".\"id\")" (a USING
// column, the left side's) is the same expression as "\"s\".\"id\"" (from s.*).
std::string_view without_outer_parentheses(std::string_view sql) {
  while (sql.size() >= 2 && sql.front() == '(' && sql.back() == ')') {
    int depth = 0;
    char quote = 0;
    size_t closing = 0;
    for (size_t i = 0; i < sql.size() && closing == 0; ++i) {
      const char c = sql[i];
      if (quote != 0) {
        quote = c == quote ? 0 : quote;  // a doubled quote closes and reopens
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '(') {
        ++depth;
      } else if (c == ')' && --depth == 0) {
        closing = i;
      }
    }
    if (closing != sql.size() - 1)
      break;
    sql = sql.substr(1, sql.size() - 2);
  }
  return sql;
}

}  // namespace

std::optional<size_t> query_translator::output_named(const json& key, const char* clause,
                                                    const std::vector<query_column>& columns,
                                                    const std::vector<std::string>& column_sql) {
  const json& fields = pt::list(pt::fields(key), "fields");
  if (pt::node_type(key) != "ColumnRef" || fields.size() != 1 || pt::node_type(fields[0]) != "String")
    return std::nullopt;
  const std::string name = pt::text(pt::fields(fields[0]), "sval");
  std::optional<size_t> found;
  for (size_t i = 0; i < columns.size(); ++i) {
    if (columns[i].name != name)
      continue;
    if (!found) {
      found = i;
    } else if (without_outer_parentheses(column_sql[i]) != without_outer_parentheses(column_sql[*found])) {
      // PostgreSQL's findTargetlistEntrySQL92: two output columns of that name
      // that are not the same expression (a, a[1] AS a; b + 1 AS x, 1 + b AS x).
      fail_at(make_pg_error("42702", std::string(clause) + " \"" + name + "\" is ambiguous"),
              static_cast<int>(pt::integer(pt::fields(key), "location")));
    }
  }
  return found;
}

void query_translator::require_sort_operators(const column_type& type, bool ordering, int location) const {
  // PostgreSQL's get_sort_group_operators (operator_classes.hpp).
  if (auto error = missing_sort_operator(type, ordering))
    fail_at(std::move(*error), location);
}

std::pair<std::string, column_type> query_translator::sort_key(const json& key, const char* clause,
                                                             const scope& where,
                                                             const std::vector<query_column>& columns,
                                                             const std::vector<std::string>& column_sql) {
  if (auto position = output_position(key, columns.size(), clause))
    return {column_sql[*position], columns[*position].type};
  // A bare name that is an output column's name is that column.
  if (auto named = output_named(key, clause, columns, column_sql))
    return {column_sql[*named], columns[*named].type};
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
    require_sort_operators(type, true, expression_helpers::start_location(key));
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
