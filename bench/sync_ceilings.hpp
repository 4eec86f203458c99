// sync_ceilings: the two ceilings of the initial-sync benchmark (issue 4).
//
// Role: measure, on the same machine and data as Tributary's initial copy, how fast
//   (a) the publisher can hand the tables out: `COPY <table> TO STDOUT` by `clients`
//       plain libpq connections in parallel (each takes the next table from a shared
//       queue, as sync workers do), the data read and discarded;
//   (b) SQLite can take the rows: the same rows, already in memory, inserted into an
//       empty SQLite file (sqlite_connection: WAL, synchronous=FULL) with a prepared
//       statement, one transaction per table, into tables of the same schema as
//       Tributary's local tables (`local_table_ddl`).
//
// Inputs: the publisher's conninfo, the table names, the local DDL (with `%s` for the
// table name) and, for (b), a scratch path for the SQLite file. The rows of (b) are
// loaded from the publisher by COPY (text format) one table at a time, outside the
// timed part, so memory holds one table at a time.
// Outputs: rows seen and seconds taken (timed parts only).
// Errors: values naming the table and the libpq / SQLite message. The SQLite file and
// its -wal / -shm companions are removed afterwards.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "stages/core/result.hpp"

namespace tributary::bench {

struct ceiling_figures {
  int64_t rows = 0;
  double seconds = 0;
};

using ceiling_result = result<ceiling_figures, std::string>;

ceiling_result measure_copy_ceiling(const std::string& conninfo, const std::vector<std::string>& tables,
                                    int clients);

// `local_table_ddl` has one `%s` for the table name; its columns take the COPY text
// fields in order: the first two as integers, the others as text (NULL for \N).
ceiling_result measure_sqlite_ceiling(const std::string& conninfo, const std::vector<std::string>& tables,
                                      const std::string& local_table_ddl, const std::string& sqlite_path);

}  // namespace tributary::bench
