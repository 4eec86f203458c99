// transaction_assembler_memory: the part of the transaction assembler (see
// the NOTES in transaction_assembler.hpp) that keeps memory bounded whatever a
// transaction's size: streamed transactions' changes sent ahead to the applier
// (and given up or aborted), a large transaction sent in pieces, and the
// largest open streamed transaction spilled to the spooler past
// spool_memory_limit.
#include "stages/pipeline/transaction_assembler.hpp"

#include <algorithm>

namespace tributary {

void transaction_assembler::send_ahead(streamed_transaction& s, std::vector<remote_transaction_ptr>& out) {
  if (!s.ahead || s.ahead_changes.empty())
    return;
  auto part = std::make_shared<remote_transaction>();
  part->part = transaction_part::in_progress;
  part->xid = s.txn->xid;
  part->streamed = true;
  part->origin = s.txn->origin;
  part->changes = std::move(s.ahead_changes);
  part->change_subxids = std::move(s.ahead_subxids);
  s.ahead_changes.clear();
  s.ahead_subxids.clear();
  s.ahead_bytes = 0;
  s.ahead_sent = true;
  out.push_back(std::move(part));
}

void transaction_assembler::give_up_ahead(streamed_transaction& s, std::vector<remote_transaction_ptr>& out) {
  s.ahead = false;
  s.ahead_changes.clear();
  s.ahead_subxids.clear();
  s.ahead_bytes = 0;
  if (s.ahead_sent)
    send_stream_abort(s.txn->xid, s.txn->xid, out);
}

void transaction_assembler::send_stream_abort(xid_t xid, xid_t subxid, std::vector<remote_transaction_ptr>& out) {
  auto part = std::make_shared<remote_transaction>();
  part->part = transaction_part::stream_abort;
  part->xid = xid;
  part->streamed = true;
  part->abort_subxid = subxid;
  out.push_back(std::move(part));
}

void transaction_assembler::abort_stream(xid_t xid, xid_t subxid) {
  auto it = streams_.find(xid);
  if (it == streams_.end())
    return;  // nothing was buffered for it (e.g. a subtransaction without changes)
  streamed_transaction& s = it->second;
  if (subxid != xid && s.spill)
    s.spilled_aborts.insert(subxid);
  if (subxid == xid) {
    buffered_bytes_ -= s.bytes;
    streams_.erase(it);
    return;
  }
  auto& changes = s.txn->changes;
  size_t kept = 0;
  for (size_t i = 0; i < changes.size(); ++i) {
    if (s.change_subxids[i] == subxid) {
      size_t bytes = estimated_bytes(changes[i]);
      s.bytes -= bytes;
      buffered_bytes_ -= bytes;
      continue;
    }
    if (kept != i) {
      changes[kept] = std::move(changes[i]);
      s.change_subxids[kept] = s.change_subxids[i];
    }
    ++kept;
  }
  changes.resize(kept);
  s.change_subxids.resize(kept);
}

void transaction_assembler::send_piece(std::vector<remote_transaction_ptr>& out) {
  auto& o = *open_;
  if (!o.pieces_sent) {
    o.pieces_sent = true;
    if (config_.skip_lsn) {
      o.consumed_skip = config_.skip_lsn;
      o.skipped = *config_.skip_lsn == o.txn->final_lsn;
      config_.skip_lsn.reset();
    }
  }
  buffered_bytes_ -= o.bytes;
  o.bytes = 0;
  if (o.skipped) {
    o.txn->changes.clear();
    return;
  }
  auto piece = std::make_shared<remote_transaction>();
  piece->xid = o.txn->xid;
  piece->final_lsn = o.txn->final_lsn;
  piece->commit_time = o.txn->commit_time;
  piece->origin = o.txn->origin;
  piece->more_follows = true;
  piece->changes = std::move(o.txn->changes);
  o.txn->changes.clear();
  filter_changes(*piece);
  out.push_back(std::move(piece));
}

result<ok_t, pg_error> transaction_assembler::spill_largest() {
  streamed_transaction* largest = nullptr;
  for (auto& [xid, s] : streams_)
    if (!s.txn->changes.empty() && (!largest || s.bytes > largest->bytes))
      largest = &s;
  if (!largest)
    return ok_v;
  return spill(*largest);
}

// Writes the transaction's changes in memory to its spill, in order, in
// batches of up to piece_bytes: the spooler frees each batch once written and
// takes the next when its credit allows, so what waits for the disk stays a
// few batches, not a second spool_memory_limit.
result<ok_t, pg_error> transaction_assembler::spill(streamed_transaction& s) {
  if (!s.spill) {
    auto spill = config_.spill(s.txn->xid);
    if (!spill)
      return fail(spill.error());
    s.spill = std::move(spill).value();
    ++spilled_transactions_;
  }
  uint64_t before = s.spill->bytes_written();
  auto& changes = s.txn->changes;
  for (size_t first = 0; first < changes.size();) {
    size_t end = first;
    size_t bytes = 0;
    while (end < changes.size() && (end == first || !config_.piece_bytes || bytes < config_.piece_bytes))
      bytes += estimated_bytes(changes[end++]);
    std::vector<row_change> batch(std::make_move_iterator(changes.begin() + static_cast<std::ptrdiff_t>(first)),
                                  std::make_move_iterator(changes.begin() + static_cast<std::ptrdiff_t>(end)));
    std::vector<xid_t> subxids(s.change_subxids.begin() + static_cast<std::ptrdiff_t>(first),
                               s.change_subxids.begin() + static_cast<std::ptrdiff_t>(end));
    if (auto w = s.spill->write_batch(std::move(batch), std::move(subxids)); !w)
      return w;
    first = end;
  }
  spilled_bytes_ += s.spill->bytes_written() - before;
  changes = {};
  s.change_subxids = {};
  buffered_bytes_ -= s.bytes;
  s.bytes = 0;
  return ok_v;
}

result<ok_t, pg_error> transaction_assembler::bound_memory(std::vector<remote_transaction_ptr>& out) {
  if (open_ && !stream_block_ && config_.piece_bytes && open_->bytes >= config_.piece_bytes)
    send_piece(out);
  if (!config_.spill)
    return ok_v;
  while (buffered_bytes_ - (open_ ? open_->bytes : 0) > config_.spool_memory_limit) {
    size_t held = buffered_bytes_;
    if (auto r = spill_largest(); !r)
      return r;
    if (buffered_bytes_ == held)
      break;
  }
  // A transaction that spilled goes on to its file a piece at a time: it does
  // not fill spool_memory_limit again before its next spill.
  if (auto* s = current_stream(); s && s->spill && config_.piece_bytes && s->bytes >= config_.piece_bytes)
    return spill(*s);
  return ok_v;
}

transaction_assembler::spool_stats transaction_assembler::spool() const {
  spool_stats st;
  st.open_transactions = streams_.size();
  for (const auto& [xid, s] : streams_) {
    st.bytes_in_memory += s.bytes;
    if (s.spill)
      st.bytes_on_disk += s.spill->bytes_written();
  }
  st.spilled_transactions = spilled_transactions_;
  st.spilled_bytes = spilled_bytes_;
  return st;
}

}  // namespace tributary
