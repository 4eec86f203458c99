// object_grant: see the header.
#include "cli/commands/object_grant.hpp"

#include <algorithm>

#include "cli/commands/role_lookup.hpp"
#include "storage/table_access.hpp"

namespace tributary {
namespace {

void warn(command_context& context, std::string message) {
  pg_error w = make_pg_error("01007", std::move(message));
  w.severity = "WARNING";
  context.emit_notice(std::move(w));
}

// select_best_grantor: the owner for its members and superusers, else the
// role (of those whose privileges the user has) with most of the wanted options.
int64_t best_grantor(const acl_target& target, const std::set<int64_t>& roles, int64_t user, bool superuser,
                     uint32_t wanted) {
  if (superuser || roles.count(target.owner) != 0)
    return target.owner;
  int64_t best = user;
  int best_count = -1;
  for (const auto& item : target.acl) {
    if (item.grantee == 0 || roles.count(item.grantee) == 0)
      continue;
    const int count = __builtin_popcount(item.grant_options & wanted);
    if (count > best_count) {
      best = item.grantee;
      best_count = count;
    }
  }
  return best;
}

uint32_t grant_options_of(const acl_target& target, int64_t grantor) {
  if (grantor == target.owner)
    return all_privileges_of(target.kind);
  uint32_t options = 0;
  for (const auto& item : target.acl)
    if (item.grantee == grantor)
      options |= item.grant_options;
  return options;
}

}  // namespace

result<std::vector<int64_t>, pg_error> grant_grantees(const nlohmann::json& fields, command_context& context,
                                                      data_directory& directory) {
  role_catalog roles{directory};
  std::vector<int64_t> grantees;
  for (const auto& spec : fields.value("grantees", nlohmann::json::array())) {
    const auto& s = spec.value("RoleSpec", nlohmann::json::object());
    if (s.value("roletype", std::string()) == "ROLESPEC_PUBLIC") {
      grantees.push_back(0);
      continue;
    }
    auto role = existing_role(roles, role_spec_name(spec, context));
    if (!role)
      return fail(role.error());
    grantees.push_back(role->oid);
  }
  return grantees;
}

result<uint32_t, pg_error> grant_privileges_of(const nlohmann::json& fields, acl_object kind) {
  const auto privileges = fields.value("privileges", nlohmann::json::array());
  if (privileges.empty())
    return all_privileges_of(kind);  // ALL [PRIVILEGES]
  uint32_t bits = 0;
  for (const auto& p : privileges) {
    const auto& access_priv = p.value("AccessPriv", nlohmann::json::object());
    if (!access_priv.value("cols", nlohmann::json::array()).empty())
      return fail(make_pg_error("0LP01", "column privileges are only valid for relations"));
    const std::string name = access_priv.value("priv_name", std::string());
    auto bit = privilege_named(kind, name);
    if (!bit) {
      std::string upper = name;
      std::transform(upper.begin(), upper.end(), upper.begin(), ::toupper);
      return fail(make_pg_error("0LP01", "invalid privilege type " + upper + " for " + acl_object_name(kind)));
    }
    bits |= *bit;
  }
  return bits;
}

result<grant_request, pg_error> read_grant_request(const nlohmann::json& fields, acl_object kind,
                                                   command_context& context, data_directory& directory) {
  auto grantees = grant_grantees(fields, context, directory);
  if (!grantees)
    return fail(grantees.error());
  auto privileges = grant_privileges_of(fields, kind);
  if (!privileges)
    return fail(privileges.error());
  return grant_request{fields.value("is_grant", false), fields.value("privileges", nlohmann::json::array()).empty(),
                       *privileges, fields.value("grant_option", false), *grantees,
                       fields.value("behavior", std::string()) == "DROP_CASCADE"};
}

result<table_acl, pg_error> apply_grant(const acl_target& target, const grant_request& request,
                                        const std::set<int64_t>& roles, int64_t user, command_context& context) {
  const bool superuser = context.is_superuser();
  // A column's grantor and grant options come from its ACL and its table's.
  acl_target merged = target;
  merged.acl.insert(merged.acl.end(), target.table_items.begin(), target.table_items.end());
  const int64_t grantor = best_grantor(merged, roles, user, superuser, request.privileges);
  const uint32_t options = grant_options_of(merged, grantor);
  if (options == 0 && !superuser) {
    // Having any privilege at all on the object gets a WARNING instead.
    bool any = false;
    for (uint32_t bit = 1; bit <= all_privilege_bits; bit <<= 1)
      any = any || ((bit & all_privileges_of(target.kind)) != 0 && holds(merged.acl, target.owner, roles, bit));
    if (!any)
      return fail(target.column.empty()
                      ? permission_denied_for(target.kind, target.shown_name)
                      : make_pg_error("42501", "permission denied for column " + target.column + " of relation " +
                                                   target.shown_name));
  }
  const uint32_t effective = request.privileges & options;
  const std::string quoted = target.column.empty()
                                 ? "\"" + target.shown_name + "\""
                                 : "column \"" + target.column + "\" of relation \"" + target.shown_name + "\"";
  if (effective == 0)
    warn(context, request.is_grant ? "no privileges were granted for " + quoted
                                   : "no privileges could be revoked for " + quoted);
  else if (!request.all_privileges && effective != request.privileges)
    warn(context, request.is_grant ? "not all privileges were granted for " + quoted
                                   : "not all privileges could be revoked for " + quoted);
  table_acl acl = target.acl;
  for (int64_t grantee : request.grantees) {
    if (request.is_grant) {
      if (request.grant_option && grantee == 0)
        return fail(make_pg_error("0LP01", "grant options can only be granted to roles"));
      grant_privileges(acl, grantee, grantor, effective, request.grant_option);
    } else {
      if (!revoke_cascading(acl, grantee, grantor, effective, request.grant_option, target.owner, request.cascade))
        return fail(make_pg_error("2BP01", "dependent privileges exist", {}, "Use CASCADE to revoke them too."));
    }
  }
  return acl;
}

}  // namespace tributary
