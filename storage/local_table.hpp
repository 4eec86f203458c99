// local_table: how one published relation snapshot maps onto its local SQLite
// table, and the text of every statement that applies a batch to it.
//
// Mapping (architecture §2): a published `public.t` is the local table `t`,
// `sales.t` the local table "sales.t" (local_relation_name.hpp; local_table_name
// is the one place that decides). Columns match by name (ASCII case-insensitive,
// as SQLite resolves them), in any order; local extra columns keep their
// defaults. Read once per relation snapshot with pragma_table_xinfo; each mapped
// column carries its local PostgreSQL type (column_type_catalog), by which the
// apply and copy sinks read the publisher's values.
//
// Statements (one text per kind and shape, parameters ?1..?n in params order):
//   INSERT INTO "t" ("a","b") VALUES (?1,?2)
//   UPDATE "t" SET "a"=?1,"b"=?2 WHERE "k" IS ?3            by key: every row
//   DELETE FROM "t" WHERE "k" IS ?1                          with that key
//   UPDATE "t" SET ... WHERE rowid = (SELECT rowid FROM "t"  REPLICA IDENTITY
//     WHERE "a" IS ?3 AND "b" IS ?4 LIMIT 1)                 FULL: exactly one row
// Key values come from the old tuple ('K') or the new tuple (old_kind 0).
// Unchanged TOAST columns ('u') are left out of SET and out of a full match.
// Matched by the new tuple's key (the key did not change), a key column whose
// local column compares by bytes is left out of SET too: it holds that value
// already, and assigning a PRIMARY KEY column makes SQLite delete the row and
// insert it again (two more seeks, a real delete and insert instead of an
// overwrite in place: about 2.5 x the CPU of an update by key). Statements for
// local triggers keep it (an UPDATE OF trigger fires on the columns SET names).
// A WITHOUT ROWID table with FULL identity matches on all sent columns, which
// reaches at most one row when its primary key is among them; otherwise the
// statement is refused as unsupported.
//
// Errors are pg_errors in PostgreSQL's wording (logicalrep_rel_open): 42P01
// for a missing table (CREATE SUBSCRIPTION's code; the apply worker's would be
// 55000); 55000 for missing columns, local generated columns that would take
// published values, and no usable identity; 0A000 unsupported. The caller adds
// the CONTEXT line.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "stages/pipeline/apply_plan.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/pipeline/remote_transaction.hpp"
#include "stages/core/result.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/types/column_type.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

struct local_table {
  std::string name;                     // the local table
  std::string remote_name;              // "public.t", for messages
  std::vector<std::string> column_for;  // remote column index -> local column name
  std::vector<column_type> type_for;    // remote column index -> local column's type
  std::optional<std::string> rowid;     // rowid alias usable in SQL; nullopt: WITHOUT ROWID
  std::vector<std::string> primary_key; // local primary key columns
  // remote column index -> the local column compares by bytes (BINARY
  // collation; bpchar and interval have their own equality)
  std::vector<bool> compares_bytes;
  std::vector<bool> not_null;           // remote column index -> the local column is NOT NULL
  // A row is checked against more than each column's type and NOT NULL, or
  // something runs per row: a CHECK constraint, a unique index besides the
  // primary key, a trigger (superseded_updates.hpp).
  bool has_row_constraints = true;
};

// Where a published relation lands locally.
std::string local_table_name(const relation_info& relation);
// "schema.table" as PostgreSQL names the remote relation in messages.
std::string remote_relation_name(const relation_info& relation);

result<local_table, pg_error> describe_local_table(sqlite_connection& db,
                                                   const relation_info& relation);

// Where parameter ?n+1 takes its value from.
struct statement_param {
  enum class tuple : uint8_t { new_row, old_row };
  tuple from = tuple::new_row;
  uint32_t column = 0;  // remote column index
};

struct statement_text {
  std::string sql;
  std::vector<statement_param> params;
  size_t set_params = 0;  // UPDATE: the first set_params params are SET's, the rest the match
};

// An INSERT of `rows` rows in one statement: statement_for's VALUES list once
// per row, the parameters of row r numbered after those of row r - 1 (`params`
// holds rows x the columns). One statement for many rows keeps SQLite's cursor
// on the table between them (no seek from the root per row, no per-statement
// setup): the apply and copy paths insert in chunks with it.
statement_text insert_statement_for(const local_table& table, const relation_info& relation, size_t rows);

// How an UPDATE matched by its new tuple's key treats the key columns.
enum class unchanged_keys : uint8_t {
  left_out,  // out of SET where the local column compares by bytes
  assigned,  // SET like every other column (local UPDATE OF triggers see them)
};

// The statement applying changes of `kind` and `shape` (not truncate).
result<statement_text, pg_error> statement_for(const local_table& table,
                                               const relation_info& relation,
                                               change_kind kind, const change_shape& shape,
                                               unchanged_keys keys = unchanged_keys::left_out);

}  // namespace tributary
