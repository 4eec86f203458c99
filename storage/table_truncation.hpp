// table_truncation: TRUNCATE of local tables, as the apply sink runs it.
//
// Input: local table names (they must exist; the caller checked), the
// publisher's options. DELETE FROM each table; with CASCADE also every table
// whose declared foreign keys (PRAGMA foreign_key_list) reference a truncated
// one, transitively; with RESTART IDENTITY the AUTOINCREMENT counters of all
// of them (sqlite_sequence) start again. Runs inside the caller's transaction.
// Output: how many tables were emptied, or SQLite's error.
#pragma once

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

result<size_t, sqlite_error> truncate_local_tables(sqlite_connection& db,
                                                   const truncate_request& request);

}  // namespace tributary
