// sqlite_connection / sqlite_statement: RAII over sqlite3* and sqlite3_stmt*.
//
// Every database file is opened in WAL mode with synchronous=FULL (exactly-once
// depends on it: architecture §4) and a busy timeout, so a writer that finds the
// file busy waits and retries instead of failing.
//
// A file it creates has pages of new_file_page_size bytes (an existing file keeps
// its own: SQLite fixes the size when the first table is written). A replica's
// typical change updates one row by key in a table larger than any cache, and
// each such update writes its whole page to the log and, at a checkpoint, to
// the file: with 1 KiB pages instead of SQLite's 4 KiB, W2 (pgbench's random
// updates) wrote a quarter of the bytes, its applier used ~25 % less CPU,
// and peak RSS fell ~30 MiB; inserts in key order (W1, a large transaction)
// were unchanged within noise, an initial copy ~5-13 % slower, scans and
// lookups by key as fast (bench/history-20.md).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "stages/core/result.hpp"
#include "stages/types/sql_value.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace tributary {

struct sqlite_error {
  int code = 0;            // extended result code
  std::string message;
  int system_errno = 0;    // sqlite3_system_errno for I/O failures (ENOSPC, EIO ...), else 0
};

class sqlite_statement;

inline constexpr int new_file_page_size = 1024;

class sqlite_connection {
public:
  // Opens (creating when missing, with pages of new_file_page_size) the file at
  // `path` with WAL, synchronous=FULL, foreign_keys off and a busy timeout of
  // `busy_timeout_ms`.
  static result<sqlite_connection, sqlite_error> open(const std::string& path,
                                                      int busy_timeout_ms = 60000);

  sqlite_connection(sqlite_connection&&) noexcept;
  sqlite_connection& operator=(sqlite_connection&&) noexcept;
  ~sqlite_connection();

  // Runs one or more statements that return no rows of interest.
  result<ok_t, sqlite_error> exec(std::string_view sql);

  result<sqlite_statement, sqlite_error> prepare(std::string_view sql);

  bool in_transaction() const;
  int64_t last_insert_rowid() const;
  int64_t changes() const;
  sqlite3* handle() const { return db_; }

private:
  explicit sqlite_connection(sqlite3* db) : db_(db) {}
  sqlite3* db_ = nullptr;
};

class sqlite_statement {
public:
  sqlite_statement(sqlite_statement&&) noexcept;
  sqlite_statement& operator=(sqlite_statement&&) noexcept;
  ~sqlite_statement();

  // 1-based parameter index, as sqlite3_bind_*. SQLite copies text and blobs.
  void bind(int index, const sql_value& value);
  // The same without the copy: `value` must stay unchanged until the statement
  // has been stepped and reset (a bulk loader keeps its row buffer that long).
  void bind_borrowed(int index, const sql_value& value);
  void bind_text_borrowed(int index, std::string_view text);
  void bind_text(int index, std::string_view text);
  void bind_int(int index, int64_t value);
  void bind_null(int index);

  enum class step_result { row, done };
  result<step_result, sqlite_error> step();
  // Steps to completion, ignoring rows.
  result<ok_t, sqlite_error> run();
  void reset();          // reset + clear bindings
  void rewind();         // reset only: every parameter is bound again before the next step

  int column_count() const;
  std::string column_name(int i) const;
  const char* column_decltype(int i) const;  // may be nullptr
  sql_value column(int i) const;
  int64_t column_int(int i) const;
  std::string column_text(int i) const;
  bool column_is_null(int i) const;
  bool readonly() const;

  sqlite3_stmt* handle() const { return stmt_; }

private:
  friend class sqlite_connection;
  sqlite_statement(sqlite3_stmt* stmt, sqlite3* db) : stmt_(stmt), db_(db) {}
  sqlite3_stmt* stmt_ = nullptr;
  sqlite3* db_ = nullptr;
};

}  // namespace tributary
