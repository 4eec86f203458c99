// catalog_schema: the replication catalog inside every database file, created and
// upgraded by numbered migrations (table tributary_schema_version).
//
// pg_subscription, pg_subscription_rel, pg_replication_origin and
// pg_replication_origin_status are ordinary SQLite tables with PostgreSQL's
// column names; LSN columns hold PostgreSQL's "X/Y" text, so plain SELECT shows
// them as PostgreSQL does, through the server or any SQLite tool.
#pragma once

#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

inline constexpr int catalog_schema_version = 16;

// Applies every migration newer than the file's version, in one transaction.
result<ok_t, sqlite_error> migrate_catalog(sqlite_connection& db);

}  // namespace tributary
