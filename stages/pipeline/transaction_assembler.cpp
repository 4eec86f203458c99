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
    return fail(assembler_error{kind_name<M>(), wal_end, std::move(detail)});
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
    auto finished = std::move(*a.open_);
    a.open_.reset();
    a.buffered_bytes_ -= finished.bytes;
    if (!finished.already_applied)
      a.finish(std::move(finished.txn), out);
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
    a.add_change(std::move(c), m.xid);
    return ok_v;
  }

  outcome operator()(insert_message&& m) {
    row_change c;
    c.kind = change_kind::insert;
    c.new_tuple = std::move(m.new_tuple);
    return change(m, std::move(c));
  }

  outcome operator()(update_message&& m) {
    row_change c;
    c.kind = change_kind::update;
    c.old_kind = m.old_kind;
    c.old_tuple = std::move(m.old_tuple);
    c.new_tuple = std::move(m.new_tuple);
    return change(m, std::move(c));
  }

  outcome operator()(delete_message&& m) {
    row_change c;
    c.kind = change_kind::delete_;
    c.old_kind = m.old_kind;
    c.old_tuple = std::move(m.old_tuple);
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
    a.add_change(std::move(c), m.xid);
    return ok_v;
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
    streamed_transaction s = std::move(it->second);
    a.streams_.erase(it);
    a.buffered_bytes_ -= s.bytes;
    for (auto& [oid, rel] : s.relations)
      a.relations_[oid] = std::move(rel);
    for (auto& [oid, type] : s.types)
      a.types_[oid] = std::move(type);
    s.txn->final_lsn = m.commit_lsn;
    s.txn->end_lsn = m.end_lsn;
    s.txn->commit_time = m.commit_time;
    if (!(m.commit_lsn < a.config_.start_position))
      a.finish(std::move(s.txn), out);
    return ok_v;
  }

  outcome operator()(stream_abort_message&& m) {
    if (auto e = misplaced_control<stream_abort_message>(false))
      return *e;
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
    : config_(std::move(config)) {}

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

void transaction_assembler::add_change(row_change change, std::optional<xid_t> subxid) {
  if (!current_stream() && open_->already_applied)
    return;  // dropped whole at Commit: keep nothing
  size_t bytes = estimated_bytes(change);
  buffered_bytes_ += bytes;
  if (auto* s = current_stream()) {
    s->bytes += bytes;
    s->change_subxids.push_back(subxid.value_or(s->txn->xid));
    s->txn->changes.push_back(std::move(change));
    return;
  }
  open_->bytes += bytes;
  open_->txn->changes.push_back(std::move(change));
}

void transaction_assembler::abort_stream(xid_t xid, xid_t subxid) {
  auto it = streams_.find(xid);
  if (it == streams_.end())
    return;  // nothing was buffered for it (e.g. a subtransaction without changes)
  streamed_transaction& s = it->second;
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

bool transaction_assembler::wanted(const relation_info& relation, lsn final_lsn) const {
  auto it = config_.tables.find({relation.schema_name, relation.table_name});
  if (it == config_.tables.end() || !it->second.ready)
    return false;
  return !(final_lsn < it->second.ready_lsn);
}

void transaction_assembler::finish(std::shared_ptr<remote_transaction> txn,
                                   std::vector<remote_transaction_ptr>& out) {
  if (config_.skip_lsn) {
    txn->consumed_skip_lsn = config_.skip_lsn;
    txn->skipped_by_user = *config_.skip_lsn == txn->final_lsn;
    config_.skip_lsn.reset();
    if (txn->skipped_by_user) {
      txn->changes.clear();
      out.push_back(std::move(txn));
      return;
    }
  }
  auto& changes = txn->changes;
  for (auto& c : changes) {
    if (c.kind != change_kind::truncate)
      continue;
    std::erase_if(c.truncated,
                  [&](const relation_ptr& r) { return !wanted(*r, txn->final_lsn); });
    if (!c.truncated.empty())
      c.relation = c.truncated.front();
  }
  std::erase_if(changes, [&](const row_change& c) {
    return c.kind == change_kind::truncate ? c.truncated.empty()
                                           : !wanted(*c.relation, txn->final_lsn);
  });
  out.push_back(std::move(txn));
}

void transaction_assembler::reset() {
  open_.reset();
  streams_.clear();
  stream_block_.reset();
  relations_.clear();
  types_.clear();
  buffered_bytes_ = 0;
}

}  // namespace tributary
