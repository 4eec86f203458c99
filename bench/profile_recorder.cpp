// profile_recorder: see profile_recorder.hpp.
#include "bench/profile_recorder.hpp"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <thread>
#include <vector>

namespace tributary::bench {

profile_recorder::profile_recorder(pid_t target) {
  const char* output = std::getenv("TRIBUTARY_BENCH_PROFILE");
  if (!output || !*output) return;
  std::vector<std::string> args{"perf", "record", "-q", "-g", "-p", std::to_string(target), "-o", output};
  std::istringstream events(std::getenv("TRIBUTARY_BENCH_PROFILE_EVENTS") ? std::getenv("TRIBUTARY_BENCH_PROFILE_EVENTS")
                                                                           : "-F 999");
  for (std::string word; events >> word;) args.push_back(word);
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  perf_ = fork();
  if (perf_ == 0) {
    execvp("perf", argv.data());
    std::perror("perf record");
    _exit(127);
  }
  if (perf_ < 0) {
    std::perror("fork for perf record");
    return;
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // perf attaches
  std::fprintf(stderr, "  profiling pid %d into %s\n", target, output);
}

profile_recorder::~profile_recorder() {
  if (perf_ <= 0) return;
  kill(perf_, SIGINT);
  int status = 0;
  waitpid(perf_, &status, 0);
}

}  // namespace tributary::bench
