// relation_constraints: the parts of read_catalog_model (catalog_model.hpp) that
// read a table's indexes (PostgreSQL's names: <table>_pkey, <table>_<columns>_key,
// declared ones kept; the rowid primary key as an index), CHECKs (printed as
// PostgreSQL prints them) and foreign keys (named as declared or
// <table>_<columns>_fkey; referenced columns resolved once every table is read).
#pragma once

#include "cli/catalog/catalog_model.hpp"

namespace tributary {

result<ok_t, sqlite_error> read_indexes(sqlite_connection& db, catalog_relation& r);
result<ok_t, sqlite_error> read_checks(sqlite_connection& db, catalog_relation& r);
// Every table's foreign keys, once every table of `model` is read.
result<ok_t, sqlite_error> read_foreign_keys(sqlite_connection& db, catalog_model& model);

}  // namespace tributary
