// view_deparse: a view's SELECT as PostgreSQL 15's pg_get_viewdef prints it back
// (ruleutils.c: PRETTYFLAG_INDENT always; `pretty` adds pg_get_viewdef(v, true)'s
// fewer parentheses):
//
//   CREATE VIEW vv AS SELECT id, price * 2 AS dp, 'lit' AS lit FROM vt WHERE id > 0
//   ->  SELECT vt.id,
//          (vt.price * (2)::numeric) AS dp,
//          'lit'::text AS lit
//         FROM vt
//        WHERE (vt.id > 0);
//
// Column references are qualified by the FROM item that has them (its alias when
// it has one; a correlated one by the outer SELECT's item), `*` is expanded, a
// column keeps AS only when the view names it otherwise (CREATE VIEW v (a, b)
// renames the first ones), an expression without a name of its own is AS
// "?column?" (not in a sub-select of an expression), expressions print as
// default_deparse prints them. Every SELECT prints at its indentation level as
// ruleutils.c's appendContextKeyword indents (8 per level), so sub-selects, WITH
// queries and parenthesised set operations nest as PostgreSQL prints them.
// Covered: FROM lists, [LEFT | RIGHT | FULL] JOIN ... ON / USING / NATURAL (the
// merged column is the left one's, the right one's for RIGHT JOIN or when the left
// one is cast to a common number type, the join's own printed bare for FULL JOIN,
// a cast side or a left one relabelled (varchar as text, a typmod dropped); `*`
// gives it first), CROSS JOIN, sub-selects in FROM (with an alias, a
// column list s(x, y) printed whole, LATERAL), in
// conditions and targets (IN, op ANY / ALL, EXISTS, scalar), WITH [RECURSIVE] (with
// column lists),
// DISTINCT [ON], the aggregates count/sum/avg/min/max, window functions with their
// frames and named windows (OVER w, WINDOW w AS (...)), GROUP BY / ORDER BY /
// DISTINCT ON of columns, expressions, output
// names and target numbers (each once), HAVING, OFFSET and LIMIT constants, and
// UNION / INTERSECT / EXCEPT [ALL] of SELECTs of the same types, of numbers or of
// strings of different types (printed as they are; the branches'
// columns named as the first's; its unnamed expressions AS "?column?"), nested;
// a relation a sub-select names as a SELECT around it does is renamed t_1 (t_2
// past the names taken), as set_rtable_names; an aliased join (a JOIN b) j with
// its column list where names repeat. Not covered (nullopt: the caller keeps the
// text as written): an untyped literal branch beside another string type ('x'
// beside varchar: PostgreSQL prints 'x'::character varying), an expression the
// deparser does not know. Pure.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/types/column_definition.hpp"

namespace tributary {

// The relation a view reads, by its local name ("vt", "sales.o").
struct view_source {
  std::string printed_name;  // as FROM prints it: "vt", or "sales.o" off the search path
  std::string name;          // its own name: "o"
  std::vector<column_definition> columns;
};
using view_source_lookup = std::function<std::optional<view_source>(const std::string& local_name)>;

// `view` is a ViewStmt's fields, parsed from `source`.
std::optional<std::string> deparse_view(const nlohmann::json& view, std::string_view source,
                                        const view_source_lookup& lookup, bool pretty);

}  // namespace tributary
