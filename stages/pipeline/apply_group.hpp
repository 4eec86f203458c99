// apply_group: the remote transactions that share one local transaction of the
// applier (group commit), when that local transaction commits, and what its
// commit records.
//
// NOTES
//   While catching up, consecutive remote transactions share one local
//   transaction; it commits when the received transactions run out, at
//   max_transactions, or max_delay after it opened (spec, "Applying changes"),
//   or once the batches its transactions arrived in reach max_received_bytes:
//
//     empty --add (opened now)--> open --add--> open
//           --due(input drained | max_transactions | max_delay | max_received_bytes)--> commit --> empty
//
//   Why a bound in bytes: the group keeps its transactions (and the batches
//   their values view) until it commits, and its changed pages stay in the
//   sink's page cache; while the applier is the bound of a catch-up its
//   mailbox never runs out, so a group of max_transactions small ones grew to
//   ~10 MB of received changes (W2, pgbench, 4 MB credit window: groups of
//   10 000 transactions peaked at 99-103 MiB of RSS, groups of 1 MB at 63-73,
//   at the same rate; bench/history-21.md).
//
//   The commit record (commit_record_of) of a run of transactions: the progress
//   is the greatest end_lsn among them, and a SKIP one of them consumed goes
//   with it, so that pg_subscription.subskiplsn is cleared by the very commit
//   that records the progress past that transaction -- never by another.
//
//   Failure: the apply plan batches changes of different transactions, so when
//   a group fails the error need not name the first transaction that fails in
//   commit order, and rolling the group back would also undo the transactions
//   before it (and a SKIP that already took effect). The applier therefore
//   applies a failed group again one transaction at a time
//   (must_isolate_failure): the transactions before the first one that fails
//   commit with commit_record_of(prefix(i)), then transaction i fails alone --
//   what PostgreSQL's subscriber, which commits every remote transaction by
//   itself, leaves behind. A group of one transaction is already isolated.
//
//   Nothing here is durable; after a restart the group is empty and the stream
//   resumes from the recorded origin position.
//
//   Example: add(T1 0/100, T2 0/200 skipped by SKIP 0/200, T3 0/300) -> the
//   group fails -> one at a time: T1 ok, T2 ok, T3 fails -> commit prefix(2) =
//   {progress 0/230, clear skip 0/200} -> T3's error stops the pipeline, whose
//   restart begins at 0/230 with no SKIP pending.
//
// Pure: no SQLite, no logging, no clock of its own (callers pass `now`).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "stages/core/lsn.hpp"
#include "stages/pipeline/remote_transaction.hpp"

namespace tributary {

struct group_limits {
  int64_t max_transactions = 10000;
  std::chrono::milliseconds max_delay{100};
  size_t max_received_bytes = size_t{1} << 20;
};

// A SKIP that a transaction consumed (remote_transaction::consumed_skip_lsn).
struct consumed_skip {
  lsn skip_lsn;    // what subskiplsn held
  lsn finish_lsn;  // the finish LSN of the transaction that consumed it
  xid_t xid = 0;
  bool skipped() const { return skip_lsn == finish_lsn; }
};

// What the commit of a run of transactions records.
struct group_commit_record {
  lsn end_lsn;                        // origin remote_lsn: the greatest end_lsn
  std::optional<consumed_skip> skip;  // clear subskiplsn in the same commit
};

group_commit_record commit_record_of(std::span<const remote_transaction_ptr> transactions);

class apply_group {
public:
  using clock = std::chrono::steady_clock;

  explicit apply_group(group_limits limits) : limits_(limits) {}

  bool empty() const { return transactions_.empty(); }
  size_t size() const { return transactions_.size(); }
  std::span<const remote_transaction_ptr> transactions() const { return transactions_; }
  // The first `count` transactions (commit order).
  std::span<const remote_transaction_ptr> prefix(size_t count) const {
    return std::span<const remote_transaction_ptr>(transactions_).first(count);
  }
  clock::time_point opened_at() const { return opened_at_; }

  // Appends transactions in commit order; the first ones open the group at `now`.
  void add(std::span<const remote_transaction_ptr> transactions, clock::time_point now);
  // Counts the received bytes of a batch whose transactions the group took.
  void add_received_bytes(size_t bytes) { received_bytes_ += bytes; }
  size_t received_bytes() const { return received_bytes_; }
  // Commit now? input_drained: no received transactions are waiting.
  bool due(bool input_drained, clock::time_point now) const;
  // A failed apply of the group must be repeated one transaction at a time to
  // find the failing one and keep those before it.
  bool must_isolate_failure() const { return transactions_.size() > 1; }
  group_commit_record commit_record() const { return commit_record_of(transactions_); }
  void clear() {
    transactions_.clear();
    received_bytes_ = 0;
  }

private:
  group_limits limits_;
  std::vector<remote_transaction_ptr> transactions_;
  size_t received_bytes_ = 0;
  clock::time_point opened_at_;
};

}  // namespace tributary
