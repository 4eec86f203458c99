#include "actors/supervisor_actor.hpp"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>

#include "actors/actor_tracking.hpp"
#include "actors/applier_actor.hpp"
#include "actors/assembler_actor.hpp"
#include "actors/connection_actor.hpp"
#include "actors/decoder_actor.hpp"
#include "actors/worker_pid.hpp"
#include "actors/pipeline_errors.hpp"
#include "actors/spooler_actor.hpp"
#include "actors/publisher/publisher_conninfo.hpp"
#include "actors/sync_coordinator_actor.hpp"

namespace tributary {

namespace {

using self_ptr = caf::stateful_actor<supervisor_actor_state>*;
using phase = supervisor_actor_state::phase;

// A run this long without failing clears the failure count.
constexpr auto healthy_run = std::chrono::seconds(30);

std::vector<caf::actor*> children(supervisor_actor_state& st) {
  return {&st.connection, &st.decoder, &st.assembler, &st.spooler, &st.sync, &st.applier};
}

bool any_child_alive(supervisor_actor_state& st) {
  for (auto* c : children(st))
    if (*c)
      return true;
  return false;
}

void set_phase(self_ptr self, phase p, std::string text) {
  self->state.current = p;
  self->state.args.registry->set_actor_state(self->state.stats, std::move(text));
}

void start_pipeline(self_ptr self) {
  auto& st = self->state;
  ++st.generation;
  set_phase(self, phase::starting, "starting");
  applier_actor_args a;
  a.directory = st.args.directory;
  a.database = st.args.database;
  a.subid = st.args.subid;
  a.subscription_name = st.args.subscription_name;
  a.supervisor = self;
  a.registry = st.args.registry;
  a.parent = self->id();
  a.group_max_transactions = st.args.config.get_int("apply_group_max_transactions");
  a.group_max_delay = st.args.config.get_duration("apply_group_max_delay");
  a.durable_interval = st.args.config.get_duration("apply_durable_interval");
  st.connection_wakeup = std::make_shared<const mailbox_wakeup>();
  a.connection_wakeup = st.connection_wakeup;
  st.applier = self->spawn<caf::detached>(applier_actor, std::move(a));
  self->monitor(st.applier);
}

// The publisher connection parameters of the subscription, or the reason not.
result<conninfo_params, std::string> publisher_params(const subscription_runtime& runtime,
                                                      connection_purpose purpose) {
  const auto& sub = runtime.subscription;
  auto given = parse_conninfo(sub.conninfo);
  if (!given)
    return fail(given.error().message);
  auto params = publisher_connection_params(*given, sub.name, runtime.owner_name, purpose);
  params.must_use_password = sub.password_required && !runtime.owner_superuser;
  return params;
}

void fail_start(self_ptr self, const std::string& message) {
  auto& st = self->state;
  st.args.registry->set_actor_error(st.stats, message);
  st.args.registry->count_apply_error(st.args.subid);
  set_phase(self, phase::failing, "failing");
  for (auto* c : children(st))
    if (*c)
      self->send_exit(*c, caf::exit_reason::user_shutdown);
}

void start_streaming_children(self_ptr self) {
  auto& st = self->state;
  const auto& runtime = st.runtime;
  const auto& sub = runtime->subscription;
  auto params = publisher_params(*runtime, connection_purpose::replication);
  if (!params) {
    fail_start(self, params.error());
    return;
  }
  assembler_config ac;
  ac.start_position = runtime->origin_position;
  if (!sub.skip_lsn.is_zero())
    ac.skip_lsn = sub.skip_lsn;
  ac.tables = runtime->tables;
  ac.spool_memory_limit = static_cast<size_t>(st.args.config.get_bytes("spool_memory_limit"));
  // What waits for the spooler's disk: two of the assembler's spill batches
  // (piece_bytes each), so the spool's memory stays about spool_memory_limit
  // (it was as much again: #9's peak RSS passed 256 MiB).
  auto credit = std::make_shared<spool_credit>(
      std::max<size_t>(std::min(ac.spool_memory_limit, 2 * ac.piece_bytes), size_t{1} << 20));
  st.spooler = self->spawn<caf::detached>(spooler_actor, st.args.directory->spool_dir() / std::to_string(st.args.subid),
                                          credit, st.args.registry, st.args.subid, self->id());
  self->monitor(st.spooler);
  st.assembler = self->spawn<caf::detached>(assembler_actor, std::move(ac), st.spooler, credit,
                                            st.applier, st.args.registry, st.args.subid, self->id());
  self->monitor(st.assembler);
  // The decoder's options must match what the connection asks the publisher
  // for; the protocol version is only known once connected, so the connection
  // tells the decoder (start_atom) before its first batch.
  decoder_options dopts;
  dopts.protocol_version = 4;
  dopts.streaming_parallel = false;
  st.decoder = self->spawn(decoder_actor, dopts, st.assembler, st.args.registry, st.args.subid, self->id());
  self->monitor(st.decoder);
  connection_actor_args ca;
  ca.runtime = runtime;
  ca.params = std::move(params).value();
  ca.decoder = st.decoder;
  ca.applier = st.applier;
  ca.registry = st.args.registry;
  ca.parent = self->id();
  ca.status_interval = st.args.config.get_duration("wal_receiver_status_interval");
  ca.receiver_timeout = st.args.config.get_duration("wal_receiver_timeout");
  ca.receive_buffer = static_cast<long>(st.args.config.get_bytes("replication_receive_buffer"));
  ca.wakeup = st.connection_wakeup;
  st.connection = self->spawn<caf::detached>(connection_actor, std::move(ca));
  self->monitor(st.connection);
  set_phase(self, phase::running, "running");
  self->delayed_send(self, healthy_run, healthy_atom::value, st.generation);
}

// Tables waiting for their initial copy are copied first, in one round.
void start_sync_or_streaming(self_ptr self, subscription_runtime_ptr runtime) {
  auto& st = self->state;
  st.runtime = runtime;
  st.disable_on_error = runtime->subscription.disable_on_error;
  st.args.registry->worker_started(st.args.subid, st.args.database, worker_pid(self->id()));
  spdlog::info("logical replication apply worker for subscription \"{}\" has started", runtime->subscription.name);
  bool any_waiting = std::any_of(runtime->tables.begin(), runtime->tables.end(),
                                 [](const auto& t) { return !t.second.ready; });
  if (!any_waiting) {
    start_streaming_children(self);
    return;
  }
  auto replication = publisher_params(*runtime, connection_purpose::replication);
  auto sql = publisher_params(*runtime, connection_purpose::sql);
  if (!replication || !sql) {
    fail_start(self, replication ? sql.error() : replication.error());
    return;
  }
  sync_coordinator_args a;
  a.directory = st.args.directory;
  a.runtime = runtime;
  a.replication_params = std::move(replication).value();
  a.sql_params = std::move(sql).value();
  a.parent = self;
  a.registry = st.args.registry;
  a.parent_id = self->id();
  a.max_workers = st.args.config.get_int("max_sync_workers_per_subscription");
  st.sync = self->spawn<caf::detached>(sync_coordinator_actor, std::move(a));
  self->monitor(st.sync);
  set_phase(self, phase::syncing, "syncing");
}

std::chrono::milliseconds backoff(const supervisor_actor_state& st) {
  auto base = st.args.config.get_duration("wal_retrieve_retry_interval");
  auto cap = base * 16;
  auto delay = base;
  for (int i = 1; i < st.failures && delay < cap; ++i)
    delay *= 2;
  return std::min(delay, cap);
}

// Every child is gone after a failure: disable or schedule the next start.
void after_failure(self_ptr self) {
  auto& st = self->state;
  st.args.registry->worker_stopped(st.args.subid);
  if (st.disable_on_error) {
    spdlog::info("subscription \"{}\" has been disabled because of an error",
                 st.runtime ? st.runtime->subscription.name : st.args.subscription_name);
    self->send(st.args.launcher, disable_atom::value, st.args.database, st.args.subid);
    self->quit(caf::exit_reason::normal);
    return;
  }
  ++st.failures;
  auto delay = backoff(st);
  st.stats->restarts.fetch_add(1, std::memory_order_relaxed);
  // tributary_actors.state_since tells how much of the delay is left.
  set_phase(self, phase::backing_off,
            "retrying in " + std::to_string((delay.count() + 999) / 1000) + " s");
  self->delayed_send(self, delay, restart_atom::value, st.generation);
}

void on_child_down(self_ptr self, const caf::down_msg& dm) {
  auto& st = self->state;
  bool was_sync = st.sync && st.sync.address() == dm.source;
  // The decoder, assembler and spooler do not log their errors: they do not
  // know the subscription's name, so their supervisor logs them.
  const bool protocol_stage = (st.decoder && st.decoder.address() == dm.source) ||
                              (st.assembler && st.assembler.address() == dm.source) ||
                              (st.spooler && st.spooler.address() == dm.source);
  for (auto* c : children(st))
    if (*c && c->address() == dm.source)
      *c = nullptr;
  if (was_sync && !dm.reason && st.current != phase::stopping && st.current != phase::failing)
    return;  // the round finished; sync_done_atom carried the result
  if (st.current == phase::stopping) {
    if (!any_child_alive(st)) {
      st.args.registry->worker_stopped(st.args.subid);
      self->quit(caf::exit_reason::user_shutdown);
    }
    return;
  }
  if (st.current == phase::starting || st.current == phase::syncing || st.current == phase::running) {
    if (protocol_stage && dm.reason)
      spdlog::error("logical replication apply worker for subscription \"{}\": {}", st.args.subscription_name,
                    pipeline_error_message(dm.reason));
    st.args.registry->set_actor_error(
        st.stats, dm.reason ? pipeline_error_message(dm.reason) : "a pipeline actor stopped");
    if (!was_sync)  // a failed copy is counted as sync_error_count by the coordinator
      st.args.registry->count_apply_error(st.args.subid);
    set_phase(self, phase::failing, "failing");
    for (auto* c : children(st))
      if (*c)
        self->send_exit(*c, caf::exit_reason::user_shutdown);
  }
  if (st.current == phase::failing && !any_child_alive(st))
    after_failure(self);
}

}  // namespace

caf::behavior supervisor_actor(self_ptr self, supervisor_args args) {
  auto& st = self->state;
  st.args = std::move(args);
  st.stats = track_actor(self, st.args.registry, "supervisor", st.args.subid, 0);
  self->set_down_handler([=](caf::down_msg& dm) { on_child_down(self, dm); });
  self->set_exit_handler([=](caf::exit_msg& em) {
    auto& s = self->state;
    s.current = phase::stopping;
    s.args.registry->set_actor_state(s.stats, "stopping");
    if (!any_child_alive(s)) {
      s.args.registry->worker_stopped(s.args.subid);
      self->quit(em.reason);
      return;
    }
    for (auto* c : children(s))
      if (*c)
        self->send_exit(*c, caf::exit_reason::user_shutdown);
  });
  start_pipeline(self);
  return {
      [=](ready_atom, const subscription_runtime_ptr& runtime) {
        if (self->state.current == phase::starting)
          start_sync_or_streaming(self, runtime);
      },
      [=](sync_done_atom, const table_sync_states& tables) {
        auto& s = self->state;
        if (s.current != phase::syncing)
          return;
        auto updated = std::make_shared<subscription_runtime>(*s.runtime);
        for (const auto& [key, state] : tables)
          updated->tables[key] = state;
        s.runtime = std::move(updated);
        start_streaming_children(self);
      },
      [=](restart_atom, uint64_t generation) {
        if (self->state.current == phase::backing_off && generation == self->state.generation)
          start_pipeline(self);
      },
      [=](healthy_atom, uint64_t generation) {
        if (self->state.current == phase::running && generation == self->state.generation)
          self->state.failures = 0;
      },
  };
}

}  // namespace tributary
