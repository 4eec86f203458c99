// applier_actor: applies remote transactions to the subscription's database
// file (storage/apply_sink) in groups (stages/pipeline/apply_group), and says
// what is durable.
//
// Start:        reads the subscription row, its table states and the origin
//               position from the catalog, opens the apply sink, and answers the
//               supervisor with (ready_atom, subscription_runtime_ptr) — the
//               rest of the pipeline starts from that (the assembler takes the
//               pending SKIP LSN from it).
// Messages in:  (peer_atom, actor) from the connection (where credit and
//               progress go); transaction_batch_ptr from the assembler;
//               (durable_atom, generation) self-sent timer that closes a long group
//               (one on its way at a time: armed again for a younger group);
//               sync_atom self-sent timer that makes the last commits durable.
// Messages out: (credit_atom, bytes) and (durable_atom, end_lsn) to the connection.
// States:       idle <-> group open. A group opens with the first batch and
//               commits when the received batches run out (mailbox empty), or at
//               apply_group_max_transactions, or after apply_group_max_delay,
//               or once its transactions arrived in ~1 MB of batches
//               (apply_group.hpp), or when its changed pages fill half of the
//               sink's group cache (apply_sink::cache_full, before SQLite would spill them) —
//               one local transaction for many remote ones while catching up.
//               A transaction too large to travel whole (pieces with
//               more_follows, or spooled changes of a streamed transaction) is
//               applied alone: the open group commits first, the pieces share one
//               local transaction committed by the last with the transaction's
//               progress, spooled changes are read in bounded chunks; a failure
//               in it rolls it back whole and fails (a restart receives it again).
//               A busy file while a transaction is applied from the spool
//               rolls it back and applies it again from the spool's start.
// Optimistic:   a streamed transaction's changes arrive before its commit
//               (in_progress parts): the open group commits, and they are
//               applied as they arrive in one local transaction, each
//               subtransaction under a SAVEPOINT of its own (set at its first
//               change); a Stream Abort of a subtransaction rolls back to its
//               savepoint (its nested ones go with it), of the whole
//               transaction rolls everything back. Its Stream Commit then
//               commits that local transaction with the transaction's progress
//               (the changes it carries again are not applied). When anything
//               else must be applied first (another transaction's commit, or a
//               second streamed transaction's changes arrive: only one is
//               applied ahead), when applying ahead fails, or when the commit is
//               skipped by SKIP, the applied part is rolled back and the
//               transaction is given up: its later parts are ignored and it is
//               applied from the spool at its commit, where a real error shows
//               with its finish LSN. Conflicts counted ahead are forgotten then.
// Durable:      rows + origin remote_lsn + the cleared subskiplsn (when a
//               transaction of the group consumed the SKIP) in one commit. A
//               commit does not wait for the disk; the WAL is synced
//               (apply_sink::make_durable) at most every durable_interval while
//               commits come and more wait in the mailbox; at once after a
//               commit that leaves the mailbox empty (a quiet stream: the end
//               of a catch-up is reported without waiting out the interval;
//               requests made while a sync runs join the next one, so syncs
//               never queue up); a commit not synced either way is synced
//               durable_interval after the last sync (self-sent sync_atom). The
//               syncs run on a wal_syncer's own thread, whose
//               wal_synced_atom says which commit's end is durable (or why the
//               sync failed: the actor quits); before the actor quits on an
//               error it syncs itself. Only a synced commit's end is reported as
//               durable.
// Failure:      a failed group of several transactions is rolled back and
//               applied again one transaction at a time: those before the first
//               failing one commit (with their progress, and their SKIP cleared),
//               then that one is rolled back alone — what PostgreSQL's subscriber,
//               which commits each remote transaction by itself, leaves behind —
//               and the error names it (relation, operation, xid, finish LSN).
//               The actor then quits with apply_failed; the supervisor restarts
//               from the origin position or disables the subscription
//               (disable_on_error) exactly at the failing transaction.
//               A busy file is not an error: the group is applied again at once;
//               BEGIN waits for a client's write transaction as long as it lasts
//               (state "waiting for a local transaction", logged past 3 s).
// Roles:        each table's changes are applied as its owner (run_as_owner =
//               false) or as the subscription owner, privileges checked
//               (storage/apply_roles.hpp); a refusal is an apply error.
// Threading:    spawned detached: SQLite calls block only this thread.
//
// Example: SKIP (lsn = 0/200) pending; one batch brings T1 (0/200, skipped),
// T2 (0/300), T3 (0/400, unique violation) -> the group fails -> one at a time:
// T1, T2 commit with remote_lsn 0/330 and subskiplsn 0/0; T3's error stops the
// pipeline; its restart begins after T2 with no SKIP pending.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <set>
#include <vector>
#include <string>

#include "actors/mailbox_wakeup.hpp"
#include "actors/monitoring_registry.hpp"
#include "actors/pipeline_messages.hpp"
#include "caf/all.hpp"
#include "stages/pipeline/apply_group.hpp"
#include "storage/apply_sink.hpp"
#include "storage/wal_syncer.hpp"
#include "storage/data_directory.hpp"

namespace tributary {

struct applier_actor_args {
  std::shared_ptr<data_directory> directory;
  std::string database;
  int64_t subid = 0;
  std::string subscription_name;  // as the launcher read it; the log names the worker by it
  caf::actor supervisor;
  monitoring_registry_ptr registry;
  uint64_t parent = 0;
  int64_t group_max_transactions = 10000;
  std::chrono::milliseconds group_max_delay{100};
  // How long a commit may wait for its WAL sync (and its flush report): one
  // fdatasync per interval however many groups commit in it.
  std::chrono::milliseconds durable_interval{50};
  // The connection's wakeup, notified after each message sent to it (its wait
  // for the socket ends at once: mailbox_wakeup.hpp); nullptr: none.
  std::shared_ptr<const mailbox_wakeup> connection_wakeup;
};

struct applier_actor_state {
  static inline const char* name = "applier";
  applier_actor_args args;
  std::optional<apply_sink> sink;
  std::string subscription_name;
  caf::actor connection;
  actor_stats_ptr stats;
  // the open group: its transactions are kept so a busy file or a failure can
  // apply them again
  apply_group group{group_limits{}};
  uint64_t group_generation = 0;
  bool group_timer_armed = false;  // a max-delay timer is on its way
  apply_counters reported;  // counters already added to the registry
  // A transaction applied in pieces whose local transaction is open (its xid).
  std::optional<xid_t> open_in_pieces;
  // The last WAL sync, and whether a sync_atom is on its way.
  std::chrono::steady_clock::time_point last_sync;
  bool sync_armed = false;
  // Syncs the log on its own thread (WAL mode): its results come back as
  // wal_synced_atom. Declared after sink: destroyed (joined) before it.
  std::unique_ptr<wal_syncer> syncer;
  // A sync of the log failed: nothing is synced or reported again by this
  // actor (a second fsync after a failed one can succeed without the lost
  // writes reaching the disk).
  bool sync_failed = false;
  // Optimistic apply: the streamed transaction whose changes are applied ahead
  // in the open local transaction, and its subtransactions' savepoints (in the
  // order they were set).
  struct applied_ahead {
    xid_t xid = 0;
    std::vector<xid_t> savepoints;
  };
  std::optional<applied_ahead> ahead;
  // Streamed transactions given up: applied from the spool at their commit.
  std::set<xid_t> given_up;
  // Since start (tributary_actors' state): streamed transactions committed as
  // applied ahead, and given up then applied whole at their commit.
  uint64_t committed_ahead = 0;
  uint64_t applied_after_giving_up = 0;
};

caf::behavior applier_actor(caf::stateful_actor<applier_actor_state>* self, applier_actor_args args);

}  // namespace tributary
