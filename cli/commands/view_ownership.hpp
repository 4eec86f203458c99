// view_ownership: views have owners and privileges, as PostgreSQL's (a view is
// run with its owner's privileges on what it reads: storage/secret_columns.hpp,
// storage/table_access.hpp). SQLite runs CREATE VIEW and DROP VIEW; these
// record the view's row of tributary_relation_acl (storage/relation_acl_catalog)
// in the same transaction:
//
//   CREATE VIEW v                 v belongs to the creating role (acldefault)
//   CREATE OR REPLACE VIEW v      an existing v keeps its owner and privileges
//   CREATE TABLE t AS ...         t belongs to the creating role too
//   DROP VIEW a, b                their rows go
//
// (Ownership is checked before the statement runs: cli/server/privilege_checks.)
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

// A ViewStmt's view, or a CreateTableAsStmt's table (`node_type` says which),
// belongs to `owner` (the current role) unless it is recorded already.
result<ok_t, pg_error> record_relation_owner(sqlite_connection& db, const std::string& node_type,
                                             const nlohmann::json& fields, int64_t owner);
// A DropStmt of views: forgets each view's row.
result<ok_t, pg_error> forget_dropped_views(sqlite_connection& db, const nlohmann::json& drop_stmt);

}  // namespace tributary
