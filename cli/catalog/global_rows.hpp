// global_rows: the cluster-wide catalogs (pg_database, pg_roles, pg_authid,
// pg_user, pg_auth_members, pg_tablespace) from the server's roles and
// databases (global.db, data_directory.hpp). Every role rows come from
// role_rows_source(), the one place that reads the role model.
#pragma once

#include <vector>

#include "cli/catalog/snapshot_table.hpp"
#include "storage/data_directory.hpp"

namespace tributary {

std::vector<snapshot_row> pg_database_rows(const std::vector<database_info>& databases,
                                           const std::vector<role_info>& roles);
std::vector<snapshot_row> pg_roles_rows(const std::vector<role_info>& roles);
std::vector<snapshot_row> pg_authid_rows(const std::vector<role_info>& roles);
std::vector<snapshot_row> pg_user_rows(const std::vector<role_info>& roles);
std::vector<snapshot_row> pg_tablespace_rows();

// The OID of role `name`, or 10 (the bootstrap superuser's) when unknown.
int64_t role_oid(const std::vector<role_info>& roles, const std::string& name);

}  // namespace tributary
