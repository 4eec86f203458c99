#include "actors/applier_actor.hpp"

#include <spdlog/spdlog.h>

#include "actors/actor_tracking.hpp"
#include "actors/pipeline_errors.hpp"
#include "stages/pipeline/apply_plan.hpp"
#include "storage/subscription_catalog.hpp"

namespace tributary {

namespace {

using self_ptr = caf::stateful_actor<applier_actor_state>*;
using steady = std::chrono::steady_clock;

void fail_apply(self_ptr self, pipeline_errc code, const std::string& message) {
  auto& st = self->state;
  if (st.sink && st.sink->group_open())
    st.sink->rollback_group();
  st.group.clear();
  spdlog::error("logical replication worker for subscription {}: {}", st.args.subid, message);
  st.args.registry->set_actor_error(st.stats, message);
  self->quit(make_pipeline_error(code, message));
}

// Reads what the pipeline starts from; opens the sink.
result<subscription_runtime_ptr, std::string> load_runtime(self_ptr self) {
  auto& a = self->state.args;
  auto db = a.directory->connect(a.database);
  if (!db)
    return fail(db.error().message);
  auto row = find_subscription(*db, a.subid);
  if (!row)
    return fail(row.error().message);
  if (!*row)
    return fail("subscription " + std::to_string(a.subid) + " no longer exists");
  auto runtime = std::make_shared<subscription_runtime>();
  runtime->database = a.database;
  runtime->subscription = **row;
  if (auto owner = a.directory->find_role(runtime->subscription.owner))
    runtime->owner_name = owner->name;
  auto position = origin_remote_lsn(*db, a.subid);
  if (!position)
    return fail(position.error().message);
  runtime->origin_position = *position;
  auto rels = list_subscription_rels(*db, a.subid);
  if (!rels)
    return fail(rels.error().message);
  for (const auto& rel : *rels)
    runtime->tables[{rel.schema_name, rel.table_name}] =
        table_sync_state{rel.state == 'r', rel.sync_lsn.value_or(lsn{})};
  auto origin = origin_id(*db, a.subid);
  if (!origin)
    return fail(origin.error().message);
  apply_sink_config config;
  config.database_file = a.directory->database_file(a.database).string();
  config.subscription_oid = a.subid;
  config.origin_id = *origin;
  auto sink = apply_sink::open(config);
  if (!sink)
    return fail(sink.error().to_string());
  self->state.sink.emplace(std::move(sink).value());
  return subscription_runtime_ptr{std::move(runtime)};
}

void report_conflicts(self_ptr self) {
  auto& st = self->state;
  const auto& now = st.sink->counters();
  subscription_counters delta;
  delta.confl_insert_exists = static_cast<int64_t>(now.insert_exists - st.reported.insert_exists);
  delta.confl_update_exists = static_cast<int64_t>(now.update_exists - st.reported.update_exists);
  delta.confl_update_missing = static_cast<int64_t>(now.update_missing - st.reported.update_missing);
  delta.confl_delete_missing = static_cast<int64_t>(now.delete_missing - st.reported.delete_missing);
  st.reported = now;
  st.args.registry->add_conflicts(st.args.subid, delta);
}

// Applies one batch into the open group; false when the actor quit.
bool apply_batch_into_group(self_ptr self, const transaction_batch_ptr& batch) {
  auto& st = self->state;
  auto plan = make_apply_plan(batch->transactions);
  for (int attempt = 0;; ++attempt) {
    auto r = st.sink->apply(plan, batch->transactions);
    if (r)
      return true;
    if (!r.error().retryable || attempt > 100) {
      report_conflicts(self);
      fail_apply(self, pipeline_errc::apply_failed, r.error().to_string());
      return false;
    }
    // The file was busy past the busy timeout: re-apply the whole group.
    st.sink->rollback_group();
    if (auto b = st.sink->begin_group(); !b) {
      fail_apply(self, pipeline_errc::apply_failed, b.error().to_string());
      return false;
    }
    for (const auto& earlier : st.group) {
      if (earlier == batch)
        break;
      auto earlier_plan = make_apply_plan(earlier->transactions);
      if (auto e = st.sink->apply(earlier_plan, earlier->transactions); !e) {
        fail_apply(self, pipeline_errc::apply_failed, e.error().to_string());
        return false;
      }
    }
  }
}

void commit_group(self_ptr self) {
  auto& st = self->state;
  if (!st.sink->group_open())
    return;
  auto r = st.sink->commit_group(st.group_end, st.group_clear_skip);
  if (!r) {
    fail_apply(self, pipeline_errc::apply_failed, r.error().to_string());
    return;
  }
  report_conflicts(self);
  st.group.clear();
  st.group_transactions = 0;
  st.group_clear_skip.reset();
  ++st.group_generation;
  if (st.connection)
    self->send(st.connection, durable_atom::value, st.group_end);
}

void on_batch(self_ptr self, const transaction_batch_ptr& batch) {
  auto& st = self->state;
  count_message(self, *st.stats);
  if (!batch->transactions.empty()) {
    if (!st.sink->group_open()) {
      if (auto b = st.sink->begin_group(); !b) {
        fail_apply(self, pipeline_errc::apply_failed, b.error().to_string());
        return;
      }
      st.group_started = steady::now();
      self->delayed_send(self, st.args.group_max_delay, durable_atom::value, st.group_generation);
    }
    st.group.push_back(batch);
    if (!apply_batch_into_group(self, batch))
      return;
    for (const auto& txn : batch->transactions) {
      st.group_end = std::max(st.group_end, txn->end_lsn);
      if (txn->skipped_by_user)
        st.group_clear_skip = txn->final_lsn;
    }
    st.group_transactions += static_cast<int64_t>(batch->transactions.size());
  }
  if (st.connection && batch->bytes)
    self->send(st.connection, credit_atom::value, batch->bytes);
  bool received_run_out = self->mailbox().size() == 0;
  bool group_full = st.group_transactions >= st.args.group_max_transactions ||
                    steady::now() - st.group_started >= st.args.group_max_delay;
  if (st.sink->group_open() && (received_run_out || group_full))
    commit_group(self);
}

}  // namespace

caf::behavior applier_actor(self_ptr self, applier_actor_args args) {
  auto& st = self->state;
  st.args = std::move(args);
  st.stats = track_actor(self, st.args.registry, "applier", st.args.subid, st.args.parent);
  st.args.registry->set_actor_state(st.stats, "starting");
  auto runtime = load_runtime(self);
  if (!runtime) {
    auto message = runtime.error();
    self->send(self, stop_atom::value, message);
  } else {
    st.args.registry->set_actor_state(st.stats, "applying");
    self->send(st.args.supervisor, ready_atom::value, *runtime);
  }
  return {
      [=](stop_atom, const std::string& message) {
        fail_apply(self, pipeline_errc::catalog_failed, message);
      },
      [=](peer_atom, const caf::actor& connection) { self->state.connection = connection; },
      [=](const transaction_batch_ptr& batch) { on_batch(self, batch); },
      [=](durable_atom, uint64_t generation) {
        // max-delay timer of a group that may still be open
        if (generation == self->state.group_generation)
          commit_group(self);
      },
  };
}

}  // namespace tributary
