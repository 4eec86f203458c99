// default_deparse: a column DEFAULT's (and a CHECK's) text as PostgreSQL prints
// it back (pg_get_expr(adbin, adrelid), pg_get_constraintdef, psql's \d), from
// the expression's parse tree:
//
//   DEFAULT 'a' on text            -> 'a'::text
//   DEFAULT -1 on integer          -> '-1'::integer      (42 -> 42, 1.5 -> 1.5)
//   DEFAULT 1 + 2                  -> (1 + 2)
//   DEFAULT 1.25 * 2               -> (1.25 * (2)::numeric)
//   DEFAULT 2 ^ 3                  -> ((2)::double precision ^ (3)::double precision)
//   DEFAULT upper('x') || 'z'      -> (upper('x'::text) || 'z'::text)
//   DEFAULT now() + interval '1 day' -> (now() + '1 day'::interval)
//   DEFAULT current_date           -> CURRENT_DATE
//   DEFAULT nextval('s')           -> nextval('s'::regclass)
//   DEFAULT ARRAY['a', 'b']        -> ARRAY['a'::text, 'b'::text]
//
// PostgreSQL prints the expression it stored: literals carry the type the parser
// resolved for them (an untyped literal at the top takes the column's type, in a
// function's argument or beside || text), the implicit casts its operator
// resolution added inside the expression are shown, the one to the column's type
// at the top is not. What this reading does not cover (a function whose result
// type it does not know under an operator, an operator between types it does not
// rank) gives nullopt: the caller keeps the source text. Pure.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/types/column_definition.hpp"

namespace tributary {

// `expression` is the DEFAULT's node, parsed from `source`. `pretty`: as
// pg_get_expr(..., true) and psql's \d print it — parentheses only where
// precedence needs them ((1 + 2) * 3, 1.25 * 2::numeric, now()::date) and around
// an operator the column's type casts; the text this function gave, parsed again
// with the same column, prints the same.
std::optional<std::string> deparse_default(const nlohmann::json& expression,
                                           std::string_view source,
                                           const column_definition& column, bool pretty = false);

// A CHECK constraint's text as pg_get_constraintdef prints it: "CHECK ((a > 0))",
// pretty "CHECK (a > 0)" (psql's \d), over the table's `columns`: comparisons
// (= <> < > <= >=) with the casts PostgreSQL's operator resolution adds
// (amount > 0 on numeric -> amount > 0::numeric), AND / OR / NOT, IS [NOT] NULL,
// IN lists (x = ANY (ARRAY[...])) and what a DEFAULT may hold; nullopt otherwise.
std::optional<std::string> deparse_check(const nlohmann::json& expression, std::string_view source,
                                         const std::vector<column_definition>& columns, bool pretty);

// A FROM item of a view's SELECT: its name (alias or relation name) and columns.
struct view_scope_item {
  std::string qualifier;
  const std::vector<column_definition>* columns = nullptr;
  int level = 0;  // 0: the expression's own SELECT; 1, 2, ...: the SELECTs around it (correlated)
  // Columns a JOIN ... USING merged into another item's: an unqualified name does not find them here.
  std::vector<std::string> merged;
  // The name it prints as when not `qualifier`: PostgreSQL renames an item an
  // outer SELECT names too (vt_1).
  std::string printed;
};

// A sub-select of a view's expression ((SELECT ...), EXISTS (...), x IN (...)): its
// text as pg_get_viewdef prints it where the expression stands, and the type of its
// first column; nullopt when not covered.
struct printed_subselect {
  std::string text;
  oid_t type = 0;
};
using view_subselect_printer = std::function<std::optional<printed_subselect>(const nlohmann::json& select)>;

// An expression of a view's SELECT over the FROM items `scope` (joins, lists, and
// those of the SELECTs around it): as below, a column reference qualified by the
// item that has the column (c, q.c; the nearest SELECT's first); also the
// aggregates count(*), count(x), sum, avg, min and max, window functions (OVER
// (PARTITION BY ... ORDER BY ... [frame])) and, with `subselects`,
// sub-selects.
std::optional<std::string> deparse_view_expression(const nlohmann::json& expression, std::string_view source,
                                                   const std::vector<view_scope_item>& scope, bool pretty,
                                                   oid_t* type, const view_subselect_printer* subselects = nullptr);

// A named window of a view's WINDOW clause (its WindowDef) over `scope`: "(spec)"
// as get_rule_windowspec prints it; nullopt when not covered.
std::optional<std::string> deparse_view_window(const nlohmann::json& window, std::string_view source,
                                               const std::vector<view_scope_item>& scope, bool pretty,
                                               const view_subselect_printer* subselects = nullptr);

// A GROUP BY / ORDER BY / PARTITION BY / DISTINCT ON item as ruleutils'
// get_rule_sortgroupclause prints it: a column bare, a function call (or an
// aggregate) in parentheses, any other expression in parentheses when pretty.
std::string sort_item_text(const nlohmann::json& expression, const std::string& printed, bool pretty);

// A SortBy's " DESC", " NULLS FIRST" / " NULLS LAST" where they differ from the
// direction's default, as get_rule_orderby prints them.
std::string sort_direction(const nlohmann::json& sort_by);

// An expression of a view's SELECT over one FROM item whose columns are `columns`,
// as pg_get_viewdef prints it: column references qualified by `qualifier` (c and
// qualifier.c both print qualifier.c), an untyped literal as text ('x'::text);
// `pretty` as pg_get_viewdef(v, true). Its type in `*type`. nullopt: not covered.
std::optional<std::string> deparse_view_expression(const nlohmann::json& expression, std::string_view source,
                                                   const std::vector<column_definition>& columns,
                                                   const std::string& qualifier, bool pretty, oid_t* type);

}  // namespace tributary
