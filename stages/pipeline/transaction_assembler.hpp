// transaction_assembler: decoded pgoutput messages in stream order -> whole
// remote transactions, ready to apply (architecture §3, "assembler").
//
// NOTES
//   Input: wal_message = one decoded pgoutput message + the walEnd of the
//   XLogData that carried it (only used to locate errors). Output: a
//   remote_transaction_ptr per committed transaction, in commit order.
//
//   Ordinary transactions:
//     idle --Begin--> open --Insert/Update/Delete/Truncate/Origin/Message--> open
//          --Commit (commit_lsn == Begin.final_lsn)--> idle, transaction emitted
//   Streamed transactions (v2+), interleaved with ordinary ones between blocks:
//     idle --Stream Start(xid, first)--> block(xid) --changes--> block(xid)
//          --Stream Stop--> idle ... --Stream Commit(xid)--> emitted (streamed)
//                                    --Stream Abort(xid, subxid)--> dropped whole
//                                      (subxid == xid) or the subxid's changes
//   Relation messages outside a block replace the global relation map (a fresh
//   relation_ptr each time); each change carries the snapshot in force. Inside
//   a block they belong to that streamed transaction, become global at its
//   Stream Commit and vanish at its Stream Abort. Type messages likewise.
//
//   Filtering, decided when the transaction commits (so the table states in
//   force at commit count):
//     - Begin/Stream Commit final_lsn < start_position: already applied before a
//       restart; dropped whole, nothing emitted (the restart rule, §4.5).
//     - a pending skip_lsn is consumed by the first transaction that finishes
//       (PostgreSQL clears subskiplsn at the first transaction it finishes):
//       emitted with consumed_skip_lsn set; when final_lsn == skip_lsn also
//       with skipped_by_user and no changes. Any other transaction is applied
//       as usual: SKIP never drops a transaction it does not name.
//     - a change to a table missing from the table states or not ready, or to a
//       ready table from a transaction with final_lsn < ready_lsn (its copy
//       already holds it: invariant 4), is dropped. A transaction left with no
//       changes is still emitted: it is progress only (changes.empty()), which
//       the applier may coalesce with its neighbours.
//   Logical decoding messages ('M') are ignored, transactional or not.
//
//   Errors: an out-of-order message (Commit without Begin, Begin inside an open
//   transaction, a change outside a transaction, mismatched commit LSN, unknown
//   relation, a misplaced stream message) or any two-phase message is an
//   assembler_error naming the message kind and its walEnd. The caller stops
//   the pipeline; transactions emitted before the error stay valid.
//
//   Nothing is persisted. On reconnect, reset() drops the partial transaction,
//   every streamed buffer and the relation/type maps: the publisher re-sends
//   them (streamed transactions from their first segment).
//
//   Memory (issue 9): buffered_bytes() estimates the rows held (open
//   transaction plus streamed buffers), and stays bounded:
//     - an ordinary transaction is handed on in pieces once it holds
//       piece_bytes (remote_transaction::more_follows; the Commit's piece is the
//       last). Begin already names its finish LSN, so the copy-state filter
//       applies to each piece; a pending SKIP is decided by the first piece.
//     - when the streamed transactions hold more than spool_memory_limit, the
//       one holding most has its changes written to its change_spill (config.
//       spill), in order, in batches of up to piece_bytes; its later changes
//       follow in memory and go to the spill each time they hold piece_bytes. A subtransaction abort drops its changes in memory and marks its
//       subxid for the spilled ones; Stream Commit hands the spill on as the
//       transaction's change_source (read before its in-memory changes); a
//       Stream Abort of the whole transaction drops the spill (file removed).
//     spool_stats() says what the spool holds; spill failures (disk full) are
//     an assembler_error carrying the pg_error (spool_failure).
//
//   Optimistic apply (issue 9, config.send_in_progress): the changes of a
//   streamed transaction also leave as they arrive, as parts of kind
//   in_progress (a copy, in stretches of up to piece_bytes and at each Stream
//   Stop), and its Stream Aborts as parts of kind stream_abort, so the
//   applier can apply them in one local transaction before the commit. The
//   whole transaction still leaves at Stream Commit (after its last
//   in_progress part), from memory and the spill, for an applier that had to
//   give the optimistic part up. A change is sent ahead only when the filter
//   at commit is sure to keep it: its table is ready with a copy position at
//   or before every commit seen so far (the Stream Commit comes later, so
//   its finish LSN is past that). The first change that is not gives the
//   transaction up: a stream_abort of the whole transaction tells the applier
//   to roll back what it applied, and nothing more is sent ahead for it. A
//   transaction dropped at its commit as already applied sends that too.
//
//   Example: S(7) I(xid 8, t) E  B(final 0/200) I(u) C(0/200, end 0/230)
//   S(7) I(xid 7, t) E  A(7, sub 8)  c(7, 0/300, end 0/330)
//   -> emits the ordinary transaction (one change) then the streamed one with
//      one change (xid 8's insert was aborted).
#pragma once

#include <algorithm>
#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "stages/core/lsn.hpp"
#include "stages/pgoutput/pgoutput_messages.hpp"
#include "stages/pipeline/change_spill.hpp"
#include "stages/pipeline/remote_transaction.hpp"
#include "stages/core/result.hpp"

namespace tributary {

struct wal_message {
  lsn wal_end;                // walEnd of the XLogData frame that carried it
  pgoutput_message message;
};

// Copy state of one subscribed table (pg_subscription_rel): ready = state 'r',
// ready_lsn = srsublsn, the consistent point of the snapshot its copy came from.
struct table_sync_state {
  bool ready = false;
  lsn ready_lsn;
};

using table_name_key = std::pair<std::string, std::string>;  // (schema, table)
// Orders (schema, table) keys and finds one by a pair of views as well: a
// change's table is looked up per change, without copying its names.
struct table_name_less {
  using is_transparent = void;
  using view = std::pair<std::string_view, std::string_view>;
  static view as_view(const table_name_key& key) { return {key.first, key.second}; }
  static view as_view(const view& key) { return key; }
  template <class A, class B>
  bool operator()(const A& a, const B& b) const { return as_view(a) < as_view(b); }
};
using table_sync_states = std::map<table_name_key, table_sync_state, table_name_less>;

struct assembler_config {
  lsn start_position;             // durable origin position (end_lsn last applied)
  std::optional<lsn> skip_lsn;    // ALTER SUBSCRIPTION ... SKIP (lsn = ...)
  table_sync_states tables;
  // Bounded memory: empty spill = streamed transactions stay in memory.
  spill_factory spill;
  size_t spool_memory_limit = size_t{64} << 20;
  size_t piece_bytes = size_t{8} << 20;  // 0: ordinary transactions travel whole
  // Optimistic apply: streamed changes also leave as in_progress parts.
  bool send_in_progress = false;
};

struct assembler_error {
  std::string message_kind;  // as PostgreSQL's docs name it: "Commit", "Stream Abort"
  lsn wal_end;
  std::string detail;        // "Commit without Begin"
  std::optional<pg_error> spool_failure;  // the spool could not be written or read

  std::string to_string() const;
};

class transaction_assembler {
public:
  explicit transaction_assembler(assembler_config config);

  // Feeds messages in stream order; committed transactions are appended to
  // `out`. The rvalue forms move the row data out of the messages.
  result<ok_t, assembler_error> push(std::span<const wal_message> batch,
                                     std::vector<remote_transaction_ptr>& out);
  result<ok_t, assembler_error> push(std::vector<wal_message>&& batch,
                                     std::vector<remote_transaction_ptr>& out);
  result<ok_t, assembler_error> push(wal_message&& message,
                                     std::vector<remote_transaction_ptr>& out);

  // Run-time changes (table copies finishing, ALTER SUBSCRIPTION ... SKIP).
  void set_table_states(table_sync_states tables) { config_.tables = std::move(tables); }
  void set_skip_lsn(std::optional<lsn> skip) { config_.skip_lsn = skip; }
  void set_start_position(lsn position) {
    config_.start_position = position;
    commit_floor_ = std::max(commit_floor_, position);
  }
  const assembler_config& config() const { return config_; }

  size_t buffered_bytes() const { return buffered_bytes_; }
  struct spool_stats {
    size_t open_transactions = 0;      // streamed transactions not yet committed or aborted
    size_t bytes_in_memory = 0;        // their changes held in memory (estimate)
    uint64_t bytes_on_disk = 0;        // their spool files
    uint64_t spilled_transactions = 0; // since start: transactions that spilled
    uint64_t spilled_bytes = 0;        // since start: bytes written to spool files
  };
  spool_stats spool() const;
  bool in_transaction() const { return open_.has_value(); }
  bool in_stream_block() const { return stream_block_.has_value(); }
  size_t streamed_transactions() const { return streams_.size(); }

  // Global (committed) schema: nullptr / nullptr when never announced.
  relation_ptr relation(oid_t relation_oid) const;
  const type_info* type(oid_t type_oid) const;

  // Reconnect: forget partial and streamed transactions, relations and types.
  void reset();

private:
  struct open_transaction {
    std::shared_ptr<remote_transaction> txn;
    bool already_applied = false;  // final_lsn < start_position
    size_t bytes = 0;
    bool pieces_sent = false;      // handed on in pieces: the SKIP was decided then
    std::optional<lsn> consumed_skip;
    bool skipped = false;
  };
  struct streamed_transaction {
    std::shared_ptr<remote_transaction> txn;
    std::vector<xid_t> change_subxids;  // parallel to txn->changes
    std::unordered_map<oid_t, relation_ptr> relations;
    std::unordered_map<oid_t, type_info> types;
    size_t bytes = 0;
    std::unique_ptr<change_spill> spill;  // the changes before txn->changes
    std::set<xid_t> spilled_aborts;       // aborted subtransactions with spilled changes
    // Optimistic apply: still sent ahead, something was, what waits to be.
    bool ahead = true;
    bool ahead_sent = false;
    std::vector<row_change> ahead_changes;
    std::vector<xid_t> ahead_subxids;
    size_t ahead_bytes = 0;
  };
  struct handler;  // std::visit target, defined in the .cpp
  friend struct handler;

  result<ok_t, assembler_error> handle(lsn wal_end, pgoutput_message&& message,
                                       std::vector<remote_transaction_ptr>& out);
  // Where a change received now belongs; nullptr when outside any transaction.
  streamed_transaction* current_stream();
  relation_ptr lookup_relation(oid_t relation_oid, const streamed_transaction* scope) const;
  void add_change(row_change change, std::optional<xid_t> subxid, std::vector<remote_transaction_ptr>& out);
  // Optimistic apply: what waits leaves as an in_progress part; giving up
  // sends a stream_abort of the whole transaction when parts were sent.
  void send_ahead(streamed_transaction& s, std::vector<remote_transaction_ptr>& out);
  void give_up_ahead(streamed_transaction& s, std::vector<remote_transaction_ptr>& out);
  void send_stream_abort(xid_t xid, xid_t subxid, std::vector<remote_transaction_ptr>& out);
  bool sure_to_keep(const row_change& change) const;
  void abort_stream(xid_t xid, xid_t subxid);
  void finish(std::shared_ptr<remote_transaction> txn, std::vector<remote_transaction_ptr>& out);
  // The copy-state filter of one change (may narrow a truncate); false drops it.
  static bool keep_change(const table_sync_states& tables, row_change& change, lsn final_lsn);
  void filter_changes(remote_transaction& txn) const;
  // Bounded memory: a piece of the open transaction, spills past the limit.
  void send_piece(std::vector<remote_transaction_ptr>& out);
  result<ok_t, pg_error> spill_largest();
  result<ok_t, pg_error> spill(streamed_transaction& s);
  result<ok_t, pg_error> bound_memory(std::vector<remote_transaction_ptr>& out);

  assembler_config config_;
  std::optional<open_transaction> open_;
  std::map<xid_t, streamed_transaction> streams_;
  std::optional<xid_t> stream_block_;  // top-level xid of the open stream block
  std::unordered_map<oid_t, relation_ptr> relations_;
  std::unordered_map<oid_t, type_info> types_;
  size_t buffered_bytes_ = 0;
  lsn commit_floor_;  // the greatest finish LSN seen (at least start_position)
  uint64_t spilled_transactions_ = 0;
  uint64_t spilled_bytes_ = 0;
};

// Estimated memory held by one buffered change.
size_t estimated_bytes(const row_change& change);

}  // namespace tributary
