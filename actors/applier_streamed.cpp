// applier_streamed: the applier's transactions that do not travel whole
// (see the NOTES in applier_actor.hpp): a large transaction applied in pieces
// in one local transaction, a streamed one with spooled changes read back in
// chunks, and the optimistic apply of a streamed transaction ahead of its
// commit (savepoints per subtransaction, given up when another commits first).
#include <spdlog/spdlog.h>

#include <algorithm>

#include "actors/applier_actor.hpp"
#include "actors/applier_steps.hpp"
#include "stages/pipeline/apply_plan.hpp"

namespace tributary::applier_detail {

namespace {

// Spooled changes are read back and applied in chunks of about this size.
constexpr size_t spool_chunk_bytes = size_t{4} << 20;

}  // namespace

bool applied_in_pieces(const remote_transaction& txn) { return txn.more_follows || txn.spooled; }

// Applies the changes of one piece, or one chunk read from the spool.
static bool apply_chunk(self_ptr self, const remote_transaction_ptr& chunk) {
  auto& st = self->state;
  std::span<const remote_transaction_ptr> one(&chunk, 1);
  if (auto applied = st.sink->apply(make_apply_plan(one), one); !applied) {
    fail_transaction(self, applied.error());
    return false;
  }
  return true;
}

// The changes of a streamed transaction kept by the spooler, then those in
// memory, in chunks of spool_chunk_bytes.
static result<ok_t, apply_error> apply_spooled_changes(self_ptr self, const remote_transaction_ptr& txn) {
  auto& st = self->state;
  for (bool more = true; more;) {
    auto chunk = std::make_shared<remote_transaction>();
    chunk->xid = txn->xid;
    chunk->final_lsn = txn->final_lsn;
    chunk->commit_time = txn->commit_time;
    chunk->origin = txn->origin;
    auto read = txn->spooled->read(chunk->changes, spool_chunk_bytes);
    if (!read)
      return fail(apply_error{read.error(), {}, false});
    more = *read;
    if (chunk->changes.empty())
      continue;
    remote_transaction_ptr one_chunk = std::move(chunk);
    std::span<const remote_transaction_ptr> one(&one_chunk, 1);
    if (auto applied = st.sink->apply(make_apply_plan(one), one); !applied)
      return applied;
  }
  if (txn->changes.empty())
    return ok_v;
  std::span<const remote_transaction_ptr> one(&txn, 1);
  return st.sink->apply(make_apply_plan(one), one);
}

// A streamed transaction with spooled changes, alone in its local transaction.
// A busy file rolls it back; it is read from the spool's start and applied
// again. False when the actor quit.
static bool apply_spooled(self_ptr self, const remote_transaction_ptr& txn) {
  auto& st = self->state;
  if (!commit_group(self))
    return false;
  if (txn->skipped_by_user)
    spdlog::info("logical replication starts skipping transaction at LSN {}", txn->final_lsn.to_string());
  for (int attempt = 0;; ++attempt) {
    if (auto b = begin_local_transaction(self); !b) {
      fail_apply(self, pipeline_errc::apply_failed, b.error().to_string());
      return false;
    }
    auto applied = apply_spooled_changes(self, txn);
    if (applied) {
      std::span<const remote_transaction_ptr> last(&txn, 1);
      return commit_local_transaction(self, commit_record_of(last));
    }
    if (!applied.error().retryable || attempt >= max_busy_retries) {
      fail_transaction(self, applied.error());
      return false;
    }
    st.sink->rollback_group();
    st.sink->forget_attempt_counts();
    if (auto r = txn->spooled->rewind(); !r) {
      fail_apply(self, pipeline_errc::apply_failed, r.error().message);
      return false;
    }
  }
}

// One piece of a large transaction (see applied_in_pieces): the group before it
// commits first; the pieces share one local transaction, which the last one
// commits with the transaction's progress. The spooled changes are read in
// chunks of spool_chunk_bytes, so memory stays bounded whatever the size.
// False when the actor quit.
bool apply_piece(self_ptr self, const remote_transaction_ptr& piece) {
  auto& st = self->state;
  if (st.open_in_pieces && *st.open_in_pieces != piece->xid) {
    fail_apply(self, pipeline_errc::protocol_violation,
               "transaction " + std::to_string(piece->xid) + " arrived while transaction " +
                   std::to_string(*st.open_in_pieces) + " was still being applied in pieces");
    return false;
  }
  if (piece->spooled)
    return apply_spooled(self, piece);
  if (!st.open_in_pieces) {
    if (!commit_group(self))
      return false;
    if (auto b = begin_local_transaction(self); !b) {
      fail_apply(self, pipeline_errc::apply_failed, b.error().to_string());
      return false;
    }
    st.open_in_pieces = piece->xid;
    if (piece->skipped_by_user)
      spdlog::info("logical replication starts skipping transaction at LSN {}", piece->final_lsn.to_string());
  }
  if (!piece->changes.empty() && !apply_chunk(self, piece))
    return false;
  if (piece->more_follows)
    return true;
  std::span<const remote_transaction_ptr> last(&piece, 1);
  if (!commit_local_transaction(self, commit_record_of(last)))
    return false;
  st.open_in_pieces.reset();
  return true;
}

static std::string savepoint_of(xid_t subxid) { return "tributary_subxact_" + std::to_string(subxid); }

// The transaction applied ahead is given up: rolled back (and what it counted
// forgotten); it is applied from the spool at its commit.
void give_up_ahead(self_ptr self) {
  auto& st = self->state;
  if (!st.ahead)
    return;
  st.sink->rollback_group();
  st.sink->forget_attempt_counts();
  st.given_up.insert(st.ahead->xid);
  st.ahead.reset();
}

// Changes of one subtransaction, in a run of an in_progress part.
static result<ok_t, apply_error> apply_ahead_run(self_ptr self, const remote_transaction_ptr& part, size_t begin,
                                          size_t end) {
  auto& st = self->state;
  xid_t subxid = part->change_subxids[begin];
  auto& savepoints = st.ahead->savepoints;
  if (subxid != part->xid && std::find(savepoints.begin(), savepoints.end(), subxid) == savepoints.end()) {
    if (auto r = st.sink->connection().exec("SAVEPOINT " + savepoint_of(subxid)); !r)
      return fail(error_from_sqlite(r.error(), {}));
    savepoints.push_back(subxid);
  }
  if (begin == 0 && end == part->changes.size()) {
    std::span<const remote_transaction_ptr> one(&part, 1);
    return st.sink->apply(make_apply_plan(one), one);
  }
  auto run = std::make_shared<remote_transaction>();
  run->xid = part->xid;
  run->origin = part->origin;
  run->changes.assign(part->changes.begin() + static_cast<ptrdiff_t>(begin),
                      part->changes.begin() + static_cast<ptrdiff_t>(end));
  remote_transaction_ptr run_ptr = std::move(run);
  std::span<const remote_transaction_ptr> one(&run_ptr, 1);
  return st.sink->apply(make_apply_plan(one), one);
}

// An in_progress part or a Stream Abort (see Optimistic in the header). False
// when the actor quit.
bool apply_stream_part(self_ptr self, const remote_transaction_ptr& part) {
  auto& st = self->state;
  const xid_t xid = part->xid;
  if (part->part == transaction_part::stream_abort) {
    const xid_t subxid = part->abort_subxid;
    if (!st.ahead || st.ahead->xid != xid) {
      if (subxid == xid)
        st.given_up.erase(xid);  // aborted, or given up by the assembler: never committed from here
      return true;
    }
    if (subxid == xid) {
      st.sink->rollback_group();
      st.sink->forget_attempt_counts();
      st.ahead.reset();
      return true;
    }
    auto& savepoints = st.ahead->savepoints;
    auto it = std::find(savepoints.begin(), savepoints.end(), subxid);
    if (it == savepoints.end())
      return true;  // nothing of it applied, or rolled back with an enclosing one
    auto& db = st.sink->connection();
    auto back = db.exec("ROLLBACK TO " + savepoint_of(subxid));
    if (back)
      back = db.exec("RELEASE " + savepoint_of(subxid));
    savepoints.erase(it, savepoints.end());
    if (!back) {
      spdlog::debug("giving up applying transaction {} ahead: {}", xid, back.error().message);
      give_up_ahead(self);
    }
    return true;
  }
  if (st.given_up.count(xid))
    return true;
  if (st.ahead && st.ahead->xid != xid) {
    st.given_up.insert(xid);  // one transaction is applied ahead at a time
    return true;
  }
  if (!st.ahead) {
    if (st.open_in_pieces) {
      st.given_up.insert(xid);
      return true;
    }
    if (!commit_group(self))
      return false;
    if (auto b = begin_local_transaction(self); !b) {
      fail_apply(self, pipeline_errc::apply_failed, b.error().to_string());
      return false;
    }
    st.ahead = applier_actor_state::applied_ahead{xid, {}};
  }
  size_t begin = 0;
  while (begin < part->changes.size()) {
    size_t end = begin + 1;
    while (end < part->changes.size() && part->change_subxids[end] == part->change_subxids[begin])
      ++end;
    if (auto applied = apply_ahead_run(self, part, begin, end); !applied) {
      spdlog::debug("giving up applying transaction {} ahead: {}", xid, applied.error().to_string());
      give_up_ahead(self);
      return true;
    }
    begin = end;
  }
  return true;
}

// The Stream Commit of the transaction applied ahead: its local transaction
// commits with the progress. False when the actor quit.
bool commit_ahead(self_ptr self, const remote_transaction_ptr& txn) {
  auto& st = self->state;
  std::span<const remote_transaction_ptr> last(&txn, 1);
  st.ahead.reset();
  if (!commit_local_transaction(self, commit_record_of(last)))
    return false;
  ++st.committed_ahead;
  st.args.registry->set_actor_state(st.stats, applying_state(st));
  return true;
}

}  // namespace tributary::applier_detail
