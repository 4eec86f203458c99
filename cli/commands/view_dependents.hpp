// view_dependents: ALTER TABLE t ALTER COLUMN c TYPE ... refused while a view reads
// the column, as PostgreSQL refuses it (its view would change under it):
//   0A000 cannot alter type of a column used by a view or rule
//   DETAIL: rule _RETURN on view v depends on column "c"
// A view reads the column when its SELECT reads t and names c or * (a column of
// the same name of another relation it reads counts too).
//
// ALTER TABLE t RENAME TO u: SQLite rewrites the views' translated SELECTs; the
// PostgreSQL text each keeps (view_text.hpp) is rewritten too, each unqualified
// reference to t in FROM made u, so pg_get_viewdef, pg_dump and the dependency
// checks read the table's new name.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

// `stmt`: an AlterTableStmt's fields on the local table `table`.
result<ok_t, pg_error> refuse_retyping_viewed_columns(sqlite_connection& db, const nlohmann::json& stmt,
                                                      const std::string& table);

// After the local table `from` became `to` (both unqualified, schema public).
result<ok_t, pg_error> rename_table_in_view_texts(sqlite_connection& db, const std::string& from,
                                                  const std::string& to);

}  // namespace tributary
