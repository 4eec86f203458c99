// process_watch: samples one process in the background while a measurement runs.
//
// Role: during a catch-up, follow the Tributary server (peak resident set, CPU per
// thread) or the walsender serving a slot (CPU), without disturbing the thing
// measured: one sample every `interval` from a thread of its own.
//
// Inputs: a pid finder, called on the watch thread at every tick until it returns a
// pid > 0 (a known pid: a lambda returning it; a walsender: a query of
// pg_replication_slots.active_pid on a connection only the finder uses).
// Outputs, after stop(): the pid watched (0 if never found), the largest VmRSS and
// RssAnon seen,
// and the CPU per thread name used since the watch began — or since the process
// began, when it appeared after the watch started (a walsender that is born with
// the replication connection).
//
// States: watching -> stopped (stop() is idempotent; the destructor stops). A process
// that ends while watched keeps its last sample.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include "bench/process_stats.hpp"

namespace tributary::bench {

class process_watch {
public:
  using pid_finder = std::function<pid_t()>;

  process_watch(pid_finder find, std::chrono::milliseconds interval);
  ~process_watch();
  process_watch(const process_watch&) = delete;
  process_watch& operator=(const process_watch&) = delete;

  void stop();

  pid_t pid() const;
  int64_t max_rss_kib() const;
  int64_t max_anon_kib() const;
  std::map<std::string, double> cpu_by_name() const;
  double total_cpu_seconds() const;

private:
  void run();
  void sample(bool present_from_start);

  pid_finder find_;
  std::chrono::milliseconds interval_;
  std::atomic<bool> stopping_{false};
  mutable std::mutex mutex_;
  pid_t pid_ = 0;
  int64_t max_rss_kib_ = 0;
  int64_t max_anon_kib_ = 0;
  thread_cpu_snapshot baseline_;
  thread_cpu_snapshot latest_;
  std::thread thread_;
};

}  // namespace tributary::bench
