// role_grant_commands: see the header.
#include "cli/commands/role_grant_commands.hpp"

#include <vector>

#include "cli/commands/role_lookup.hpp"

namespace tributary {
namespace {

pg_error severity(pg_error e, const char* level) {
  e.severity = level;
  return e;
}

// AddRoleMems' and DelRoleMems' permission check on one granted role: the
// admin option is the grantor's (GRANTED BY names another) for a grant, the
// current role's for a revoke.
result<ok_t, pg_error> check_may_administer(const role_record& granted, const role_record& me, int64_t admin,
                                            const std::vector<role_grant>& grants) {
  if (granted.superuser) {
    if (!me.superuser)
      return fail(permission_denied("must be superuser to alter superusers"));
    return ok_v;
  }
  if (!me.superuser && !me.create_role && !is_admin_of(grants, admin, granted.oid))
    return fail(permission_denied("must have admin option on role \"" + granted.name + "\""));
  return ok_v;
}

}  // namespace

result<ok_t, pg_error> add_role_members(const role_record& granted, const std::vector<role_record>& members,
                                        const role_record& grantor, bool admin_option, const role_record& me,
                                        role_membership& store, command_context& context) {
  auto grants = store.list();
  if (!grants)
    return fail(grants.error());
  if (auto r = check_may_administer(granted, me, grantor.oid, *grants); !r)
    return r;
  if (grantor.oid != me.oid && !me.superuser)
    return fail(permission_denied("must be superuser to set grantor"));
  for (const auto& member : members) {
    if (is_member_of(*grants, granted.oid, member.oid))
      return fail(make_pg_error("0LP01", "role \"" + granted.name + "\" is a member of role \"" + member.name + "\""));
    bool held_with_admin = false;
    for (const auto& g : *grants)
      if (g.role == granted.oid && g.member == member.oid)
        held_with_admin = g.admin_option;
    auto existed = store.grant({granted.oid, member.oid, grantor.oid, admin_option});
    if (!existed)
      return fail(existed.error());
    if (*existed && (!admin_option || held_with_admin))
      context.emit_notice(severity(
          make_pg_error("00000", "role \"" + member.name + "\" is already a member of role \"" + granted.name + "\""),
          "NOTICE"));
  }
  return ok_v;
}

result<command_outcome, pg_error> run_role_grant(const nlohmann::json& f, role_catalog& roles,
                                                 role_membership& members, command_context& context) {
  const bool is_grant = f.value("is_grant", false);
  const bool admin_option = f.value("admin_opt", false);
  auto grantees = existing_roles(roles, f.value("grantee_roles", nlohmann::json::array()), context);
  if (!grantees)
    return fail(grantees.error());
  auto me = current_role(roles, context);
  if (!me)
    return fail(me.error());
  role_record grantor = *me;
  if (f.contains("grantor")) {
    auto named = existing_role(roles, role_spec_name(f["grantor"], context));
    if (!named)
      return fail(named.error());
    grantor = std::move(*named);
  }
  for (const auto& priv : f.value("granted_roles", nlohmann::json::array())) {
    auto granted = existing_role(roles, priv.value("AccessPriv", nlohmann::json::object()).value("priv_name", ""));
    if (!granted)
      return fail(granted.error());
    if (is_grant) {
      if (auto r = add_role_members(*granted, *grantees, grantor, admin_option, *me, members, context); !r)
        return fail(r.error());
      continue;
    }
    auto grants = members.list();
    if (!grants)
      return fail(grants.error());
    if (auto r = check_may_administer(*granted, *me, me->oid, *grants); !r)
      return fail(r.error());
    for (const auto& member : *grantees) {
      auto existed = members.revoke(granted->oid, member.oid, admin_option);
      if (!existed)
        return fail(existed.error());
      if (!*existed)
        context.emit_notice(severity(
            make_pg_error("01000", "role \"" + member.name + "\" is not a member of role \"" + granted->name + "\""),
            "WARNING"));
    }
  }
  return command_outcome::tag_only(is_grant ? "GRANT ROLE" : "REVOKE ROLE");
}

}  // namespace tributary
