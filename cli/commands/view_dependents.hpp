// view_dependents: ALTER TABLE t ALTER COLUMN c TYPE ... refused while a view reads
// the column, as PostgreSQL refuses it (its view would change under it):
//   0A000 cannot alter type of a column used by a view or rule
//   DETAIL: rule _RETURN on view v depends on column "c"
// A view reads the column when its SELECT reads t and names c or * (a column of
// the same name of another relation it reads counts too).
//
// ALTER TABLE t RENAME COLUMN a TO b: likewise, the references to t.a in the
// views' PostgreSQL texts.
//
// ALTER TABLE t RENAME TO u: SQLite rewrites the views' translated SELECTs; the
// PostgreSQL text each keeps (view_text.hpp) is rewritten too, each reference to
// t in FROM made u (of any schema) and t.c made u.c, so pg_get_viewdef, pg_dump
// and the dependency checks read the table's new name.
//
// DROP TABLE and DROP VIEW reach the views that read what they drop
// (dependent_views), as PostgreSQL's dependencies do: a DETAIL line "view w
// depends on view v" of the 2BP01, or with CASCADE a view dropped first; DROP
// SCHEMA its relations and the views reading them (schema_dependents).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/catalog/catalog_model.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

// A relation as PostgreSQL's messages name it: "t", or "s.t" off schema public,
// each name quoted where it needs it.
std::string described_table(const catalog_relation& r);

struct dependent_view {
  const catalog_relation* view;
  const catalog_relation* reads;  // the relation it depends on
};

// The views that read one of `dropped` (tables or views, by local name), then the
// views that read those, ... (each once, never one of `dropped`). The pointers
// point into `model`.
std::vector<dependent_view> dependent_views(sqlite_connection& db, const catalog_model& model,
                                            const std::vector<std::string>& dropped);

// DROP SCHEMA s: its tables and views and the views outside that read them, in
// PostgreSQL's order (its dependency walk: the schema's relations from the last
// created, each after the views that read it, reported in the reverse order).
// `reached_from`: the relation through which a view outside the schema (or a view
// of it reached first through another) depends on the schema; nullptr for the
// schema's own. Dropping them in the reverse order drops each before what it reads.
struct schema_dependent {
  const catalog_relation* relation;
  const catalog_relation* reached_from;
};
std::vector<schema_dependent> schema_dependents(sqlite_connection& db, const catalog_model& model,
                                                const std::string& schema);

// `stmt`: an AlterTableStmt's fields on the local table `table`.
result<ok_t, pg_error> refuse_retyping_viewed_columns(sqlite_connection& db, const nlohmann::json& stmt,
                                                      const std::string& table);

// After the local table `from` became `to` ("t" -> "u", "sales.o" -> "sales.p"):
// FROM t reads u, and t.c (where the view reads the table by its name) u.c.
result<ok_t, pg_error> rename_table_in_view_texts(sqlite_connection& db, const std::string& from,
                                                  const std::string& to);

// After ALTER TABLE `table` RENAME COLUMN `from` TO `to` (`table` local: "t", "sales.o"):
// each view's PostgreSQL text names the column anew where it reads it (t.c, or c
// when the view reads only that table), and a target that was the bare column
// keeps its name (t.title AS name), as PostgreSQL's pg_get_viewdef then prints it.
result<ok_t, pg_error> rename_column_in_view_texts(sqlite_connection& db, const std::string& table,
                                                   const std::string& from, const std::string& to);

// An expression's PostgreSQL text over one table's columns (an index's key or WHERE as
// kept for pg_get_indexdef) with the column `from` named `to` where it reads it.
std::string rename_column_in_expression(const std::string& expression, const std::string& from,
                                       const std::string& to);

}  // namespace tributary
