// sqlstate_mapping: a SQLite error as PostgreSQL would report it to a client.
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
//   busy / locked             55P03  (stale read snapshot: 40001, retry the transaction)
//   anything else             XX000  SQLite's message
//
// Pure and stateless.
#pragma once

#include "stages/core/pg_error.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

pg_error pg_error_from_sqlite(const sqlite_error& error);

// True for errors that mean "SQLite's grammar rejected the text" (used to decide
// whether PostgreSQL's own parse error is the better one to show).
bool is_sqlite_syntax_error(const sqlite_error& error);

}  // namespace tributary
