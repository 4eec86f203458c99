// apply_sink: see the NOTES in the header. Group lifecycle, the per-batch
// loop (bind + step per row), conflict handling and progress recording.
#include "storage/apply_sink.hpp"
#include "storage/sql_functions.hpp"

#include <spdlog/spdlog.h>
#include <sqlite3.h>

#include <algorithm>
#include <cctype>

#include "stages/core/sql_quote.hpp"
#include "stages/types/value_io.hpp"
#include "storage/sql_functions.hpp"
#include "storage/table_truncation.hpp"
#include "storage/unique_conflicts.hpp"

namespace tributary {

struct apply_sink::table_entry {
  struct prepared {
    statement_text text;
    std::optional<sqlite_statement> statement;
  };
  relation_ptr snapshot;  // the Relation this description was read for
  local_table table;
  std::map<std::string, prepared> statements;  // by statement_key
};

struct apply_sink::group_statements {
  sqlite_statement begin;           // BEGIN IMMEDIATE
  sqlite_statement commit;          // COMMIT
  sqlite_statement schema_version;  // PRAGMA schema_version
  sqlite_statement triggers_fire;   // is there a local trigger that fires on applied rows?
};

namespace {

// The savepoint of apply_sink::savepoint(): one fixed name, never nested.
constexpr const char* savepoint_name = "tributary_apply_transaction";

apply_error plain_error(std::string sqlstate, std::string message, std::string context = {}) {
  return apply_error{make_pg_error(std::move(sqlstate), std::move(message)), std::move(context),
                     false};
}

// The relation's own name within its schema: "orders" for the local table
// "sales.orders" (local_relation_name.hpp), as PostgreSQL names relations in
// DETAIL and HINT lines.
std::string relation_name_part(const std::string& local_name) {
  const auto dot = local_name.find('.');
  return dot == std::string::npos ? local_name : local_name.substr(dot + 1);
}

std::string statement_key(change_kind kind, const change_shape& shape) {
  std::string key(1, static_cast<char>('0' + static_cast<int>(kind)));
  key += shape.old_kind ? shape.old_kind : '-';
  for (bool u : shape.new_unchanged)
    key += u ? 'u' : '.';
  key += '/';
  for (bool u : shape.old_unchanged)
    key += u ? 'u' : '.';
  return key;
}


}  // namespace

result<apply_sink, apply_error> apply_sink::open(apply_sink_config config) {
  auto db = sqlite_connection::open(config.database_file, config.busy_timeout_ms);
  if (!db)
    return fail(plain_error("XX000", "could not open \"" + config.database_file +
                                         "\": " + db.error().message));
  // Local triggers that fire on replicated rows (ENABLE REPLICA / ALWAYS) run
  // translated SQL: they need the functions it calls, and so do CHECK constraints.
  register_sql_functions(db->handle());
  auto find = db->prepare("SELECT roname FROM pg_replication_origin WHERE roident = ?1");
  if (!find)
    return fail(error_from_sqlite(find.error(), {}));
  find->bind_int(1, config.origin_id);
  auto row = find->step();
  if (!row)
    return fail(error_from_sqlite(row.error(), {}));
  if (*row != sqlite_statement::step_result::row)
    return fail(plain_error("42704", "replication origin with ID " +
                                         std::to_string(config.origin_id) + " does not exist"));
  std::string origin_name = find->column_text(0);
  // Commits wait for no disk in WAL mode; make_durable syncs (see the header).
  bool sync_at_commit = true;
  {
    auto mode = db->prepare("PRAGMA journal_mode");
    if (!mode)
      return fail(error_from_sqlite(mode.error(), {}));
    auto stepped = mode->step();
    if (!stepped)
      return fail(error_from_sqlite(stepped.error(), {}));
    sync_at_commit = !(*stepped == sqlite_statement::step_result::row && mode->column_text(0) == "wal");
  }
  if (!sync_at_commit)
    if (auto r = db->exec("PRAGMA synchronous=NORMAL"); !r)
      return fail(error_from_sqlite(r.error(), {}));
  auto record = db->prepare(
      "INSERT INTO pg_replication_origin_status (local_id, external_id, remote_lsn) "
      "VALUES (?1, ?2, ?3) ON CONFLICT (local_id) DO UPDATE SET remote_lsn = excluded.remote_lsn");
  if (!record)
    return fail(error_from_sqlite(record.error(), {}));
  auto begin = db->prepare("BEGIN IMMEDIATE");
  auto commit = db->prepare("COMMIT");
  auto version = db->prepare("PRAGMA schema_version");
  auto firing = db->prepare(
      "SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name GLOB 'tributary_trigger:*' AND "
      "(sql LIKE '%pg_trigger_fires(''R'')%' OR sql LIKE '%pg_trigger_fires(''A'')%') LIMIT 1");
  for (auto* prepared : {&begin, &commit, &version, &firing})
    if (!*prepared)
      return fail(error_from_sqlite(prepared->error(), {}));
  auto fixed = std::make_unique<group_statements>(
      group_statements{std::move(*begin), std::move(*commit), std::move(*version), std::move(*firing)});
  apply_sink sink(std::move(config), std::move(*db), std::move(origin_name), std::move(*record), std::move(fixed));
  sink.sync_at_commit_ = sync_at_commit;
  return sink;
}

apply_sink::apply_sink(apply_sink_config config, sqlite_connection db, std::string origin_name,
                       sqlite_statement record_progress, std::unique_ptr<group_statements> fixed)
    : config_(std::move(config)),
      db_(std::move(db)),
      origin_name_(std::move(origin_name)),
      record_progress_(std::move(record_progress)),
      fixed_(std::move(fixed)) {}

apply_sink::apply_sink(apply_sink&&) noexcept = default;
apply_sink& apply_sink::operator=(apply_sink&&) noexcept = default;
// Members die in reverse order: statements are finalized before db_ closes.
apply_sink::~apply_sink() = default;

result<ok_t, apply_error> apply_sink::begin_group() {
  if (db_.in_transaction())
    return fail(plain_error("XX000", "apply group already open"));
  auto r = fixed_->begin.run();
  fixed_->begin.rewind();
  if (!r)
    return fail(error_from_sqlite(r.error(), {}));
  triggers_fire_.reset();
  counters_at_begin_ = counters_;
  return ok_v;
}

result<ok_t, apply_error> apply_sink::savepoint() {
  if (!db_.in_transaction())
    return fail(plain_error("XX000", "no apply group is open"));
  if (auto r = db_.exec(std::string("SAVEPOINT ") + savepoint_name); !r)
    return fail(error_from_sqlite(r.error(), {}));
  return ok_v;
}

result<ok_t, apply_error> apply_sink::release_savepoint() {
  if (auto r = db_.exec(std::string("RELEASE ") + savepoint_name); !r)
    return fail(error_from_sqlite(r.error(), {}));
  return ok_v;
}

result<ok_t, apply_error> apply_sink::rollback_to_savepoint() {
  // ROLLBACK TO keeps the savepoint open; RELEASE then ends it, keeping what
  // came before it.
  if (auto r = db_.exec(std::string("ROLLBACK TO ") + savepoint_name); !r)
    return fail(error_from_sqlite(r.error(), {}));
  return release_savepoint();
}

result<ok_t, apply_error> apply_sink::apply(const apply_plan& plan,
                                            std::span<const remote_transaction_ptr> group) {
  // Local triggers that fire on applied rows (ENABLE REPLICA / ALWAYS) see the
  // changes in the publisher's order, not batched per table. Looked up once per
  // group: the group holds the write lock, so no trigger comes or goes meanwhile.
  if (!triggers_fire_) {
    auto fire = local_triggers_fire();
    if (!fire)
      return fail(fire.error());
    triggers_fire_ = *fire;
  }
  const bool triggers_fire = *triggers_fire_;
  if (triggers_fire)
    return apply_batches(make_apply_plan(group, true), group);
  return apply_batches(plan, group);
}

// Read again only when the schema changed since the last answer (creating or
// dropping a trigger bumps the schema version): most groups ask one PRAGMA.
result<bool, apply_error> apply_sink::local_triggers_fire() {
  auto& version = fixed_->schema_version;
  auto stepped = version.step();
  if (!stepped)
    return fail(error_from_sqlite(stepped.error(), {}));
  const int64_t now = *stepped == sqlite_statement::step_result::row ? version.column_int(0) : -1;
  version.rewind();
  if (now >= 0 && now == triggers_schema_version_)
    return triggers_fire_at_version_;
  auto& firing = fixed_->triggers_fire;
  auto found = firing.step();
  if (!found)
    return fail(error_from_sqlite(found.error(), {}));
  firing.rewind();
  triggers_schema_version_ = now;
  triggers_fire_at_version_ = *found == sqlite_statement::step_result::row;
  return triggers_fire_at_version_;
}

result<ok_t, apply_error> apply_sink::apply_batches(const apply_plan& plan,
                                                    std::span<const remote_transaction_ptr> group) {
  for (const apply_batch& batch : plan.batches) {
    if (batch.rows.empty())
      continue;
    if (batch.kind == change_kind::truncate) {
      for (row_ref ref : batch.rows)
        if (auto r = apply_truncate(change_at(group, ref), *group[ref.transaction_index]); !r)
          return r;
      continue;
    }
    if (auto r = apply_rows(batch, group); !r)
      return r;
  }
  return ok_v;
}

result<apply_sink::skip_lsn_outcome, apply_error> apply_sink::commit_group(
    lsn end_lsn, std::optional<lsn> clear_skip_lsn) {
  auto failed = [&](const sqlite_error& e) -> result<skip_lsn_outcome, apply_error> {
    rollback_group();
    return fail(error_from_sqlite(e, {}));
  };
  auto outcome = skip_lsn_outcome::untouched;
  record_progress_.reset();
  record_progress_.bind_int(1, config_.origin_id);
  record_progress_.bind_text(2, origin_name_);
  record_progress_.bind_text(3, end_lsn.to_string());
  if (auto r = record_progress_.run(); !r)
    return failed(r.error());
  if (clear_skip_lsn) {
    auto clear = db_.prepare(
        "UPDATE pg_subscription SET subskiplsn = '0/0' WHERE oid = ?1 AND subskiplsn = ?2");
    if (!clear)
      return failed(clear.error());
    clear->bind_int(1, config_.subscription_oid);
    clear->bind_text(2, clear_skip_lsn->to_string());
    if (auto r = clear->run(); !r)
      return failed(r.error());
    outcome = db_.changes() > 0 ? skip_lsn_outcome::cleared : skip_lsn_outcome::changed_meanwhile;
  }
  auto done = fixed_->commit.run();
  fixed_->commit.rewind();
  if (!done)
    return failed(done.error());
  triggers_fire_.reset();
  committed_ = end_lsn;
  return outcome;
}

result<std::optional<lsn>, apply_error> apply_sink::make_durable() {
  if (!committed_)
    return std::optional<lsn>{};
  if (!sync_at_commit_) {
    // SQLite's handle of the write-ahead log; its xSync is what a FULL commit
    // calls (fdatasync, and the directory the first time for a new file).
    sqlite3_file* wal = nullptr;
    int rc = sqlite3_file_control(db_.handle(), "main", SQLITE_FCNTL_JOURNAL_POINTER, &wal);
    if (rc == SQLITE_OK && (wal == nullptr || wal->pMethods == nullptr))
      rc = SQLITE_IOERR_FSYNC;  // a committed WAL mode connection has its log open
    if (rc == SQLITE_OK)
      rc = wal->pMethods->xSync(wal, SQLITE_SYNC_NORMAL);
    if (rc != SQLITE_OK)
      return fail(plain_error("58030", "could not fsync the write-ahead log of \"" + config_.database_file +
                                           "\": SQLite error " + std::to_string(rc)));
  }
  std::optional<lsn> durable = committed_;
  committed_.reset();
  return durable;
}

void apply_sink::forget_tables() {
  tables_.clear();
  triggers_fire_.reset();
  triggers_schema_version_ = -1;
}

void apply_sink::rollback_group() {
  if (db_.in_transaction())
    (void)db_.exec("ROLLBACK");
  forget_tables();
}

result<lsn, apply_error> apply_sink::remote_lsn() {
  auto q = db_.prepare("SELECT remote_lsn FROM pg_replication_origin_status WHERE local_id = ?1");
  if (!q)
    return fail(error_from_sqlite(q.error(), {}));
  q->bind_int(1, config_.origin_id);
  auto row = q->step();
  if (!row)
    return fail(error_from_sqlite(row.error(), {}));
  if (*row != sqlite_statement::step_result::row)
    return lsn{};
  auto text = q->column_text(0);
  auto parsed = lsn::parse(text);
  if (!parsed)
    return fail(plain_error("XX000", "invalid remote_lsn \"" + text + "\" for replication origin \"" +
                                         origin_name_ + "\""));
  return *parsed;
}

result<apply_sink::table_entry*, apply_error> apply_sink::table_for(const relation_ptr& relation,
                                                                    const remote_transaction& txn,
                                                                    change_kind kind) {
  auto& slot = tables_[{relation->schema_name, relation->table_name}];
  if (slot && slot->snapshot == relation)
    return slot.get();
  auto described = describe_local_table(db_, *relation);
  if (!described) {
    slot.reset();
    return fail(apply_error{described.error(), context(txn, kind, relation.get()), false});
  }
  slot = std::make_unique<table_entry>(table_entry{relation, std::move(*described), {}});
  return slot.get();
}

result<ok_t, apply_error> apply_sink::apply_rows(const apply_batch& batch,
                                                 std::span<const remote_transaction_ptr> group) {
  const relation_info& rel = *batch.relation;
  const remote_transaction& first = *group[batch.rows.front().transaction_index];
  auto entry = table_for(batch.relation, first, batch.kind);
  if (!entry)
    return fail(entry.error());
  auto& prepared_slot = (*entry)->statements[statement_key(batch.kind, batch.shape)];
  if (!prepared_slot.statement) {
    auto text = statement_for((*entry)->table, rel, batch.kind, batch.shape);
    if (!text)
      return fail(apply_error{text.error(), context(first, batch.kind, &rel), false});
    auto stmt = db_.prepare(text->sql);
    if (!stmt)
      return fail(error_from_sqlite(stmt.error(), context(first, batch.kind, &rel)));
    prepared_slot.text = std::move(*text);
    prepared_slot.statement = std::move(*stmt);
  }
  const auto& params = prepared_slot.text.params;
  sqlite_statement& stmt = *prepared_slot.statement;
  // Every parameter is bound again for each row, so the statement is only
  // rewound (no sqlite3_clear_bindings), and values are bound borrowed
  // (SQLITE_STATIC): a text stored as received straight from the change, a
  // parsed value from row_values_ (reserved, so it does not move); both outlive
  // the step. The borrowed texts are copied into row_values_ only when the step
  // fails and its error shows the key's values.
  row_values_.reserve(params.size());
  std::vector<const std::string*> borrowed(params.size(), nullptr);
  for (row_ref ref : batch.rows) {
    const remote_transaction& txn = *group[ref.transaction_index];
    const row_change& change = txn.changes[ref.change_index];
    row_values_.clear();
    stmt.rewind();
    for (size_t i = 0; i < params.size(); ++i) {
      const statement_param& p = params[i];
      const tuple_data& tuple =
          p.from == statement_param::tuple::new_row ? change.new_tuple : change.old_tuple;
      const std::string& column = rel.columns[p.column].name;
      if (p.column >= tuple.size())
        return fail(plain_error("XX000", "tuple has no value for column \"" + column + "\"",
                                context(txn, batch.kind, &rel, column)));
      const tuple_value& v = tuple[p.column];
      if (v.is_unchanged())
        return fail(plain_error("XX000", "unchanged TOAST value where column \"" + column +
                                             "\" is needed",
                                context(txn, batch.kind, &rel, column)));
      const column_type& type = (*entry)->table.type_for[p.column];
      // A text value whose stored form is the publisher's text (text, json, xml,
      // arrays, ..., a numeric as numeric_out prints it for the column) is bound
      // as received, as the copy sink does: the publisher has validated it already.
      if (!v.is_null() && v.k != tuple_value::kind::binary && value_is_stored_as_received(type, v.bytes)) {
        stmt.bind_text_borrowed(static_cast<int>(i + 1), v.bytes);
        borrowed[i] = &v.bytes;
        row_values_.emplace_back(sql_null{});
        continue;
      }
      auto value = v.is_null() ? result<sql_value, pg_error>(sql_value{sql_null{}})
                   : v.k == tuple_value::kind::binary
                       ? parse_binary_value(type, v.bytes)
                       : parse_text_value(type, v.bytes, publisher_type_settings());
      if (!value)
        return fail(plain_error(value.error().sqlstate, value.error().message,
                                context(txn, batch.kind, &rel, column)));
      borrowed[i] = nullptr;
      row_values_.push_back(std::move(*value));
      stmt.bind_borrowed(static_cast<int>(i + 1), row_values_.back());
    }
    if (auto r = stmt.run(); !r) {
      stmt.reset();
      for (size_t i = 0; i < params.size(); ++i)
        if (borrowed[i])
          row_values_[i] = sql_value{*borrowed[i]};
      return fail(step_error(r.error(), batch, (*entry)->table, prepared_slot.text, txn));
    }
    if (batch.kind == change_kind::insert) {
      ++counters_.inserted;
    } else if (db_.changes() == 0) {
      report_missing(change, txn);
    } else {
      ++(batch.kind == change_kind::update ? counters_.updated : counters_.deleted);
    }
  }
  stmt.reset();
  return ok_v;
}

apply_error apply_sink::step_error(const sqlite_error& e, const apply_batch& batch,
                                   const local_table& table, const statement_text& text,
                                   const remote_transaction& txn) {
  const relation_info& rel = *batch.relation;
  apply_error out = error_from_sqlite(e, context(txn, batch.kind, &rel));
  if (auto raised = take_sql_function_error(db_.handle())) {  // a trigger's RAISE, a cast's error
    out.error = std::move(*raised);
    return out;
  }
  if (!is_unique_violation(e))
    return out;
  // As PostgreSQL 18: every unique key the row collides with, each with the
  // existing local row; several keys make a multiple_unique_conflicts.
  const unique_violation_probe probe = probe_unique_violation(batch, table, text);
  const std::string local_name = relation_name_part(table.name);
  std::vector<key_conflict> conflicts;
  if (auto keys = unique_keys_of(db_, table.name, local_name))
    if (auto found = find_key_conflicts(db_, table.name, *keys, probe.row, publisher_type_settings()))
      conflicts = std::move(*found);
  const bool insert = batch.kind == change_kind::insert;
  const char* kind = conflicts.size() > 1 ? "multiple_unique_conflicts"
                     : insert             ? "insert_exists"
                                          : "update_exists";
  ++(conflicts.size() > 1 ? counters_.multiple_unique_conflicts
     : insert             ? counters_.insert_exists
                          : counters_.update_exists);
  out.error.message = "conflict detected on relation \"" + remote_relation_name(rel) + "\": conflict=" + kind;
  if (!conflicts.empty()) {
    out.error.detail = conflict_detail(conflicts, row_description(row_text(probe.row, publisher_type_settings())),
                                       probe.identity_description);
    return out;
  }
  // The key SQLite named, with this row's values (the probe found no row: a key
  // on an expression or a partial index).
  std::vector<std::string> names = parse_constraint_failure(e.message).columns;
  std::vector<std::string> values;
  for (const auto& name : names) {
    std::string value = "?";
    for (size_t i = 0; i < text.params.size(); ++i) {
      const auto& p = text.params[i];
      if (p.from == statement_param::tuple::new_row &&
          same_identifier(table.column_for[p.column], name)) {
        value = render_value(row_values_[i]);
        break;
      }
    }
    values.push_back(std::move(value));
  }
  out.error.detail = existing_key_detail(names, values);
  return out;
}

// The failed row as unique_conflicts probes it: the values it would have written
// (its SET or VALUES parameters) and, for an UPDATE, the identity of its target row.
apply_sink::unique_violation_probe apply_sink::probe_unique_violation(const apply_batch& batch,
                                                                      const local_table& table,
                                                                      const statement_text& text) const {
  unique_violation_probe out;
  const relation_info& rel = *batch.relation;
  size_t written = text.params.size();  // UPDATE: SET parameters first, then the match
  if (batch.kind == change_kind::update) {
    written = 0;
    for (size_t c = 0; c < rel.columns.size(); ++c)
      if (!(c < batch.shape.new_unchanged.size() && batch.shape.new_unchanged[c]))
        ++written;
  }
  for (size_t c = 0; c < table.column_for.size(); ++c) {
    out.row.columns.push_back(table.column_for[c]);
    out.row.types.push_back(table.type_for[c]);
    out.row.values.emplace_back();
  }
  std::vector<std::string> identity_names;
  std::vector<std::optional<std::string>> identity_values;
  for (size_t i = 0; i < text.params.size() && i < row_values_.size(); ++i) {
    const auto& p = text.params[i];
    if (i < written) {
      out.row.values[p.column] = row_values_[i];
      continue;
    }
    out.row.identity.emplace_back(table.column_for[p.column], row_values_[i]);
    identity_names.push_back(table.column_for[p.column]);
    identity_values.push_back(format_text_value(table.type_for[p.column], row_values_[i], publisher_type_settings()));
  }
  if (identity_names.empty())
    return out;
  if (batch.shape.old_kind == 'O') {
    out.identity_description = "replica identity full " + row_description(identity_values);
  } else {
    std::string names, values;
    for (size_t i = 0; i < identity_names.size(); ++i) {
      names += (i ? ", " : "") + identity_names[i];
      values += (i ? ", " : "") + identity_values[i].value_or("null");
    }
    out.identity_description = "replica identity (" + names + ")=(" + values + ")";
  }
  return out;
}

result<ok_t, apply_error> apply_sink::apply_truncate(const row_change& change,
                                                     const remote_transaction& txn) {
  // CASCADE reaches local tables referencing the listed ones (the spec, beyond
  // PostgreSQL's subscriber: see table_truncation.hpp).
  truncate_request request;
  request.cascade = (change.truncate_options & truncate_message::cascade) != 0;
  request.restart_identity = (change.truncate_options & truncate_message::restart_identity) != 0;
  for (const auto& rel : change.truncated) {
    auto entry = table_for(rel, txn, change_kind::truncate);
    if (!entry)
      return fail(entry.error());
    request.tables.push_back((*entry)->table.name);
  }
  auto outcome = truncate_local_tables(db_, request);
  if (!outcome)
    return fail(error_from_sqlite(outcome.error(), context(txn, change_kind::truncate, nullptr)));
  if (outcome->refused) {
    // As heap_truncate_check_FKs words it, with the tables' own names.
    const std::string referencing = relation_name_part(outcome->refused->referencing);
    const std::string referenced = relation_name_part(outcome->refused->referenced);
    apply_error refused = plain_error(
        "0A000", "cannot truncate a table referenced in a foreign key constraint",
        context(txn, change_kind::truncate, nullptr));
    refused.error.detail = "Table \"" + referencing + "\" references \"" + referenced + "\".";
    refused.error.hint = "Truncate table \"" + referencing +
                         "\" at the same time, or use TRUNCATE ... CASCADE.";
    return fail(std::move(refused));
  }
  counters_.truncated += outcome->emptied;
  return ok_v;
}

void apply_sink::report_missing(const row_change& change, const remote_transaction& txn) {
  const bool update = change.kind == change_kind::update;
  ++(update ? counters_.update_missing : counters_.delete_missing);
  logger().info(
      "conflict detected on relation \"{}\": conflict={}\nDETAIL: Could not find the row to be "
      "{}.\nCONTEXT: {}",
      remote_relation_name(*change.relation), update ? "update_missing" : "delete_missing",
      update ? "updated" : "deleted", context(txn, change.kind, change.relation.get()));
}

std::string apply_sink::context(const remote_transaction& txn, change_kind kind,
                                const relation_info* relation, const std::string& column) const {
  std::string name = relation ? remote_relation_name(*relation) : std::string();
  return context_of(apply_location{origin_name_, message_type_of(kind), name, column, txn.xid,
                                   txn.final_lsn});
}

spdlog::logger& apply_sink::logger() const {
  return config_.logger ? *config_.logger : *spdlog::default_logger_raw();
}

}  // namespace tributary
