// transaction_block: the state machine of the header, one method per statement.
#include "cli/server/transaction_block.hpp"

#include <algorithm>

#include <sqlite3.h>

#include "storage/sqlstate_mapping.hpp"

namespace tributary {
namespace {

pg_error only_in_blocks(const std::string& what) {
  return make_pg_error("25P01", what + " can only be used in transaction blocks");
}

pg_error no_such_savepoint(const std::string& name) {
  return make_pg_error("3B001", "savepoint \"" + name + "\" does not exist");
}

// What the connection's transaction holds on the main database file.
int main_transaction_state(sqlite_connection& db) { return sqlite3_txn_state(db.handle(), "main"); }

// True when another schema (temp) was written: then the transaction cannot restart.
bool other_schema_written(sqlite_connection& db) {
  return sqlite3_txn_state(db.handle(), nullptr) == SQLITE_TXN_WRITE &&
         main_transaction_state(db) != SQLITE_TXN_WRITE;
}

// A statement still stepping (a suspended portal) keeps its snapshot: no restart.
bool statement_in_progress(sqlite_connection& db) {
  for (sqlite3_stmt* s = sqlite3_next_stmt(db.handle(), nullptr); s; s = sqlite3_next_stmt(db.handle(), s))
    if (sqlite3_stmt_busy(s))
      return true;
  return false;
}

}  // namespace

char transaction_block::status_indicator() const {
  switch (state_) {
    case block_state::in_block: return 'T';
    case block_state::failed: return 'E';
    default: return 'I';
  }
}

result<ok_t, pg_error> transaction_block::sqlite_begin(bool for_writing) {
  // A writer takes the write lock first (waiting up to the busy timeout): a
  // deferred transaction that read first could not take it after another
  // connection committed (SQLITE_BUSY_SNAPSHOT, reported at once).
  if (auto r = db_.exec(for_writing ? "BEGIN IMMEDIATE" : "BEGIN"); !r)
    return fail(pg_error_from_sqlite(r.error()));
  return ok_v;
}

result<ok_t, pg_error> transaction_block::restart_unwritten(bool for_writing) {
  if (auto r = db_.exec("COMMIT"); !r)
    return fail(pg_error_from_sqlite(r.error()));
  auto began = sqlite_begin(for_writing);
  if (!began && !db_.in_transaction())
    (void)db_.exec("BEGIN");  // the block stays open (and fails) without the lock
  for (const savepoint_mark& mark : savepoints_)
    (void)db_.exec("SAVEPOINT " + quote_identifier(mark.name));
  return began;
}

bool transaction_block::holds_write_lock() const {
  return main_transaction_state(db_) == SQLITE_TXN_WRITE;
}

result<ok_t, pg_error> transaction_block::before_statement(statement_access access) {
  if (state_ != block_state::in_block && state_ != block_state::implicit)
    return ok_v;
  if (access == statement_access::none || !db_.in_transaction())
    return ok_v;
  const int held = main_transaction_state(db_);
  if (held == SQLITE_TXN_WRITE || other_schema_written(db_) || statement_in_progress(db_))
    return ok_v;
  const bool wants_write_lock =
      !mode_.read_only && (access == statement_access::write || !mode_.snapshot_per_statement);
  if (wants_write_lock)
    return restart_unwritten(true);
  // A read: read committed gets a fresh snapshot; one snapshot per transaction
  // keeps the one it has (or takes it now).
  if (held == SQLITE_TXN_READ && mode_.snapshot_per_statement)
    return restart_unwritten(false);
  return ok_v;
}

result<ok_t, pg_error> transaction_block::sqlite_commit() {
  if (!db_.in_transaction())
    return ok_v;
  if (before_commit_)
    if (auto r = before_commit_(); !r)
      return fail(r.error());
  if (auto r = db_.exec("COMMIT"); !r)
    return fail(pg_error_from_sqlite(r.error()));
  return ok_v;
}

void transaction_block::sqlite_rollback() {
  if (db_.in_transaction())
    (void)db_.exec("ROLLBACK");
}

void transaction_block::finish(bool committed) {
  state_ = block_state::idle;
  savepoints_.clear();
  auto actions = std::move(actions_);
  actions_.clear();
  if (committed)
    for (auto& action : actions)
      action();
  for (auto& observer : end_observers_)
    observer(committed);
}

void transaction_block::warn(std::string sqlstate, std::string message) {
  if (!notices_)
    return;
  pg_error notice = make_pg_error(std::move(sqlstate), std::move(message));
  notice.severity = "WARNING";
  notices_(std::move(notice));
}

result<std::string, pg_error> transaction_block::chain_if(bool chain, std::string tag) {
  if (!chain)
    return tag;
  if (auto r = sqlite_begin(); !r)
    return fail(r.error());
  state_ = block_state::in_block;  // AND CHAIN: the same mode again
  return tag;
}

result<ok_t, pg_error> transaction_block::begin_implicit(bool for_writing) {
  if (state_ != block_state::idle)
    return ok_v;
  if (auto r = sqlite_begin(for_writing); !r)
    return fail(r.error());
  mode_ = default_mode_;
  state_ = block_state::implicit;
  return ok_v;
}

result<ok_t, pg_error> transaction_block::end_implicit() {
  if (state_ != block_state::implicit)
    return ok_v;
  if (auto r = sqlite_commit(); !r) {
    sqlite_rollback();
    finish(false);
    return fail(r.error());
  }
  finish(true);
  return ok_v;
}

result<std::string, pg_error> transaction_block::begin(const std::string& tag) {
  switch (state_) {
    case block_state::idle:
      if (auto r = sqlite_begin(); !r)
        return fail(r.error());
      mode_ = default_mode_;
      state_ = block_state::in_block;
      break;
    case block_state::implicit:
      state_ = block_state::in_block;
      break;
    default:
      warn("25001", "there is already a transaction in progress");
  }
  return tag;
}

result<std::string, pg_error> transaction_block::commit(bool chain) {
  if (state_ == block_state::idle || state_ == block_state::implicit) {
    if (chain)
      return fail(only_in_blocks("COMMIT AND CHAIN"));
    warn("25P01", "there is no transaction in progress");
    if (state_ == block_state::idle)
      return std::string("COMMIT");
  }
  if (state_ == block_state::failed) {
    sqlite_rollback();
    finish(false);
    return chain_if(chain, "ROLLBACK");
  }
  if (auto r = sqlite_commit(); !r) {
    sqlite_rollback();
    finish(false);
    return fail(r.error());
  }
  finish(true);
  return chain_if(chain, "COMMIT");
}

result<std::string, pg_error> transaction_block::rollback(bool chain) {
  if (state_ == block_state::idle || state_ == block_state::implicit) {
    if (chain)
      return fail(only_in_blocks("ROLLBACK AND CHAIN"));
    warn("25P01", "there is no transaction in progress");
  }
  sqlite_rollback();
  finish(false);
  return chain_if(chain, "ROLLBACK");
}

result<std::string, pg_error> transaction_block::savepoint(const std::string& name) {
  if (state_ != block_state::in_block)
    return fail(only_in_blocks("SAVEPOINT"));
  if (auto r = db_.exec("SAVEPOINT " + quote_identifier(name)); !r)
    return fail(pg_error_from_sqlite(r.error()));
  savepoints_.push_back({name, actions_.size(), ++savepoints_made_});
  return std::string("SAVEPOINT");
}

result<std::string, pg_error> transaction_block::release(const std::string& name) {
  if (state_ != block_state::in_block)
    return fail(only_in_blocks("RELEASE SAVEPOINT"));
  auto it = std::find_if(savepoints_.rbegin(), savepoints_.rend(),
                         [&](const savepoint_mark& m) { return m.name == name; });
  if (it == savepoints_.rend())
    return fail(no_such_savepoint(name));
  if (auto r = db_.exec("RELEASE SAVEPOINT " + quote_identifier(name)); !r)
    return fail(pg_error_from_sqlite(r.error()));
  savepoints_.erase(std::prev(it.base()), savepoints_.end());
  return std::string("RELEASE");
}

result<std::string, pg_error> transaction_block::rollback_to(const std::string& name) {
  if (state_ != block_state::in_block && state_ != block_state::failed)
    return fail(only_in_blocks("ROLLBACK TO SAVEPOINT"));
  auto it = std::find_if(savepoints_.rbegin(), savepoints_.rend(),
                         [&](const savepoint_mark& m) { return m.name == name; });
  if (it == savepoints_.rend() || !db_.in_transaction())
    return fail(no_such_savepoint(name));
  if (auto r = db_.exec("ROLLBACK TO SAVEPOINT " + quote_identifier(name)); !r)
    return fail(pg_error_from_sqlite(r.error()));
  auto mark = std::prev(it.base());
  actions_.resize(mark->actions);
  savepoints_.erase(std::next(mark), savepoints_.end());
  state_ = block_state::in_block;
  for (const auto& observer : rollback_to_observers_)
    observer(mark->number);
  return std::string("ROLLBACK");
}

void transaction_block::statement_failed() {
  switch (state_) {
    case block_state::implicit:
      sqlite_rollback();
      finish(false);
      break;
    case block_state::in_block:
      state_ = block_state::failed;
      break;
    case block_state::idle:
      actions_.clear();
      break;
    case block_state::failed:
      break;
  }
}

void transaction_block::statement_succeeded() {
  const bool open = db_.in_transaction();
  if (state_ == block_state::idle && !open && before_commit_)
    (void)before_commit_();  // the statement committed on its own (autocommit)
  if (state_ == block_state::idle && open) {
    state_ = block_state::in_block;  // the client began one in SQLite's own syntax
    return;
  }
  if ((state_ == block_state::in_block || state_ == block_state::implicit) && !open) {
    finish(true);  // ... or ended one (SQLite's END / COMMIT TRANSACTION forms)
    return;
  }
  if (state_ == block_state::idle && !actions_.empty())
    finish(true);
}

void transaction_block::on_commit(std::function<void()> action) {
  actions_.push_back(std::move(action));
}

}  // namespace tributary
