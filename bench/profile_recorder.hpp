// profile_recorder: `perf record -g` of one process for as long as the object
// lives, when TRIBUTARY_BENCH_PROFILE names the output file (unset: nothing).
// TRIBUTARY_BENCH_PROFILE_EVENTS replaces the sampling arguments (default
// `-F 999`), e.g. `-e sched:sched_switch` for where threads wait.
//
// Used around Tributary's catch-up only, so a profile holds the catch-up and
// not the backlog's writing or the initial copy (a whole-run `perf record -a`
// mixes them). Stopped with SIGINT, as perf expects, and waited for.
#pragma once

#include <sys/types.h>

#include <string>

namespace tributary::bench {

class profile_recorder {
public:
  explicit profile_recorder(pid_t target);
  ~profile_recorder();
  profile_recorder(const profile_recorder&) = delete;
  profile_recorder& operator=(const profile_recorder&) = delete;

private:
  pid_t perf_ = -1;
};

}  // namespace tributary::bench
