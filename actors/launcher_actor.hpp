// launcher_actor: starts and stops one supervisor per enabled subscription of
// every database (architecture §3, "above the pipelines").
//
// Messages in:  start_atom at server start (scan every database file; when
//               global.db or a database file cannot be read, the reason is logged
//               and the scan runs again after a back-off from
//               wal_retrieve_retry_interval doubling to 60 s, until every
//               database was read: enabled subscriptions not yet running start);
//               (changed_atom, database, subid) after a transaction that
//               created, altered, enabled, disabled or dropped a subscription
//               committed (or rolled back): re-read the row, then start, stop or
//               restart its pipeline so it runs with the committed settings;
//               (stop_atom, database, subid) -> replies once the pipeline is
//               gone (DROP SUBSCRIPTION waits for it before dropping the slot);
//               (disable_atom, database, subid) from a supervisor with
//               disable_on_error: sets subenabled = false;
//               down_msg from supervisors.
// State:        running supervisors by subscription oid; what to do when one
//               finishes stopping (restart or not, requests to answer).
// Durable:      only the subenabled flag it clears for disable_on_error.
// Threading:    detached: it reads the catalog with SQLite.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "actors/monitoring_registry.hpp"
#include "caf/all.hpp"
#include "stages/core/settings.hpp"
#include "storage/data_directory.hpp"

namespace tributary {

struct launcher_args {
  std::shared_ptr<data_directory> directory;
  settings config;
  monitoring_registry_ptr registry;
};

struct launcher_actor_state {
  static inline const char* name = "launcher";
  struct running_pipeline {
    std::string database;
    caf::actor supervisor;
    bool stopping = false;
    bool check_after_stop = false;            // re-read the row once it is gone
    std::vector<caf::response_promise> waiters;
  };
  launcher_args args;
  actor_stats_ptr stats;
  std::map<int64_t, running_pipeline> pipelines;
  std::chrono::milliseconds retry_delay{0};  // back-off of the start scan; 0: none pending
};

caf::behavior launcher_actor(caf::stateful_actor<launcher_actor_state>* self, launcher_args args);

}  // namespace tributary
