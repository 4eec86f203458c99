// supervisor_actor: runs the pipeline of one subscription and restarts it.
//
// Children:     applier (detached, started first: it reads the catalog); once it
//               answers ready, a sync coordinator (detached) when some tables
//               wait for their initial copy (state 'i'); once that round is
//               done — or at once when none waits — spooler (detached: it
//               removes stale spill files first), assembler, decoder,
//               connection (detached). All are monitored, none linked.
// Messages in:  (ready_atom, runtime) from the applier; (sync_done_atom, table
//               states) from the sync coordinator; down_msg from children;
//               (restart_atom, generation) self-sent after a backoff;
//               (healthy_atom, generation) self-sent: the run lasted long enough
//               to forget earlier failures; exit_msg from the launcher (stop).
// States:       starting -> [syncing ->] running -> failing (children stopping)
//               -> backing_off -> starting ...; stopping -> (quit)
// On failure:   every child is stopped; apply_error_count is counted; with
//               disable_on_error the launcher is asked to disable the
//               subscription (and this supervisor quits), otherwise the pipeline
//               starts again after a backoff that begins at
//               wal_retrieve_retry_interval and doubles up to 16 times that,
//               resetting after a healthy run. Every start resumes from the
//               origin position recorded in the catalog. A failed copy counts as
//               sync_error_count (by the coordinator), any other failure as
//               apply_error_count.
// Durable:      nothing of its own. Never blocks: pooled.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "actors/mailbox_wakeup.hpp"
#include "actors/monitoring_registry.hpp"
#include "actors/pipeline_messages.hpp"
#include "caf/all.hpp"
#include "stages/core/settings.hpp"
#include "storage/data_directory.hpp"

namespace tributary {

struct supervisor_args {
  std::shared_ptr<data_directory> directory;
  std::string database;
  int64_t subid = 0;
  std::string subscription_name;  // as the launcher read it; the log names the worker by it
  settings config;
  monitoring_registry_ptr registry;
  caf::actor launcher;
};

struct supervisor_actor_state {
  static inline const char* name = "supervisor";
  supervisor_args args;
  actor_stats_ptr stats;
  caf::actor applier, sync, spooler, assembler, decoder, connection;
  // Shared by the applier (notifies) and the connection (waits): a new one per pipeline.
  std::shared_ptr<const mailbox_wakeup> connection_wakeup;
  subscription_runtime_ptr runtime;
  enum class phase { starting, syncing, running, failing, backing_off, stopping } current = phase::starting;
  int failures = 0;
  uint64_t generation = 0;
  bool disable_on_error = false;
};

caf::behavior supervisor_actor(caf::stateful_actor<supervisor_actor_state>* self, supervisor_args args);

}  // namespace tributary
