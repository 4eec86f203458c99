// apply_group: see the NOTES in the header.
#include "stages/pipeline/apply_group.hpp"

#include <algorithm>

namespace tributary {

group_commit_record commit_record_of(std::span<const remote_transaction_ptr> transactions) {
  group_commit_record record;
  for (const auto& txn : transactions) {
    record.end_lsn = std::max(record.end_lsn, txn->end_lsn);
    if (txn->consumed_skip_lsn)
      record.skip = consumed_skip{*txn->consumed_skip_lsn, txn->final_lsn, txn->xid};
  }
  return record;
}

void apply_group::add(std::span<const remote_transaction_ptr> transactions, clock::time_point now) {
  if (transactions.empty())
    return;
  if (transactions_.empty())
    opened_at_ = now;
  transactions_.insert(transactions_.end(), transactions.begin(), transactions.end());
}

bool apply_group::due(bool input_drained, clock::time_point now) const {
  if (transactions_.empty())
    return false;
  return input_drained || static_cast<int64_t>(transactions_.size()) >= limits_.max_transactions ||
         now - opened_at_ >= limits_.max_delay || received_bytes_ >= limits_.max_received_bytes;
}

}  // namespace tributary
