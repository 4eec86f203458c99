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
// it has one), `*` is expanded, a column keeps AS only when the view names it
// otherwise (CREATE VIEW v (a, b) renames the first ones), expressions print as
// default_deparse prints them. Covered: FROM lists and [LEFT | RIGHT | FULL] JOIN
// ... ON ("FROM (a\n     JOIN b ON ((...)))", pretty without the parentheses),
// DISTINCT, the aggregates count/sum/avg/min/max, GROUP BY and ORDER BY of columns
// (or of the number of a target that is one; DESC, NULLS FIRST/LAST), HAVING,
// OFFSET and LIMIT constants, and UNION / INTERSECT / EXCEPT [ALL] of two such
// SELECTs of the same types (the second's columns named as the first's). Not
// covered (nullopt: the caller keeps the text as written): USING and NATURAL
// joins, sub-selects, WITH, DISTINCT ON, window functions, GROUP BY or ORDER BY
// of expressions or output names, nested set operations, an expression without a
// name of its own or that the deparser does not know. Pure.
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
