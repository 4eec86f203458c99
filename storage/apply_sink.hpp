// apply_sink: applies planned groups of remote transactions to the
// subscription's database file and records their progress in the same commit.
//
// NOTES
//   Input: an apply_plan over a group of remote transactions (commit order).
//   Output: rows in the local tables + pg_replication_origin_status.remote_lsn
//   of the subscription's origin, committed together (architecture §4,
//   invariant 1). The commit itself does not wait for the disk (WAL,
//   synchronous=NORMAL: it survives the process being killed, not a power
//   loss); make_durable() syncs the WAL file (SQLite's own handle to it,
//   fdatasync) and returns the end position of the last commit it covers: only
//   that position may be reported as flushed. A power loss loses commits after
//   the last sync whole, rows and remote_lsn together, so the restart receives
//   them again: exactly once either way (what PostgreSQL's subscriber does with
//   synchronous_commit = off and its WAL writer's flushes). A file not in WAL
//   mode keeps synchronous=FULL: there every commit is durable at once.
//   Cache and checkpoints: the connection keeps its own page cache
//   (page_cache_kib) and checkpoints the WAL into the database file every
//   wal_autocheckpoint_bytes of log, in pages of the file (SQLite's automatic
//   checkpoint after a commit). Updates by key on a table larger than SQLite's default 2 MB cache
//   read a page per row, and a checkpoint copies every page written since the
//   last one (read from the WAL, written to the file, both synced); rarer
//   checkpoints copy a page rewritten by several groups once. Neither changes
//   what is durable: a checkpoint syncs the WAL before it writes the file.
//   The log file is cut back to wal_size_limit_bytes when it starts again.
//   The connection's log goes through wal_write_coalescing: a commit's frames
//   reach the file in 124 KiB writes, not two writes per frame.
//   Changed pages: a group of whole transactions (begin_group(held)) runs
//   with a page cache of group_cache_kib, and cache_full() tells the caller to
//   commit it once the pages it changed, predicted by group_page_budget from
//   what earlier commits wrote per change, take half of that. A group that
//   spilled changed pages into the log mid-transaction rewrote them there when
//   they changed again, and its commit then read back every frame after the
//   first rewritten one to rewrite its checksum (a read and a write per frame:
//   W2's random updates did that for most of each group); the other half keeps
//   the pages every group reads (interior pages, pgbench's branches) clean in
//   memory. The group cache lives only while the group is open: its commit (or
//   rollback) sets page_cache_kib again, which frees the pages past it, so a
//   stream that touches few pages per group (inserts in key order) does not
//   fill it with pages it will not read again — unless the groups read pages
//   back from outside the cache (random updates of a large table): then the
//   cache between groups is rereading_cache_kib (cache_between_groups.hpp), so
//   the table's interior pages stay. A transaction applied in pieces
//   or ahead (begin_group(spilled), any size) runs with that cache between
//   groups and spills as SQLite does, so its memory stays bounded whatever its size.
//   States:  idle --begin_group (BEGIN IMMEDIATE)--> open --apply*--> open
//                 --commit_group (remote_lsn, [subskiplsn], COMMIT)--> idle
//                 --rollback_group (ROLLBACK)--> idle
//            open --savepoint--> marked --apply--> marked
//                 --release_savepoint / rollback_to_savepoint--> open
//   After a failed apply the group is still open; the caller rolls it back, or
//   back to the savepoint set before the failing transaction (the applier
//   applies a failed group again one transaction at a time, each after a
//   savepoint, and keeps the ones before the failure).
//   Counters: an attempt that is rolled back to be applied again forgets what
//   it counted (forget_attempt_counts), so a conflict is counted once per
//   attempt a user can see.
//   Restart: read remote_lsn() and start streaming there.
//
//   Per batch one cached prepared statement (per relation snapshot, kind and
//   shape), with how each parameter is bound (its local type; received_text's
//   form) decided when it is prepared; per row only bind + step. The local
//   table's description is read once per relation snapshot and dropped on
//   rollback (a fix of the local schema is then seen by the retry). An update
//   that a later one of the batch supersedes is not run when it would have
//   applied (superseded_updates.hpp), and is counted with the later one.
//
//   Conflicts (PostgreSQL's names): UPDATE/DELETE finding no row is skipped,
//   counted (update_missing, delete_missing) and logged at LOG (spdlog info)
//   with DETAIL and CONTEXT. INSERT/UPDATE hitting a unique key fails the apply
//   with 23505 (insert_exists / update_exists; multiple_unique_conflicts when
//   several keys collide, PostgreSQL 18's DETAIL: unique_conflicts.hpp). Other
//   constraint failures fail
//   with SQLite's message. Every error names relation, operation, xid and the
//   finish LSN (apply_error::context). Nothing is logged for rows that apply.
//
//   Example: begin_group(); apply(plan of 3 transactions); commit_group(0/14C03A8)
//   -> one SQLite transaction holding the rows of all three and remote_lsn 0/14C03A8.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "stages/pipeline/apply_plan.hpp"
#include "stages/pipeline/cache_between_groups.hpp"
#include "stages/pipeline/group_page_budget.hpp"
#include "stages/pipeline/superseded_updates.hpp"
#include "stages/core/lsn.hpp"
#include "stages/pipeline/remote_transaction.hpp"
#include "stages/core/result.hpp"
#include "storage/apply_error.hpp"
#include "storage/apply_roles.hpp"
#include "storage/local_table.hpp"
#include "storage/sqlite_connection.hpp"
#include "storage/unique_conflicts.hpp"

namespace spdlog {
class logger;
}

namespace tributary {

struct apply_sink_config {
  std::string database_file;
  int64_t subscription_oid = 0;  // pg_subscription.oid (for subskiplsn)
  int64_t origin_id = 0;         // pg_replication_origin.roident
  int busy_timeout_ms = 60000;
  std::shared_ptr<spdlog::logger> logger;  // conflicts; nullptr: spdlog's default logger
  // The role each table's changes are applied as and its privilege checks
  // (run_as_owner); nullptr: no checks, and current_user / session_user
  // DEFAULTs fail with 0A000.
  std::shared_ptr<apply_roles> roles;
  // SQLite's page cache of this connection (PRAGMA cache_size, KiB) and its
  // automatic checkpoint (PRAGMA wal_autocheckpoint, set in pages of this file:
  // wal_autocheckpoint_bytes / its page size, at least 1): see "Cache and checkpoints" above.
  // SQLite's default: a 32 MB cache halved W2's reads but added up to 32 MB of peak RSS
  // (bench/README, session 14), against issue 10's "peak RSS unchanged".
  int page_cache_kib = 2000;
  // ~400 MB of log (100 000 pages of 4 KiB, 400 000 of 1 KiB): W2's random updates rewrite the
  // same pages across groups, and a rarer checkpoint copies each once for more
  // frames (session 18, 10 000 -> 40 000 pages of 4 KiB: -7 % server CPU per change; session 19,
  // 40 000 -> 100 000: W2 83-85k -> 93-96k tx/s, the disk being W2's bound).
  // In bytes, so that a file's page size does not change how much log a crash's
  // recovery reads (at most ~400 MB).
  // The log file is cut back to wal_size_limit_bytes when it starts again after
  // a checkpoint (PRAGMA journal_size_limit), so at rest the disk keeps ~40 MB
  // of it.
  int64_t wal_autocheckpoint_bytes = int64_t{100000} * 4096;
  int64_t wal_size_limit_bytes = int64_t{10000} * 4096;
  // The page cache of a group of whole transactions (KiB; see "Changed pages"
  // above); cache_full() when its changed pages take half of it.
  int group_cache_kib = 32768;
  // The cache kept between two groups when groups read pages back from outside
  // it (KiB; cache_between_groups.hpp): 6 MB cut pgbench's page reads by a
  // quarter; a stream that reads nothing back keeps page_cache_kib.
  int rereading_cache_kib = 6000;
};

// Where the open local transaction's changed pages go once the page cache is full.
enum class changed_pages {
  held,     // kept in a cache of group_cache_kib, committed before it fills (a group of whole transactions)
  spilled,  // written to the log (a transaction of any size: in pieces, ahead)
};

class apply_sink {
public:
  // Opens the file; the origin must exist in pg_replication_origin.
  static result<apply_sink, apply_error> open(apply_sink_config config);

  apply_sink(apply_sink&&) noexcept;
  apply_sink& operator=(apply_sink&&) noexcept;
  ~apply_sink();

  result<ok_t, apply_error> begin_group(changed_pages pages = changed_pages::spilled);
  // The open group (begun with changed_pages::held) has changed about half of
  // group_cache_kib of pages: commit it before SQLite spills them.
  bool cache_full() const;
  // With local triggers that fire on applied rows the group is planned again in
  // the publisher's order (make_apply_plan's keep_publisher_order).
  result<ok_t, apply_error> apply(const apply_plan& plan,
                                  std::span<const remote_transaction_ptr> group);
  // What commit_group did to pg_subscription.subskiplsn.
  enum class skip_lsn_outcome {
    untouched,          // no skip LSN to clear
    cleared,            // it held clear_skip_lsn and now holds 0/0
    changed_meanwhile,  // it no longer held clear_skip_lsn (ALTER ... SKIP since): kept
  };
  // Records end_lsn as the origin's remote_lsn and, when given, clears
  // pg_subscription.subskiplsn if it still equals clear_skip_lsn (the skip LSN a
  // transaction of the group consumed); then COMMIT. Durable on success.
  result<skip_lsn_outcome, apply_error> commit_group(
      lsn end_lsn, std::optional<lsn> clear_skip_lsn = std::nullopt);
  void rollback_group();
  bool group_open() const { return db_.in_transaction(); }
  // The end position of the last commit, once it is durable: syncs the WAL
  // when a commit since the last sync is not yet on disk. nullopt when nothing
  // was committed since the last call.
  result<std::optional<lsn>, apply_error> make_durable();
  // A commit since the last make_durable is not yet known durable.
  bool commit_not_durable() const { return committed_.has_value(); }
  // The log file whose sync makes commits durable (WAL mode), for a wal_syncer
  // that syncs it on a thread of its own; nullopt when every commit syncs.
  std::optional<std::string> wal_file() const;
  // What make_durable would sync and return, handed to such a syncer instead:
  // the end of the last commit since the last call (its frames are in the log
  // file), nullopt when nothing was committed since.
  std::optional<lsn> take_not_durable();

  // One savepoint inside the open group, set before a transaction that is
  // applied alone; rolling back to it keeps everything applied before it.
  result<ok_t, apply_error> savepoint();
  result<ok_t, apply_error> release_savepoint();
  result<ok_t, apply_error> rollback_to_savepoint();
  // The counters go back to what they were at begin_group: the group was rolled
  // back and is applied again.
  void forget_attempt_counts() { counters_ = counters_at_begin_; }

  // The recorded position (0/0 before the first commit).
  result<lsn, apply_error> remote_lsn();
  const apply_counters& counters() const { return counters_; }
  const std::string& origin_name() const { return origin_name_; }
  // For callers that write catalog rows in the same transaction (table sync).
  sqlite_connection& connection() { return db_; }
  // Forgets local table descriptions and statements (after local DDL).
  void forget_tables();

private:
  // chunked_inserts: consecutive inserts of a batch go in multi-row INSERTs
  // (not when local triggers fire on applied rows: they see one row at a time).
  result<ok_t, apply_error> apply_batches(const apply_plan& plan,
                                          std::span<const remote_transaction_ptr> group,
                                          bool chunked_inserts);
  struct table_entry;
  struct param_binding;
  struct table_entry_statements;
  // Statements every group runs, prepared once: parsing BEGIN and COMMIT, and
  // the trigger question, per group cost more than many rows.
  struct group_statements;
  apply_sink(apply_sink_config config, sqlite_connection db, std::string origin_name,
             sqlite_statement record_progress, std::unique_ptr<group_statements> fixed);
  result<bool, apply_error> local_triggers_fire();

  result<table_entry*, apply_error> table_for(const relation_ptr& relation,
                                              const remote_transaction& txn, change_kind kind);
  result<ok_t, apply_error> apply_rows(const apply_batch& batch,
                                       std::span<const remote_transaction_ptr> group, bool chunked_inserts);
  static std::vector<param_binding> bindings_for(const local_table& table, const statement_text& text);
  result<bool, sqlite_error> insert_chunk(const apply_batch& batch, std::span<const remote_transaction_ptr> group,
                                          table_entry_statements& slot,
                                          std::span<const row_ref> chunk);
  // chains: the batch's superseded updates (superseded_updates.hpp), skipped
  // when they would apply; nullptr: every row runs.
  result<ok_t, apply_error> apply_each(const apply_batch& batch, std::span<const remote_transaction_ptr> group,
                                       const table_entry& entry, table_entry_statements& slot,
                                       std::span<const row_ref> rows, const update_chains* chains = nullptr);
  static std::optional<update_chains> superseded_chains(const apply_batch& batch,
                                                        std::span<const remote_transaction_ptr> group,
                                                        const local_table& table,
                                                        const table_entry_statements& slot,
                                                        std::span<const row_ref> rows);
  static bool update_would_apply(const table_entry& entry, const table_entry_statements& slot,
                                 const row_change& change);
  result<ok_t, apply_error> bind_row(sqlite_statement& stmt, size_t first_param, const apply_batch& batch,
                                     const table_entry_statements& slot,
                                     const remote_transaction& txn, const row_change& change,
                                     std::vector<const std::string_view*>* borrowed);
  result<ok_t, apply_error> apply_truncate(const row_change& change,
                                           const remote_transaction& txn);
  // A failed step: a unique violation becomes insert_exists / update_exists.
  apply_error step_error(const sqlite_error& e, const apply_batch& batch,
                         const local_table& table, const statement_text& text,
                         const remote_transaction& txn);
  struct unique_violation_probe {
    probed_row row;
    std::string identity_description;  // UPDATE: "replica identity (a)=(5)"
  };
  unique_violation_probe probe_unique_violation(const apply_batch& batch, const local_table& table,
                                                const statement_text& text) const;
  void report_missing(const row_change& change, const remote_transaction& txn);
  std::string context(const remote_transaction& txn, change_kind kind,
                      const relation_info* relation, const std::string& column = {}) const;
  spdlog::logger& logger() const;

  apply_sink_config config_;
  sqlite_connection db_;
  std::string origin_name_;
  sqlite_statement record_progress_;
  std::unique_ptr<group_statements> fixed_;
  // The schema version triggers_fire_ was last read at (a trigger created or
  // dropped changes it); -1 before the first read.
  int64_t triggers_schema_version_ = -1;
  bool triggers_fire_at_version_ = false;
  std::map<std::pair<std::string, std::string>, std::unique_ptr<table_entry>> tables_;
  std::vector<sql_value> row_values_;  // the current row's bound values
  std::optional<bool> triggers_fire_;  // local triggers fire on applied rows (known for the open group)
  bool sync_at_commit_ = false;        // not in WAL mode: every commit syncs (synchronous=FULL)
  changed_pages pages_ = changed_pages::spilled;  // the cache size in force
  group_page_budget page_budget_{1};
  cache_between_groups cache_between_{2000, 2000};
  int64_t group_changes_ = 0;       // changes applied in the open group
  int64_t pages_written_at_begin_ = 0;  // SQLITE_DBSTATUS_CACHE_WRITE at begin_group
  int64_t pages_read_at_begin_ = 0;     // SQLITE_DBSTATUS_CACHE_MISS at begin_group
  int64_t cache_counter(int op) const;
  int64_t pages_written() const;
  int64_t pages_read() const;
  result<ok_t, apply_error> use_cache(changed_pages pages);
  std::optional<lsn> committed_;       // end of the last commit not yet returned by make_durable
  apply_counters counters_;
  apply_counters counters_at_begin_;
};

}  // namespace tributary
