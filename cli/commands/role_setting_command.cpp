// role_setting_command: see the header.
#include "cli/commands/role_setting_command.hpp"

#include "cli/commands/role_lookup.hpp"
#include "stages/auth/role_graph.hpp"
#include "storage/role_membership.hpp"
#include "storage/role_settings.hpp"

namespace tributary {

result<command_outcome, pg_error> alter_role_setting(const nlohmann::json& stmt, std::string_view text,
                                                     role_catalog& roles, command_context& context,
                                                     const session_parameters& parameters, const char* tag) {
  auto me = current_role(roles, context);
  if (!me)
    return fail(me.error());
  const bool superuser = context.is_superuser();
  int64_t role_oid = 0;
  if (stmt.contains("role") && !stmt["role"].is_null()) {
    auto role = existing_role(roles, role_spec_name(stmt["role"], context));
    if (!role)
      return fail(role.error());
    if (role->superuser) {
      if (!superuser)
        return fail(permission_denied("must be superuser to alter superusers"));
    } else if (!superuser && !me->create_role && role->oid != me->oid) {
      return fail(permission_denied("permission denied"));
    }
    role_oid = role->oid;
  }
  int64_t database_oid = 0;
  const std::string database = stmt.value("database", std::string());
  if (!database.empty()) {
    auto found = roles.directory().find_database(database);
    if (!found)
      return fail(make_pg_error("3D000", "database \"" + database + "\" does not exist"));
    database_oid = found->oid;
    if (role_oid == 0 && !superuser) {
      auto grants = role_membership{roles.directory()}.list();
      if (!grants)
        return fail(grants.error());
      if (!is_member_of(*grants, me->oid, found->owner_oid))
        return fail(permission_denied("must be owner of database " + database));
    }
  }
  if (role_oid == 0 && database_oid == 0 && !superuser)
    return fail(permission_denied("must be superuser to alter settings globally"));

  // The VariableSetStmt's fields (a typed field: no node name around them).
  nlohmann::json set = stmt.value("setstmt", nlohmann::json::object());
  if (set.contains("VariableSetStmt"))
    set = set["VariableSetStmt"];
  role_settings settings{roles.directory()};
  if (set.value("kind", std::string()) == "VAR_RESET_ALL") {
    if (auto r = settings.reset_all(database_oid, role_oid,
                                    [&](const std::string& name) { return parameters.may_reset_role_setting(name); });
        !r)
      return fail(r.error());
    return command_outcome::tag_only(tag);
  }
  auto checked = parameters.role_setting(set, text);
  if (!checked)
    return fail(checked.error());
  if (auto r = settings.set(database_oid, role_oid, checked->first, checked->second); !r)
    return fail(r.error());
  return command_outcome::tag_only(tag);
}

}  // namespace tributary
