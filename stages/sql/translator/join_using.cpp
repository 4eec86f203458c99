// join_using: JOIN ... USING (c, ...) and NATURAL JOIN -> SQLite's JOIN ... ON, with
// PostgreSQL's merged columns.
//
//   SELECT * FROM a FULL JOIN b USING (id)
//   -> SELECT coalesce("a"."id", "b"."id") AS c1, "a"."x" AS c2, "b"."y" AS c3
//      FROM "a" AS "a" FULL JOIN "b" AS "b" ON ("a"."id" = "b"."id")
//
// Each USING column is one merged column of the join: the left side's value (INNER,
// LEFT), the right side's (RIGHT), or the first not null (FULL). `*` lists the merged
// columns first, then each side's other columns; a plain `id` is the merged column,
// `a.id` / `b.id` and `a.*` still name the sides' own. NATURAL uses the column names
// both sides have (none: every row joins every row). Errors as PostgreSQL's
// transformFromClauseItem: 42701 a name twice in USING, 42703 a side without the
// column, 42702 a side with it twice. USING columns of different types (PostgreSQL
// merges them in their common type) are merged in it for numbers and strings, not
// translated otherwise.
//
// JOIN ... USING (id) AS j names the merged columns: j.id, j.* (the merged columns
// only); j.x of another column is 42703, j a name already in FROM 42712.
#include <algorithm>

#include "stages/core/sql_quote.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/query_translator.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary::translator {

namespace {

namespace pt = parse_tree;
using expression_helpers::typed;

// The columns `*` would show of the scope items [begin, end), in order.
struct side_column {
  scope_item* item;
  scope_column* column;
};
std::vector<side_column> visible_columns(scope& where, size_t begin, size_t end) {
  std::vector<side_column> out;
  for (size_t i = begin; i < end; ++i)
    for (scope_column& c : where.items[i].columns)
      if (!c.hidden && !c.merged)
        out.push_back({&where.items[i], &c});
  return out;
}

std::string reference_sql(const side_column& side) {
  if (!side.column->expression.empty())
    return "(" + side.column->expression + ")";
  return quote_identifier(side.item->name) + "." + quote_identifier(side.column->sql_name);
}

}  // namespace

std::string query_translator::join_using(const json& join, const std::string& kind, scope& where,
                                         size_t left_start, size_t right_start) {
  const std::vector<side_column> left = visible_columns(where, left_start, right_start);
  const std::vector<side_column> right = visible_columns(where, right_start, where.items.size());
  const auto named = [](const std::vector<side_column>& side, const std::string& name) {
    return std::count_if(side.begin(), side.end(), [&](const side_column& c) { return c.column->name == name; });
  };
  std::vector<std::string> names;
  if (pt::flag(join, "isNatural")) {
    for (const side_column& c : left)
      if (named(right, c.column->name) > 0 &&
          std::find(names.begin(), names.end(), c.column->name) == names.end())
        names.push_back(c.column->name);
  } else {
    for (const json& node : pt::list(join, "usingClause")) {
      const std::string name = pt::text(pt::fields(node), "sval");
      if (std::find(names.begin(), names.end(), name) != names.end())
        fail_at(make_pg_error("42701", "column name \"" + name + "\" appears more than once in USING clause"), -1);
      names.push_back(name);
    }
  }

  const auto find = [&](const std::vector<side_column>& side, const std::string& name, const char* which) {
    const auto count = named(side, name);
    if (count == 0)
      fail_at(make_pg_error("42703", "column \"" + name + "\" specified in USING clause does not exist in " +
                                         which + " table"),
              -1);
    if (count > 1)
      fail_at(make_pg_error("42702", "common column name \"" + name + "\" appears more than once in " + which +
                                         " table"),
              -1);
    return *std::find_if(side.begin(), side.end(), [&](const side_column& c) { return c.column->name == name; });
  };
  scope_item merged;  // unnamed (reached by plain names and `*` only) unless USING (...) AS name
  const json& alias = join.value("join_using_alias", json::object());
  merged.name = pt::text(alias.contains("aliasname") ? alias : pt::fields(alias), "aliasname");
  refuse_taken_name(where, merged.name);
  std::string condition;
  for (const std::string& name : names) {
    const side_column l = find(left, name, "left");
    const side_column r = find(right, name, "right");
    typed_expression le = typed(reference_sql(l), l.column->type);
    typed_expression re = typed(reference_sql(r), r.column->type);
    // The merged column's type: the sides' own, or their common one (int4 and
    // int8: int8; varchar and text: text), each side converted to it.
    column_type common = l.column->type;
    const oid_t lo = l.column->type.oid;
    const oid_t ro = r.column->type.oid;
    if (!(l.column->type == r.column->type)) {
      if (is_number_type(lo) && is_number_type(ro))
        common = number_rank(lo) < number_rank(ro) ? r.column->type : l.column->type;
      else if (is_text_like(lo) && is_text_like(ro))
        common = builtin_column_type(pg_type_oid::text);
      else
        throw not_translatable{"USING columns of different types"};
    }
    const std::string left_value = coerce(le, common).sql;
    const std::string right_value = coerce(re, common).sql;
    scope_column column{name, "", common};
    column.expression = kind == "JOIN_RIGHT" ? right_value
                        : kind == "JOIN_FULL" ? "coalesce(" + left_value + ", " + right_value + ")"
                                              : left_value;
    merged.columns.push_back(std::move(column));
    condition += (condition.empty() ? "" : " AND ") + comparison("=", std::move(le), std::move(re)).sql;
    l.column->merged = true;
    r.column->merged = true;
  }
  if (names.empty())
    return "1";  // NATURAL JOIN of sides with no common column name
  where.items.insert(where.items.begin() + static_cast<std::ptrdiff_t>(left_start), std::move(merged));
  return condition;
}

}  // namespace tributary::translator
