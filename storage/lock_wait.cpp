// lock_wait: the busy handler of the header.
#include "storage/lock_wait.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <thread>

namespace tributary {

using steady = std::chrono::steady_clock;

void lock_wait::install(sqlite3* db) { sqlite3_busy_handler(db, &lock_wait::on_busy, this); }

std::chrono::milliseconds lock_wait::effective_timeout() const {
  return timeout_.count() > 0 ? std::min(timeout_, internal_bound_) : internal_bound_;
}

void lock_wait::start_statement() {
  cancelled_ = false;
  give_up_ = gave_up::no;
}

int lock_wait::on_busy(void* self, int attempt) { return static_cast<lock_wait*>(self)->busy(attempt); }

bool lock_wait::waiting_now() const {
  const auto last = steady::time_point(steady::duration(last_busy_call_.load()));
  return last.time_since_epoch().count() != 0 && steady::now() - last < std::chrono::milliseconds(50);
}

int lock_wait::busy(int attempt) {
  const auto now = steady::now();
  last_busy_call_ = now.time_since_epoch().count();
  if (attempt == 0)
    wait_began_ = now;
  const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(now - wait_began_);
  auto give_up = [&](gave_up why) {
    give_up_ = why;
    return 0;
  };
  if (cancelled_)
    return give_up(gave_up::cancelled);
  if (statement_deadline_ && now >= *statement_deadline_)
    return give_up(gave_up::statement_timeout);
  const auto timeout = effective_timeout();
  if (waited >= timeout)
    return give_up(gave_up::timed_out);
  // 1, 2, 4, 8, 10, 10 ... ms, never past the timeout.
  const auto step = std::chrono::milliseconds(std::min(10, 1 << std::min(attempt, 4)));
  std::this_thread::sleep_for(std::min<std::chrono::milliseconds>(step, timeout - waited));
  // The lock may be free now; SQLite tries again and calls back while it is not.
  return 1;
}

}  // namespace tributary
