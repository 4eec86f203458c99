// table_privilege_commands: see the header.
#include "cli/commands/table_privilege_commands.hpp"

#include <algorithm>
#include <map>

#include "cli/commands/column_privilege_commands.hpp"
#include "cli/commands/object_grant.hpp"
#include "cli/commands/role_lookup.hpp"
#include "cli/commands/schema_commands.hpp"
#include "stages/auth/role_graph.hpp"
#include "stages/core/local_relation_name.hpp"
#include "storage/column_acl_catalog.hpp"
#include "storage/namespace_catalog.hpp"
#include "storage/relation_acl_catalog.hpp"
#include "storage/role_membership.hpp"
#include "storage/table_access.hpp"

namespace tributary {
namespace {

pg_error storage_error(const sqlite_error& e) {
  return make_pg_error("XX000", "could not update the table privileges: " + e.message);
}

// The local tables a GRANT names, in order.
result<std::vector<std::string>, pg_error> target_tables(const nlohmann::json& fields, sqlite_connection& db,
                                                         const table_access& access) {
  std::vector<std::string> tables;
  const auto objects = fields.value("objects", nlohmann::json::array());
  if (fields.value("targtype", std::string()) == "ACL_TARGET_ALL_IN_SCHEMA") {
    for (const auto& object : objects) {
      const std::string schema = object.value("String", nlohmann::json::object()).value("sval", std::string());
      if (auto exists = check_schemas_exist({schema}, db); !exists)
        return fail(exists.error());
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

}  // namespace

result<command_outcome, pg_error> run_table_grant(const nlohmann::json& statement, command_context& context,
                                                  data_directory& directory) {
  nlohmann::json fields = statement;
  const bool is_grant = fields.value("is_grant", false);
  sqlite_connection& db = context.database();
  auto access = load_table_access(db, directory, context.user_name(), context.database_name());
  if (!access)
    return fail(access.error());
  auto tables = target_tables(fields, db, **access);
  if (!tables)
    return fail(tables.error());
  // PostgreSQL's order: the objects, the grantees, then the privileges.
  auto grantees = grant_grantees(fields, context, directory);
  if (!grantees)
    return fail(grantees.error());
  auto split = split_column_privileges(fields);  // privileges with column lists
  if (!split)
    return fail(split.error());
  auto request = read_grant_request(fields, acl_object::table, context, directory);
  if (!request)
    return fail(request.error());
  if (!split->columns.empty())
    if (auto r = grant_on_columns(split->columns, *tables, *request, **access, context); !r)
      return fail(r.error());
  if (!split->table_level)
    return command_outcome::tag_only(is_grant ? "GRANT" : "REVOKE");
  for (const std::string& table : *tables) {
    relation_acl_row row = (*access)->tables.at(table);
    const acl_target target{acl_object::table, table_display_name(table), row.owner,
                            row.acl.value_or(default_table_acl(row.owner))};
    auto acl = apply_grant(target, *request, (*access)->roles, (*access)->user, context);
    if (!acl)
      return fail(acl.error());
    row.acl = std::move(*acl);
    if (auto r = store_relation_acl(db, row); !r)
      return fail(storage_error(r.error()));
    if (!is_grant)  // a table-level REVOKE takes the columns' privileges too
      if (auto r = revoke_from_all_columns(table, *request, **access, context); !r)
        return fail(r.error());
  }
  return command_outcome::tag_only(is_grant ? "GRANT" : "REVOKE");
}

bool is_owner_change(const nlohmann::json& fields) {
  const auto cmds = fields.value("cmds", nlohmann::json::array());
  return !cmds.empty() && std::all_of(cmds.begin(), cmds.end(), [](const nlohmann::json& c) {
    return c.value("AlterTableCmd", nlohmann::json::object()).value("subtype", std::string()) == "AT_ChangeOwner";
  });
}

result<ok_t, pg_error> check_new_owner_may_create(const std::string& relname, const role_record& new_owner,
                                                  command_context& context, data_directory& directory) {
  if (context.is_superuser())
    return ok_v;
  const size_t dot = relname.find('.');
  const std::string schema = dot == std::string::npos ? "public" : relname.substr(0, dot);
  auto theirs = load_table_access(context.database(), directory, new_owner.name, context.database_name());
  if (!theirs)
    return fail(theirs.error());
  if (!new_owner.superuser && !(*theirs)->allows_schema(schema, privilege_create))
    return fail(permission_denied_for(acl_object::schema, schema));
  return ok_v;
}

result<command_outcome, pg_error> change_table_owner(const nlohmann::json& fields, command_context& context,
                                                     data_directory& directory) {
  sqlite_connection& db = context.database();
  const bool view = fields.value("objtype", std::string()) == "OBJECT_VIEW";
  const char* tag = view ? "ALTER VIEW" : "ALTER TABLE";
  const auto& relation = fields.value("relation", nlohmann::json::object());
  const std::string table = local_relation_name(relation.value("schemaname", std::string()),
                                                relation.value("relname", std::string()));
  auto access = load_table_access(db, directory, context.user_name(), context.database_name());
  if (!access)
    return fail(access.error());
  if (!(*access)->is_user_table(table) || (view && (*access)->views.count(table) == 0)) {
    if (fields.value("missing_ok", false))
      return command_outcome::tag_only(tag);
    return fail(make_pg_error("42P01", "relation \"" + relation.value("relname", std::string()) +
                                           "\" does not exist"));
  }
  role_catalog roles{directory};
  relation_acl_row row = (*access)->tables.at(table);
  // Its columns' ACLs change owner too (aclnewowner on every attacl).
  std::map<std::string, table_acl, case_insensitive_less> column_acls;
  if (auto c = (*access)->columns.find(table); c != (*access)->columns.end())
    column_acls = c->second;
  for (const auto& cmd : fields.value("cmds", nlohmann::json::array())) {
    const auto& spec = cmd.value("AlterTableCmd", nlohmann::json::object()).value("newowner", nlohmann::json::object());
    auto new_owner = existing_role(roles, role_spec_name(spec, context));
    if (!new_owner)
      return fail(new_owner.error());
    if (new_owner->oid == row.owner)
      continue;
    if (!context.is_superuser()) {
      if ((*access)->roles.count(row.owner) == 0)
        return fail((*access)->views.count(table) != 0 ? not_view_owner(table) : not_table_owner(table));
      auto grants = role_membership{directory}.list();
      if (!grants)
        return fail(grants.error());
      if (!is_member_of(*grants, (*access)->user, new_owner->oid))
        return fail(permission_denied("must be member of role \"" + new_owner->name + "\""));
      if (auto r = check_new_owner_may_create(table, *new_owner, context, directory); !r)
        return fail(r.error());
    }
    if (row.acl)
      change_owner(*row.acl, row.owner, new_owner->oid);
    for (auto& [column, acl] : column_acls)
      change_owner(acl, row.owner, new_owner->oid);
    row.owner = new_owner->oid;
  }
  if (auto r = store_relation_acl(db, row); !r)
    return fail(storage_error(r.error()));
  for (auto& [column, acl] : column_acls)
    if (auto r = store_column_acl(db, column_acl_row{table, column, std::move(acl)}); !r)
      return fail(storage_error(r.error()));
  return command_outcome::tag_only(tag);
}

}  // namespace tributary
