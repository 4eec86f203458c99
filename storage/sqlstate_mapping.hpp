// sqlstate_mapping: a SQLite error as PostgreSQL would report it -- the one
// SQLite -> SQLSTATE map, used by client sessions and by the apply path alike.
//
// Input: a sqlite_error (extended result code + SQLite's message).
// Output: a pg_error with the fitting SQLSTATE and, where SQLite's message has a
// PostgreSQL counterpart, PostgreSQL's wording (SQLite's own text then goes to
// DETAIL when it carries information the new message lost):
//
//   UNIQUE / PRIMARY KEY      23505  duplicate key value violates unique constraint "t_pkey"
//   NOT NULL                  23502  null value in column "b" of relation "t" violates not-null constraint
//   FOREIGN KEY               23503  insert or update on table violates foreign key constraint
//   CHECK                     23514  new row violates check constraint "c>0"
//   no such table             42P01  relation "x" does not exist
//   no such column            42703  column "x" does not exist
//   ... already exists        42P07  relation "x" already exists
//   syntax errors             42601  syntax error at or near "x"
//   interrupted               57014  canceling statement due to user request
//   disk full                 53100  could not extend file "f": No space left on device
//   I/O error                 58030  could not access file "f": Input/output error
//   cannot open               58P01 / 42501 / 58030  could not open file "f": <errno text>
//                                    (the file is named when the caller knows it; the
//                                    text is the OS error when SQLite saw one)
//   busy / locked             55P03  lock_not_available: PostgreSQL's answer when a
//                                    lock wait fails (lock_timeout, NOWAIT)
//   stale read snapshot       40001  serialization_failure: retry the transaction
//   anything else             XX000  SQLite's message
//
// SQLite's constraint messages ("UNIQUE constraint failed: t.a, t.b", "... index
// 'name'") are read by parse_constraint_failure, here and nowhere else.
//
// Pure and stateless.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

pg_error pg_error_from_sqlite(const sqlite_error& error);
// The same for a failure on a known file ("global.db"): file errors name it.
pg_error pg_error_from_sqlite(const sqlite_error& error, std::string_view file);

// BUSY or LOCKED (stale snapshots included): another connection held the file;
// the same work may succeed when done again.
bool is_lock_wait_failure(const sqlite_error& error);

// A UNIQUE or PRIMARY KEY violation.
bool is_unique_violation(const sqlite_error& error);

// "UNIQUE constraint failed: t.a, t.b" -> table "t", columns {"a", "b"};
// "UNIQUE constraint failed: index 'ui'" -> index "ui" and no columns. The
// table keeps any dots of its own ("s.t.a" -> table "s.t", column "a").
struct constraint_failure {
  std::string table;
  std::vector<std::string> columns;
  std::string index;
};
constraint_failure parse_constraint_failure(std::string_view sqlite_message);

// True for errors that mean "SQLite's grammar rejected the text" (used to decide
// whether PostgreSQL's own parse error is the better one to show).
bool is_sqlite_syntax_error(const sqlite_error& error);

}  // namespace tributary
