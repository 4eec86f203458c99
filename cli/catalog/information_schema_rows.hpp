// information_schema_rows: information_schema's views that ORMs and JDBC read,
// computed from the catalog model with PostgreSQL 15's columns and answers for
// the user's relations (the system catalogs' own relations are not listed):
//
//   information_schema.tables             tables (BASE TABLE) and views (VIEW)
//   information_schema.columns            each column: default, nullability,
//                                         data_type, lengths, precisions, udt_name,
//                                         domain, identity
//   information_schema.schemata           every schema and its owner
//   information_schema.table_constraints  PRIMARY KEY, UNIQUE, FOREIGN KEY and, as
//                                         in PostgreSQL 15, each NOT NULL column as
//                                         a CHECK named <nsp oid>_<rel oid>_<attnum>_not_null
//   information_schema.key_column_usage   the columns of those keys
//   information_schema.column_privileges  each column's privileges, its table's
//                                         included (column_privileges_rows.cpp)
//
// Each is the snapshot table "information_schema.<view>" (a schema other than
// pg_catalog is part of the SQLite name, so the translator finds it as any
// schema's table). The domains' types (sql_identifier, cardinal_number, ...) are
// reported as their base types (name, int4, text).
#pragma once

#include <string>
#include <vector>

#include "cli/catalog/catalog_model.hpp"
#include "cli/catalog/snapshot_table.hpp"
#include "stages/auth/role_graph.hpp"
#include "storage/role_catalog.hpp"

namespace tributary {

std::vector<snapshot_row> information_schema_tables_rows(const catalog_model& model, const std::string& database);
std::vector<snapshot_row> information_schema_columns_rows(sqlite_connection& db, const catalog_model& model,
                                                          const std::string& database);
std::vector<snapshot_row> information_schema_schemata_rows(const catalog_model& model, const std::string& database,
                                                           const std::string& owner);
std::vector<snapshot_row> information_schema_table_constraints_rows(const catalog_model& model,
                                                                    const std::string& database);
std::vector<snapshot_row> information_schema_key_column_usage_rows(const catalog_model& model,
                                                                   const std::string& database);
// What `current_user` may see (PostgreSQL's rule: privileges of the grantor or
// the grantee, or PUBLIC's); relations without a recorded owner are the
// database owner's.
std::vector<snapshot_row> information_schema_column_privileges_rows(const catalog_model& model,
                                                                   const std::string& database,
                                                                   const std::vector<role_record>& roles,
                                                                   const std::vector<role_grant>& grants,
                                                                   int64_t database_owner,
                                                                   const std::string& current_user);

}  // namespace tributary
