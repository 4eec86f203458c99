// global_rows: the cluster-wide catalogs (pg_database, pg_roles, pg_authid,
// pg_user, pg_auth_members, pg_tablespace, pg_db_role_setting) from the server's roles and
// databases (global.db: storage/role_catalog.hpp, role_membership.hpp,
// data_directory.hpp). pg_roles and pg_user show '********' for a password;
// pg_authid shows the SCRAM verifier (only superusers may read it). Both list
// the predefined role pg_database_owner (6171), the public schema's owner.
#pragma once

#include <vector>

#include "cli/catalog/snapshot_table.hpp"
#include "stages/auth/role_graph.hpp"
#include "storage/data_directory.hpp"
#include "storage/role_catalog.hpp"
#include "storage/role_settings.hpp"

namespace tributary {

std::vector<snapshot_row> pg_database_rows(const std::vector<database_info>& databases,
                                           const std::vector<role_record>& roles);
std::vector<snapshot_row> pg_roles_rows(const std::vector<role_record>& roles);
std::vector<snapshot_row> pg_authid_rows(const std::vector<role_record>& roles);
std::vector<snapshot_row> pg_user_rows(const std::vector<role_record>& roles);
std::vector<snapshot_row> pg_auth_members_rows(const std::vector<role_grant>& grants);
std::vector<snapshot_row> pg_tablespace_rows();
// setconfig: text[] of "name=value", as ALTER ROLE ... SET stored them.
std::vector<snapshot_row> pg_db_role_setting_rows(const std::vector<role_setting_row>& settings);

// The OID of role `name`, or 10 (the bootstrap superuser's) when unknown.
int64_t role_oid(const std::vector<role_record>& roles, const std::string& name);

}  // namespace tributary
