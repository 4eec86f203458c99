// process_stats: what the benchmarks read about a running process from /proc.
//
// Role: the memory and CPU figures printed next to a throughput — the server's
// peak resident set during a catch-up, and which threads (of Tributary or of a
// publisher backend such as the walsender) burnt the CPU meanwhile.
//
// Inputs: a process id. Outputs:
//   - server_process_of(dir): the `tributary serve` process whose command line names
//     the data directory `dir` (0 when none). pg_stat_subscription.pid is not it: each
//     worker shows a pid of its own there, as PostgreSQL's do.
//   - reset_peak_rss(pid): writes "5" to /proc/<pid>/clear_refs, which sets VmHWM
//     back to the current RSS (Linux >= 4.0), so a later peak_rss_kib() is the peak
//     of the measured interval only. Fails (value) when the kernel refuses.
//   - peak_rss_kib / current_rss_kib: VmHWM / VmRSS of /proc/<pid>/status;
//     current_anon_kib: RssAnon (the private part: without the shared memory a
//     PostgreSQL backend's VmRSS counts for every shared buffer it touched).
//   - thread_cpu_snapshot(pid): per thread (task) its name and utime+stime; the
//     difference of two snapshots, grouped by thread name, says where the time went
//     (`caf.actor`, `caf.multiplexer`, `postgres`, ...).
//
// States: none; every call reads /proc afresh. Errors are values naming the file.
// A thread that ended between two snapshots is counted up to its last sighting.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

#include "stages/core/result.hpp"

namespace tributary::bench {

pid_t server_process_of(const std::filesystem::path& data_dir);
result<ok_t, std::string> reset_peak_rss(pid_t pid);
result<int64_t, std::string> peak_rss_kib(pid_t pid);
result<int64_t, std::string> current_rss_kib(pid_t pid);
result<int64_t, std::string> current_anon_kib(pid_t pid);

struct thread_cpu {
  std::string name;
  double cpu_seconds = 0;  // utime + stime
};

// tid -> that thread's name and CPU time so far.
using thread_cpu_snapshot = std::map<pid_t, thread_cpu>;

thread_cpu_snapshot take_thread_cpu_snapshot(pid_t pid);

// CPU seconds spent between two snapshots, summed per thread name; threads born
// after `before` count from zero.
std::map<std::string, double> cpu_by_thread_name(const thread_cpu_snapshot& before,
                                                 const thread_cpu_snapshot& after);

// "caf.actor 12.3 s, caf.multiplexer 0.4 s" (largest first, entries under 0.05 s left out).
std::string describe_cpu(const std::map<std::string, double>& by_name);

}  // namespace tributary::bench
