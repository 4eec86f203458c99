// table_truncation: a publisher's TRUNCATE applied to local tables, as
// PostgreSQL's subscriber applies it (worker.c apply_handle_truncate).
//
// Input: the local tables the Truncate message names (they exist; the caller
// checked) and its RESTART IDENTITY flag. The message's CASCADE flag is not an
// input: PostgreSQL's subscriber never cascades further than the tables the
// publisher listed (it truncates with DROP_RESTRICT), so a local table that
// references one of them through a declared foreign key (PRAGMA
// foreign_key_list) and is not itself listed refuses the whole TRUNCATE, as
// heap_truncate_check_FKs does -- even when that table is empty.
//
// Effect, inside the caller's transaction: DELETE FROM each listed table; with
// RESTART IDENTITY also the sequences the tables own (serial and identity
// columns: sequence_catalog.hpp's restart_owned_sequences, which a client's
// TRUNCATE calls through here too) and their AUTOINCREMENT counters
// (sqlite_sequence) start again.
// Output: how many tables were emptied, or the refusing reference, or
// SQLite's error.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

struct truncate_request {
  std::vector<std::string> tables;  // local names
  bool restart_identity = false;
};

// A foreign key of a table outside the request onto a table in it.
struct truncate_refusal {
  std::string referencing;  // local names
  std::string referenced;
};

struct truncate_outcome {
  size_t emptied = 0;                      // tables emptied (0 when refused)
  std::optional<truncate_refusal> refused; // set: nothing was changed
};

result<truncate_outcome, sqlite_error> truncate_local_tables(sqlite_connection& db,
                                                             const truncate_request& request);

}  // namespace tributary
