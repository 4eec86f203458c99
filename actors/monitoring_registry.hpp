// monitoring_registry: what the live monitoring relations show, written by the
// pipeline actors and read by client sessions (pg_stat_subscription,
// pg_stat_subscription_stats, tributary_actors, and the workers' rows of
// pg_stat_activity).
//
// Thread-safe: one mutex for the maps; per-actor counters are atomics that an
// actor bumps without the lock, so a reader never waits for a busy actor and an
// actor never waits for a reader. Nothing here is persisted: counters start at
// zero with the server, as the spec allows.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "stages/core/lsn.hpp"

namespace tributary {

using wall_time = std::chrono::system_clock::time_point;

// One row of pg_stat_subscription (worker columns only while running).
struct subscription_worker_stats {
  int64_t subid = 0;
  std::string database;
  bool running = false;
  int pid = 0;
  std::optional<lsn> received_lsn;
  std::optional<wall_time> last_msg_send_time;
  std::optional<wall_time> last_msg_receipt_time;
  std::optional<lsn> latest_end_lsn;
  std::optional<wall_time> latest_end_time;
};

// One row of pg_stat_subscription_stats.
struct subscription_counters {
  int64_t subid = 0;
  int64_t apply_error_count = 0;
  int64_t sync_error_count = 0;
  int64_t confl_insert_exists = 0;
  int64_t confl_update_origin_differs = 0;
  int64_t confl_update_exists = 0;
  int64_t confl_update_missing = 0;
  int64_t confl_delete_origin_differs = 0;
  int64_t confl_delete_missing = 0;
  int64_t confl_multiple_unique_conflicts = 0;
  // Streamed transactions written to the spool and their bytes (the names of
  // PostgreSQL's pg_stat_replication_slots; issue 9).
  int64_t stream_spilled_txns = 0;
  int64_t stream_spilled_bytes = 0;
  std::optional<wall_time> stats_reset;
};

// One row of tributary_actors.
struct actor_stats {
  uint64_t id = 0;
  std::string kind;            // launcher, supervisor, connection, decoder, ...
  int64_t subscription = 0;    // subid, 0 for server-wide actors
  uint64_t parent = 0;
  std::atomic<uint64_t> messages{0};
  std::atomic<uint64_t> mailbox{0};
  std::atomic<uint64_t> restarts{0};
  std::atomic<uint64_t> progress{0};  // e.g. rows copied by a table-sync actor
  std::atomic<uint64_t> progress_total{0};  // what progress goes to, 0 unknown (the publisher's reltuples)
  // Cumulative work, bumped once per batch (never per row), so a reader of two
  // snapshots gets rates: row changes, remote transactions and WAL bytes handled.
  std::atomic<uint64_t> rows{0};
  std::atomic<uint64_t> transactions{0};
  std::atomic<uint64_t> bytes{0};
  // The applier: local transactions committed (a group) and the remote commit
  // time of the last transaction it applied (pg_timestamp microseconds, 0 none).
  std::atomic<uint64_t> commits{0};
  std::atomic<int64_t> last_commit_time{0};
  wall_time started{};                // when it registered (pg_stat_activity.backend_start)
  // state and last_error change rarely; guarded by the registry mutex.
  std::string state;
  wall_time state_since{};
  std::string last_error;
  std::optional<wall_time> last_error_time;
  // A table-sync actor's table ("schema.table" as published), for pg_stat_subscription.relid.
  std::string relation_schema, relation_name;
};

using actor_stats_ptr = std::shared_ptr<actor_stats>;

struct actor_stats_row {
  uint64_t id, parent;
  std::string kind, state, last_error;
  int64_t subscription;
  uint64_t messages, mailbox, restarts, progress;
  wall_time started;
  uint64_t rows, transactions, bytes, commits;
  int64_t last_commit_time;  // pg_timestamp microseconds, 0 when none
  wall_time state_since;
  std::optional<wall_time> last_error_time;
  uint64_t progress_total;
  std::string relation_schema, relation_name;
};

class monitoring_registry {
public:
  // --- pg_stat_subscription ---------------------------------------------------
  void worker_started(int64_t subid, const std::string& database, int pid);
  void worker_stopped(int64_t subid);
  void message_received(int64_t subid, lsn wal_end, wall_time send_time, wall_time receipt_time);
  void position_reported(int64_t subid, lsn flushed, wall_time when);
  std::vector<subscription_worker_stats> workers() const;

  // --- pg_stat_subscription_stats -------------------------------------------
  void count_apply_error(int64_t subid);
  void count_sync_error(int64_t subid);
  // Adds conflict counts (deltas) from one applied group.
  void add_conflicts(int64_t subid, const subscription_counters& delta);
  // Adds spilled streamed transactions and bytes (deltas) from the assembler.
  void add_spilled(int64_t subid, int64_t transactions, int64_t bytes);
  // pg_stat_reset_subscription_stats(subid); nullopt resets all.
  void reset_counters(std::optional<int64_t> subid);
  std::optional<subscription_counters> counters(int64_t subid) const;
  void forget_subscription(int64_t subid);

  // --- tributary_actors ------------------------------------------------------
  actor_stats_ptr register_actor(uint64_t id, std::string kind, int64_t subscription, uint64_t parent);
  void unregister_actor(uint64_t id);
  // The table a table-sync actor copies.
  void set_actor_relation(const actor_stats_ptr& actor, std::string schema, std::string name);
  void set_actor_state(const actor_stats_ptr& actor, std::string state);
  void set_actor_error(const actor_stats_ptr& actor, std::string error);
  std::vector<actor_stats_row> actors() const;

private:
  mutable std::mutex mutex_;
  std::map<int64_t, subscription_worker_stats> workers_;
  std::map<int64_t, subscription_counters> counters_;
  std::map<uint64_t, actor_stats_ptr> actors_;
};

using monitoring_registry_ptr = std::shared_ptr<monitoring_registry>;

}  // namespace tributary
