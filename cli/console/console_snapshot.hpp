// console_snapshot: what `tributary console` reads from a server in one refresh,
// as plain values (no libpq, no terminal), so every pure step of the console —
// rates, layout, JSON — can be tested from a snapshot built by hand.
//
// Every field comes from a SQL relation any client can read:
//   subscriptions   pg_subscription, pg_stat_subscription,
//                   pg_stat_subscription_stats, pg_replication_origin_status
//                   (applied position) of the database connected to
//   tables          pg_subscription_rel (srschemaname, srrelname)
//   actors          tributary_actors (server-wide: one row per live actor)
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "stages/core/lsn.hpp"

namespace tributary::console {

using wall_time = std::chrono::system_clock::time_point;

struct table_row {
  std::string name;            // schema-qualified unless public
  char state = 'i';            // pg_subscription_rel.srsubstate: i d f s r
  std::optional<lsn> sync_lsn;
};

struct subscription_row {
  int64_t oid = 0;
  std::string name;
  std::string database;
  std::string owner;            // pg_subscription.subowner (role oid)
  bool enabled = false;
  bool disable_on_error = false;
  std::string publisher;        // host:port from subconninfo
  std::string slot_name;
  std::string publications;     // as stored: {a,b}
  std::string options;          // binary, streaming, synchronous_commit, origin
  bool worker_running = false;  // pg_stat_subscription.pid IS NOT NULL
  std::optional<lsn> received_lsn;     // pg_stat_subscription.received_lsn
  std::optional<lsn> reported_lsn;     // pg_stat_subscription.latest_end_lsn
  std::optional<lsn> applied_lsn;      // pg_replication_origin_status.remote_lsn
  std::optional<wall_time> last_msg_receipt_time;
  int64_t apply_error_count = 0;
  int64_t sync_error_count = 0;
  int64_t conflicts = 0;        // sum of pg_stat_subscription_stats.confl_*
  std::vector<table_row> tables;
};

struct actor_row {
  uint64_t id = 0;
  std::string kind;             // launcher, supervisor, connection, decoder, ...
  int64_t subscription = 0;     // 0: server-wide
  uint64_t parent = 0;
  std::string state;
  uint64_t messages = 0, mailbox = 0, restarts = 0, progress = 0;
  std::optional<uint64_t> progress_total;  // a table-sync actor: the publisher's reltuples
  uint64_t rows = 0, transactions = 0, bytes = 0, commits = 0;
  std::optional<wall_time> last_commit_time;
  std::optional<wall_time> state_since;
  std::string last_error;
  std::optional<wall_time> last_error_time;
};

struct snapshot {
  wall_time taken{};
  std::string server;           // what the console connected to: host:port
  std::vector<subscription_row> subscriptions;
  std::vector<actor_row> actors;
};

// The text form the monitoring relations give times in
// ("2026-12-01 10:00:00.123456+00", UTC); nullopt for anything else.
std::optional<wall_time> parse_timestamp(const std::string& text);

}  // namespace tributary::console
