// applier_actor: applies remote transactions to the subscription's database
// file (storage/apply_sink) in groups, and says what is durable.
//
// Start:        reads the subscription row, its table states and the origin
//               position from the catalog, opens the apply sink, and answers the
//               supervisor with (ready_atom, subscription_runtime_ptr) — the
//               rest of the pipeline starts from that.
// Messages in:  (peer_atom, actor) from the connection (where credit and
//               progress go); transaction_batch_ptr from the assembler;
//               (durable_atom) self-sent timer that closes a long group.
// Messages out: (credit_atom, bytes) and (durable_atom, end_lsn) to the connection.
// States:       idle <-> group open. A group opens with the first batch and
//               commits when the received batches run out (mailbox empty), or at
//               apply_group_max_transactions, or after apply_group_max_delay —
//               one local transaction for many remote ones while catching up.
// Durable:      rows + origin remote_lsn (+ cleared subskiplsn) in one commit.
// Failure:      an apply error rolls the group back, logs it with its context
//               (relation, operation, xid, finish LSN) and quits with
//               apply_failed; the supervisor restarts from the origin position.
//               A busy file is not an error: the group is re-applied at once.
// Threading:    spawned detached: SQLite calls block only this thread.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <vector>

#include "actors/monitoring_registry.hpp"
#include "actors/pipeline_messages.hpp"
#include "caf/all.hpp"
#include "storage/apply_sink.hpp"
#include "storage/data_directory.hpp"

namespace tributary {

struct applier_actor_args {
  std::shared_ptr<data_directory> directory;
  std::string database;
  int64_t subid = 0;
  caf::actor supervisor;
  monitoring_registry_ptr registry;
  uint64_t parent = 0;
  int64_t group_max_transactions = 10000;
  std::chrono::milliseconds group_max_delay{100};
};

struct applier_actor_state {
  static inline const char* name = "applier";
  applier_actor_args args;
  std::optional<apply_sink> sink;
  caf::actor connection;
  actor_stats_ptr stats;
  // the open group: batches kept so a busy file can be retried whole
  std::vector<transaction_batch_ptr> group;
  int64_t group_transactions = 0;
  std::chrono::steady_clock::time_point group_started;
  uint64_t group_generation = 0;
  lsn group_end;
  std::optional<lsn> group_clear_skip;
  apply_counters reported;  // counters already added to the registry
};

caf::behavior applier_actor(caf::stateful_actor<applier_actor_state>* self, applier_actor_args args);

}  // namespace tributary
