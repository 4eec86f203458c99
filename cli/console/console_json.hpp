// console_json: `tributary console --json`: one snapshot with its derived
// figures (state, lag, rates), for scripts and tests. Pure.
//
//   {"server": "...", "taken": "2026-12-01 10:00:00.000000+00", "interval_seconds": 1.0,
//    "subscriptions": [{"oid", "name", "database", "owner", "enabled", "state",
//        "publisher", "received_lsn", "applied_lsn", "origin_lsn", "lag_bytes", "lag_seconds",
//        "rows_per_second", "transactions_per_second", "group_size", "conflicts",
//        "apply_error_count", "sync_error_count",
//        "tables": [{"name", "state", "sync_lsn"}]}],
//    "actors": [{"id", "kind", "subscription", "parent", "state", "messages", "mailbox",
//        "restarts", "progress", "progress_total", "rows", "transactions", "bytes", "commits",
//        "messages_per_second", "bytes_per_second", "rows_per_second",
//        "transactions_per_second", "last_error", "last_error_time"}]}
// Unknown values (no rate before two snapshots, no worker) are null.
#pragma once

#include <string>

#include "cli/console/console_rates.hpp"
#include "cli/console/console_snapshot.hpp"

namespace tributary::console {

std::string snapshot_json(const snapshot& snap, const rates* interval);

// "2026-12-01 10:00:00.123456+00", the form the monitoring relations use.
std::string timestamp_text(wall_time when);

}  // namespace tributary::console
