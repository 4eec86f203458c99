// sequence_catalog: the database's sequences, kept in the database file (table
// tributary_sequences, catalog migration 5) and changed in the caller's
// transaction. nextval() and setval() are not undone by a rollback, as in
// PostgreSQL: the states they gave out are also kept in memory for the server's
// lifetime and win over the row; CREATE, ALTER, DROP and RESTART (transactional
// in PostgreSQL too) forget them. After a restart the committed row counts, so
// a value of a rolled-back transaction may be given out again then.
//
// Rows: seqname (the local relation name, "s" or "<schema>.s"), seqtypid (int2,
// int4, int8), seqstart, seqincrement, seqmax, seqmin, seqcache, seqcycle,
// last_value, is_called (pg_sequence and the sequence relation's row together),
// owned_table / owned_column (OWNED BY; serial and identity columns own theirs).
// Each sequence also has a SQLite view of its name showing PostgreSQL's row
// (last_value, log_cnt, is_called) with its column types in tributary_columns,
// so `SELECT * FROM s` answers and a table cannot take the sequence's name.
//
// Functions take the raw connection: the SQLite functions nextval() & co.
// (sequence_functions.hpp) call them from inside a statement. Errors are
// PostgreSQL's (42P01 for a missing sequence) or XX000 with SQLite's message.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/sql/sequence_definition.hpp"

struct sqlite3;

namespace tributary {

struct stored_sequence {
  std::string name;
  sequence_parameters parameters;
  sequence_state state;
  std::string owned_table;   // "" when owned by nothing
  std::string owned_column;
};

result<std::optional<stored_sequence>, pg_error> find_sequence(sqlite3* db, const std::string& name);

// Whether any relation (table, view, sequence) of that name exists.
result<bool, pg_error> relation_exists(sqlite3* db, const std::string& name);

// Creates the catalog row and the view (42P07 when the name is taken).
result<ok_t, pg_error> create_sequence_relation(sqlite3* db, const stored_sequence& sequence);
// Writes parameters, state and owner of an existing sequence.
result<ok_t, pg_error> update_sequence(sqlite3* db, const stored_sequence& sequence);
result<ok_t, pg_error> save_sequence_state(sqlite3* db, const std::string& name,
                                           const sequence_state& state);
result<ok_t, pg_error> drop_sequence_relation(sqlite3* db, const std::string& name);

// The sequences a table's columns own (serial, identity, OWNED BY).
result<std::vector<stored_sequence>, pg_error> sequences_owned_by(sqlite3* db, const std::string& table);
// The sequence one column owns (its serial or identity sequence), if any.
result<std::optional<stored_sequence>, pg_error> sequence_of_column(sqlite3* db, const std::string& table,
                                                                    const std::string& column);

// TRUNCATE ... RESTART IDENTITY, local or replicated: every sequence the tables
// own starts again at its START value.
result<ok_t, pg_error> restart_owned_sequences(sqlite3* db, const std::vector<std::string>& tables);

// ALTER TABLE: the owned sequences follow the table (RENAME TO `new_table`) and a
// renamed column (`renamed_from` -> `renamed_to`); a sequence whose column is no
// longer in `columns_after` (DROP COLUMN) is dropped, as PostgreSQL drops it.
result<ok_t, pg_error> carry_owned_sequences(sqlite3* db, const std::string& old_table,
                                             const std::string& new_table,
                                             const std::vector<std::string>& columns_after,
                                             const std::string& renamed_from,
                                             const std::string& renamed_to);

// DROP TABLE drops the sequences its columns own, as PostgreSQL does.
result<ok_t, pg_error> drop_owned_sequences(sqlite3* db, const std::string& table);

}  // namespace tributary
