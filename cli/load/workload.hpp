// workload: the tables each workload writes and the transactions its clients run.
//
// Role: pure definitions. workload_tables() gives the DDL for both sides (PostgreSQL
// DDL on the publisher; the matching DDL on Tributary, without sequences and replica
// identity, which only the publisher needs), the key column used to name differing
// rows, and the statements that fill a table before the subscription is created.
// workload_client produces, per client, a seeded stream of transactions (each a list
// of statements run between BEGIN and COMMIT), so two runs with the same --seed issue
// the same statements in the same order per client (the interleaving of clients
// differs, as it does in any concurrent run).
//
//   inserts   load_inserts: batches of --rows-per-transaction rows (NULLs, numerics,
//             floats, timestamps, text with quotes and Unicode)
//   updates   load_accounts (keyed): updates, deletes, re-inserts; load_events_full
//             (keyless, REPLICA IDENTITY FULL, with identical duplicate rows):
//             updates of all rows of a k, deletes of one of them, inserts
//   tpcb      pgbench's TPC-B-like transaction over load_tpcb_{branches,tellers,
//             accounts,history} (history is keyless)
//   bigtxn    load_big: one transaction of 250 000 x scale rows with a savepoint rolled
//             back (its rows must not arrive), an update under a released savepoint
//             and deletes
//   mixed     all of the above (bigtxn rarely and smaller) plus ddl_step(): ADD COLUMN
//             on load_inserts (subscriber first, then publisher) and TRUNCATE
// The heartbeat table load_heartbeat (one row, written every 100 ms) is always there.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "cli/load/load_options.hpp"

namespace tributary::load {

inline constexpr const char* heartbeat_table = "load_heartbeat";
// The next beat with the publisher's clock (sent_at, and sent_us in microseconds).
inline constexpr const char* heartbeat_update =
    "UPDATE load_heartbeat SET beat = beat + 1, sent_at = clock_timestamp(), "
    "sent_us = (extract(epoch FROM clock_timestamp()) * 1000000)::bigint WHERE id = 1";

struct table_definition {
  std::string name;
  std::string publisher_ddl;
  std::string subscriber_ddl;
  std::string key_column;                  // "" for a keyless table
  std::vector<std::string> fill_publisher; // run on the publisher before the subscription
};

struct workload_settings {
  workload_kind kind = workload_kind::mixed;
  int scale = 1;
  int rows_per_transaction = 10;
};

std::vector<table_definition> workload_tables(const workload_settings& settings);

// The n-th DDL event of the mixed workload (n = 0, 1, ...): even ones add column
// extra_<n/2 + 1> to load_inserts and fill some of its rows, odd ones truncate it.
struct ddl_step {
  std::string description;
  std::vector<std::string> subscriber;  // run first
  std::vector<std::string> publisher;   // then these
};
ddl_step mixed_ddl_step(int n);

class workload_client {
public:
  workload_client(const workload_settings& settings, int client, uint64_t seed);
  // The statements of the next transaction (without BEGIN/COMMIT).
  std::vector<std::string> next_transaction();
  // Which workload the last transaction came from (for mixed: the one drawn).
  workload_kind last_kind() const { return last_kind_; }

private:
  std::vector<std::string> inserts();
  std::vector<std::string> updates();
  std::vector<std::string> tpcb();
  std::vector<std::string> bigtxn(int64_t rows);
  int64_t draw(int64_t low, int64_t high);

  workload_settings settings_;
  int client_;
  std::mt19937_64 random_;
  int64_t transactions_ = 0;
  workload_kind last_kind_ = workload_kind::inserts;
};

}  // namespace tributary::load
