// user_type_catalog: a database's enums and domains (tables tributary_types and
// tributary_enum_labels, catalog migration 4; domains' CHECK constraints in
// tributary_domain_constraints, migration 5), written in the transaction of the
// statement that defines or changes them.
//
// Role: CREATE TYPE ... AS ENUM / CREATE DOMAIN record a type (OIDs from 16384
// up, never given out twice; a type's array type has the OID just below the
// type's, typarray, migrations 12 and 13; an enum's labels the OIDs after it,
// migration 13); ALTER TYPE adds or renames labels; DROP TYPE /
// DROP DOMAIN remove it. The DDL translators read the whole set before a CREATE
// TABLE or ADD COLUMN (read_user_types); the column type catalog attaches an
// enum's labels to each column of the enum it reads (read_enum_definition), so
// a value is checked against the labels as they are in the reader's transaction.
// A composite type (typtype 'c', migration 16) is a row here; its attributes are
// tributary_columns rows under its local name, written by the type commands.
// Dependents: the columns whose type is the enum, or that were declared with the
// domain (tributary_columns.attdomain), or a composite type's columns (by name).
// All calls run inside the caller's transaction.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "stages/core/result.hpp"
#include "stages/types/user/user_types.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

result<user_type_set, sqlite_error> read_user_types(sqlite_connection& db);

// The enum `oid`, or the enum whose array type is `oid`, with its labels in sort
// order, or nullptr when there is none.
result<std::shared_ptr<const enum_definition>, sqlite_error> read_enum_definition(
    sqlite_connection& db, oid_t oid);

// Records `type` (its oid is ignored) and, for an enum, `labels`; returns its OID.
result<oid_t, sqlite_error> record_user_type(sqlite_connection& db, const user_type& type,
                                            const std::vector<enum_label>& labels = {});

// Sets one label's sort order (a new label, or one renumbered). A new label takes
// its OID from the types' counter as PostgreSQL's (takes_label_oid).
result<ok_t, sqlite_error> record_enum_label(sqlite_connection& db, oid_t type_oid,
                                             const enum_label& label);
result<ok_t, sqlite_error> rename_enum_label(sqlite_connection& db, oid_t type_oid,
                                             const std::string& from, const std::string& to);

// A domain's CHECK constraint: recorded (or replaced, same name), forgotten, or
// marked validated (VALIDATE CONSTRAINT).
result<ok_t, sqlite_error> record_domain_check(sqlite_connection& db, oid_t domain_oid,
                                               const domain_check& check);
result<ok_t, sqlite_error> forget_domain_check(sqlite_connection& db, oid_t domain_oid,
                                               const std::string& name);

// ALTER DOMAIN ... SET/DROP NOT NULL, SET/DROP DEFAULT: the domain's row anew.
result<ok_t, sqlite_error> update_domain_rules(sqlite_connection& db, const user_type& domain);

// Removes the type, its labels and its CHECK constraints.
result<ok_t, sqlite_error> forget_user_type(sqlite_connection& db, oid_t oid);

struct type_dependent {
  std::string table;   // the SQLite table
  std::string column;
  bool array = false;  // an array of the enum (of the domain)
};
// The columns of `type` (an enum: by OID; a domain: by its name), table by table;
// drop_order: in the order PostgreSQL's DROP lists them, the oldest table first,
// its columns last to first.
result<std::vector<type_dependent>, sqlite_error> type_dependents(sqlite_connection& db,
                                                                 const user_type& type,
                                                                 bool drop_order = false);

}  // namespace tributary
