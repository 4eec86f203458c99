// statement_timeout: PostgreSQL's statement_timeout for one SQLite connection.
//
// arm(timeout) before a statement: while it runs, SQLite's progress handler
// (every 1000 virtual-machine steps) compares the clock with the deadline and,
// once it has passed, interrupts the statement (SQLITE_INTERRUPT); expired() then
// tells the owner to report 57014 "canceling statement due to statement
// timeout" instead of a cancel. The owner also hands deadline() to its lock_wait,
// so a wait for the write lock ends at the same moment. disarm() after the
// statement removes the handler: a connection without a timeout pays nothing.
// A timeout of 0 disables it, as in PostgreSQL.
//
// Owned and used by the connection's thread. Nothing is persisted.
#pragma once

#include <chrono>
#include <optional>

struct sqlite3;

namespace tributary {

class statement_timeout {
public:
  using clock = std::chrono::steady_clock;

  explicit statement_timeout(sqlite3* db) : db_(db) {}
  statement_timeout(const statement_timeout&) = delete;
  statement_timeout& operator=(const statement_timeout&) = delete;
  ~statement_timeout() { disarm(); }

  void arm(std::chrono::milliseconds timeout);
  void disarm();
  std::optional<clock::time_point> deadline() const { return deadline_; }
  // Whether the armed statement ran past its deadline (checked at the moment).
  bool expired() const { return deadline_ && clock::now() >= *deadline_; }

private:
  static int on_progress(void* self);

  sqlite3* db_;
  std::optional<clock::time_point> deadline_;
};

}  // namespace tributary
