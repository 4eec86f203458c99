// catchup_run: the measurement protocol both catch-up benchmarks share.
//
// Role: with a bench_cluster whose publication and local tables exist,
//   1. prepare(): CREATE SUBSCRIPTION (copy_data = false) on Tributary, wait until it
//      streams (pg_stat_subscription.pid set, slot active on the publisher), note the
//      server's pid, ALTER SUBSCRIPTION ... DISABLE, wait until the walsender has
//      released the slot, then create the second slot `ceiling` (pgoutput) — both
//      slots now start before the backlog the caller is about to write;
//   2. (the caller writes its backlog and takes the target = pg_current_wal_lsn())
//   3. time_tributary(): reset the server's VmHWM, ENABLE, poll (10 ms) until the
//      slot's confirmed_flush_lsn reaches the target — i.e. everything is applied
//      and durable in SQLite — while a watcher samples the server's and its
//      walsender's threads;
//      Right after, the pipeline actors' message counts (tributary_actors; the
//      actors are spawned by ENABLE, so the counts cover the catch-up) tell how
//      many batches the changes travelled in;
//   4. time_ceiling(): drain the `ceiling` slot to the same target with the bare
//      libpq client (ceiling_drain), its walsender watched the same way.
// Tributary goes first, then the ceiling, one after the other, so neither competes
// with the other for the two cores.
//
// States: fresh -> prepared (subscription disabled, ceiling slot made) -> measured.
// Errors are values naming the step, the statement and the server's message; a
// catch-up that does not reach the target before the deadline is an error carrying
// the last confirmed position.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <map>
#include <string>

#include "bench/bench_cluster.hpp"
#include "bench/ceiling_drain.hpp"

namespace tributary::bench {

struct catchup_names {
  std::string subscription = "bench_sub";  // also its slot's name
  std::string publication = "bench_pub";
  std::string ceiling_slot = "ceiling";
};

struct tributary_timing {
  double seconds = 0;                       // ENABLE sent -> confirmed_flush_lsn >= target
  int64_t peak_rss_kib = 0;                 // VmHWM, reset just before ENABLE when the kernel allows
  bool peak_reset = false;                  // false: VmHWM is the server's lifetime peak
  std::map<std::string, double> server_cpu; // per thread name, during the catch-up
  std::map<std::string, double> walsender_cpu;
  std::string actor_messages;               // "applier 12, assembler 34, ..." since ENABLE
  int64_t decoder_batches = 0;              // messages the decoder handled (= WAL batches)
  int64_t applier_commits = 0;              // local transactions the applier committed (groups)
};

struct ceiling_timing {
  drain_counts counts;
  std::map<std::string, double> walsender_cpu;
};

class catchup_run {
public:
  catchup_run(bench_cluster& cluster, catchup_names names) : cluster_(cluster), names_(std::move(names)) {}

  done_result prepare();
  result<tributary_timing, std::string> time_tributary(lsn target, std::chrono::seconds deadline);
  result<ceiling_timing, std::string> time_ceiling(lsn target, std::chrono::seconds deadline);

  pid_t server_pid() const { return server_pid_; }

private:
  done_result wait_publisher(const std::string& sql, const std::string& expected, std::chrono::seconds timeout);
  done_result wait_local(const std::string& sql, std::chrono::seconds timeout);  // until not <null>
  result<bool, std::string> slot_reached(lsn target);
  void read_actor_messages(tributary_timing& timing);

  bench_cluster& cluster_;
  catchup_names names_;
  pid_t server_pid_ = 0;
};

// Prints "<label>: <count> <unit> in <s> s = <rate> <unit>/s" and returns the rate.
double print_rate(const std::string& label, double count, const std::string& unit, double seconds);
// Prints the ratio line with the target verdict.
void print_ratio(double tributary_rate, double ceiling_rate, double target);
void print_resources(const tributary_timing& tributary, const ceiling_timing& ceiling);
// Prints the pipeline's actor message counts and `changes` per decoder batch.
void print_batching(const tributary_timing& tributary, double changes);

}  // namespace tributary::bench
