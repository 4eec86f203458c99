// process_watch: background sampler of one process. See process_watch.hpp.
#include "bench/process_watch.hpp"

namespace tributary::bench {

process_watch::process_watch(pid_finder find, std::chrono::milliseconds interval)
    : find_(std::move(find)), interval_(interval) {
  thread_ = std::thread([this] { run(); });
}

process_watch::~process_watch() { stop(); }

void process_watch::stop() {
  stopping_ = true;
  if (thread_.joinable()) thread_.join();
}

void process_watch::run() {
  bool first_tick = true;
  while (!stopping_) {
    if (pid_ != 0) {
      sample(false);
    } else if (pid_t found = find_(); found > 0) {
      {
        std::lock_guard lock(mutex_);
        pid_ = found;
      }
      sample(first_tick);
    }
    first_tick = false;
    std::this_thread::sleep_for(interval_);
  }
  if (pid_ != 0) sample(false);
}

// The first tick that sees the process sets the baseline when the process was
// there from the start; a process found later counts from its birth (baseline empty).
void process_watch::sample(bool present_from_start) {
  auto snapshot = take_thread_cpu_snapshot(pid_);
  auto rss = current_rss_kib(pid_);
  auto anon = current_anon_kib(pid_);
  std::lock_guard lock(mutex_);
  if (present_from_start) baseline_ = snapshot;
  if (!snapshot.empty()) latest_ = std::move(snapshot);
  if (rss && *rss > max_rss_kib_) max_rss_kib_ = *rss;
  if (anon && *anon > max_anon_kib_) max_anon_kib_ = *anon;
}

pid_t process_watch::pid() const {
  std::lock_guard lock(mutex_);
  return pid_;
}

int64_t process_watch::max_rss_kib() const {
  std::lock_guard lock(mutex_);
  return max_rss_kib_;
}

int64_t process_watch::max_anon_kib() const {
  std::lock_guard lock(mutex_);
  return max_anon_kib_;
}

std::map<std::string, double> process_watch::cpu_by_name() const {
  std::lock_guard lock(mutex_);
  return cpu_by_thread_name(baseline_, latest_);
}

double process_watch::total_cpu_seconds() const {
  double total = 0;
  for (const auto& [name, seconds] : cpu_by_name()) total += seconds;
  return total;
}

}  // namespace tributary::bench
