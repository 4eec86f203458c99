// transaction_assembler: see the NOTES in the header. One handler per message
// kind; each checks where the message may appear, then updates the open
// transaction, a streamed buffer or the schema maps.
#include "stages/pipeline/transaction_assembler.hpp"

#include <algorithm>
#include <type_traits>

namespace tributary {

namespace {

template <class M>
constexpr const char* kind_name() {
  if constexpr (std::is_same_v<M, begin_message>) return "Begin";
  else if constexpr (std::is_same_v<M, commit_message>) return "Commit";
  else if constexpr (std::is_same_v<M, origin_message>) return "Origin";
  else if constexpr (std::is_same_v<M, relation_message>) return "Relation";
  else if constexpr (std::is_same_v<M, type_message>) return "Type";
  else if constexpr (std::is_same_v<M, insert_message>) return "Insert";
  else if constexpr (std::is_same_v<M, update_message>) return "Update";
  else if constexpr (std::is_same_v<M, delete_message>) return "Delete";
  else if constexpr (std::is_same_v<M, truncate_message>) return "Truncate";
  else if constexpr (std::is_same_v<M, logical_message>) return "Message";
  else if constexpr (std::is_same_v<M, stream_start_message>) return "Stream Start";
  else if constexpr (std::is_same_v<M, stream_stop_message>) return "Stream Stop";
  else if constexpr (std::is_same_v<M, stream_commit_message>) return "Stream Commit";
  else if constexpr (std::is_same_v<M, stream_abort_message>) return "Stream Abort";
  else if constexpr (std::is_same_v<M, begin_prepare_message>) return "Begin Prepare";
  else if constexpr (std::is_same_v<M, prepare_message>) return "Prepare";
  else if constexpr (std::is_same_v<M, commit_prepared_message>) return "Commit Prepared";
  else return "Rollback Prepared";
}

size_t tuple_bytes(const tuple_data& tuple) {
  size_t n = tuple.size() * sizeof(tuple_value);
  for (const auto& v : tuple)
    n += v.bytes.size();
  return n;
}

}  // namespace

size_t estimated_bytes(const row_change& change) {
  return sizeof(row_change) + tuple_bytes(change.old_tuple) + tuple_bytes(change.new_tuple) +
         change.truncated.size() * sizeof(relation_ptr);
}

std::string assembler_error::to_string() const {
  if (spool_failure)
    return spool_failure->message;
  return "logical replication protocol violation: " + detail + " (" + message_kind + " at " +
         wal_end.to_string() + ")";
}

// The std::visit target: one overload per message kind.
struct transaction_assembler::handler {
  transaction_assembler& a;
  lsn wal_end;
  std::vector<remote_transaction_ptr>& out;

  using outcome = result<ok_t, assembler_error>;

  template <class M>
  outcome error(std::string detail) const {
    return fail(assembler_error{kind_name<M>(), wal_end, std::move(detail), std::nullopt});
  }

  // After a change was added: pieces and spills keep memory bounded.
  template <class M>
  outcome bounded() {
    if (auto r = a.bound_memory(out); !r)
      return fail(assembler_error{kind_name<M>(), wal_end, r.error().message, r.error()});
    return ok_v;
  }

  // Transaction-control messages may not appear inside a stream block, nor
  // (except Commit itself) inside an open ordinary transaction.
  template <class M>
  std::optional<outcome> misplaced_control(bool allow_open) const {
    if (a.stream_block_)
      return error<M>(std::string(kind_name<M>()) + " inside a stream block of transaction " +
                      std::to_string(*a.stream_block_));
    if (!allow_open && a.open_)
      return error<M>(std::string(kind_name<M>()) + " inside open transaction " +
                      std::to_string(a.open_->txn->xid));
    return std::nullopt;
  }

  outcome operator()(begin_message&& m) {
    if (auto e = misplaced_control<begin_message>(false))
      return *e;
    auto txn = std::make_shared<remote_transaction>();
    // Room for a few changes: most transactions have several, and growing
    // from nothing moves them three times by the fourth.
    txn->changes.reserve(4);
    txn->xid = m.xid;
    txn->final_lsn = m.final_lsn;
    txn->commit_time = m.commit_time;
    a.open_ = open_transaction{std::move(txn), m.final_lsn < a.config_.start_position, 0};
    return ok_v;
  }

  outcome operator()(commit_message&& m) {
    if (auto e = misplaced_control<commit_message>(true))
      return *e;
    if (!a.open_)
      return error<commit_message>("Commit without Begin");
    auto& txn = a.open_->txn;
    if (m.commit_lsn != txn->final_lsn)
      return error<commit_message>("Commit LSN " + m.commit_lsn.to_string() +
                                   " differs from Begin final LSN " +
                                   txn->final_lsn.to_string() + " of transaction " +
                                   std::to_string(txn->xid));
    txn->end_lsn = m.end_lsn;
    txn->commit_time = m.commit_time;
    a.commit_floor_ = std::max(a.commit_floor_, m.commit_lsn);
    auto finished = std::move(*a.open_);
    a.open_.reset();
    a.buffered_bytes_ -= finished.bytes;
    if (finished.already_applied)
      return ok_v;
    if (!finished.pieces_sent) {
      a.finish(std::move(finished.txn), out);
      return ok_v;
    }
    // The last piece: the SKIP was decided by the first.
    finished.txn->consumed_skip_lsn = finished.consumed_skip;
    finished.txn->skipped_by_user = finished.skipped;
    if (finished.skipped)
      finished.txn->changes.clear();
    else
      a.filter_changes(*finished.txn);
    out.push_back(std::move(finished.txn));
    return ok_v;
  }

  outcome operator()(origin_message&& m) {
    if (auto* s = a.current_stream())
      s->txn->origin = std::move(m.origin_name);
    else if (a.open_)
      a.open_->txn->origin = std::move(m.origin_name);
    else
      return error<origin_message>("Origin outside a transaction");
    return ok_v;
  }

  outcome operator()(relation_message&& m) {
    oid_t oid = m.relation.relation_oid;
    auto snapshot = std::make_shared<const relation_info>(std::move(m.relation));
    if (auto* s = a.current_stream())
      s->relations[oid] = std::move(snapshot);
    else
      a.relations_[oid] = std::move(snapshot);
    return ok_v;
  }

  outcome operator()(type_message&& m) {
    oid_t oid = m.type.type_oid;
    if (auto* s = a.current_stream())
      s->types[oid] = std::move(m.type);
    else
      a.types_[oid] = std::move(m.type);
    return ok_v;
  }

  template <class M>
  outcome change(const M& m, row_change c) {
    const streamed_transaction* scope = a.current_stream();
    if (!scope && !a.open_)
      return error<M>(std::string(kind_name<M>()) + " outside a transaction");
    c.relation = a.lookup_relation(m.relation_oid, scope);
    if (!c.relation)
      return error<M>(std::string(kind_name<M>()) + " for unknown relation OID " +
                      std::to_string(m.relation_oid));
    a.add_change(std::move(c), m.xid, out);
    return bounded<M>();
  }

  outcome operator()(insert_message&& m) {
    row_change c;
    c.kind = change_kind::insert;
    c.new_tuple = std::move(m.new_tuple);
    c.storage = std::move(m.storage);
    return change(m, std::move(c));
  }

  outcome operator()(update_message&& m) {
    row_change c;
    c.kind = change_kind::update;
    c.old_kind = m.old_kind;
    c.old_tuple = std::move(m.old_tuple);
    c.new_tuple = std::move(m.new_tuple);
    c.storage = std::move(m.storage);
    return change(m, std::move(c));
  }

  outcome operator()(delete_message&& m) {
    row_change c;
    c.kind = change_kind::delete_;
    c.old_kind = m.old_kind;
    c.old_tuple = std::move(m.old_tuple);
    c.storage = std::move(m.storage);
    return change(m, std::move(c));
  }

  outcome operator()(truncate_message&& m) {
    const streamed_transaction* scope = a.current_stream();
    if (!scope && !a.open_)
      return error<truncate_message>("Truncate outside a transaction");
    row_change c;
    c.kind = change_kind::truncate;
    c.truncate_options = m.options;
    for (oid_t oid : m.relation_oids) {
      auto rel = a.lookup_relation(oid, scope);
      if (!rel)
        return error<truncate_message>("Truncate for unknown relation OID " + std::to_string(oid));
      c.truncated.push_back(std::move(rel));
    }
    if (c.truncated.empty())
      return ok_v;
    c.relation = c.truncated.front();
    a.add_change(std::move(c), m.xid, out);
    return bounded<truncate_message>();
  }

  // Logical decoding messages are not applied; they never disturb a transaction.
  outcome operator()(logical_message&&) { return ok_v; }

  outcome operator()(stream_start_message&& m) {
    if (auto e = misplaced_control<stream_start_message>(false))
      return *e;
    auto it = a.streams_.find(m.xid);
    if (m.first_segment && it != a.streams_.end())
      return error<stream_start_message>("first segment of transaction " + std::to_string(m.xid) +
                                         ", which is already streaming");
    if (!m.first_segment && it == a.streams_.end())
      return error<stream_start_message>("continuation of unknown streamed transaction " +
                                         std::to_string(m.xid));
    if (m.first_segment) {
      streamed_transaction s;
      s.txn = std::make_shared<remote_transaction>();
      s.txn->xid = m.xid;
      s.txn->streamed = true;
      a.streams_.emplace(m.xid, std::move(s));
    }
    a.stream_block_ = m.xid;
    return ok_v;
  }

  outcome operator()(stream_stop_message&&) {
    if (!a.stream_block_)
      return error<stream_stop_message>("Stream Stop outside a stream block");
    if (auto* s = a.current_stream())
      a.send_ahead(*s, out);
    a.stream_block_.reset();
    return ok_v;
  }

  outcome operator()(stream_commit_message&& m) {
    if (auto e = misplaced_control<stream_commit_message>(false))
      return *e;
    auto it = a.streams_.find(m.xid);
    if (it == a.streams_.end())
      return error<stream_commit_message>("Stream Commit of unknown transaction " +
                                          std::to_string(m.xid));
    a.send_ahead(it->second, out);
    streamed_transaction s = std::move(it->second);
    a.streams_.erase(it);
    a.buffered_bytes_ -= s.bytes;
    a.commit_floor_ = std::max(a.commit_floor_, m.commit_lsn);
    for (auto& [oid, rel] : s.relations)
      a.relations_[oid] = std::move(rel);
    for (auto& [oid, type] : s.types)
      a.types_[oid] = std::move(type);
    s.txn->final_lsn = m.commit_lsn;
    s.txn->end_lsn = m.end_lsn;
    s.txn->commit_time = m.commit_time;
    if (m.commit_lsn < a.config_.start_position) {
      if (s.ahead_sent)
        a.send_stream_abort(m.xid, m.xid, out);
      return ok_v;  // the spill, if any, is removed with `s`
    }
    if (s.spill) {
      auto tables = a.config_.tables;
      lsn final_lsn = m.commit_lsn;
      auto source = s.spill->finish(std::move(s.spilled_aborts), [tables, final_lsn](row_change& c) {
        return keep_change(tables, c, final_lsn);
      });
      if (!source)
        return fail(assembler_error{"Stream Commit", wal_end, source.error().message, source.error()});
      s.txn->spooled = std::move(source).value();
    }
    a.finish(std::move(s.txn), out);
    return ok_v;
  }

  outcome operator()(stream_abort_message&& m) {
    if (auto e = misplaced_control<stream_abort_message>(false))
      return *e;
    if (auto it = a.streams_.find(m.xid); it != a.streams_.end() && it->second.ahead) {
      a.send_ahead(it->second, out);
      if (it->second.ahead_sent)
        a.send_stream_abort(m.xid, m.subxid, out);
    }
    a.abort_stream(m.xid, m.subxid);
    return ok_v;
  }

  template <class M>
  outcome two_phase() const {
    return error<M>("two_phase transactions are not supported");
  }
  outcome operator()(begin_prepare_message&&) { return two_phase<begin_prepare_message>(); }
  outcome operator()(prepare_message&& m) {
    if (m.streamed)
      return fail(assembler_error{"Stream Prepare", wal_end,
                                  "two_phase transactions are not supported"});
    return two_phase<prepare_message>();
  }
  outcome operator()(commit_prepared_message&&) { return two_phase<commit_prepared_message>(); }
  outcome operator()(rollback_prepared_message&&) {
    return two_phase<rollback_prepared_message>();
  }
};

transaction_assembler::transaction_assembler(assembler_config config)
    : config_(std::move(config)), commit_floor_(config_.start_position) {}

result<ok_t, assembler_error> transaction_assembler::push(
    std::span<const wal_message> batch, std::vector<remote_transaction_ptr>& out) {
  for (const auto& m : batch) {
    pgoutput_message copy = m.message;
    if (auto r = handle(m.wal_end, std::move(copy), out); !r)
      return r;
  }
  return ok_v;
}

result<ok_t, assembler_error> transaction_assembler::push(
    std::vector<wal_message>&& batch, std::vector<remote_transaction_ptr>& out) {
  for (auto& m : batch)
    if (auto r = handle(m.wal_end, std::move(m.message), out); !r)
      return r;
  return ok_v;
}

result<ok_t, assembler_error> transaction_assembler::push(
    wal_message&& message, std::vector<remote_transaction_ptr>& out) {
  return handle(message.wal_end, std::move(message.message), out);
}

result<ok_t, assembler_error> transaction_assembler::handle(
    lsn wal_end, pgoutput_message&& message, std::vector<remote_transaction_ptr>& out) {
  return std::visit(handler{*this, wal_end, out}, std::move(message));
}

transaction_assembler::streamed_transaction* transaction_assembler::current_stream() {
  if (!stream_block_)
    return nullptr;
  auto it = streams_.find(*stream_block_);
  return it == streams_.end() ? nullptr : &it->second;
}

relation_ptr transaction_assembler::lookup_relation(oid_t relation_oid,
                                                    const streamed_transaction* scope) const {
  if (scope) {
    if (auto it = scope->relations.find(relation_oid); it != scope->relations.end())
      return it->second;
  }
  auto it = relations_.find(relation_oid);
  return it == relations_.end() ? nullptr : it->second;
}

relation_ptr transaction_assembler::relation(oid_t relation_oid) const {
  return lookup_relation(relation_oid, nullptr);
}

const type_info* transaction_assembler::type(oid_t type_oid) const {
  auto it = types_.find(type_oid);
  return it == types_.end() ? nullptr : &it->second;
}

void transaction_assembler::add_change(row_change change, std::optional<xid_t> subxid,
                                       std::vector<remote_transaction_ptr>& out) {
  if (!current_stream() && open_->already_applied)
    return;  // dropped whole at Commit: keep nothing
  size_t bytes = estimated_bytes(change);
  buffered_bytes_ += bytes;
  if (auto* s = current_stream()) {
    if (config_.send_in_progress && s->ahead) {
      if (!sure_to_keep(change)) {
        give_up_ahead(*s, out);
      } else {
        s->ahead_changes.push_back(change);
        s->ahead_subxids.push_back(subxid.value_or(s->txn->xid));
        s->ahead_bytes += bytes;
        if (config_.piece_bytes && s->ahead_bytes >= config_.piece_bytes)
          send_ahead(*s, out);
      }
    }
    s->bytes += bytes;
    s->change_subxids.push_back(subxid.value_or(s->txn->xid));
    s->txn->changes.push_back(std::move(change));
    return;
  }
  open_->bytes += bytes;
  open_->txn->changes.push_back(std::move(change));
}

bool transaction_assembler::sure_to_keep(const row_change& change) const {
  auto ready_before = [&](const relation_ptr& relation) {
    auto it = config_.tables.find(table_name_less::view{relation->schema_name, relation->table_name});
    return it != config_.tables.end() && it->second.ready && !(commit_floor_ < it->second.ready_lsn);
  };
  if (change.kind != change_kind::truncate)
    return ready_before(change.relation);
  return std::all_of(change.truncated.begin(), change.truncated.end(), ready_before);
}

bool transaction_assembler::keep_change(const table_sync_states& tables, row_change& c, lsn final_lsn) {
  auto wanted_here = [&](const relation_info& relation) {
    auto it = tables.find(table_name_less::view{relation.schema_name, relation.table_name});
    return it != tables.end() && it->second.ready && !(final_lsn < it->second.ready_lsn);
  };
  if (c.kind != change_kind::truncate)
    return wanted_here(*c.relation);
  std::erase_if(c.truncated, [&](const relation_ptr& r) { return !wanted_here(*r); });
  if (c.truncated.empty())
    return false;
  c.relation = c.truncated.front();
  return true;
}

void transaction_assembler::filter_changes(remote_transaction& txn) const {
  // Consecutive rows mostly share one Relation: its table is looked up by name
  // only when the Relation changes (a TRUNCATE is always looked at).
  const relation_info* last_relation = nullptr;
  bool last_kept = false;
  std::erase_if(txn.changes, [&](row_change& c) {
    if (c.kind == change_kind::truncate)
      return !keep_change(config_.tables, c, txn.final_lsn);
    if (c.relation.get() != last_relation) {
      last_relation = c.relation.get();
      last_kept = keep_change(config_.tables, c, txn.final_lsn);
    }
    return !last_kept;
  });
}

void transaction_assembler::finish(std::shared_ptr<remote_transaction> txn,
                                   std::vector<remote_transaction_ptr>& out) {
  if (config_.skip_lsn) {
    txn->consumed_skip_lsn = config_.skip_lsn;
    txn->skipped_by_user = *config_.skip_lsn == txn->final_lsn;
    config_.skip_lsn.reset();
    if (txn->skipped_by_user) {
      txn->changes.clear();
      txn->spooled.reset();
      out.push_back(std::move(txn));
      return;
    }
  }
  filter_changes(*txn);
  out.push_back(std::move(txn));
}

void transaction_assembler::reset() {
  open_.reset();
  streams_.clear();
  stream_block_.reset();
  relations_.clear();
  types_.clear();
  buffered_bytes_ = 0;
  commit_floor_ = config_.start_position;
}

}  // namespace tributary
