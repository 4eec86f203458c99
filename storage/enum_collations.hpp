// enum_collations: the SQLite collations pg_enum_<oid> that order a user's enum
// columns as PostgreSQL's enum_cmp does (by the labels' sort order).
//
// Role: a column of enum `mood` (OID 16385) is declared TEXT COLLATE
// pg_enum_16385. Every connection asks for that collation by name when it first
// needs it (sqlite3_collation_needed); it compares with the process-wide
// enum_order of that database file and OID (stages/types/user/enum_type.hpp).
// The registry is filled from the file's catalog (tributary_enum_labels) when a
// process first opens the file, and kept current by the type commands as they
// change labels (publish_*), so every connection of the process sees a new label
// at once. Entries live as long as the process (connections hold pointers to
// them); a label only added in a transaction that rolled back stays known to the
// order, which is harmless: no stored value carries it, and it never reorders the
// others. A collation whose enum the registry does not know compares bytes until
// its labels are published. Only one process serves a data directory
// (data_directory_lock.hpp), so the process's registry is the file's truth.
#pragma once

#include <vector>

#include "stages/types/user/enum_type.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

// Called by sqlite_connection::open on every new connection.
void install_enum_collations(sqlite_connection& db);

// The labels of enum `type_oid` of db's file are exactly these (CREATE TYPE).
void publish_enum_labels(sqlite_connection& db, oid_t type_oid,
                         const std::vector<enum_label>& labels);
// One label added, moved or renamed (ALTER TYPE ... ADD / RENAME VALUE).
void publish_enum_label(sqlite_connection& db, oid_t type_oid, const enum_label& label);

}  // namespace tributary
