// system_catalog_rows: pg_class and pg_attribute rows of the system catalogs
// themselves (pg_class, pg_tables, ...), as PostgreSQL 15 has them (schema
// pg_catalog, its OIDs, NOT NULL columns), and each catalog's fixed OID.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cli/catalog/snapshot_table.hpp"

namespace tributary {

// The catalog relation's OID (1259 for pg_class, 12000 for pg_roles); 0: none.
int64_t system_relation_oid(const std::string& name);

std::vector<snapshot_row> system_class_rows();
std::vector<snapshot_row> system_attribute_rows();

}  // namespace tributary
