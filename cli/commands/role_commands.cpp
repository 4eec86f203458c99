// role_commands: see the header.
#include "cli/commands/role_commands.hpp"

#include "cli/commands/role_grant_commands.hpp"
#include "cli/commands/role_lookup.hpp"
#include "stages/auth/role_options.hpp"

namespace tributary {
namespace {

result<ok_t, pg_error> check_name_not_reserved(const std::string& name) {
  if (name.rfind("pg_", 0) == 0)
    return fail(make_pg_error("42939", "role name \"" + name + "\" is reserved",
                              "Role names starting with \"pg_\" are reserved."));
  return ok_v;
}

bool has_create_role(const role_record& me) { return me.superuser || me.create_role; }

result<ok_t, pg_error> apply_options(role_record& role, const role_options& o, command_context& context,
                                     const type_settings& settings) {
  if (o.superuser) role.superuser = *o.superuser;
  if (o.create_db) role.create_db = *o.create_db;
  if (o.create_role) role.create_role = *o.create_role;
  if (o.inherit) role.inherit = *o.inherit;
  if (o.can_login) role.can_login = *o.can_login;
  if (o.replication) role.replication = *o.replication;
  if (o.bypass_rls) role.bypass_rls = *o.bypass_rls;
  if (o.connection_limit) role.connection_limit = *o.connection_limit;
  if (o.valid_until) {
    auto kept = valid_until_text(*o.valid_until, settings);
    if (!kept)
      return fail(kept.error());
    role.valid_until = std::move(*kept);
  }
  if (o.password_given) {
    auto stored = password_text(o.password);
    if (!stored)
      return fail(stored.error());
    if (stored->notice)
      context.emit_notice(*stored->notice);
    role.password = stored->verifier;
  }
  return ok_v;
}

// CreateRole's memberships: the new role joins each IN ROLE role; the ADMIN
// roles (with the admin option) and the ROLE roles join the new role.
result<ok_t, pg_error> add_memberships_of_new_role(const role_record& created, const std::vector<role_record>& in_roles,
                                                   const std::vector<role_record>& admins,
                                                   const std::vector<role_record>& members, const role_record& me,
                                                   role_catalog& roles, command_context& context) {
  role_membership store{roles.directory()};
  for (const auto& r : in_roles)
    if (auto added = add_role_members(r, {created}, me, false, me, store, context); !added)
      return added;
  if (auto added = add_role_members(created, admins, me, true, me, store, context); !added)
    return added;
  return add_role_members(created, members, me, false, me, store, context);
}

result<command_outcome, pg_error> create_role(const nlohmann::json& f, std::string_view statement_text,
                                              role_catalog& roles, command_context& context,
                                              const type_settings& settings) {
  const std::string name = f.value("role", std::string());
  auto options = parse_role_options(f.value("options", nlohmann::json::array()), statement_text);
  if (!options)
    return fail(options.error());
  auto me = current_role(roles, context);
  if (!me)
    return fail(me.error());
  if (options->superuser.value_or(false) && !me->superuser)
    return fail(permission_denied("must be superuser to create superusers"));
  if (options->replication.value_or(false) && !me->superuser)
    return fail(permission_denied("must be superuser to create replication users"));
  if (options->bypass_rls.value_or(false) && !me->superuser)
    return fail(permission_denied("must be superuser to create bypassrls users"));
  if (!has_create_role(*me))
    return fail(permission_denied("permission denied to create role"));
  if (auto r = check_name_not_reserved(name); !r)
    return fail(r.error());
  if (auto existing = roles.find(name); !existing)
    return fail(existing.error());
  else if (*existing)
    return fail(make_pg_error("42710", "role \"" + name + "\" already exists"));
  role_record role;
  role.name = name;
  const std::string type = f.value("stmt_type", std::string());
  role.can_login = type == "ROLESTMT_USER";
  if (auto r = apply_options(role, *options, context, settings); !r)
    return fail(r.error());
  // IN ROLE / ADMIN / ROLE name roles that must exist before anything is created.
  auto in_roles = existing_roles(roles, options->in_roles, context);
  if (!in_roles)
    return fail(in_roles.error());
  auto admins = existing_roles(roles, options->admins, context);
  if (!admins)
    return fail(admins.error());
  auto members = existing_roles(roles, options->members, context);
  if (!members)
    return fail(members.error());
  auto created = roles.create(std::move(role));
  if (!created)
    return fail(created.error());
  if (auto r = add_memberships_of_new_role(*created, *in_roles, *admins, *members, *me, roles, context); !r) {
    (void)roles.drop(*created);  // as PostgreSQL's rollback of the whole CREATE ROLE
    return fail(r.error());
  }
  return command_outcome::tag_only("CREATE ROLE");
}

result<command_outcome, pg_error> alter_role(const nlohmann::json& f, std::string_view statement_text,
                                             role_catalog& roles, command_context& context,
                                             const type_settings& settings) {
  const std::string name = role_spec_name(f.value("role", nlohmann::json::object()), context);
  auto options = parse_role_options(f.value("options", nlohmann::json::array()), statement_text);
  if (!options)
    return fail(options.error());
  auto me = current_role(roles, context);
  if (!me)
    return fail(me.error());
  auto found = existing_role(roles, name);
  if (!found)
    return fail(found.error());
  role_record role = *found;
  if (role.superuser || options->superuser) {
    if (!me->superuser)
      return fail(permission_denied("must be superuser to alter superuser roles or change superuser attribute"));
  } else if (role.replication || options->replication) {
    if (!me->superuser)
      return fail(permission_denied("must be superuser to alter replication roles or change replication attribute"));
  } else if (options->bypass_rls) {
    if (!me->superuser)
      return fail(permission_denied("must be superuser to change bypassrls attribute"));
  } else if (!has_create_role(*me)) {
    if (!options->password_given || !options->only_password() || role.oid != me->oid)
      return fail(permission_denied("permission denied"));
  }
  if (auto r = apply_options(role, *options, context, settings); !r)
    return fail(r.error());
  if (auto r = roles.update(role); !r)
    return fail(r.error());
  return command_outcome::tag_only("ALTER ROLE");
}

result<command_outcome, pg_error> rename_role(const nlohmann::json& f, role_catalog& roles,
                                              command_context& context) {
  const std::string old_name = f.value("subname", std::string());
  const std::string new_name = f.value("newname", std::string());
  auto me = current_role(roles, context);
  if (!me)
    return fail(me.error());
  auto found = existing_role(roles, old_name);
  if (!found)
    return fail(found.error());
  role_record role = *found;
  if (role.oid == me->oid)
    return fail(make_pg_error("0A000", "session user cannot be renamed"));
  if (auto r = check_name_not_reserved(new_name); !r)
    return fail(r.error());
  if (auto existing = roles.find(new_name); !existing)
    return fail(existing.error());
  else if (*existing)
    return fail(make_pg_error("42710", "role \"" + new_name + "\" already exists"));
  if (role.superuser) {
    if (!me->superuser)
      return fail(permission_denied("must be superuser to rename superusers"));
  } else if (!has_create_role(*me)) {
    return fail(permission_denied("permission denied to rename role"));
  }
  role.name = new_name;
  if (auto r = roles.update(role); !r)
    return fail(r.error());
  return command_outcome::tag_only("ALTER ROLE");
}

result<command_outcome, pg_error> drop_roles(const nlohmann::json& f, role_catalog& roles,
                                             command_context& context) {
  auto me = current_role(roles, context);
  if (!me)
    return fail(me.error());
  if (!has_create_role(*me))
    return fail(permission_denied("permission denied to drop role"));
  const bool missing_ok = f.value("missing_ok", false);
  for (const auto& spec : f.value("roles", nlohmann::json::array())) {
    const std::string name = role_spec_name(spec, context);
    auto found = roles.find(name);
    if (!found)
      return fail(found.error());
    if (!*found) {
      if (!missing_ok)
        return fail(no_such_role(name));
      pg_error notice = make_pg_error("00000", "role \"" + name + "\" does not exist, skipping");
      notice.severity = "NOTICE";
      context.emit_notice(std::move(notice));
      continue;
    }
    const role_record& role = **found;
    if (role.oid == me->oid)
      return fail(make_pg_error("55006", "current user cannot be dropped"));
    if (role.superuser && !me->superuser)
      return fail(permission_denied("must be superuser to drop superusers"));
    if (auto r = roles.drop(role); !r)
      return fail(r.error());
  }
  return command_outcome::tag_only("DROP ROLE");
}

}  // namespace

result<command_outcome, pg_error> run_role_statement(const nlohmann::json& node, std::string_view text,
                                                     role_catalog& roles, command_context& context,
                                                     const type_settings& settings) {
  if (node.contains("CreateRoleStmt"))
    return create_role(node["CreateRoleStmt"], text, roles, context, settings);
  if (node.contains("AlterRoleStmt"))
    return alter_role(node["AlterRoleStmt"], text, roles, context, settings);
  if (node.contains("DropRoleStmt"))
    return drop_roles(node["DropRoleStmt"], roles, context);
  if (node.contains("RenameStmt"))
    return rename_role(node["RenameStmt"], roles, context);
  if (node.contains("GrantRoleStmt")) {
    role_membership members{roles.directory()};
    return run_role_grant(node["GrantRoleStmt"], roles, members, context);
  }
  return fail(make_pg_error("0A000", "ALTER ROLE ... SET is not supported by Tributary"));
}

}  // namespace tributary
