// transaction_mode: what a transaction promises about itself (READ ONLY, its
// isolation level) and what one statement needs from SQLite, so that
// transaction_block can take SQLite's locks the way PostgreSQL's transactions
// behave.
//
// PostgreSQL runs every transaction with row locks and a snapshot per statement
// (read committed, the default) or per transaction (repeatable read,
// serializable). SQLite has one writer per file and one snapshot per
// transaction; a transaction that read and then writes after another connection
// committed cannot write at all (SQLITE_BUSY_SNAPSHOT). So:
//
//   read committed, read-write : every statement gets a fresh snapshot while the
//                                transaction has written nothing; its first
//                                writing statement takes the write lock (waiting
//                                up to lock_timeout) with its snapshot, and keeps
//                                it until the end. Read-then-write never fails.
//   repeatable read / serializable, read-write
//                              : the write lock with the first statement's
//                                snapshot: one snapshot, never a stale one.
//   READ ONLY (BEGIN READ ONLY, SET TRANSACTION READ ONLY,
//   default_transaction_read_only)
//                              : never waits: a snapshot per statement (read
//                                committed) or per transaction.
//
// Inputs: the session's defaults (default_transaction_read_only,
// default_transaction_isolation) and the DefElem options of BEGIN / START
// TRANSACTION / SET TRANSACTION from libpg_query's tree. Pure.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/server/statement_router.hpp"

namespace tributary {

struct transaction_mode {
  bool read_only = false;
  bool snapshot_per_statement = true;  // read committed
  std::string isolation = "read committed";  // as transaction_isolation shows it
};

// default_transaction_read_only ("on"/"off") and default_transaction_isolation.
transaction_mode default_transaction_mode(const std::string& read_only, const std::string& isolation);

// Applies the options list of a TransactionStmt (BEGIN) or the args of SET
// TRANSACTION: [{"DefElem": {"defname": "transaction_read_only", "arg": ...}}, ...].
void apply_transaction_options(const nlohmann::json& options, transaction_mode& mode);

// What a statement needs from the database file.
enum class statement_access {
  none,   // never touches SQLite (transaction control, SET, SHOW, databases)
  read,   // reads only (SELECT, EXPLAIN of one, VALUES)
  write,  // may write: everything else (SELECT ... FOR UPDATE and SELECT INTO too)
};
statement_access access_of(const routed_statement& statement);

// lock_timeout's value ("0", "500", "2s", "1min") in milliseconds; nullopt when unreadable.
std::optional<std::chrono::milliseconds> lock_timeout_value(const std::string& text);

}  // namespace tributary
