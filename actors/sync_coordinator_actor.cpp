// sync_coordinator_actor: see the header. The snapshot connection is only opened,
// used for CREATE_REPLICATION_SLOT, and closed; the copies report by exiting.
#include "actors/sync_coordinator_actor.hpp"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>

#include "actors/actor_tracking.hpp"
#include "actors/pipeline_errors.hpp"
#include "actors/table_sync_actor.hpp"

namespace tributary {

namespace {

using self_ptr = caf::stateful_actor<sync_coordinator_state>*;

const subscription_row& subscription_of(self_ptr self) { return self->state.args.runtime->subscription; }

void fail_round(self_ptr self, const std::string& message) {
  auto& st = self->state;
  st.args.registry->count_sync_error(subscription_of(self).oid);
  spdlog::error("logical replication table synchronization for subscription \"{}\": {}", subscription_of(self).name,
                message);
  st.args.registry->set_actor_error(st.stats, message);
  st.replication.reset();
  // Linked table-sync actors stop with this reason; their transactions roll back.
  self->quit(make_pipeline_error(pipeline_errc::sync_failed, message));
}

// The snapshot may die once every copy of the round has imported it.
void release_snapshot_when_imported(self_ptr self) {
  auto& st = self->state;
  if (st.replication && st.waiting.empty() && st.importing.empty()) {
    st.replication.reset();  // closes the connection; the temporary slot goes with it
    st.args.registry->set_actor_state(st.stats, "copying (snapshot released)");
  }
}

void start_next_copies(self_ptr self) {
  auto& st = self->state;
  const auto& sub = subscription_of(self);
  const auto limit = static_cast<size_t>(std::max<int64_t>(1, st.args.max_workers));
  while (!st.waiting.empty() && st.running.size() < limit) {
    auto key = st.waiting.front();
    st.waiting.pop_front();
    table_sync_actor_args a;
    a.directory = st.args.directory;
    a.database = st.args.runtime->database;
    a.subid = sub.oid;
    a.subscription_name = sub.name;
    a.publications = sub.publications;
    a.binary = sub.binary;
    a.schema_name = key.first;
    a.table_name = key.second;
    a.snapshot_name = st.slot.snapshot_name;
    a.snapshot_lsn = st.slot.consistent_point;
    a.sql_params = st.args.sql_params;
    a.coordinator = self;
    a.registry = st.args.registry;
    a.parent = self->id();
    auto worker = self->spawn<caf::detached + caf::linked>(table_sync_actor, std::move(a));
    st.running.emplace(worker.address(), key);
    st.importing.insert(key);
  }
}

void create_snapshot(self_ptr self) {
  auto& st = self->state;
  const auto& sub = subscription_of(self);
  auto conn = publisher_connection::open(st.args.replication_params);
  if (!conn) {
    fail_round(self, "logical replication table synchronization for subscription \"" + sub.name +
                         "\" failed: " + conn.error().message);
    return;
  }
  st.replication = std::move(conn).value();
  std::string slot_name = "pg_" + std::to_string(sub.oid) + "_sync_" + std::to_string(self->id()) + "_" +
                          std::to_string(::getpid());
  auto slot = st.replication->create_logical_slot(slot_name, true,
                                                  publisher_connection::snapshot_action::export_snapshot, false);
  if (!slot) {
    fail_round(self, "logical replication table synchronization for subscription \"" + sub.name +
                         "\" failed: " + slot.error().message);
    return;
  }
  st.slot = std::move(slot).value();
  spdlog::info("logical replication table synchronization for subscription \"{}\": {} table(s) from snapshot {} "
               "at {}",
               sub.name, st.waiting.size(), st.slot.snapshot_name, st.slot.consistent_point.to_string());
  st.args.registry->set_actor_state(st.stats, "copying (snapshot held)");
  start_next_copies(self);
}

void finish_round(self_ptr self) {
  auto& st = self->state;
  st.replication.reset();
  st.args.registry->set_actor_state(st.stats, "done");
  self->send(st.args.parent, sync_done_atom::value, st.tables);
  self->quit();
}

void on_exit(self_ptr self, caf::exit_msg& em) {
  auto& st = self->state;
  auto it = st.running.find(em.source);
  if (it == st.running.end()) {  // the parent (or anyone else) stops the round
    self->quit(em.reason);
    return;
  }
  auto key = it->second;
  st.running.erase(it);
  if (em.reason && em.reason != caf::exit_reason::normal) {
    fail_round(self, "logical replication table synchronization worker for subscription \"" +
                         subscription_of(self).name + "\", table \"" + key.first + "." + key.second +
                         "\" failed: " + pipeline_error_message(em.reason));
    return;
  }
  st.importing.erase(key);  // a finished copy has certainly imported
  st.tables[key] = table_sync_state{true, st.slot.consistent_point};
  st.stats->progress.fetch_add(1, std::memory_order_relaxed);
  start_next_copies(self);
  release_snapshot_when_imported(self);
  if (st.running.empty() && st.waiting.empty())
    finish_round(self);
}

}  // namespace

caf::behavior sync_coordinator_actor(self_ptr self, sync_coordinator_args args) {
  auto& st = self->state;
  st.args = std::move(args);
  st.tables = st.args.runtime->tables;
  for (const auto& [key, state] : st.tables)
    if (!state.ready)
      st.waiting.push_back(key);
  st.stats = track_actor(self, st.args.registry, "sync_coordinator", subscription_of(self).oid, st.args.parent_id);
  st.args.registry->set_actor_state(st.stats, "creating snapshot");
  self->set_exit_handler([=](caf::exit_msg& em) { on_exit(self, em); });
  self->send(self, start_atom::value);
  return {
      [=](start_atom) {
        count_message(self, *self->state.stats);
        if (self->state.waiting.empty())
          finish_round(self);
        else
          create_snapshot(self);
      },
      [=](imported_atom, const std::string& schema, const std::string& table) {
        count_message(self, *self->state.stats);
        self->state.importing.erase({schema, table});
        release_snapshot_when_imported(self);
      },
  };
}

}  // namespace tributary
