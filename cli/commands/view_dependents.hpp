// view_dependents: ALTER TABLE t ALTER COLUMN c TYPE ... refused while a view reads
// the column, as PostgreSQL refuses it (its view would change under it):
//   0A000 cannot alter type of a column used by a view or rule
//   DETAIL: rule _RETURN on view v depends on column "c"
// A view reads the column when its SELECT reads t and names c or * (a column of
// the same name of another relation it reads counts too).
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

}  // namespace tributary
