// database_commands: see the header.
#include "cli/commands/database_commands.hpp"

#include <algorithm>

#include "stages/auth/database_options.hpp"
#include "storage/role_catalog.hpp"
#include "storage/role_membership.hpp"
#include "storage/table_access.hpp"

namespace tributary {

result<command_outcome, pg_error> alter_database(const nlohmann::json& fields, std::string_view statement_text,
                                                 command_context& context, data_directory& directory) {
  auto options = parse_database_options(fields.value("options", nlohmann::json::array()), database_statement::alter,
                                        statement_text);
  if (!options)
    return fail(options.error());
  if (options->tablespace_given)
    return fail(make_pg_error("0A000", "ALTER DATABASE SET TABLESPACE is not supported by Tributary"));
  const std::string name = fields.value("dbname", std::string());
  auto found = directory.lookup_database(name);
  if (!found)
    return fail(found.error());
  if (!*found)
    return fail(make_pg_error("3D000", "database \"" + name + "\" does not exist"));
  database_info database = **found;
  if (!context.is_superuser()) {  // pg_database_ownercheck
    auto roles = role_catalog{directory}.list();
    auto grants = role_membership{directory}.list();
    if (!roles || !grants)
      return fail(!roles ? roles.error() : grants.error());
    auto me = std::find_if(roles->begin(), roles->end(),
                           [&](const role_record& r) { return r.name == context.user_name(); });
    if (me == roles->end() || acting_roles(*roles, *grants, me->oid, database.owner_oid).count(database.owner_oid) == 0)
      return fail(make_pg_error("42501", "must be owner of database " + name));
  }
  if (options->allow_connections == false && name == context.database_name())
    return fail(make_pg_error("22023", "cannot disallow connections for current database"));
  if (options->is_template_given)
    return fail(make_pg_error("0A000", "IS_TEMPLATE is not supported by Tributary"));
  if (options->allow_connections)
    database.allow_connections = *options->allow_connections;
  if (options->connection_limit)
    database.connection_limit = *options->connection_limit;
  if (auto r = directory.update_database(database); !r)
    return fail(r.error());
  return command_outcome::tag_only("ALTER DATABASE");
}

}  // namespace tributary
