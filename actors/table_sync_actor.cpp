// table_sync_actor: see the header. Each handler is one bounded step: import,
// wait for the write lock, or read + parse + insert one batch.
#include "actors/table_sync_actor.hpp"

#include <spdlog/spdlog.h>

#include "actors/actor_tracking.hpp"
#include "actors/pipeline_errors.hpp"
#include "actors/pipeline_messages.hpp"

namespace tributary {

namespace {

using self_ptr = caf::stateful_actor<table_sync_actor_state>*;
using phase = table_sync_actor_state::phase;

constexpr auto socket_wait = std::chrono::milliseconds(20);
constexpr size_t read_limit = size_t{8} << 20;  // bytes read per step at most

std::string qualified_name(const table_sync_actor_args& a) { return a.schema_name + "." + a.table_name; }

std::string text_of(const pg_error& e) {
  std::string out = e.message;
  if (!e.detail.empty())
    out += "\nDETAIL: " + e.detail;
  if (!e.hint.empty())
    out += "\nHINT: " + e.hint;
  return out;
}

void fail_sync(self_ptr self, const std::string& message) {
  auto& st = self->state;
  if (st.sink)
    st.sink->rollback();
  st.args.registry->set_actor_error(st.stats, message);
  self->quit(make_pipeline_error(pipeline_errc::sync_failed, message));
}

void set_phase(self_ptr self, phase p, const std::string& text) {
  self->state.current = p;
  self->state.args.registry->set_actor_state(self->state.stats, text);
}

relation_info relation_of(const table_sync_actor_args& a, const remote_table_info& info) {
  relation_info rel;
  rel.relation_oid = info.relid;
  rel.schema_name = a.schema_name;
  rel.table_name = a.table_name;
  rel.replica_identity = info.replica_identity;
  for (const auto& c : info.columns)
    rel.columns.push_back(relation_column{c.is_key, c.name, c.type_oid, -1});
  return rel;
}

// Opens the publisher session inside the snapshot; false when the actor quit.
bool import_snapshot(self_ptr self) {
  auto& st = self->state;
  auto& a = st.args;
  auto conn = publisher_connection::open(a.sql_params);
  if (!conn) {
    fail_sync(self, conn.error().message);
    return false;
  }
  st.publisher = std::move(conn).value();
  // As the walsender does for replication sessions: nothing on the publisher's
  // search_path can capture a name (row filters are deparsed qualified).
  for (const std::string& sql :
       {std::string("SELECT pg_catalog.set_config('search_path', '', false)"),
        std::string("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"),
        "SET TRANSACTION SNAPSHOT " + st.publisher->quote_literal(a.snapshot_name)}) {
    if (auto r = st.publisher->exec(sql); !r) {
      fail_sync(self, text_of(r.error()));
      return false;
    }
  }
  self->send(a.coordinator, imported_atom::value, a.schema_name, a.table_name);
  return true;
}

// Reads what to copy and prepares the local side; false when the actor quit.
bool prepare_copy(self_ptr self) {
  auto& st = self->state;
  auto& a = st.args;
  auto info = st.publisher->fetch_remote_table_info(a.schema_name, a.table_name, a.publications);
  if (!info) {
    fail_sync(self, text_of(info.error()));
    return false;
  }
  if (info->estimated_rows >= 0)  // what the console's copy bar measures progress against
    st.stats->progress_total.store(static_cast<uint64_t>(info->estimated_rows), std::memory_order_relaxed);
  const bool binary = a.binary && st.publisher->server_version() >= 160000;
  table_copy_config config;
  config.database_file = a.directory->database_file(a.database).string();
  config.subscription_oid = a.subid;
  config.relation = relation_of(a, *info);
  config.format = binary ? copy_format::binary : copy_format::text;
  config.roles = std::make_shared<apply_roles>(a.directory, a.subid);  // as the table's owner (run_as_owner)
  auto sink = table_copy_sink::open(std::move(config));
  if (!sink) {
    fail_sync(self, sink.error().to_string());
    return false;
  }
  st.sink.emplace(std::move(sink).value());
  st.copy_sql = st.publisher->copy_out_query(a.schema_name, a.table_name, *info, binary);
  std::vector<std::string> names;
  for (const auto& c : info->columns)
    names.push_back(c.name);
  st.parser.emplace(binary ? copy_format::binary : copy_format::text, std::move(names));
  st.batch = copy_rows(info->columns.size());
  return true;
}

void start(self_ptr self) {
  auto& a = self->state.args;
  spdlog::info("logical replication table synchronization worker for subscription \"{}\", table \"{}\" has started",
               a.subscription_name, a.table_name);
  if (!import_snapshot(self) || !prepare_copy(self))
    return;
  set_phase(self, phase::waiting_for_lock, "waiting for the database file");
  self->send(self, copy_step_atom::value);
}

// One try for the file's write lock; once held, the COPY starts.
void try_begin(self_ptr self) {
  auto& st = self->state;
  auto began = st.sink->begin();
  if (!began) {
    if (began.error().retryable) {
      self->send(self, copy_step_atom::value);
      return;
    }
    fail_sync(self, began.error().to_string());
    return;
  }
  auto binary = st.publisher->start_copy_out(st.copy_sql);
  if (!binary) {
    fail_sync(self, "could not start initial contents copy for table \"" + qualified_name(st.args) +
                        "\": " + text_of(binary.error()));
    return;
  }
  if (*binary != (st.parser->format() == copy_format::binary)) {
    fail_sync(self, "the publisher sent the COPY of table \"" + qualified_name(st.args) +
                        "\" in an unexpected format");
    return;
  }
  set_phase(self, phase::copying, "copying " + qualified_name(st.args));
  self->send(self, copy_step_atom::value);
}

void finish_copy(self_ptr self) {
  auto& st = self->state;
  if (auto f = st.parser->finish(); !f) {
    fail_sync(self, "invalid COPY data for table \"" + qualified_name(st.args) + "\": " + f.error().to_string());
    return;
  }
  if (auto c = st.sink->commit(st.args.snapshot_lsn); !c) {
    fail_sync(self, c.error().to_string());
    return;
  }
  st.publisher.reset();
  spdlog::info("logical replication table synchronization worker for subscription \"{}\", table \"{}\" has "
               "finished ({} rows, ready at {})",
               st.args.subscription_name, st.args.table_name, st.sink->rows_copied(),
               st.args.snapshot_lsn.to_string());
  set_phase(self, phase::copying, "copied " + qualified_name(st.args));
  self->quit();
}

// Reads what has arrived (one batch at most), inserts it, waits briefly when
// nothing came.
void copy_some(self_ptr self) {
  auto& st = self->state;
  std::optional<copy_format_error> parse_error;
  auto consume = [&](std::string_view chunk) {
    if (auto r = st.parser->feed(chunk, st.batch); !r) {
      parse_error = r.error();
      return false;
    }
    return st.batch.size() < st.args.batch_rows && st.batch.byte_size() < st.args.batch_bytes;
  };
  auto read = st.publisher->read_copy_out(consume, read_limit);
  if (parse_error) {
    fail_sync(self, "invalid COPY data for table \"" + qualified_name(st.args) + "\": " + parse_error->to_string());
    return;
  }
  if (!read) {
    fail_sync(self, "could not copy table \"" + qualified_name(st.args) + "\" from the publisher: " +
                        text_of(read.error()));
    return;
  }
  if (!st.batch.empty()) {
    auto inserted = st.sink->insert(st.batch);
    st.batch.clear();
    if (!inserted) {
      fail_sync(self, inserted.error().to_string());
      return;
    }
    st.stats->progress.store(st.sink->rows_copied(), std::memory_order_relaxed);
  }
  if (*read == publisher_connection::read_status::ended) {
    finish_copy(self);
    return;
  }
  if (*read == publisher_connection::read_status::would_block && self->mailbox().size() == 0) {
    if (auto w = st.publisher->wait_socket(socket_wait); !w) {
      fail_sync(self, "could not copy table \"" + qualified_name(st.args) + "\" from the publisher: " +
                          text_of(w.error()));
      return;
    }
  }
  self->send(self, copy_step_atom::value);
}

}  // namespace

caf::behavior table_sync_actor(self_ptr self, table_sync_actor_args args) {
  auto& st = self->state;
  st.args = std::move(args);
  st.stats = track_actor(self, st.args.registry, "table_sync", st.args.subid, st.args.parent);
  st.args.registry->set_actor_relation(st.stats, st.args.schema_name, st.args.table_name);
  set_phase(self, phase::importing, "importing snapshot for " + qualified_name(st.args));
  self->send(self, start_atom::value);
  return {
      [=](start_atom) {
        count_message(self, *self->state.stats);
        start(self);
      },
      [=](copy_step_atom) {
        count_message(self, *self->state.stats);
        if (self->state.current == phase::waiting_for_lock)
          try_begin(self);
        else if (self->state.current == phase::copying)
          copy_some(self);
      },
  };
}

}  // namespace tributary
