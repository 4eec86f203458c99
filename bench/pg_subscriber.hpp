// pg_subscriber: PostgreSQL's own subscriber (PostgreSQL 18 by default) as the
// benchmarks compare Tributary with it, on the same backlog in the same run.
//
// Role: a throwaway PostgreSQL cluster of a given bin directory (integration
// pg_publisher, run as the unprivileged user as root), configured as a subscriber
// with PostgreSQL's own durability (fsync and full_page_writes on; the
// subscription's synchronous_commit stays at its default, off, so the apply
// worker reports as flushed only what its WAL has flushed), subscribed to the
// benchmark's publication with the same local DDL as Tributary's.
//
// Protocol, the same as catchup_run's for Tributary:
//   prepare(): CREATE SUBSCRIPTION <name> (copy_data = false), wait until it
//     streams (its slot active on the publisher), DISABLE, wait until the slot
//     is released — the slot now starts before the backlog;
//   time_catchup(target): ENABLE, poll (10 ms) the slot's confirmed_flush_lsn on
//     the publisher until it reaches the target, while watchers sample the
//     leader apply worker (pg_stat_subscription.pid with no leader_pid, found
//     once it starts) and a parallel apply worker (one with a leader_pid: with
//     streaming = parallel, a streamed transaction is applied there) for CPU and
//     peak RSS.
// Or, for the initial copy: time_initial_sync(tables) creates the subscription
// with copy_data = true and waits until every table is ready.
// States: constructed -> started -> prepared -> measured; the destructor stops
// and removes the cluster. Errors are values naming the step.
#pragma once

#include <chrono>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "bench/bench_cluster.hpp"

namespace tributary::bench {

struct subscriber_timing {
  double seconds = 0;
  double cpu_seconds = 0;    // the (leader) apply worker's utime + stime during the catch-up
  int64_t peak_rss_kib = 0;  // its largest VmRSS seen (sampled)
  int64_t peak_anon_kib = 0; // its largest RssAnon seen (VmRSS without the shared buffers it touched)
  // A parallel apply worker's (0 when none started).
  double parallel_cpu_seconds = 0;
  int64_t parallel_peak_rss_kib = 0;
  int64_t parallel_peak_anon_kib = 0;
};

// $TRIBUTARY_PG18_BINDIR, else /opt/tributary/pg/18/bin (scripts/setup.sh).
std::filesystem::path pg18_bin_dir();

class pg_subscriber {
public:
  pg_subscriber(std::filesystem::path bin_dir, bench_cluster& cluster, std::string name, std::string publication);

  done_result start(const std::string& local_ddl);
  text_result version();
  // `options`: more of CREATE SUBSCRIPTION's WITH list (e.g. streaming = parallel).
  done_result prepare(const std::string& options = "");
  result<subscriber_timing, std::string> time_catchup(lsn target, std::chrono::seconds deadline);
  // Initial copy instead (W4): CREATE SUBSCRIPTION with copy_data = true, timed
  // until `tables` rows of its pg_subscription_rel are 'r' (polled every 50 ms);
  // seconds taken. Its table sync workers come and go: no CPU is sampled.
  result<double, std::string> time_initial_sync(size_t tables, std::chrono::seconds deadline);
  text_result value(const std::string& sql);

private:
  done_result exec(const std::string& sql);

  bench_cluster& cluster_;
  std::string name_;
  std::string publication_;
  integration::pg_publisher server_;
  integration::pg_connection session_;
};

}  // namespace tributary::bench
