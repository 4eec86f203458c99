// table_truncation: a publisher's TRUNCATE applied to local tables, as the spec
// asks (subscription-spec.md "TRUNCATE: CASCADE also truncates local tables
// referencing the truncated ones"), which goes further than PostgreSQL's own
// subscriber (worker.c apply_handle_truncate always truncates with DROP_RESTRICT).
//
// Input: the local tables the Truncate message names (they exist; the caller
// checked), its CASCADE and RESTART IDENTITY flags.
//   - CASCADE: every local table that references one of the truncated tables
//     through a declared foreign key (PRAGMA foreign_key_list) is truncated too,
//     and so on transitively, as a local TRUNCATE ... CASCADE does.
//   - without CASCADE: a local table that references a listed one and is not
//     itself listed refuses the whole TRUNCATE, as heap_truncate_check_FKs does --
//     even when that table is empty.
//
// Effect, inside the caller's transaction: DELETE FROM each listed table (and, with CASCADE, each local
// table referencing one, transitively); with
// RESTART IDENTITY also the sequences the tables own (serial and identity
// columns: sequence_catalog.hpp's restart_owned_sequences, which a client's
// TRUNCATE calls through here too) and their AUTOINCREMENT counters
// (sqlite_sequence) start again.
// Output: how many tables were emptied and which of them the cascade added, or
// the refusing reference, or SQLite's error.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

struct truncate_request {
  std::vector<std::string> tables;  // local names
  bool cascade = false;
  bool restart_identity = false;
};

// A foreign key of a table outside the request onto a table in it.
struct truncate_refusal {
  std::string referencing;  // local names
  std::string referenced;
};

struct truncate_outcome {
  size_t emptied = 0;                      // tables emptied (0 when refused)
  std::vector<std::string> cascaded;       // local tables CASCADE added (folded names)
  std::optional<truncate_refusal> refused; // set: nothing was changed
};

// The local tables a CASCADE adds to `tables` (folded names), transitively, as
// truncate_local_tables() would (the applier checks its role's privileges on
// them first).
result<std::vector<std::string>, sqlite_error> truncation_cascade(sqlite_connection& db,
                                                                 const std::vector<std::string>& tables);

result<truncate_outcome, sqlite_error> truncate_local_tables(sqlite_connection& db,
                                                             const truncate_request& request);

}  // namespace tributary
