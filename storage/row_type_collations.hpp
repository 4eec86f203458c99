// row_type_collations: the SQLite collations pg_row_<type> that order columns of a
// table's row type or of a composite type (CREATE TYPE pair AS (...)) as
// PostgreSQL's record_cmp does (stages/types/verbatim/record_order.hpp): field by
// field in each field type's order, NULL fields last.
//
// Role: a column of type pair is declared TEXT COLLATE "pg_row_pair"
// (stages/core/row_type_oid.hpp's row_type_collation_name; create_table's
// sqlite_column_type; also a type name nothing defines: its collation then compares
// bytes). A connection asks for the collation by name when it first needs it
// (enum_collations.cpp's sqlite3_collation_needed callback hands pg_row_* names to
// install_row_type_collation); its fields are the type's recorded columns
// (tributary_columns under the type's local name), read then. The order lives in a
// process-wide registry per database file and name, so publish_row_type refreshes it
// for every connection when CREATE TYPE defines the name anew. Entries live as long
// as the process (connections hold pointers to them).
#pragma once

#include <string>

struct sqlite3;

namespace tributary {

// Registers `name` on `db` when it is a pg_row_* collation; false otherwise.
bool install_row_type_collation(sqlite3* db, const char* name);

// The fields of row type `type` (its local name) of db's file are what its recorded
// columns now say.
void publish_row_type(sqlite3* db, const std::string& type);

}  // namespace tributary
