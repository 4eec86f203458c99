// remote_transaction: one committed transaction of the publisher, as the
// transaction assembler hands it to the applier: its position, its origin and
// its row changes in publisher order. Relations travel by shared pointer (one
// snapshot per Relation message), never copied per change.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

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
  // truncate only: every relation truncated together, and the options
  std::vector<relation_ptr> truncated;
  uint8_t truncate_options = 0;   // truncate_message::cascade | restart_identity
};

struct remote_transaction {
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
};

using remote_transaction_ptr = std::shared_ptr<const remote_transaction>;

}  // namespace tributary
