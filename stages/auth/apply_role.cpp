// apply_role: see the header.
#include "stages/auth/apply_role.hpp"

namespace tributary {

std::vector<uint32_t> apply_privileges_needed(char kind) {
  switch (kind) {
    case 'I': return {privilege_insert};
    case 'U':
    case 'D': return {privilege_select};
    case 'T': return {privilege_truncate};
    default: return {};
  }
}

std::optional<uint32_t> apply_privilege_for_found_row(char kind) {
  switch (kind) {
    case 'U': return privilege_update;
    case 'D': return privilege_delete;
    default: return std::nullopt;
  }
}

result<int64_t, pg_error> apply_role_for(const apply_role_facts& facts, int64_t table_owner) {
  const int64_t owner = facts.subscription_owner;
  if (facts.run_as_owner || table_owner == owner)
    return owner;
  // usercontext.c's member_can_set_role: superusers may become anyone.
  if (facts.is_superuser(owner) || is_member_of(facts.grants, owner, table_owner))
    return table_owner;
  return fail(make_pg_error("42501", "role \"" + facts.name_of(owner) + "\" cannot SET ROLE to \"" +
                                         facts.name_of(table_owner) + "\""));
}

result<ok_t, pg_error> check_apply_privileges(const apply_role_facts& facts, int64_t role, int64_t table_owner,
                                              const std::optional<table_acl>& acl,
                                              const std::vector<uint32_t>& needed,
                                              const std::string& display_name) {
  if (facts.is_superuser(role))
    return ok_v;
  std::set<int64_t> roles;
  for (int64_t r : roles_with_privileges_of(facts.grants, role, facts.inherits))
    roles.insert(r);
  for (uint32_t privilege : needed)
    if (!holds(acl, table_owner, roles, privilege))
      return fail(make_pg_error("42501", "permission denied for table " + display_name));
  return ok_v;
}

}  // namespace tributary
