// system_catalog_indexes: the indexes of the system catalogs Tributary offers, as
// PostgreSQL 15 has them (pg_class_oid_index PRIMARY KEY (oid), ...), so that psql's
// \d pg_class lists them under "Indexes:" and \di pg_catalog.* lists them: their
// pg_class rows (relkind i, btree), pg_index rows, the pg_constraint rows of the
// PRIMARY KEY and UNIQUE ones, pg_get_indexdef and pg_get_constraintdef. The
// table below is generated from a PostgreSQL 15.18 server:
//   SELECT i.indexrelid, ic.relname, t.relname, i.indisunique, i.indisprimary,
//          con.contype, con.oid, i.indkey
//   FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
//   LEFT JOIN pg_constraint con ON con.conindid = i.indexrelid AND con.contype IN ('p', 'u')
//   WHERE t.relnamespace = 11 AND t.relname IN (<the catalogs of system_catalog_rows.cpp>)
// Their columns are the catalogs' own (catalog_relation_columns), in PostgreSQL's order.
#pragma once

#include "cli/catalog/catalog_model.hpp"
#include "cli/catalog/snapshot_table.hpp"

namespace tributary {

// The system catalogs as relations of schema pg_catalog, each with its indexes
// (only those: no checks, keys or triggers); built once.
const catalog_model& system_catalog_index_model();

// pg_class rows of the catalogs' indexes.
std::vector<snapshot_row> system_index_class_rows();

// pg_attribute rows of the catalogs' indexes: each key column as PostgreSQL 15 has it
// (a name key is a cstring, as name_ops stores it; never NOT NULL).
std::vector<snapshot_row> system_index_attribute_rows();

// Whether the system catalog of this OID has indexes (pg_class.relhasindex).
bool system_relation_has_indexes(int64_t oid);

}  // namespace tributary
