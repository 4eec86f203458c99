// role_setting_command: ALTER ROLE { r | ALL } [IN DATABASE d] { SET name { = | TO }
// value | RESET name | RESET ALL } (and ALTER USER's spelling), as PostgreSQL
// 15's AlterRoleSet, into storage/role_settings.hpp. Checked in its order:
//   the role exists (42704); a superuser's settings need a superuser
//   ("must be superuser to alter superusers"), another's CREATEROLE unless it is
//   the current user's own ("permission denied"); the database exists (3D000);
//   ALL IN DATABASE d needs d's owner, ALL alone a superuser ("must be superuser
//   to alter settings globally"); the parameter and value as SET checks them for
//   the current user (session_parameters::role_setting: 42704, 22023, 42501,
//   55P02). Sessions that log in later apply the settings.
// ALTER DATABASE d SET / RESET is ALTER ROLE ALL IN DATABASE d's row (tag
// "ALTER DATABASE"): d's owner or a superuser.
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

#include "cli/commands/session_parameters.hpp"
#include "cli/commands/subscription_commands.hpp"
#include "storage/role_catalog.hpp"

namespace tributary {

result<command_outcome, pg_error> alter_role_setting(const nlohmann::json& stmt, std::string_view text,
                                                     role_catalog& roles, command_context& context,
                                                     const session_parameters& parameters,
                                                     const char* tag = "ALTER ROLE");

}  // namespace tributary
