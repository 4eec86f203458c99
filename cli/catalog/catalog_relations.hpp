// catalog_relations: pg_catalog's relations for one session connection, as
// read-only snapshot tables (snapshot_table.hpp) computed from Tributary's own
// catalogs (catalog_model.hpp) and the server's roles and databases, with
// PostgreSQL 15's column names and types, so psql's meta-commands, pg_dump,
// JDBC's DatabaseMetaData and GUI clients can read them:
//
//   pg_class_rows.cpp   pg_namespace pg_class pg_attribute pg_attrdef pg_index
//                       pg_constraint pg_sequence pg_tables pg_indexes pg_sequences
//   pg_type_rows.cpp    pg_type pg_am pg_collation
//   global_rows.cpp     pg_database pg_roles pg_authid pg_user pg_auth_members
//                       pg_tablespace pg_db_role_setting
//   pg_settings.cpp     pg_settings (the session's parameters)
//   description_rows    pg_description
//   dependency_rows     pg_depend pg_rewrite
//   system_catalog_rows the catalogs' own pg_class and pg_attribute rows
//   trigger_rows        pg_trigger, the trigger functions' pg_proc rows and
//                       pg_depend rows
//   keyword_rows        pg_get_keywords (the function's rows; FROM pg_get_keywords())
//   builtin_catalog_rows PostgreSQL 15's built-in operators (pg_operator) and
//                       functions (pg_proc), with their pg_description rows
//   (one row)           pg_init_privs: the public schema's privileges from initdb
//   (empty)             pg_shdescription pg_policy
//                       pg_statistic_ext pg_publication pg_publication_rel
//                       pg_publication_namespace pg_inherits
//                       pg_extension pg_partitioned_table pg_foreign_table
//                       pg_seclabel pg_shseclabel pg_seclabels pg_parameter_acl
//                       pg_language
//                       pg_opclass pg_opfamily pg_amop pg_amproc pg_ts_parser
//                       pg_ts_template pg_ts_dict pg_ts_config pg_foreign_data_wrapper
//                       pg_foreign_server pg_default_acl pg_conversion pg_cast
//                       pg_range pg_transform pg_event_trigger
//                       pg_largeobject_metadata
//   A system catalog's hidden column tableoid is its OID (1259 for pg_class).
//
// A relation's SQLite name is its PostgreSQL name (pg_catalog.pg_class is the
// table "pg_class"); the translator reads its column types from
// catalog_relation_columns(). Writes are refused: the tables have no xUpdate.
// Every scan reads the catalogs again (a statement sees the DDL before it).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "cli/catalog/pg_settings.hpp"
#include "stages/core/result.hpp"
#include "stages/types/column_definition.hpp"
#include "stages/auth/role_graph.hpp"
#include "storage/data_directory.hpp"
#include "storage/role_catalog.hpp"
#include "storage/role_settings.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

// What the catalogs read beyond the database file.
struct catalog_sources {
  std::function<std::vector<role_record>()> roles;
  std::function<std::vector<database_info>()> databases;
  std::function<std::vector<role_grant>()> memberships;
  std::function<std::vector<setting_state>()> settings;  // the session's parameters (pg_settings)
  std::function<std::string()> current_user;              // the session's current_user now
  std::function<std::vector<role_setting_row>()> role_settings;  // ALTER ROLE ... SET (pg_db_role_setting)
};

// The columns of pg_catalog relation `name` ("pg_class"), or nullptr when it is
// not one.
const std::vector<column_definition>* catalog_relation_columns(const std::string& name);

// Every relation above, by name (the snapshot tables).
std::vector<std::string> catalog_relation_names();

// pg_subscription, pg_subscription_rel, pg_replication_origin,
// pg_replication_origin_status: real tables of the database file that only
// Tributary's commands write; catalog_relation_columns() types them too.
bool is_replication_catalog(const std::string& name);

// The declared-schema text of relation `name` for sqlite3_declare_vtab.
std::string catalog_relation_schema(const std::string& name);

result<ok_t, sqlite_error> install_catalog_relations(sqlite_connection& db, const catalog_sources& sources);

}  // namespace tributary
