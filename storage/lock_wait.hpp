// lock_wait: how one SQLite connection waits for a database file that another
// connection holds (SQLite's busy handler), the way PostgreSQL waits for a lock.
//
// SQLite has one writer per file. A connection that needs the write lock while
// another holds it calls this handler again and again until it returns 0: then
// the statement fails with SQLITE_BUSY. The handler sleeps in short steps
// (1 ms growing to 10 ms, so that waiters take turns quickly) and gives up when
//   - cancel() was called (a CancelRequest; thread-safe)     -> gave_up::cancelled
//   - the wait passed the timeout (lock_timeout, or the internal bound when
//     lock_timeout is 0, "wait forever")                     -> gave_up::timed_out
//   - the statement's deadline passed (statement_timeout)    -> gave_up::statement_timeout
// The owner reads why with take_give_up() after the failed statement and reports
// 57014 or 55P03 instead of SQLite's "database is locked".
//
// States per wait: idle --busy--> waiting --lock free--> idle
//                                         --cancel/timeout--> gave up (until taken)
// Nothing is persisted. One lock_wait per connection; it must outlive the
// installation (uninstall() or closing the connection ends it).
#pragma once

#include <atomic>
#include <chrono>
#include <optional>
#include <cstdint>

struct sqlite3;

namespace tributary {

class lock_wait {
public:
  enum class gave_up { no, cancelled, timed_out, statement_timeout };

  // `internal_bound`: the longest wait when no timeout is set.
  explicit lock_wait(std::chrono::milliseconds internal_bound = std::chrono::minutes(10))
      : internal_bound_(internal_bound) {}
  lock_wait(const lock_wait&) = delete;
  lock_wait& operator=(const lock_wait&) = delete;

  // Makes this the busy handler of `db` (replaces any busy timeout).
  void install(sqlite3* db);

  // 0: wait up to the internal bound (PostgreSQL's lock_timeout = 0 waits forever).
  void set_timeout(std::chrono::milliseconds timeout) { timeout_ = timeout; }
  std::chrono::milliseconds effective_timeout() const;

  // The running statement's statement_timeout deadline (nullopt: none).
  void set_statement_deadline(std::optional<std::chrono::steady_clock::time_point> deadline) {
    statement_deadline_ = deadline;
  }

  // A new statement begins: forgets an earlier cancel and give-up.
  void start_statement();
  // Thread-safe: the current (or next) wait of this statement gives up.
  void cancel() { cancelled_ = true; }
  // Whether cancel() was called during this statement (other waits check it too).
  bool cancel_requested() const { return cancelled_; }

  // Why the last wait gave up, once; gave_up::no when it did not.
  gave_up take_give_up() { return give_up_.exchange(gave_up::no); }

  // Thread-safe: whether a wait is going on now (the handler ran in the last
  // 50 ms; it runs at least every 10 ms while the lock stays taken), for
  // pg_stat_activity's wait_event.
  bool waiting_now() const;

private:
  static int on_busy(void* self, int attempt);
  int busy(int attempt);

  std::chrono::milliseconds internal_bound_;
  std::chrono::milliseconds timeout_{0};
  std::atomic<bool> cancelled_{false};
  std::atomic<gave_up> give_up_{gave_up::no};
  std::chrono::steady_clock::time_point wait_began_{};
  std::optional<std::chrono::steady_clock::time_point> statement_deadline_;
  std::atomic<std::chrono::steady_clock::rep> last_busy_call_{0};
};

}  // namespace tributary
