// description_rows: the comments COMMENT ON gave relations and columns
// (storage/description_catalog.hpp) as PostgreSQL's catalogs show them:
//
//   pg_description          objoid (the relation), classoid 1259 (pg_class),
//                           objsubid (the column's attnum, 0 for the relation)
//   obj_description(oid [, 'pg_class'])    a relation's comment, NULL when none
//   col_description(oid, attnum)           a column's comment, NULL when none
//
// A comment whose relation or column is gone is not shown. The public schema has
// PostgreSQL's comment "standard public schema" (obj_description(2200, 'pg_namespace')). Also acldefault(kind,
// owner): PostgreSQL 15's default privileges of an object kind, as aclitem[] text,
// and pg_tablespace_location(oid) ('': only the built-in tablespaces exist).
#pragma once

#include <vector>

#include "cli/catalog/catalog_reader.hpp"
#include "cli/catalog/snapshot_table.hpp"

namespace tributary {

// PostgreSQL 15's one extension, plpgsql (pg_extension, psql's \dx), and its comment.
inline constexpr int64_t plpgsql_extension_oid = 13559;
inline constexpr int64_t plpgsql_language_oid = 13563;  // its language (pg_language), with the same comment
inline constexpr const char* plpgsql_extension_comment = "PL/pgSQL procedural language";

std::vector<snapshot_row> pg_description_rows(sqlite_connection& db, const catalog_model& model);

// Replaces the catalog functions' obj_description and col_description.
result<ok_t, sqlite_error> install_description_functions(sqlite_connection& db, const catalog_reader_ptr& reader);

}  // namespace tributary
