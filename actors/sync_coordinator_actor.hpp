// sync_coordinator_actor: one round of initial table copies of a subscription,
// all from ONE exported snapshot (architecture §3, issue 4).
//
// Role:   opens a replication connection and creates a temporary slot with an
//         exported snapshot:
//           CREATE_REPLICATION_SLOT "pg_<subid>_sync_<n>_<pid>" TEMPORARY
//             LOGICAL pgoutput (SNAPSHOT 'export')
//         then keeps that connection idle — no other command, which would
//         discard the snapshot — until every table-sync actor of the round has
//         imported it, and closes it (the temporary slot goes with it). Runs up
//         to max_workers table-sync actors at a time, one per table in state
//         'i', each copying in its own local transaction that commits the rows
//         with state 'r' and srsublsn = the slot's consistent point.
// Messages in:  start_atom (self); (imported_atom, schema, table) from a
//               table-sync actor; exit_msg from linked table-sync actors
//               (normal = copied) and from anyone else (stop).
// Messages out: (sync_done_atom, table_sync_states) to the parent — every
//               table's updated state — then a normal exit.
// States:       creating snapshot -> copying (snapshot held) -> copying
//               (snapshot released) -> (quit)
// Durable:      nothing of its own; each table's copy is durable when its actor
//               exits normally. After a failure or a crash only the tables
//               still in 'i' are copied again, by the next round, from a new
//               snapshot.
// Failure:      a table's copy fails -> count_sync_error(subid), the other
//               copies are stopped (linked) and this actor quits with
//               pipeline_errc::sync_failed and a message naming the table.
//               Connecting or creating the slot fails -> same, without a table.
// Threading:    spawned detached (libpq calls block); table-sync actors are
//               spawned detached and linked.
// Example:      tables a, b, c; 2 workers: slot at 0/1A2B3C8; a and b start
//               and import; c waits; a exits -> c starts and imports -> the
//               replication connection closes; b, c exit -> (sync_done, {a, b,
//               c ready at 0/1A2B3C8}).
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <string>

#include "actors/monitoring_registry.hpp"
#include "actors/pipeline_messages.hpp"
#include "actors/publisher/publisher_connection.hpp"
#include "actors/publisher/publisher_conninfo.hpp"
#include "caf/all.hpp"
#include "stages/pipeline/transaction_assembler.hpp"
#include "storage/data_directory.hpp"

namespace tributary {

struct sync_coordinator_args {
  std::shared_ptr<data_directory> directory;
  subscription_runtime_ptr runtime;     // tables in state 'i' are the ones to copy
  conninfo_params replication_params;   // publisher_connection_params(..., replication)
  conninfo_params sql_params;           // publisher_connection_params(..., sql)
  caf::actor parent;                    // gets (sync_done_atom, table_sync_states)
  monitoring_registry_ptr registry;
  uint64_t parent_id = 0;
  int64_t max_workers = 2;
};

struct sync_coordinator_state {
  static inline const char* name = "sync_coordinator";
  sync_coordinator_args args;
  actor_stats_ptr stats;
  std::unique_ptr<publisher_connection> replication;  // holds the exported snapshot; idle
  created_slot slot;
  table_sync_states tables;                           // the round's result
  std::deque<table_name_key> waiting;                 // not started yet
  std::map<caf::actor_addr, table_name_key> running;
  std::set<table_name_key> importing;                 // started, snapshot not imported yet
};

using sync_done_atom = caf::atom_constant<caf::atom("syncdone")>;

caf::behavior sync_coordinator_actor(caf::stateful_actor<sync_coordinator_state>* self, sync_coordinator_args args);

}  // namespace tributary

CAF_ALLOW_UNSAFE_MESSAGE_TYPE(tributary::table_sync_states)
