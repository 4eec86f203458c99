// table_copy_sink: writes one table's initial copy into the subscription's
// database file, in ONE local transaction that also marks the table ready.
//
// NOTES
//   Input:  batches of parsed COPY rows (stages/pipeline/copy_format) whose columns are
//           the remote columns being copied (relation_info: name + type OID),
//           in that order. Values go through the same codec as streamed
//           changes (value_io.hpp, by the local column's type).
//   Output: the rows in the local table of the same name (columns matched by
//           name, describe_local_table) and, in the same commit,
//           pg_subscription_rel: srsubstate 'r', srsublsn = the snapshot's
//           consistent point (architecture §4, invariant 4). All or nothing.
//
//   States:  closed --begin (BEGIN IMMEDIATE)--> open --insert*--> open
//                   --commit (state r + srsublsn, COMMIT)--> done
//                   --rollback (ROLLBACK; also on any failure)--> closed
//   Restart: nothing was written unless commit returned; a table left in 'i'
//            is copied again from a new snapshot.
//   Once:    commit checks, in the copy's own transaction, that the table is
//            still in state 'i' for the subscription; otherwise (another copy
//            committed it) it rolls back and fails with 55000: a table is never
//            copied twice.
//
//   Nothing is deleted first: the table is expected to hold none of the copied
//   rows; a row whose key exists locally fails the copy with 23505, the key in
//   DETAIL and `COPY t, line N` in CONTEXT (N counts rows from 1 across
//   batches). A value the codec refuses fails it with the codec's message and
//   `COPY t, line N, column c: "value"`.
//
//   One prepared INSERT, reused for every row (bind + step). Foreign keys are
//   off on this connection (sqlite_connection's default). SQLite has no
//   session_replication_role: triggers on the local table DO fire for copied
//   rows — unlike PostgreSQL, whose copy runs in replica mode.
//
//   Locking: SQLite has one writer per file. begin() waits at most the short
//   busy timeout given; a busy file is a retryable error (nothing open) so the
//   caller can try again without blocking its thread for long. Once open, the
//   transaction holds the file's write lock until commit or rollback.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "stages/pipeline/copy_format.hpp"
#include "stages/core/lsn.hpp"
#include "stages/pgoutput/pgoutput_messages.hpp"
#include "stages/core/result.hpp"
#include "stages/types/sql_value.hpp"
#include "storage/apply_error.hpp"
#include "storage/apply_roles.hpp"
#include "storage/local_table.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

struct table_copy_config {
  std::string database_file;
  int64_t subscription_oid = 0;
  relation_info relation;          // remote schema, table and the copied columns
  copy_format format = copy_format::text;
  int begin_busy_timeout_ms = 100; // how long begin() waits for the write lock
  int page_cache_kib = 32768;      // SQLite page cache of this connection
  // The role the rows are copied as (the table's owner unless run_as_owner),
  // which needs INSERT on the table, as PostgreSQL 16's table sync worker;
  // nullptr: no check.
  std::shared_ptr<apply_roles> roles;
};

class table_copy_sink {
public:
  // The state a table waits for its copy in (pg_subscription_rel.srsubstate).
  static constexpr char copy_start_state = 'i';

  static result<table_copy_sink, apply_error> open(table_copy_config config);

  table_copy_sink(table_copy_sink&&) noexcept = default;
  table_copy_sink& operator=(table_copy_sink&&) noexcept = default;
  ~table_copy_sink();

  // BEGIN IMMEDIATE, describe the local table, prepare the INSERT. A busy file
  // gives a retryable error and leaves nothing open.
  result<ok_t, apply_error> begin();
  // Decodes and inserts every row of the batch. On failure the transaction is
  // rolled back.
  result<ok_t, apply_error> insert(const copy_rows& rows);
  // Marks the table ready at `sync_lsn` and commits. On failure: rolled back.
  result<ok_t, apply_error> commit(lsn sync_lsn);
  void rollback();

  bool transaction_open() const { return db_.in_transaction(); }
  uint64_t rows_copied() const { return rows_copied_; }
  const std::string& local_name() const { return table_ ? table_->name : config_.relation.table_name; }

private:
  table_copy_sink(table_copy_config config, sqlite_connection db);

  apply_error failed(apply_error e);
  apply_error row_error(const sqlite_error& e) const;
  std::string context(std::optional<size_t> column = std::nullopt,
                      std::string_view value = {}) const;

  table_copy_config config_;
  sqlite_connection db_;
  std::optional<local_table> table_;
  // Binds row `row` of `rows` at parameters first_param + 1..., parsed values
  // kept in `values` (one per column, outliving the step); false when a value
  // does not parse (the row alone then reports it).
  bool bind_chunk_row(const copy_rows& rows, size_t row, size_t first_param, sql_value* values);

  std::optional<sqlite_statement> insert_;
  // The same INSERT for chunk_rows_ rows at once (none when a table is too
  // wide): SQLite keeps its cursor on the table from row to row.
  std::optional<sqlite_statement> insert_chunk_;
  size_t chunk_rows_ = 0;
  std::vector<sql_value> chunk_values_;  // chunk_rows_ x columns, decoded
  std::vector<bool> verbatim_;           // per column: text stored as it comes
  std::vector<sql_value> row_values_;  // the current row, decoded
  uint64_t rows_copied_ = 0;
};

}  // namespace tributary
