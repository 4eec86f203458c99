// remote_transaction: one committed transaction of the publisher, as the
// transaction assembler hands it to the applier: its position, its origin and
// its row changes in publisher order. Relations travel by shared pointer (one
// snapshot per Relation message), never copied per change.
//
// Bounded memory (issue 9): a transaction too large to travel whole arrives in
// pieces (more_follows), and a streamed transaction spilled past
// spool_memory_limit carries its spilled changes as a change_source that the
// applier reads in bounded chunks before `changes`.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/pgoutput/pgoutput_messages.hpp"

namespace tributary {

using relation_ptr = std::shared_ptr<const relation_info>;

enum class change_kind : uint8_t { insert, update, delete_, truncate };

struct row_change {
  change_kind kind = change_kind::insert;
  relation_ptr relation;          // the Relation in force when the change was sent
  // update: 'K' old key, 'O' old full row, 0 = key unchanged (use new_tuple's key)
  // delete: 'K' or 'O'
  char old_kind = 0;
  tuple_data old_tuple;           // update with old_kind != 0, delete
  tuple_data new_tuple;           // insert, update
  value_storage storage;          // keeps the bytes the tuples' values view alive
  // truncate only: every relation truncated together, and the options
  std::vector<relation_ptr> truncated;
  uint8_t truncate_options = 0;   // truncate_message::cascade | restart_identity
};

// Changes of one transaction kept outside memory (its spool file), read back
// in publisher order, filtered as the assembler filters at commit.
class change_source {
public:
  virtual ~change_source() = default;
  // Appends the next changes to `out`, about max_bytes of them (at least one
  // when any is left); false once every change was read.
  virtual result<bool, pg_error> read(std::vector<row_change>& out, size_t max_bytes) = 0;
  // Back to the first change: the local transaction it went into was rolled
  // back (a busy file) and is applied again.
  virtual result<ok_t, pg_error> rewind() = 0;
};

// What a remote_transaction carries (optimistic apply of streamed
// transactions, issue 9).
enum class transaction_part : uint8_t {
  whole,         // a committed transaction (or one piece of it: more_follows)
  in_progress,   // changes of a streamed transaction not committed yet, as they arrived
  stream_abort,  // Stream Abort of abort_subxid (== xid: the whole transaction, or
                 // the assembler gave up sending its changes ahead)
};

struct remote_transaction {
  transaction_part part = transaction_part::whole;
  xid_t xid = 0;
  lsn final_lsn;                  // start of the commit record: the "finish LSN"
  lsn end_lsn;                    // end of the commit record: the progress to persist
  pg_timestamp commit_time = 0;
  std::string origin;             // origin name when the publisher applied it by replication
  bool streamed = false;          // arrived as a streamed in-progress transaction
  // May be empty (every change filtered out by copy positions): the applier
  // still records end_lsn as progress.
  std::vector<row_change> changes;
  // The SKIP LSN (ALTER SUBSCRIPTION ... SKIP) that was pending when this
  // transaction finished. The first transaction to finish consumes it, as
  // PostgreSQL's subscriber clears subskiplsn at the first transaction it
  // finishes: the applier clears pg_subscription.subskiplsn in the commit that
  // records this transaction's progress.
  std::optional<lsn> consumed_skip_lsn;
  // consumed_skip_lsn == final_lsn: SKIP named this transaction and its changes
  // were dropped. Any other value names no transaction: it is only cleared.
  bool skipped_by_user = false;
  // A piece of a transaction that arrives in several (same xid, in order):
  // every piece but the last has more_follows; the last carries end_lsn and
  // the SKIP, and its commit makes all of them durable at once.
  bool more_follows = false;
  // Changes spilled to the spool, applied before `changes`; nullptr when none.
  std::shared_ptr<change_source> spooled;
  // in_progress: the subtransaction of each change (the top xid for its own).
  std::vector<xid_t> change_subxids;
  // stream_abort: the subtransaction rolled back (xid: all of it).
  xid_t abort_subxid = 0;
};

using remote_transaction_ptr = std::shared_ptr<const remote_transaction>;

}  // namespace tributary
