// distinct_on: SELECT DISTINCT ON (keys) ... ORDER BY ... -> SQLite, which has no
// DISTINCT ON: the first row of each group of equal keys in ORDER BY's order is
// the one numbered 1 by row_number() over the keys' partition.
//
//   SELECT DISTINCT ON (a) a, b FROM t ORDER BY a, b DESC
//   -> SELECT c1, c2 FROM (SELECT a AS c1, b AS c2, a AS o1, b AS o2,
//          row_number() OVER (PARTITION BY a ORDER BY a ASC NULLS LAST,
//                             b DESC NULLS FIRST) AS pg_distinct_row FROM t)
//      WHERE pg_distinct_row = 1 ORDER BY o1 ASC NULLS LAST, o2 DESC NULLS FIRST
// Keys compare in their types' collations (as DISTINCT does). The keys must be
// ORDER BY's leading items, in any order (42P10 SELECT DISTINCT ON expressions
// must match initial ORDER BY expressions); without ORDER BY the rows come in
// the keys' order, as PostgreSQL's sort for DISTINCT ON gives them.
#include <algorithm>

#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/query_translator.hpp"

namespace tributary::translator {

std::string query_translator::distinct_on(const json& distinct_clause, const scope& where,
                                          const std::vector<query_column>& columns,
                                          const std::vector<std::string>& column_sql,
                                          const std::vector<sort_term>& order, const std::string& body) {
  std::vector<sort_term> keys;
  std::vector<int> key_locations;  // where each key is first written in DISTINCT ON (...)
  for (const json& node : distinct_clause) {
    auto [sql, type] = sort_key(node, "DISTINCT ON", where, columns, column_sql);
    require_sort_operators(type, false, expression_helpers::start_location(node));
    if (std::none_of(keys.begin(), keys.end(), [&](const sort_term& k) { return k.sql == sql; })) {
      keys.push_back({sql, type, " ASC NULLS LAST"});
      key_locations.push_back(expression_helpers::start_location(node));
    }
  }
  // ORDER BY starts with every key before anything else. As PostgreSQL's
  // transformDistinctOnClause, the error points at the key an ORDER BY term matches
  // after a term that is no key, else at the first key ORDER BY does not start with.
  const auto mismatch = [&](size_t key) {
    fail_at(make_pg_error("42P10", "SELECT DISTINCT ON expressions must match initial ORDER BY expressions"),
            key_locations[key]);
  };
  bool skipped = false;
  std::vector<bool> seen(keys.size(), false);
  for (const sort_term& term : order) {
    auto key = std::find_if(keys.begin(), keys.end(), [&](const sort_term& k) { return k.sql == term.sql; });
    if (key == keys.end()) {
      skipped = true;
      continue;
    }
    const auto at = static_cast<size_t>(key - keys.begin());
    if (seen[at])  // ORDER BY a, b, a: PostgreSQL keeps one sort item per expression
      continue;
    if (skipped)
      mismatch(at);
    seen[at] = true;
  }
  for (size_t at = 0; skipped && at < keys.size(); ++at)
    if (!seen[at])
      mismatch(at);
  const std::vector<sort_term>& sorted = order.empty() ? keys : order;
  std::string inner = "SELECT ";
  for (size_t i = 0; i < column_sql.size(); ++i)
    inner += (i ? ", " : "") + column_sql[i] + " AS c" + std::to_string(i + 1);
  std::string window_order;
  for (size_t i = 0; i < sorted.size(); ++i) {
    inner += ", " + sorted[i].sql + " AS o" + std::to_string(i + 1);
    window_order += (i ? ", " : "") + sorted[i].sql + sorted[i].direction;
  }
  std::string partition;
  for (const sort_term& key : keys)
    partition += (partition.empty() ? "" : ", ") + key.sql;
  inner += ", row_number() OVER (PARTITION BY " + partition + " ORDER BY " + window_order + ") AS pg_distinct_row" + body;
  std::string outer = "SELECT ";
  for (size_t i = 0; i < columns.size(); ++i)
    outer += (i ? ", " : "") + with_collation("c" + std::to_string(i + 1), columns[i].type) + " AS c" + std::to_string(i + 1);
  outer += " FROM (" + inner + ") WHERE pg_distinct_row = 1 ORDER BY ";
  for (size_t i = 0; i < sorted.size(); ++i)
    outer += (i ? ", " : "") + with_collation("o" + std::to_string(i + 1), sorted[i].type) + sorted[i].direction;
  return outer;
}

}  // namespace tributary::translator
