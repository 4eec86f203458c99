// sql_functions: the SQLite functions that translated queries (stages/sql/
// translator/) call to compute as PostgreSQL does on stored forms
// (builtin_types.hpp): values go in and come out in their column's stored form.
//
//   pg_int_op(op, a, b, bits)      int2/int4/int8 + - * / % with PostgreSQL's
//                                  overflow check (22003 `integer out of range`)
//                                  and 22012 `division by zero`; / truncates
//   pg_numeric_op(op, a, b)        exact numeric + - * / % (numeric_arithmetic.hpp)
//   pg_float_op(op, a, b)          float8 + - * / (22003 overflow / underflow)
//   pg_negate(a, oid)              unary minus of an integer, numeric or float8
//   pg_cast(x, from_oid, from_typmod, to_oid, to_typmod)
//                                  PostgreSQL's cast: numbers between number types
//                                  (numeric and float to integer round as
//                                  PostgreSQL does), integer <-> boolean, text to
//                                  a type by its input function, a type to text by
//                                  its output function (under the session's settings),
//                                  varchar(n)/bpchar(n) truncating as an explicit cast;
//   pg_cast(x, ..., 1)             the same as an assignment: varchar(n) too long is 22001
//   pg_power(a, b)                 float8 ^ float8 (dpow: 2201F for 0 ^ negative and
//                                  negative ^ fraction, 22003 on overflow)
//   pg_raise(sqlstate, message)    fails the statement with that error (a scalar
//                                  sub-select's second row: 21000)
//   pg_numeric_sum(x) / pg_numeric_avg(x)   aggregates over numeric (or integer)
//                                  stored forms: exact sum, avg with numeric's
//                                  division scale; NULL over no rows
//   pg_float_sum(x) / pg_float_avg(x)       the same over float8
//   pg_now(kind)                   timestamptz: 'transaction' (now()), 'statement',
//                                  'clock' (sql_functions_session.cpp)
//   text functions                 sql_functions_text.cpp lists them
// An error is PostgreSQL's: SQLite is told the message, and the whole pg_error
// (SQLSTATE, message) is kept for the connection until take_sql_function_error.
//
// Registered per connection (register_sql_functions); the session tells them its
// settings before each statement (set_sql_function_settings); closing the
// connection forgets its state. Functions run on the connection's thread only.
#pragma once

#include <cstdint>
#include <optional>

#include "stages/core/pg_error.hpp"
#include "stages/types/type_settings.hpp"

struct sqlite3;

namespace tributary {

void register_sql_functions(sqlite3* db);
void set_sql_function_settings(sqlite3* db, const type_settings& settings);
// While set, the statement runs again only to record its failing row (violation_detail.hpp).
void set_recording_failing_row(sqlite3* db, bool recording);
// A statement starts (now()'s and statement_timestamp()'s clocks); with
// starts_transaction it also starts the transaction now() reports.
void note_statement_start(sqlite3* db, bool starts_transaction);
// When the session's transaction started, as now() reports it (timestamptz's
// stored form); nullopt on a connection no session noted a statement on.
std::optional<int64_t> session_transaction_start(sqlite3* db);
// The settings the session last gave its functions (nullopt: not a session's connection).
std::optional<type_settings> sql_function_settings(sqlite3* db);
// Keeps `error` as the one a function of `db` failed with (for functions outside
// this file's set: sequence_functions.hpp); nothing for a connection without state.
void keep_sql_function_error(sqlite3* db, pg_error error);
// The error a function failed with since the last call (nullopt: none).
std::optional<pg_error> take_sql_function_error(sqlite3* db);

}  // namespace tributary
