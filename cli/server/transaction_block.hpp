// transaction_block: PostgreSQL's transaction-block rules on top of one SQLite
// connection, for one client session.
//
// States (PostgreSQL's TBLOCK_* reduced to what a client can observe):
//
//   idle ──BEGIN──► in_block ──COMMIT/ROLLBACK──► idle
//    │                 │  ▲
//    │          error  ▼  │ ROLLBACK TO savepoint
//    │              failed ──COMMIT (= rollback)/ROLLBACK──► idle
//    └─ first statement of a multi-statement query string, or of an extended-
//       protocol batch ──► implicit ──end of string / Sync──► idle (COMMIT)
//                              │  error ──► idle (ROLLBACK)
//                              └─ BEGIN ──► in_block
//
// SQLite runs the real transaction: BEGIN / COMMIT / ROLLBACK / SAVEPOINT are
// issued on the connection. A statement that is not in a transaction runs in
// SQLite's autocommit mode. After SQLite itself ends a transaction (some errors
// roll back the whole transaction) the state stays `failed` until the client ends it.
//
// Before each commit the before_commit hook runs in the committing transaction.
//
// On-commit actions (subscription changes take effect when their transaction
// commits) are kept with the savepoint depth they were registered at: ROLLBACK TO
// drops those registered after the savepoint, ROLLBACK drops all, COMMIT runs them.
// Outside any transaction they run after the statement that registered them.
//
// Locking (transaction_mode.hpp): a transaction's SQLite BEGIN is deferred; before
// each statement, before_statement() gives a read-committed transaction that has
// written nothing a fresh snapshot (COMMIT of what only read, BEGIN again, its
// savepoints made again), and takes the write lock (BEGIN IMMEDIATE, waiting as
// the connection's lock_wait says) for a statement that writes, or for the first
// statement of a repeatable-read read-write transaction. READ ONLY transactions
// never take it.
//
// Warnings PostgreSQL gives (BEGIN inside a block, COMMIT outside one) go to the
// notice callback. Errors are pg_errors; none throws.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/core/result.hpp"
#include "cli/server/transaction_mode.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

enum class block_state { idle, implicit, in_block, failed };

class transaction_block {
public:
  using notice_sink = std::function<void(pg_error)>;

  transaction_block(sqlite_connection& db, notice_sink notices)
      : db_(db), notices_(std::move(notices)) {}

  block_state state() const { return state_; }
  // ReadyForQuery's status byte: 'I', 'T' or 'E'.
  char status_indicator() const;
  bool in_explicit_block() const { return state_ == block_state::in_block || state_ == block_state::failed; }

  // Opens the implicit transaction of a multi-statement string or a batch (idle only).
  // for_writing: the statement writes (BEGIN IMMEDIATE: waits for the write lock).
  result<ok_t, pg_error> begin_implicit(bool for_writing = false);
  // Ends the implicit transaction (end of query string / Sync): COMMIT.
  result<ok_t, pg_error> end_implicit();

  // Each returns the command tag to report.
  result<std::string, pg_error> begin(const std::string& tag);

  // The mode of transactions that begin from now on (the session's defaults).
  void set_default_mode(transaction_mode mode) { default_mode_ = mode; }
  // BEGIN's options / SET TRANSACTION: the mode of the open transaction.
  void set_mode(transaction_mode mode) { mode_ = mode; }
  const transaction_mode& mode() const { return mode_; }
  // The mode the next statement runs in: the block's, or the session default's.
  const transaction_mode& effective_mode() const {
    return state_ == block_state::idle ? default_mode_ : mode_;
  }
  // Before a statement runs in a transaction: the snapshot and lock it needs (above).
  // Fails when the write lock could not be had (the statement then fails).
  result<ok_t, pg_error> before_statement(statement_access access);
  // The connection holds the database file's write lock (its transaction wrote).
  bool holds_write_lock() const;
  result<std::string, pg_error> commit(bool chain);
  result<std::string, pg_error> rollback(bool chain);
  result<std::string, pg_error> savepoint(const std::string& name);
  result<std::string, pg_error> release(const std::string& name);
  result<std::string, pg_error> rollback_to(const std::string& name);

  // A statement failed: a block becomes failed, an implicit transaction rolls back.
  void statement_failed();
  // A statement succeeded: runs pending actions when no transaction is open, and
  // follows transaction changes SQLite made on its own (BEGIN IMMEDIATE, END).
  void statement_succeeded();

  void on_commit(std::function<void()> action);
  // Runs in every transaction about to commit, before SQLite's COMMIT (and after a
  // statement that ran in autocommit mode): PostgreSQL's PreCommit work, e.g. the
  // temporary tables' ON COMMIT actions. A failure fails the commit (rolled back).
  void before_commit(std::function<result<ok_t, pg_error>()> hook) { before_commit_ = std::move(hook); }
  // Tells an owner when a transaction ends (session parameters revert SET LOCAL,
  // cursors close); every observer registered is told, in order.
  void on_transaction_end(std::function<void(bool committed)> observer) {
    end_observers_.push_back(std::move(observer));
  }
  // Savepoints are numbered 1, 2, ... as they are made in a session; this is the
  // number of the last one made (0: none yet). ROLLBACK TO a savepoint tells each
  // observer that savepoint's number: what began at or after it is undone (cursors
  // declared since close, as PostgreSQL drops a subtransaction's portals).
  uint64_t savepoints_made() const { return savepoints_made_; }
  void on_rollback_to(std::function<void(uint64_t savepoint_number)> observer) {
    rollback_to_observers_.push_back(std::move(observer));
  }

private:
  std::function<result<ok_t, pg_error>()> before_commit_;
  struct savepoint_mark {
    std::string name;
    size_t actions = 0;  // on-commit actions registered before it
    uint64_t number = 0;  // savepoints_made() when it was made
  };

  result<ok_t, pg_error> sqlite_begin(bool for_writing = false);
  // Ends a transaction that wrote nothing and begins it again (savepoints too).
  result<ok_t, pg_error> restart_unwritten(bool for_writing);
  result<ok_t, pg_error> sqlite_commit();
  void sqlite_rollback();
  void finish(bool committed);
  void warn(std::string sqlstate, std::string message);
  result<std::string, pg_error> chain_if(bool chain, std::string tag);

  sqlite_connection& db_;
  notice_sink notices_;
  block_state state_ = block_state::idle;
  std::vector<savepoint_mark> savepoints_;
  std::vector<std::function<void()>> actions_;
  std::vector<std::function<void(bool)>> end_observers_;
  std::vector<std::function<void(uint64_t)>> rollback_to_observers_;
  uint64_t savepoints_made_ = 0;
  transaction_mode default_mode_;
  transaction_mode mode_;
};


}  // namespace tributary
