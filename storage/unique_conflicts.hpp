// unique_conflicts: which unique keys of a local table an applied row collides
// with, described as PostgreSQL 18's subscriber describes them.
//
// When an applied INSERT or UPDATE fails on a unique key, SQLite names only the
// first key it checked. PostgreSQL 18 checks every unique index and reports
// insert_exists / update_exists for one colliding key, multiple_unique_conflicts
// for several, with one pair of DETAIL lines per key:
//
//   Key already exists in unique index "mu_pkey", modified in transaction 753.
//   Key (a)=(1); existing local row (1, 10, local1); remote row (1, 20, remote).
//
// Tributary has no local transaction ids, so its first line ends at the index name.
// An UPDATE adds `; replica identity (a)=(5)` (or `replica identity full (...)`).
//
// The unique keys are read from SQLite's schema: the primary key (a rowid alias
// included) named <table>_pkey, UNIQUE constraints named <table>_<columns>_key, and
// unique indexes under their own names; partial and expression indexes are left
// out. Order: the primary key, then creation order (PostgreSQL's index OID order).
// The probe runs only on the failure path, inside the failed group's transaction.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "stages/core/result.hpp"
#include "stages/types/column_type.hpp"
#include "stages/types/sql_value.hpp"
#include "stages/types/type_settings.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

struct unique_key {
  std::string name;                  // PostgreSQL's name of the index
  std::vector<std::string> columns;  // local column names
  bool constraint = false;           // a PRIMARY KEY or UNIQUE constraint, not just an index
};

result<std::vector<unique_key>, sqlite_error> unique_keys_of(sqlite_connection& db, const std::string& table,
                                                             const std::string& relation_name);

// The row that failed, over the local columns that received published values.
struct probed_row {
  std::vector<std::string> columns;                 // local column names, in order
  std::vector<column_type> types;                   // their PostgreSQL types
  std::vector<std::optional<sql_value>> values;     // stored values; nullopt = not sent
  // UPDATE: the row being updated, found by these column values (it is not a conflict
  // with itself); empty for INSERT.
  std::vector<std::pair<std::string, sql_value>> identity;
};

struct key_conflict {
  std::string index_name;
  std::string key;           // "(a, b)=(1, 2)"
  std::string existing_row;  // "(1, 10, local1)"
};

// Every unique key whose values the row carries and an existing row already has.
result<std::vector<key_conflict>, sqlite_error> find_key_conflicts(sqlite_connection& db,
                                                                   const std::string& table,
                                                                   const std::vector<unique_key>& keys,
                                                                   const probed_row& row,
                                                                   const type_settings& settings);

// "(v1, v2, ...)" as ExecBuildSlotValueDescription writes a row: NULL as null, each
// value clipped to 64 bytes (on a character boundary) followed by "...".
std::string row_description(const std::vector<std::optional<std::string>>& values);
// The row's own values as text, in its column order.
std::vector<std::optional<std::string>> row_text(const probed_row& row, const type_settings& settings);

// The DETAIL of the conflict: per key its two lines, then for an UPDATE the identity.
std::string conflict_detail(const std::vector<key_conflict>& conflicts, const std::string& remote_row,
                            const std::string& replica_identity);

}  // namespace tributary
