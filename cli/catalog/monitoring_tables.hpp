// monitoring_tables: the live monitoring relations of a client session, as
// SQLite virtual tables over the server's memory (architecture §5), so they join
// with the catalog in ordinary SQL:
//
//   tributary_actors                one row per live actor (id, kind,
//                                   subscription, parent, state, messages,
//                                   mailbox, restarts, progress, last_error)
//   pg_stat_subscription            TEMP view: every subscription of the
//                                   database LEFT JOIN its worker's live row
//   pg_stat_subscription_stats      TEMP view: every subscription with its
//                                   error and conflict counters
//   pg_stat_reset_subscription_stats(subid | NULL)   SQL function
//
// Each table reads a snapshot of the monitoring registry when a scan starts.
#pragma once

#include "actors/monitoring_registry.hpp"
#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

// Registers the virtual tables, views and function on one session connection.
result<ok_t, sqlite_error> install_monitoring_tables(sqlite_connection& db,
                                                     const monitoring_registry_ptr& registry);

}  // namespace tributary
