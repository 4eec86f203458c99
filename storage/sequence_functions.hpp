// sequence_functions: PostgreSQL's sequence functions as SQLite functions, on
// every connection (sqlite_connection installs them, so a serial column's
// DEFAULT (nextval('t_id_seq')) works wherever a row is inserted):
//
//   nextval(name)               the next value (sequence_definition.hpp's step),
//                               written to tributary_sequences in the statement's
//                               transaction; remembered for currval / lastval
//   currval(name)               this connection's last nextval of it; 55000
//                               currval of sequence "s" is not yet defined in this session
//   lastval()                   the last nextval of this connection, of any sequence;
//                               55000 lastval is not yet defined in this session
//   setval(name, v [, called])  sets the state (22003 out of bounds); with
//                               is_called (the default) currval becomes v
//   sequence_state(local_name, 'last_value' | 'is_called')
//                               the state nextval continues from: what the
//                               sequence's view (SELECT * FROM s) shows
//   pg_get_serial_sequence(table, column)
//                               the column's own sequence (serial, identity, OWNED BY)
//                               as "public.t_id_seq", NULL when it has none; 42P01 for
//                               no such table, 42703 column "c" of relation "t" does
//                               not exist (the column name is taken literally)
// `name` is text as PostgreSQL reads a regclass ('s', 'public.s', '"S"'); a missing
// relation is 42P01 relation "x" does not exist, a table 42809 "t" is not a sequence.
//
// In a client session (install_sequence_functions with the session's
// privileges) each call checks the current user's privilege on the sequence
// first, as PostgreSQL: nextval USAGE or UPDATE, currval / lastval SELECT or
// USAGE, setval UPDATE; else 42501 "permission denied for sequence s". A
// sequence's owner and ACL are its row of tributary_relation_acl (CREATE
// SEQUENCE, GRANT ON SEQUENCE), else its owning table's owner with acldefault
// (a serial column's sequence belongs to the table's owner). A DEFAULT
// nextval(...) runs with the inserting user's privileges, as in PostgreSQL.
// Superusers (privileges.tables null) and the applier are not checked.
//
// A statement can run again as it ran (a failed statement's rerun that finds its
// failing row: violation_detail.hpp): begin_statement_sequences marks where a
// statement begins; rewind_statement_sequences, run inside the rerun's savepoint
// before it, gives every sequence the statement's nextval() or setval() changed
// the state it had before the statement, so the rerun hands out the same values
// again and leaves the sequences (and currval, lastval) as the statement left them.
//
// The connection's state (currval per sequence, the last one used) lives as long
// as the connection: one session. Errors reach the session through
// keep_sql_function_error (sql_functions.hpp) with their SQLSTATE. Functions run on
// the connection's thread only.
#pragma once

struct sqlite3;

namespace tributary {

struct session_privileges;

// SQLITE_OK or SQLite's error code. `who`, when given, must outlive the
// connection; installing again replaces the functions (and their state).
int install_sequence_functions(sqlite3* db, const session_privileges* who = nullptr);

void begin_statement_sequences(sqlite3* db);
// false when a state could not be written back (the rerun must not happen).
bool rewind_statement_sequences(sqlite3* db);

}  // namespace tributary
