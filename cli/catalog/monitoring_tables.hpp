// monitoring_tables: the live monitoring relations of a client session, as
// SQLite virtual tables over the server's memory (architecture §5), so they join
// with the catalog in ordinary SQL:
//
//   tributary_actors                one row per live actor (id, kind,
//                                   subscription, parent, state, messages,
//                                   mailbox, restarts, progress, last_error,
//                                   then the cumulative counters the console
//                                   turns into rates: rows, transactions, bytes,
//                                   commits (the applier's local transactions),
//                                   last_commit_time (remote commit time of the
//                                   last applied transaction), state_since,
//                                   last_error_time, started, progress_total
//                                   (a table-sync actor: the publisher's
//                                   reltuples estimate; NULL unknown))
//   pg_stat_subscription            TEMP view: every subscription of the
//                                   database LEFT JOIN its worker's live row
//   pg_stat_subscription_stats      TEMP view: every subscription with its
//                                   error and conflict counters
//   pg_stat_reset_subscription_stats(subid | NULL)   SQL function
//   pg_stat_activity                PostgreSQL 15's columns and types: one row per
//                                   client session (session_activity) and one per
//                                   apply and table-sync worker (backend_type
//                                   'logical replication worker', pid = the
//                                   server's, as pg_stat_subscription.pid). A
//                                   worker waiting for a client's write
//                                   transaction shows wait_event_type Lock,
//                                   wait_event transactionid; an idle apply
//                                   worker Activity/LogicalApplyMain. Workers'
//                                   usesysid/usename are NULL.
//
// Each table reads a snapshot of the monitoring registry when a scan starts.
#pragma once

#include <functional>
#include <optional>

#include "actors/monitoring_registry.hpp"
#include "cli/server/session_activity.hpp"
#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

// `database_oid`: a database's OID by name (pg_stat_activity.datid of workers).
struct activity_sources {
  session_activity_registry_ptr sessions;
  std::function<std::optional<int64_t>(const std::string&)> database_oid;
  // The roles whose sessions the viewing session sees in detail, read once per
  // scan (PostgreSQL's HAS_PGSTAT_PERMISSIONS: a superuser every role, others
  // the roles whose privileges they have); nullopt: every role. Another role's
  // session shows its database, pid, user and application name; its query is
  // "<insufficient privilege>" and the rest NULL. Unset: every detail.
  std::function<std::optional<std::vector<int64_t>>()> roles_seen_in_detail;
};

// Registers the virtual tables, views and function on one session connection.
result<ok_t, sqlite_error> install_monitoring_tables(sqlite_connection& db,
                                                     const monitoring_registry_ptr& registry,
                                                     const activity_sources& activity = {});

}  // namespace tributary
