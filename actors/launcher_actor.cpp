#include "actors/launcher_actor.hpp"

#include <spdlog/spdlog.h>

#include "actors/actor_tracking.hpp"
#include "actors/pipeline_messages.hpp"
#include "actors/supervisor_actor.hpp"
#include "storage/subscription_catalog.hpp"

namespace tributary {

namespace {

using self_ptr = caf::stateful_actor<launcher_actor_state>*;

constexpr std::chrono::milliseconds max_retry_delay{60'000};

bool should_run(const subscription_row& row) { return row.enabled && row.slot_name.has_value(); }

void start_supervisor(self_ptr self, const std::string& database, const subscription_row& row) {
  auto& st = self->state;
  supervisor_args a;
  a.directory = st.args.directory;
  a.database = database;
  a.subid = row.oid;
  a.subscription_name = row.name;
  a.config = st.args.config;
  a.registry = st.args.registry;
  a.launcher = self;
  auto sup = self->spawn(supervisor_actor, std::move(a));
  self->monitor(sup);
  st.pipelines[row.oid] = launcher_actor_state::running_pipeline{database, sup, false, false, {}};
  spdlog::info("logical replication apply worker for subscription \"{}\" will start", row.name);
}

void stop_supervisor(self_ptr self, launcher_actor_state::running_pipeline& p) {
  if (!p.stopping) {
    p.stopping = true;
    self->send_exit(p.supervisor, caf::exit_reason::user_shutdown);
  }
}

// Reads the row and makes the running state match it.
void reconcile(self_ptr self, const std::string& database, int64_t subid) {
  auto& st = self->state;
  auto db = st.args.directory->connect(database);
  std::optional<subscription_row> row;
  if (db) {
    auto found = find_subscription(*db, subid);
    if (found)
      row = *found;
  }
  auto it = st.pipelines.find(subid);
  if (it != st.pipelines.end()) {
    // Settings may have changed: stop, and decide again once it is gone.
    it->second.check_after_stop = true;
    stop_supervisor(self, it->second);
    return;
  }
  if (!row) {
    st.args.registry->forget_subscription(subid);
    return;
  }
  st.args.registry->worker_stopped(subid);  // a row exists: show it, idle
  if (should_run(*row))
    start_supervisor(self, database, *row);
}

// Starts every enabled subscription that is not running yet; false when some
// database's subscriptions could not be read (each reason is logged).
bool start_all(self_ptr self) {
  auto& st = self->state;
  auto databases = st.args.directory->list_databases();
  if (!databases) {
    spdlog::error("logical replication launcher could not read the list of databases: {}",
                  databases.error().message);
    return false;
  }
  bool complete = true;
  for (const auto& database : *databases) {
    auto db = st.args.directory->connect(database.name);
    if (!db) {
      spdlog::error("logical replication launcher could not read the subscriptions of database \"{}\": {}",
                    database.name, db.error().message);
      complete = false;
      continue;
    }
    auto rows = list_subscriptions(*db);
    if (!rows) {
      spdlog::error("logical replication launcher could not read the subscriptions of database \"{}\": {}",
                    database.name, rows.error().message);
      complete = false;
      continue;
    }
    for (const auto& row : *rows) {
      if (st.pipelines.count(row.oid))
        continue;
      st.args.registry->worker_stopped(row.oid);
      if (should_run(row))
        start_supervisor(self, database.name, row);
    }
  }
  return complete;
}

// start_atom: until every database was read, again after a back-off that begins at
// wal_retrieve_retry_interval and doubles up to a minute.
void start_or_retry(self_ptr self) {
  auto& st = self->state;
  if (start_all(self)) {
    st.retry_delay = std::chrono::milliseconds(0);
    return;
  }
  const auto first = st.args.config.get_duration("wal_retrieve_retry_interval");
  st.retry_delay = st.retry_delay.count() == 0 ? first : std::min(st.retry_delay * 2, max_retry_delay);
  spdlog::info("logical replication launcher will try again in {} ms", st.retry_delay.count());
  self->delayed_send(self, st.retry_delay, start_atom::value);
}

// Only subenabled changes: a SKIP set while the failed pipeline was stopping
// must survive (a whole-row rewrite from an older read would lose it).
void disable_subscription(self_ptr self, const std::string& database, int64_t subid) {
  auto db = self->state.args.directory->connect(database);
  if (!db)
    return;
  if (auto r = set_subscription_enabled(*db, subid, false); !r) {
    auto row = find_subscription(*db, subid);
    const std::string name = row && *row ? (*row)->name : std::to_string(subid);
    spdlog::error("could not disable subscription \"{}\": {}", name, r.error().message);
  }
}

void on_supervisor_down(self_ptr self, const caf::down_msg& dm) {
  auto& st = self->state;
  for (auto it = st.pipelines.begin(); it != st.pipelines.end(); ++it) {
    if (it->second.supervisor.address() != dm.source)
      continue;
    auto pipeline = std::move(it->second);
    auto subid = it->first;
    st.pipelines.erase(it);
    for (auto& w : pipeline.waiters)
      w.deliver(caf::unit);
    if (pipeline.check_after_stop)
      reconcile(self, pipeline.database, subid);
    else
      st.args.registry->worker_stopped(subid);
    return;
  }
}

}  // namespace

caf::behavior launcher_actor(self_ptr self, launcher_args args) {
  auto& st = self->state;
  st.args = std::move(args);
  st.stats = track_actor(self, st.args.registry, "launcher", 0, 0);
  st.args.registry->set_actor_state(st.stats, "running");
  self->set_down_handler([=](caf::down_msg& dm) { on_supervisor_down(self, dm); });
  self->set_exit_handler([=](caf::exit_msg& em) {
    for (auto& [id, p] : self->state.pipelines)
      self->send_exit(p.supervisor, em.reason);
    self->quit(em.reason);
  });
  return {
      [=](start_atom) {
        count_message(self, *self->state.stats);
        start_or_retry(self);
      },
      [=](changed_atom, const std::string& database, int64_t subid) {
        count_message(self, *self->state.stats);
        reconcile(self, database, subid);
      },
      [=](stop_atom, const std::string&, int64_t subid) -> caf::result<void> {
        count_message(self, *self->state.stats);
        auto it = self->state.pipelines.find(subid);
        if (it == self->state.pipelines.end())
          return caf::unit;
        auto rp = self->make_response_promise();
        it->second.waiters.push_back(rp);
        stop_supervisor(self, it->second);
        return rp;
      },
      [=](disable_atom, const std::string& database, int64_t subid) {
        count_message(self, *self->state.stats);
        disable_subscription(self, database, subid);
      },
  };
}

}  // namespace tributary
