// change_spill: where the transaction assembler puts a streamed transaction's
// changes once the streamed transactions of a subscription hold more than
// spool_memory_limit (issue 9). storage/transaction_spool implements it with a
// spool file (DIR/spool/<subid>/<xid>); the assembler only sees this interface.
//
//   open --write*--> open --finish--> a change_source (the file is read back,
//   then removed when the source is dropped); dropped while open (Stream Abort,
//   reconnect): the file is removed.
#pragma once

#include <functional>
#include <memory>
#include <set>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/pipeline/remote_transaction.hpp"

namespace tributary {

// Decides at read time whether a spilled change is applied (a table's copy
// state, the truncated relations): may edit the change, false drops it.
using change_filter = std::function<bool(row_change&)>;

class change_spill {
public:
  virtual ~change_spill() = default;
  // Appends one change (of subtransaction `subxid`, the top xid for its own).
  virtual result<ok_t, pg_error> write(const row_change& change, xid_t subxid) = 0;
  // Appends a batch in order (subxids parallel to changes), taking it over:
  // the spooler actor's spill sends it on as one message.
  virtual result<ok_t, pg_error> write_batch(std::vector<row_change>&& changes, std::vector<xid_t>&& subxids) {
    for (size_t i = 0; i < changes.size(); ++i)
      if (auto r = write(changes[i], subxids[i]); !r)
        return r;
    return ok_v;
  }
  // Done writing: the changes to read back, skipping those of `aborted`
  // subtransactions and those `keep` drops.
  virtual result<std::shared_ptr<change_source>, pg_error> finish(std::set<xid_t> aborted,
                                                                 change_filter keep) = 0;
  virtual uint64_t bytes_written() const = 0;
};

// Opens the spill of one streamed transaction (top-level xid).
using spill_factory = std::function<result<std::unique_ptr<change_spill>, pg_error>(xid_t xid)>;

}  // namespace tributary
