// column_privileges_rows: information_schema.column_privileges as PostgreSQL
// 15's view computes it: for every column of a table or view, each INSERT,
// SELECT, UPDATE or REFERENCES privilege its table's ACL (relacl, or the
// owner's acldefault) or its own (attacl) gives, once per (grantor, grantee,
// privilege, grant option); shown when the current user has the privileges of
// the grantor or the grantee (pg_has_role ... 'USAGE'), or the grantee is
// PUBLIC; is_grantable YES for a grant option or a grantee with the owner's
// privileges.
#include <set>
#include <tuple>

#include "cli/catalog/information_schema_rows.hpp"
#include "stages/auth/role_graph.hpp"
#include "stages/auth/table_acl.hpp"

namespace tributary {

std::vector<snapshot_row> information_schema_column_privileges_rows(const catalog_model& model,
                                                                   const std::string& database,
                                                                   const std::vector<role_record>& roles,
                                                                   const std::vector<role_grant>& grants,
                                                                   int64_t database_owner,
                                                                   const std::string& current_user) {
  const auto inherits = [&](int64_t oid) {
    for (const auto& r : roles)
      if (r.oid == oid)
        return r.inherit;
    return true;
  };
  const auto name_of = [&](int64_t oid) -> std::string {
    if (oid == 0)
      return "PUBLIC";
    for (const auto& r : roles)
      if (r.oid == oid)
        return r.name;
    return std::to_string(oid);
  };
  const role_record* me = nullptr;
  for (const auto& r : roles)
    if (r.name == current_user)
      me = &r;
  std::set<int64_t> mine;
  if (me != nullptr)
    for (int64_t oid : roles_with_privileges_of(grants, me->oid, inherits))
      mine.insert(oid);
  const auto usable = [&](int64_t oid) { return (me != nullptr && me->superuser) || mine.count(oid) != 0; };

  // PostgreSQL's UNION: (grantor, grantee, schema, table, column, privilege, grant option).
  using key = std::tuple<int64_t, int64_t, std::string, std::string, std::string, std::string, bool, int64_t>;
  std::set<key> found;
  static const std::pair<uint32_t, const char*> kinds[] = {
      {privilege_insert, "INSERT"}, {privilege_select, "SELECT"}, {privilege_update, "UPDATE"},
      {privilege_references, "REFERENCES"}};
  for (const auto& r : model.relations) {
    if (r.kind != 'r' && r.kind != 'v')
      continue;
    const int64_t owner = r.owner != 0 ? r.owner : database_owner;
    const auto add = [&](const table_acl& acl, const std::string& column) {
      for (const auto& item : acl)
        for (const auto& [bit, word] : kinds)
          if ((item.privileges & bit) != 0)
            found.emplace(item.grantor, item.grantee, r.schema, r.name, column, word, (item.grant_options & bit) != 0,
                          owner);
    };
    const table_acl table_items = r.acl ? *r.acl : default_table_acl(owner);
    for (const auto& c : r.columns)
      add(table_items, c.name);
    for (const auto& [column, acl] : r.column_acls)
      add(acl, column);
  }
  std::vector<snapshot_row> out;
  for (const auto& [grantor, grantee, schema, table, column, word, grantable, owner] : found) {
    if (!usable(grantor) && !usable(grantee) && grantee != 0)
      continue;
    bool owner_privileges = false;
    if (grantee != 0)
      for (int64_t oid : roles_with_privileges_of(grants, grantee, inherits))
        owner_privileges = owner_privileges || oid == owner;
    out.push_back({name_of(grantor), name_of(grantee), database, schema, table, column, word,
                   std::string(owner_privileges || grantable ? "YES" : "NO")});
  }
  return out;
}

}  // namespace tributary
