// table_privilege_commands: see the header.
#include "cli/commands/table_privilege_commands.hpp"

#include <algorithm>

#include "cli/commands/role_lookup.hpp"
#include "stages/auth/role_graph.hpp"
#include "stages/core/local_relation_name.hpp"
#include "storage/namespace_catalog.hpp"
#include "storage/relation_acl_catalog.hpp"
#include "storage/role_membership.hpp"
#include "storage/table_access.hpp"

namespace tributary {
namespace {

pg_error storage_error(const sqlite_error& e) {
  return make_pg_error("XX000", "could not update the table privileges: " + e.message);
}

void warn(command_context& context, std::string message) {
  pg_error w = make_pg_error("01007", std::move(message));
  w.severity = "WARNING";
  context.emit_notice(std::move(w));
}

result<uint32_t, pg_error> requested_privileges(const nlohmann::json& fields) {
  const auto privileges = fields.value("privileges", nlohmann::json::array());
  if (privileges.empty())
    return all_table_privileges;  // ALL [PRIVILEGES]
  uint32_t bits = 0;
  for (const auto& p : privileges) {
    const auto& access_priv = p.value("AccessPriv", nlohmann::json::object());
    if (!access_priv.value("cols", nlohmann::json::array()).empty())
      return fail(make_pg_error("0A000", "column privileges are not supported"));
    const std::string name = access_priv.value("priv_name", std::string());
    auto bit = table_privilege_named(name);
    if (!bit) {
      std::string upper = name;
      std::transform(upper.begin(), upper.end(), upper.begin(), ::toupper);
      return fail(make_pg_error("0LP01", "invalid privilege type " + upper + " for table"));
    }
    bits |= *bit;
  }
  return bits;
}

// The local tables a GRANT names, in order.
result<std::vector<std::string>, pg_error> target_tables(const nlohmann::json& fields, sqlite_connection& db,
                                                         const table_access& access) {
  std::vector<std::string> tables;
  const auto objects = fields.value("objects", nlohmann::json::array());
  if (fields.value("targtype", std::string()) == "ACL_TARGET_ALL_IN_SCHEMA") {
    for (const auto& object : objects) {
      const std::string schema = object.value("String", nlohmann::json::object()).value("sval", std::string());
      if (!is_public_schema(schema)) {
        auto found = find_schema(db, schema);
        if (!found)
          return fail(storage_error(found.error()));
        if (!*found)
          return fail(make_pg_error("3F000", "schema \"" + schema + "\" does not exist"));
      }
      for (const auto& [name, row] : access.tables) {
        const bool in_schema = is_public_schema(schema)
                                   ? name.find('.') == std::string::npos
                                   : name.size() > schema.size() + 1 && name.compare(0, schema.size() + 1, schema + ".") == 0;
        if (in_schema)
          tables.push_back(name);
      }
    }
    return tables;
  }
  for (const auto& object : objects) {
    const auto& range_var = object.value("RangeVar", nlohmann::json::object());
    const std::string name = local_relation_name(range_var.value("schemaname", std::string()),
                                                 range_var.value("relname", std::string()));
    if (!access.is_user_table(name))
      return fail(make_pg_error("42P01", "relation \"" + range_var.value("relname", std::string()) +
                                             "\" does not exist"));
    tables.push_back(name);
  }
  return tables;
}

// The role that grants (or revokes) on a table: its owner for the owner, a
// member of it or a superuser; else the role with the most of the wanted grant
// options among those whose privileges the current user has (select_best_grantor).
int64_t best_grantor(const relation_acl_row& row, const table_access& access, bool superuser,
                     uint32_t wanted) {
  if (superuser || access.roles.count(row.owner) != 0)
    return row.owner;
  int64_t best = access.user;
  int best_count = -1;
  for (const auto& item : row.acl.value_or(table_acl{})) {
    if (item.grantee == 0 || access.roles.count(item.grantee) == 0)
      continue;
    const int count = __builtin_popcount(item.grant_options & wanted);
    if (count > best_count) {
      best = item.grantee;
      best_count = count;
    }
  }
  return best;
}

uint32_t grant_options_of(const relation_acl_row& row, int64_t grantor) {
  if (grantor == row.owner)
    return all_table_privileges;
  uint32_t options = 0;
  if (row.acl)
    for (const auto& item : *row.acl)
      if (item.grantee == grantor)
        options |= item.grant_options;
  return options;
}

}  // namespace

result<command_outcome, pg_error> run_table_grant(const nlohmann::json& fields, command_context& context,
                                                  data_directory& directory) {
  const bool is_grant = fields.value("is_grant", false);
  const std::string tag = is_grant ? "GRANT" : "REVOKE";
  const std::string objtype = fields.value("objtype", std::string());
  if (objtype != "OBJECT_TABLE")
    return fail(make_pg_error("0A000", tag + " on " +
                                           (objtype.rfind("OBJECT_", 0) == 0 ? objtype.substr(7) : objtype) +
                                           " objects is not supported"));
  const bool all_privileges = fields.value("privileges", nlohmann::json::array()).empty();
  sqlite_connection& db = context.database();
  auto access = load_table_access(db, directory, context.user_name());
  if (!access)
    return fail(access.error());
  auto tables = target_tables(fields, db, **access);
  if (!tables)
    return fail(tables.error());
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
  // PostgreSQL's order: the objects, the grantees, then the privileges.
  auto privileges = requested_privileges(fields);
  if (!privileges)
    return fail(privileges.error());
  const bool grant_option = fields.value("grant_option", false);
  if (is_grant && grant_option && std::find(grantees.begin(), grantees.end(), 0) != grantees.end())
    return fail(make_pg_error("0LP01", "grant options can only be granted to roles"));
  for (const std::string& table : *tables) {
    relation_acl_row row = (*access)->tables.at(table);
    const int64_t grantor = best_grantor(row, **access, context.is_superuser(), *privileges);
    const uint32_t options = grant_options_of(row, grantor);
    const std::string shown = table_display_name(table);
    if (options == 0 && !context.is_superuser()) {
      // Having any privilege at all on the table gets a WARNING instead.
      bool any = false;
      for (uint32_t bit = 1; bit <= all_table_privileges; bit <<= 1)
        any = any || holds(row.acl, row.owner, (*access)->roles, bit);
      if (!any)
        return fail(table_permission_denied(table));
    }
    const uint32_t effective = *privileges & options;
    if (effective == 0)
      warn(context, is_grant ? "no privileges were granted for \"" + shown + "\""
                             : "no privileges could be revoked for \"" + shown + "\"");
    else if (!all_privileges && effective != *privileges)
      warn(context, is_grant ? "not all privileges were granted for \"" + shown + "\""
                             : "not all privileges could be revoked for \"" + shown + "\"");
    table_acl acl = row.acl.value_or(default_table_acl(row.owner));
    for (int64_t grantee : grantees) {
      if (is_grant)
        grant_privileges(acl, grantee, grantor, effective, grant_option);
      else
        revoke_privileges(acl, grantee, grantor, effective, grant_option);
    }
    row.acl = std::move(acl);
    if (auto r = store_relation_acl(db, row); !r)
      return fail(storage_error(r.error()));
  }
  return command_outcome::tag_only(tag);
}

bool is_owner_change(const nlohmann::json& fields) {
  const auto cmds = fields.value("cmds", nlohmann::json::array());
  return !cmds.empty() && std::all_of(cmds.begin(), cmds.end(), [](const nlohmann::json& c) {
    return c.value("AlterTableCmd", nlohmann::json::object()).value("subtype", std::string()) == "AT_ChangeOwner";
  });
}

result<command_outcome, pg_error> change_table_owner(const nlohmann::json& fields, command_context& context,
                                                     data_directory& directory) {
  sqlite_connection& db = context.database();
  const auto& relation = fields.value("relation", nlohmann::json::object());
  const std::string table = local_relation_name(relation.value("schemaname", std::string()),
                                                relation.value("relname", std::string()));
  auto access = load_table_access(db, directory, context.user_name());
  if (!access)
    return fail(access.error());
  if (!(*access)->is_user_table(table)) {
    if (fields.value("missing_ok", false))
      return command_outcome::tag_only("ALTER TABLE");
    return fail(make_pg_error("42P01", "relation \"" + relation.value("relname", std::string()) +
                                           "\" does not exist"));
  }
  role_catalog roles{directory};
  relation_acl_row row = (*access)->tables.at(table);
  for (const auto& cmd : fields.value("cmds", nlohmann::json::array())) {
    const auto& spec = cmd.value("AlterTableCmd", nlohmann::json::object()).value("newowner", nlohmann::json::object());
    auto new_owner = existing_role(roles, role_spec_name(spec, context));
    if (!new_owner)
      return fail(new_owner.error());
    if (new_owner->oid == row.owner)
      continue;
    if (!context.is_superuser()) {
      if ((*access)->roles.count(row.owner) == 0)
        return fail(not_table_owner(table));
      auto grants = role_membership{directory}.list();
      if (!grants)
        return fail(grants.error());
      if (!is_member_of(*grants, (*access)->user, new_owner->oid))
        return fail(permission_denied("must be member of role \"" + new_owner->name + "\""));
    }
    if (row.acl)
      change_owner(*row.acl, row.owner, new_owner->oid);
    row.owner = new_owner->oid;
  }
  if (auto r = store_relation_acl(db, row); !r)
    return fail(storage_error(r.error()));
  return command_outcome::tag_only("ALTER TABLE");
}

}  // namespace tributary
