// table_sync_actor: copies ONE published table from the round's exported
// snapshot into the local database file (PostgreSQL's tablesync worker, with
// the snapshot imported instead of a slot of its own).
//
// Role:   own publisher connection (plain SQL, not replication):
//           BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY;
//           SET TRANSACTION SNAPSHOT '<exported snapshot>';
//         -> tells the coordinator it imported the snapshot; reads the table's
//         published columns, column list and row filters (fetch_remote_table_info);
//         takes the database file's write lock (table_copy_sink::begin); runs
//         `COPY ... TO STDOUT` (binary when the subscription is binary and the
//         publisher 16+); reads CopyData chunks, parses them (copy_parser) into
//         batches and inserts each batch; commits rows + state 'r' + srsublsn =
//         the snapshot's consistent point in one local transaction.
// Messages in:  start_atom, copy_step_atom (self: one bounded step of work).
// Messages out: (imported_atom, schema, table) to the coordinator, once.
// States:       importing -> waiting for the write lock -> copying -> (quit)
// Durable:      only at the end, all at once (table_copy_sink). Quitting early
//               leaves no trace: the local transaction rolls back, the
//               publisher transaction ends with the connection.
// Failure:      quits with pipeline_errc::sync_failed and a message naming the
//               table (publisher error, codec error, local key conflict with
//               `COPY t, line N`); success is a normal exit.
// Progress:     actor_stats.progress = rows copied so far (tributary_actors).
// Threading:    spawned detached. Every step is bounded (one batch, or one
//               short wait for the socket or the write lock), so an exit
//               message is seen between steps. Memory: one batch (batch_rows /
//               batch_bytes) plus one partial row.
// Example:      5 tables, 2 workers: actor 2 imports, then waits for the write
//               lock while actor 1 copies; it copies once actor 1 committed.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "actors/monitoring_registry.hpp"
#include "actors/publisher/publisher_connection.hpp"
#include "actors/publisher/publisher_conninfo.hpp"
#include "caf/all.hpp"
#include "stages/pipeline/copy_format.hpp"
#include "stages/core/lsn.hpp"
#include "storage/data_directory.hpp"
#include "storage/table_copy_sink.hpp"

namespace tributary {

struct table_sync_actor_args {
  std::shared_ptr<data_directory> directory;
  std::string database;
  int64_t subid = 0;
  std::string subscription_name;
  std::vector<std::string> publications;
  bool binary = false;
  std::string schema_name;
  std::string table_name;
  std::string snapshot_name;   // exported by the coordinator's slot
  lsn snapshot_lsn;            // its consistent point: srsublsn
  conninfo_params sql_params;  // publisher_connection_params(..., sql)
  caf::actor coordinator;
  monitoring_registry_ptr registry;
  uint64_t parent = 0;
  size_t batch_rows = 20000;
  size_t batch_bytes = size_t{8} << 20;
};

struct table_sync_actor_state {
  static inline const char* name = "table_sync";
  enum class phase { importing, waiting_for_lock, copying };
  table_sync_actor_args args;
  actor_stats_ptr stats;
  phase current = phase::importing;
  std::unique_ptr<publisher_connection> publisher;
  std::optional<table_copy_sink> sink;
  std::optional<copy_parser> parser;
  copy_rows batch;
  std::string copy_sql;
};

using imported_atom = caf::atom_constant<caf::atom("imported")>;
using copy_step_atom = caf::atom_constant<caf::atom("copystep")>;

caf::behavior table_sync_actor(caf::stateful_actor<table_sync_actor_state>* self, table_sync_actor_args args);

}  // namespace tributary
