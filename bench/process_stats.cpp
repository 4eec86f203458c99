// process_stats: /proc readers for the benchmarks. See process_stats.hpp.
#include "bench/process_stats.hpp"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

namespace tributary::bench {
namespace {

std::filesystem::path proc_path(pid_t pid) { return std::filesystem::path("/proc") / std::to_string(pid); }

// The "<key>:   1234 kB" line of /proc/<pid>/status, in KiB.
result<int64_t, std::string> status_kib(pid_t pid, const std::string& key) {
  auto path = proc_path(pid) / "status";
  std::ifstream in(path);
  if (!in) return fail("cannot read " + path.string());
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(key + ":", 0) != 0) continue;
    std::istringstream fields(line.substr(key.size() + 1));
    int64_t kib = 0;
    if (fields >> kib) return kib;
    return fail("unreadable " + key + " in " + path.string());
  }
  return fail("no " + key + " in " + path.string());
}

// One /proc/<pid>/task/<tid>/stat line: "tid (name) state ... utime stime ...".
// The name may hold spaces and parentheses, so fields are counted after the last ')'.
bool parse_task_stat(const std::string& line, thread_cpu& out) {
  auto open = line.find('(');
  auto close = line.rfind(')');
  if (open == std::string::npos || close == std::string::npos || close < open) return false;
  out.name = line.substr(open + 1, close - open - 1);
  std::istringstream rest(line.substr(close + 1));
  std::string field;
  // After ')': state(3) ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime(14) stime(15)
  for (int index = 3; index <= 13; ++index)
    if (!(rest >> field)) return false;
  uint64_t utime = 0;
  uint64_t stime = 0;
  if (!(rest >> utime >> stime)) return false;
  static const double ticks_per_second = static_cast<double>(sysconf(_SC_CLK_TCK));
  out.cpu_seconds = static_cast<double>(utime + stime) / ticks_per_second;
  return true;
}

}  // namespace

pid_t server_process_of(const std::filesystem::path& data_dir) {
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
    const auto name = entry.path().filename().string();
    if (name.empty() || !std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; }))
      continue;
    std::ifstream in(entry.path() / "cmdline", std::ios::binary);
    std::string cmdline((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (cmdline.find(std::string("serve") + '\0') != std::string::npos &&
        cmdline.find(data_dir.string() + '\0') != std::string::npos)
      return static_cast<pid_t>(std::stol(name));
  }
  return 0;
}

result<ok_t, std::string> reset_peak_rss(pid_t pid) {
  auto path = proc_path(pid) / "clear_refs";
  std::ofstream out(path);
  out << "5";
  out.close();
  if (!out) return fail("cannot write 5 to " + path.string());
  return ok_v;
}

result<int64_t, std::string> peak_rss_kib(pid_t pid) { return status_kib(pid, "VmHWM"); }
result<int64_t, std::string> current_rss_kib(pid_t pid) { return status_kib(pid, "VmRSS"); }
result<int64_t, std::string> current_anon_kib(pid_t pid) { return status_kib(pid, "RssAnon"); }

thread_cpu_snapshot take_thread_cpu_snapshot(pid_t pid) {
  thread_cpu_snapshot snapshot;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(proc_path(pid) / "task", ec)) {
    std::ifstream in(entry.path() / "stat");
    std::string line;
    thread_cpu cpu;
    if (!std::getline(in, line) || !parse_task_stat(line, cpu)) continue;
    pid_t tid = static_cast<pid_t>(std::atoi(entry.path().filename().c_str()));
    snapshot.emplace(tid, std::move(cpu));
  }
  return snapshot;
}

std::map<std::string, double> cpu_by_thread_name(const thread_cpu_snapshot& before,
                                                 const thread_cpu_snapshot& after) {
  std::map<std::string, double> by_name;
  for (const auto& [tid, now] : after) {
    auto earlier = before.find(tid);
    double start = earlier == before.end() ? 0.0 : earlier->second.cpu_seconds;
    by_name[now.name] += std::max(0.0, now.cpu_seconds - start);
  }
  return by_name;
}

std::string describe_cpu(const std::map<std::string, double>& by_name) {
  std::vector<std::pair<std::string, double>> sorted(by_name.begin(), by_name.end());
  std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  std::ostringstream text;
  text.setf(std::ios::fixed);
  text.precision(2);
  for (const auto& [name, seconds] : sorted) {
    if (seconds < 0.005) continue;
    if (text.tellp() > 0) text << ", ";
    text << name << " " << seconds << " s";
  }
  return text.tellp() > 0 ? text.str() : std::string("(no measurable CPU)");
}

}  // namespace tributary::bench
