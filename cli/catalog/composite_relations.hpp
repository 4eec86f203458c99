// composite_relations: each composite type of its own (CREATE TYPE pair AS (...),
// tributary_types typtype 'c') as PostgreSQL's catalogs list it: a relation of kind
// 'c' (pg_class relkind c, no storage), whose attributes are pg_attribute rows and
// whose row type (typtype c, typrelid the relation) with its array type, _pair, is in
// pg_type — the rows every table's row type has (pg_type_rows.cpp), with the OIDs of
// stages/core/row_type_oid.hpp. The attributes are read from tributary_columns, where
// CREATE TYPE keeps them under the type's local name.
#pragma once

#include "cli/catalog/catalog_model.hpp"
#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

// Appends a relation per composite type of `model.types` (read already).
result<ok_t, sqlite_error> add_composite_relations(sqlite_connection& db, catalog_model& model);

}  // namespace tributary
