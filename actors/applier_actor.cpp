#include "actors/applier_actor.hpp"
#include "actors/applier_steps.hpp"

#include <pthread.h>
#include <spdlog/spdlog.h>
#include <sqlite3.h>

#include <algorithm>

#include "actors/actor_tracking.hpp"
#include "actors/pipeline_errors.hpp"
#include "stages/pipeline/apply_plan.hpp"
#include "storage/subscription_catalog.hpp"

namespace tributary {

namespace applier_detail {

using steady = std::chrono::steady_clock;

// A wait for the write lock longer than this is logged.
constexpr auto long_lock_wait = std::chrono::seconds(3);
constexpr int first_lock_wait_ms = 500;

// Sends to the connection and ends its wait for the socket (mailbox_wakeup.hpp).
template <class... Ts>
void tell_connection(self_ptr self, Ts&&... xs) {
  auto& st = self->state;
  if (!st.connection)
    return;
  self->send(st.connection, std::forward<Ts>(xs)...);
  if (st.args.connection_wakeup)
    st.args.connection_wakeup->notify();
}

// Syncs the WAL when a commit is not yet durable and reports the last synced
// commit's end; false (the error logged) when the sync failed. Waits for the
// disk: for the periodic sync, request_sync hands it to the syncer.
bool sync_commits(self_ptr self) {
  auto& st = self->state;
  st.last_sync = steady::now();
  if (st.sync_failed)
    return false;
  auto durable = st.sink->make_durable();
  if (!durable) {
    st.sync_failed = true;
    spdlog::error("logical replication apply worker for subscription \"{}\": {}", st.subscription_name,
                  durable.error().to_string());
    return false;
  }
  if (*durable)
    tell_connection(self, durable_atom::value, **durable);
  return true;
}

// The periodic sync: the syncer's thread syncs what is committed now and its
// wal_synced_atom reports it; without a syncer (not WAL mode), sync_commits.
bool request_sync(self_ptr self) {
  auto& st = self->state;
  if (!st.syncer)
    return sync_commits(self);
  st.last_sync = steady::now();
  if (auto covered = st.sink->take_not_durable())
    st.syncer->request(*covered);
  return true;
}

// A syncer for the sink's log, reporting to this actor (by a weak address: the
// syncer lives in the actor's state).
void start_syncer(self_ptr self) {
  auto& st = self->state;
  auto wal = st.sink->wal_file();
  if (!wal)
    return;
  caf::actor_addr applier = self->address();
  st.syncer = std::make_unique<wal_syncer>(*wal, [applier](const result<lsn, std::string>& synced) {
    auto to = caf::actor_cast<caf::actor>(applier);
    if (!to)
      return;
    if (synced)
      caf::anon_send(to, wal_synced_atom::value, *synced);
    else
      caf::anon_send(to, wal_synced_atom::value, synced.error());
  });
}

// tributary_actors' state while applying (the streamed transactions' fate once any).
std::string applying_state(const applier_actor_state& st) {
  if (!st.committed_ahead && !st.applied_after_giving_up)
    return "applying";
  return "applying; streamed transactions: " + std::to_string(st.committed_ahead) + " committed as applied ahead, " +
         std::to_string(st.applied_after_giving_up) + " given up and applied at their commit";
}

void fail_apply(self_ptr self, pipeline_errc code, const std::string& message) {
  auto& st = self->state;
  if (st.sink && st.sink->group_open())
    st.sink->rollback_group();
  st.group.clear();
  st.ahead.reset();
  // What committed before the failure is reported as durable once it is
  // (what the syncer was handed too: its own report would come too late).
  if (st.syncer && !st.sync_failed) {
    auto synced = st.syncer->sync_now();
    if (synced && *synced)
      tell_connection(self, durable_atom::value, **synced);
  }
  if (st.sink && st.sink->commit_not_durable())
    (void)sync_commits(self);
  // Named as PostgreSQL names its workers (the launcher gave the name it read).
  spdlog::error("logical replication apply worker for subscription \"{}\": {}", st.subscription_name, message);
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
  self->state.subscription_name = runtime->subscription.name;
  if (auto owner = a.directory->find_role(runtime->subscription.owner)) {
    runtime->owner_name = owner->name;
    runtime->owner_superuser = owner->superuser;
  }
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
  // Each table's changes as its owner (or the subscription owner: run_as_owner).
  config.roles = std::make_shared<apply_roles>(a.directory, a.subid);
  auto sink = apply_sink::open(config);
  if (!sink)
    return fail(sink.error().to_string());
  self->state.sink.emplace(std::move(sink).value());
  start_syncer(self);
  return subscription_runtime_ptr{std::move(runtime)};
}

void report_conflicts(self_ptr self) {
  auto& st = self->state;
  const auto& now = st.sink->counters();
  subscription_counters delta;
  delta.confl_insert_exists = static_cast<int64_t>(now.insert_exists - st.reported.insert_exists);
  delta.confl_update_exists = static_cast<int64_t>(now.update_exists - st.reported.update_exists);
  delta.confl_multiple_unique_conflicts =
      static_cast<int64_t>(now.multiple_unique_conflicts - st.reported.multiple_unique_conflicts);
  delta.confl_update_missing = static_cast<int64_t>(now.update_missing - st.reported.update_missing);
  delta.confl_delete_missing = static_cast<int64_t>(now.delete_missing - st.reported.delete_missing);
  st.reported = now;
  st.args.registry->add_conflicts(st.args.subid, delta);
}

// The failing transaction stands alone: its conflicts count, it is rolled
// back, and the pipeline stops with its error.
void fail_transaction(self_ptr self, const apply_error& error) {
  report_conflicts(self);
  fail_apply(self, pipeline_errc::apply_failed, error.to_string());
}

// BEGIN IMMEDIATE, waiting out a file another writer holds (a client's write
// transaction) for as long as it takes, as PostgreSQL's apply worker waits for a
// lock; a wait of more than long_lock_wait is logged, and shown in tributary_actors.
result<ok_t, apply_error> begin_local_transaction(self_ptr self, changed_pages pages) {
  auto& st = self->state;
  const auto began_waiting = steady::now();
  bool shown_waiting = false;
  for (int attempt = 0;; ++attempt) {
    // A short first wait, so tributary_actors shows a longer one while it lasts.
    sqlite3_busy_timeout(st.sink->connection().handle(), attempt == 0 ? first_lock_wait_ms : 60000);
    auto began = st.sink->begin_group(pages);
    const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(steady::now() - began_waiting);
    if (!began && began.error().retryable && !shown_waiting) {
      st.args.registry->set_actor_state(st.stats, "waiting for a local transaction");
      shown_waiting = true;
    }
    if (began || !began.error().retryable) {
      if (shown_waiting)
        st.args.registry->set_actor_state(st.stats, applying_state(st));
      if (waited >= long_lock_wait)
        spdlog::info("logical replication apply worker for subscription \"{}\" waited {} ms for a local "
                     "transaction on database \"{}\" to end",
                     st.subscription_name, waited.count(), st.args.database);
      return began;
    }
    if (attempt == 0)
      continue;
    spdlog::info("logical replication apply worker for subscription \"{}\" still waiting after {} ms for a "
                 "local transaction on database \"{}\" to end",
                 st.subscription_name, waited.count(), st.args.database);
  }
}

// What the commit did with a SKIP, in PostgreSQL's words.
void log_skip(self_ptr self, const consumed_skip& skip, apply_sink::skip_lsn_outcome outcome) {
  if (skip.skipped()) {
    spdlog::info("logical replication completed skipping transaction at LSN {}", skip.finish_lsn.to_string());
    return;
  }
  if (outcome == apply_sink::skip_lsn_outcome::cleared)
    spdlog::warn("skip-LSN of subscription \"{}\" cleared\nDETAIL:  Remote transaction's finish WAL location "
                 "(LSN) {} did not match skip-LSN {}.",
                 self->state.subscription_name, skip.finish_lsn.to_string(), skip.skip_lsn.to_string());
}

// Commits the open local transaction as `record` says; false when the actor quit.
bool commit_local_transaction(self_ptr self, const group_commit_record& record) {
  auto& st = self->state;
  std::optional<lsn> clear_skip;
  if (record.skip)
    clear_skip = record.skip->skip_lsn;
  auto committed = st.sink->commit_group(record.end_lsn, clear_skip);
  if (!committed) {
    fail_apply(self, pipeline_errc::apply_failed, committed.error().to_string());
    return false;
  }
  report_conflicts(self);
  st.stats->commits.fetch_add(1, std::memory_order_relaxed);
  if (record.skip)
    log_skip(self, *record.skip, *committed);
  // One WAL sync per durable_interval while commits come; at once when nothing
  // waits in the mailbox (a quiet stream: W1's last commits were reported up to
  // 50 ms late, ~4 % of its catch-up; bench/history-20.md); the last commits of
  // a burst are synced by the timer.
  auto since = steady::now() - st.last_sync;
  if (since >= st.args.durable_interval || self->mailbox().size() == 0) {
    if (!request_sync(self)) {
      fail_apply(self, pipeline_errc::apply_failed, "could not make the applied transactions durable");
      return false;
    }
  } else if (!st.sync_armed) {
    st.sync_armed = true;
    self->delayed_send(self, st.args.durable_interval - since, sync_atom::value);
  }
  return true;
}

// false when the actor quit.
bool commit_group(self_ptr self) {
  auto& st = self->state;
  if (st.group.empty())
    return true;
  if (!commit_local_transaction(self, st.group.commit_record()))
    return false;
  st.group.clear();
  ++st.group_generation;
  return true;
}

// Applies one transaction on its own, behind a savepoint that a failure rolls
// back to (keeping what came before it).
result<ok_t, apply_error> apply_alone(self_ptr self, std::span<const remote_transaction_ptr> one) {
  auto& sink = *self->state.sink;
  if (auto s = sink.savepoint(); !s)
    return s;
  if (auto r = sink.apply(make_apply_plan(one), one); !r) {
    if (auto back = sink.rollback_to_savepoint(); !back)
      return back;
    return r;
  }
  return sink.release_savepoint();
}

// The group failed as a whole: apply it again one transaction at a time, keep
// the transactions before the first one that fails, and fail with that one.
// True when every transaction applied alone (the group stays open).
bool isolate_failure(self_ptr self, const apply_error& group_error) {
  auto& st = self->state;
  if (!st.group.must_isolate_failure()) {
    fail_transaction(self, group_error);
    return false;
  }
  st.sink->rollback_group();
  st.sink->forget_attempt_counts();
  if (auto b = begin_local_transaction(self, changed_pages::held); !b) {
    fail_apply(self, pipeline_errc::apply_failed, b.error().to_string());
    return false;
  }
  auto transactions = st.group.transactions();
  for (size_t i = 0; i < transactions.size(); ++i) {
    auto applied = apply_alone(self, transactions.subspan(i, 1));
    if (applied)
      continue;
    if (i > 0 && !commit_local_transaction(self, commit_record_of(st.group.prefix(i))))
      return false;
    st.group.clear();
    fail_transaction(self, applied.error());
    return false;
  }
  return true;
}

// The file was busy: rolls the group back and applies all of it again.
result<ok_t, apply_error> reapply_group(self_ptr self) {
  auto& st = self->state;
  st.sink->rollback_group();
  st.sink->forget_attempt_counts();
  if (auto b = begin_local_transaction(self, changed_pages::held); !b)
    return b;
  auto all = st.group.transactions();
  return st.sink->apply(make_apply_plan(all), all);
}

// Adds received transactions to the group (opening it) and applies them;
// transactions that come in pieces go alone, streamed parts apply ahead.
// False when the actor quit.
bool apply_received(self_ptr self, std::span<const remote_transaction_ptr> received) {
  auto& st = self->state;
  while (!received.empty()) {
    const auto& front = received.front();
    if (front->part != transaction_part::whole) {
      if (!apply_stream_part(self, front))
        return false;
      received = received.subspan(1);
      continue;
    }
    if (st.ahead) {
      if (front->streamed && front->xid == st.ahead->xid && !front->skipped_by_user) {
        if (!commit_ahead(self, front))
          return false;
        received = received.subspan(1);
        continue;
      }
      give_up_ahead(self);  // something else commits first
    }
    if (front->streamed && st.given_up.erase(front->xid)) {
      ++st.applied_after_giving_up;
      st.args.registry->set_actor_state(st.stats, applying_state(st));
    }
    if (self->state.open_in_pieces || applied_in_pieces(*received.front())) {
      if (!apply_piece(self, received.front()))
        return false;
      received = received.subspan(1);
      continue;
    }
    size_t whole = 1;
    while (whole < received.size() && received[whole]->part == transaction_part::whole &&
           !applied_in_pieces(*received[whole])) {
      if (received[whole]->streamed && st.given_up.erase(received[whole]->xid)) {
        ++st.applied_after_giving_up;
        st.args.registry->set_actor_state(st.stats, applying_state(st));
      }
      ++whole;
    }
    if (!apply_group_of(self, received.first(whole)))
      return false;
    received = received.subspan(whole);
  }
  return true;
}

// Adds whole transactions to the group (opening it) and applies them; false
// when the actor quit.
bool apply_group_of(self_ptr self, std::span<const remote_transaction_ptr> received) {
  auto& st = self->state;
  if (st.group.empty()) {
    if (auto b = begin_local_transaction(self, changed_pages::held); !b) {
      fail_apply(self, pipeline_errc::apply_failed, b.error().to_string());
      return false;
    }
    // One max-delay timer at a time (a delayed message costs the clock thread
    // and this one a wake-up each): when it fires for a group that committed
    // meanwhile, it is armed again for the group open then.
    if (!st.group_timer_armed) {
      st.group_timer_armed = true;
      self->delayed_send(self, st.args.group_max_delay, durable_atom::value, st.group_generation);
    }
  }
  for (const auto& txn : received)
    if (txn->skipped_by_user)
      spdlog::info("logical replication starts skipping transaction at LSN {}", txn->final_lsn.to_string());
  st.group.add(received, steady::now());
  auto applied = st.sink->apply(make_apply_plan(received), received);
  for (int attempt = 0; !applied; ++attempt) {
    if (!applied.error().retryable || attempt >= max_busy_retries)
      return isolate_failure(self, applied.error());
    applied = reapply_group(self);
  }
  return true;
}

// tributary_actors' counters: one pass over the batch's transactions, not its rows.
void count_applied(actor_stats& stats, const transaction_batch& batch) {
  uint64_t rows = 0, finished = 0;
  for (const auto& txn : batch.transactions) {
    rows += txn->changes.size();
    finished += txn->more_follows || txn->part != transaction_part::whole ? 0 : 1;
  }
  count_work(stats, rows, finished, batch.bytes);
  if (!batch.transactions.empty())
    stats.last_commit_time.store(batch.transactions.back()->commit_time, std::memory_order_relaxed);
}

void on_batch(self_ptr self, const transaction_batch_ptr& batch) {
  auto& st = self->state;
  count_message(self, *st.stats);
  if (!batch->transactions.empty() && !apply_received(self, batch->transactions))
    return;
  count_applied(*st.stats, *batch);
  if (batch->bytes)
    tell_connection(self, credit_atom::value, batch->bytes);
  if (!st.group.empty())
    st.group.add_received_bytes(batch->bytes);
  // A group whose changed pages fill its share of the cache commits before
  // SQLite spills them (apply_sink's "Changed pages").
  if (st.group.due(self->mailbox().size() == 0, steady::now()) || (!st.group.empty() && st.sink->cache_full()))
    commit_group(self);
}

}  // namespace applier_detail

using namespace applier_detail;

caf::behavior applier_actor(self_ptr self, applier_actor_args args) {
  auto& st = self->state;
  pthread_setname_np(pthread_self(), "applier");  // its own thread (detached): named for profiles
  st.args = std::move(args);
  st.subscription_name = st.args.subscription_name;
  st.group = apply_group{group_limits{st.args.group_max_transactions, st.args.group_max_delay}};
  st.stats = track_actor(self, st.args.registry, "applier", st.args.subid, st.args.parent);
  st.args.registry->set_actor_state(st.stats, "starting");
  auto runtime = load_runtime(self);
  if (!runtime) {
    auto message = runtime.error();
    self->send(self, stop_atom::value, message);
  } else {
    st.args.registry->set_actor_state(st.stats, applying_state(st));
    self->send(st.args.supervisor, ready_atom::value, *runtime);
  }
  return {
      [=](stop_atom, const std::string& message) {
        fail_apply(self, pipeline_errc::catalog_failed, message);
      },
      [=](peer_atom, const caf::actor& connection) { self->state.connection = connection; },
      [=](sync_atom) {
        auto& s = self->state;
        s.sync_armed = false;
        if (s.sink && s.sink->commit_not_durable() && !request_sync(self))
          fail_apply(self, pipeline_errc::apply_failed, "could not make the applied transactions durable");
      },
      [=](wal_synced_atom, lsn durable) { tell_connection(self, durable_atom::value, durable); },
      [=](wal_synced_atom, const std::string& error) {
        self->state.sync_failed = true;
        spdlog::error("logical replication apply worker for subscription \"{}\": {}", self->state.subscription_name,
                      error);
        fail_apply(self, pipeline_errc::apply_failed, "could not make the applied transactions durable");
      },
      [=](const transaction_batch_ptr& batch) { on_batch(self, batch); },
      [=](durable_atom, uint64_t) {
        // The max-delay timer: commits the open group once it is that old,
        // else waits for what is left of its delay.
        auto& s = self->state;
        s.group_timer_armed = false;
        if (s.group.empty())
          return;
        const auto now = steady::now();
        if (s.group.due(false, now)) {
          commit_group(self);
          return;
        }
        s.group_timer_armed = true;
        auto left = std::chrono::ceil<std::chrono::milliseconds>(s.group.opened_at() + s.args.group_max_delay - now);
        self->delayed_send(self, left, durable_atom::value, s.group_generation);
      },
  };
}

}  // namespace tributary
