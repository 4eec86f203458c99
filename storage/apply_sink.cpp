// apply_sink: see the NOTES in the header. Group lifecycle, savepoints,
// truncation and progress recording; the per-batch row loop and its conflicts
// are in apply_sink_rows.cpp.
#include "storage/apply_sink.hpp"
#include "storage/apply_sink_internal.hpp"
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
#include "storage/wal_write_coalescing.hpp"

namespace tributary {

struct apply_sink::group_statements {
  sqlite_statement begin;           // BEGIN IMMEDIATE
  sqlite_statement commit;          // COMMIT
  sqlite_statement schema_version;  // PRAGMA schema_version
  sqlite_statement triggers_fire;   // is there a local trigger that fires on applied rows?
};

namespace {

// The savepoint of apply_sink::savepoint(): one fixed name, never nested.
constexpr const char* savepoint_name = "tributary_apply_transaction";

}  // namespace

result<apply_sink, apply_error> apply_sink::open(apply_sink_config config) {
  // Its log's writes joined into one per commit (wal_write_coalescing.hpp).
  auto db = sqlite_connection::open(wal_write_coalescing_uri(config.database_file), config.busy_timeout_ms);
  if (!db)
    return fail(plain_error("XX000", "could not open \"" + config.database_file +
                                         "\": " + db.error().message));
  // Local triggers that fire on replicated rows (ENABLE REPLICA / ALWAYS) run
  // translated SQL: they need the functions it calls, and so do CHECK constraints.
  register_sql_functions(db->handle());
  if (config.roles)
    config.roles->install(db->handle());
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
  // Cache and checkpoints (see the header), the interval in pages of this file.
  int64_t page_bytes = 4096;
  if (auto size = db->prepare("PRAGMA page_size"); size)
    if (auto row = size->step(); row && *row == sqlite_statement::step_result::row && size->column_int(0) > 0)
      page_bytes = size->column_int(0);
  const int64_t checkpoint_pages = std::max<int64_t>(1, config.wal_autocheckpoint_bytes / page_bytes);
  const cache_between_groups cache_between{std::max(config.page_cache_kib, 2000), config.rereading_cache_kib};
  if (auto r = db->exec("PRAGMA cache_size = -" + std::to_string(cache_between.kib()) +
                        "; PRAGMA wal_autocheckpoint = " + std::to_string(checkpoint_pages) +
                        "; PRAGMA journal_size_limit = " + std::to_string(config.wal_size_limit_bytes));
      !r)
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
  // Half of the group cache, in pages of this file (see "Changed pages").
  sink.page_budget_ = group_page_budget{std::max<int64_t>(1, int64_t{sink.config_.group_cache_kib} * 1024 / page_bytes / 2)};
  sink.cache_between_ = cache_between;
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

result<ok_t, apply_error> apply_sink::begin_group(changed_pages pages) {
  if (db_.in_transaction())
    return fail(plain_error("XX000", "apply group already open"));
  if (pages == changed_pages::held)
    if (auto r = use_cache(pages); !r)
      return r;
  auto r = fixed_->begin.run();
  fixed_->begin.rewind();
  if (!r)
    return fail(error_from_sqlite(r.error(), {}));
  if (config_.roles)
    if (auto roles = config_.roles->refresh(db_); !roles) {
      (void)db_.exec("ROLLBACK");
      return fail(apply_error{roles.error(), {}, false});
    }
  triggers_fire_.reset();
  counters_at_begin_ = counters_;
  group_changes_ = 0;
  pages_written_at_begin_ = pages_written();
  pages_read_at_begin_ = pages_read();
  return ok_v;
}

bool apply_sink::cache_full() const {
  if (pages_ != changed_pages::held || !db_.in_transaction())
    return false;
  return page_budget_.full(group_changes_);
}

// Sets the cache size of `pages` (a negative cache_size is KiB). Back to the
// small cache, SQLite frees the pages past it at once, least recently used first.
result<ok_t, apply_error> apply_sink::use_cache(changed_pages pages) {
  if (pages == pages_)
    return ok_v;
  const int small_kib = cache_between_.kib();
  const int cache_kib = pages == changed_pages::held ? std::max(config_.group_cache_kib, small_kib) : small_kib;
  if (auto set = db_.exec("PRAGMA cache_size = -" + std::to_string(cache_kib)); !set)
    return fail(error_from_sqlite(set.error(), {}));
  pages_ = pages;
  return ok_v;
}

// A counter of the connection's page cache (SQLITE_DBSTATUS_CACHE_*); -1 when it cannot be read.
int64_t apply_sink::cache_counter(int op) const {
  int now = 0, highest = 0;
  if (sqlite3_db_status(db_.handle(), op, &now, &highest, 0) != SQLITE_OK)
    return -1;
  return now;
}

int64_t apply_sink::pages_read() const { return cache_counter(SQLITE_DBSTATUS_CACHE_MISS); }

int64_t apply_sink::pages_written() const { return cache_counter(SQLITE_DBSTATUS_CACHE_WRITE); }

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
  for (const auto& txn : group)
    group_changes_ += static_cast<int64_t>(txn->changes.size());
  if (triggers_fire)
    return apply_batches(make_apply_plan(group, true), group, false);
  return apply_batches(plan, group, true);
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
                                                    std::span<const remote_transaction_ptr> group,
                                                    bool chunked_inserts) {
  for (const apply_batch& batch : plan.batches) {
    if (batch.rows.empty())
      continue;
    if (batch.kind == change_kind::truncate) {
      for (row_ref ref : batch.rows)
        if (auto r = apply_truncate(change_at(group, ref), *group[ref.transaction_index]); !r)
          return r;
      continue;
    }
    if (auto r = apply_rows(batch, group, chunked_inserts); !r)
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
  if (pages_ == changed_pages::held && pages_written_at_begin_ >= 0)
    page_budget_.on_commit(group_changes_, pages_written() - pages_written_at_begin_);
  if (pages_ == changed_pages::held && pages_read_at_begin_ >= 0)
    cache_between_.on_commit(group_changes_, pages_read() - pages_read_at_begin_);
  // The group's pages are clean now: the memory goes back (kept only while a
  // group is open). The commit stands whatever this says.
  (void)use_cache(changed_pages::spilled);
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

std::optional<std::string> apply_sink::wal_file() const {
  if (sync_at_commit_)
    return std::nullopt;
  // SQLite's own name for it (the database's full path, links resolved, + "-wal").
  const char* db_name = sqlite3_db_filename(db_.handle(), "main");
  const char* wal = db_name ? sqlite3_filename_wal(db_name) : nullptr;
  if (!wal || !*wal)
    return std::nullopt;
  return std::string(wal);
}

std::optional<lsn> apply_sink::take_not_durable() {
  auto taken = committed_;
  committed_.reset();
  return taken;
}

void apply_sink::forget_tables() {
  tables_.clear();
  triggers_fire_.reset();
  triggers_schema_version_ = -1;
}

void apply_sink::rollback_group() {
  if (db_.in_transaction())
    (void)db_.exec("ROLLBACK");
  (void)use_cache(changed_pages::spilled);
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
    if (auto role = enter_table_role(config_.roles.get(), (*entry)->table.name, change_kind::truncate); !role)
      return fail(apply_error{role.error(), context(txn, change_kind::truncate, rel.get()), false});
    request.tables.push_back((*entry)->table.name);
  }
  // The tables a CASCADE reaches are truncated as their owners, who need
  // TRUNCATE on them too (as a local TRUNCATE ... CASCADE checks each).
  if (request.cascade && config_.roles) {
    auto reached = truncation_cascade(db_, request.tables);
    if (!reached)
      return fail(error_from_sqlite(reached.error(), context(txn, change_kind::truncate, nullptr)));
    for (const auto& table : *reached)
      if (auto role = enter_table_role(config_.roles.get(), table, change_kind::truncate); !role)
        return fail(apply_error{role.error(), context(txn, change_kind::truncate, nullptr), false});
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
