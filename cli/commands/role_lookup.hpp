// role_lookup: what every role statement asks first, with PostgreSQL's errors:
// the role a RoleSpec names, the session's current role, a role by name
// (42704 "role \"x\" does not exist"). Shared by role_commands and
// role_grant_commands.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/commands/subscription_commands.hpp"
#include "storage/role_catalog.hpp"

namespace tributary {

inline pg_error permission_denied(std::string message) { return make_pg_error("42501", std::move(message)); }

inline pg_error no_such_role(const std::string& name) {
  return make_pg_error("42704", "role \"" + name + "\" does not exist");
}

// The name a RoleSpec names: CURRENT_USER / CURRENT_ROLE are the current role,
// SESSION_USER the session's.
inline std::string role_spec_name(const nlohmann::json& spec, const command_context& context) {
  const nlohmann::json& s = spec.contains("RoleSpec") ? spec["RoleSpec"] : spec;
  const std::string type = s.value("roletype", std::string());
  if (type == "ROLESPEC_CSTRING")
    return s.value("rolename", std::string());
  if (type == "ROLESPEC_SESSION_USER")
    return context.session_user_name();
  return context.user_name();
}

// The role called `name`; 42704 when there is none.
inline result<role_record, pg_error> existing_role(role_catalog& roles, const std::string& name) {
  auto found = roles.find(name);
  if (!found)
    return fail(found.error());
  if (!*found)
    return fail(no_such_role(name));
  return **found;
}

// The roles a list of RoleSpecs names, in order; 42704 for the first missing one.
inline result<std::vector<role_record>, pg_error> existing_roles(role_catalog& roles, const nlohmann::json& specs,
                                                                 const command_context& context) {
  std::vector<role_record> out;
  for (const auto& spec : specs) {
    auto role = existing_role(roles, role_spec_name(spec, context));
    if (!role)
      return fail(role.error());
    out.push_back(std::move(*role));
  }
  return out;
}

// The current role, for the permission checks.
inline result<role_record, pg_error> current_role(role_catalog& roles, const command_context& context) {
  return existing_role(roles, context.user_name());
}

}  // namespace tributary
