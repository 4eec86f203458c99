// object_privilege_commands: see the header.
#include "cli/commands/object_privilege_commands.hpp"

#include "cli/commands/object_grant.hpp"
#include "cli/commands/role_lookup.hpp"
#include "cli/commands/schema_commands.hpp"
#include "cli/commands/table_privilege_commands.hpp"
#include "stages/core/local_relation_name.hpp"
#include "storage/namespace_catalog.hpp"
#include "storage/relation_acl_catalog.hpp"
#include "storage/sequence_catalog.hpp"
#include "storage/role_membership.hpp"
#include "storage/table_access.hpp"
#include "storage/text_query.hpp"

namespace tributary {
namespace {

pg_error storage_error(const sqlite_error& e) {
  return make_pg_error("XX000", "could not update the privileges: " + e.message);
}

std::vector<std::string> object_names(const nlohmann::json& objects) {
  std::vector<std::string> names;
  for (const auto& object : objects)
    names.push_back(object.value("String", nlohmann::json::object()).value("sval", std::string()));
  return names;
}

pg_error missing_database(const std::string& name) {
  return make_pg_error("3D000", "database \"" + name + "\" does not exist");
}
pg_error missing_schema(const std::string& name) {
  return make_pg_error("3F000", "schema \"" + name + "\" does not exist");
}

result<command_outcome, pg_error> grant_on_databases(const nlohmann::json& fields, const table_access& access,
                                                     command_context& context, data_directory& directory) {
  std::vector<database_info> databases;
  for (const auto& name : object_names(fields.value("objects", nlohmann::json::array()))) {
    auto found = directory.lookup_database(name);
    if (!found)
      return fail(found.error());
    if (!*found)
      return fail(missing_database(name));
    databases.push_back(**found);
  }
  auto request = read_grant_request(fields, acl_object::database, context, directory);
  if (!request)
    return fail(request.error());
  for (auto& database : databases) {
    const acl_target target{acl_object::database, database.name, database.owner_oid, database_acl_of(database)};
    auto acl = apply_grant(target, *request, access.roles, access.user, context);
    if (!acl)
      return fail(acl.error());
    database.acl = stored_acl_text(*acl);
    if (auto r = directory.update_database(database); !r)
      return fail(r.error());
  }
  return command_outcome::tag_only(request->is_grant ? "GRANT" : "REVOKE");
}

result<command_outcome, pg_error> grant_on_schemas(const nlohmann::json& fields, const table_access& access,
                                                   command_context& context, data_directory& directory) {
  const auto names = object_names(fields.value("objects", nlohmann::json::array()));
  for (const auto& name : names) {
    if (name == "pg_catalog" || name == "information_schema")
      return fail(make_pg_error("0A000", "privileges on schema " + name + " cannot be changed"));
    if (access.schemas.count(name) == 0)
      return fail(missing_schema(name));
  }
  auto request = read_grant_request(fields, acl_object::schema, context, directory);
  if (!request)
    return fail(request.error());
  for (const auto& name : names) {
    const schema_acl_entry& entry = access.schemas.at(name);
    const acl_target target{acl_object::schema, name, entry.owner, entry.acl};
    auto acl = apply_grant(target, *request, access.roles, access.user, context);
    if (!acl)
      return fail(acl.error());
    if (auto r = store_schema_acl(context.database(), name, stored_acl_text(*acl)); !r)
      return fail(storage_error(r.error()));
  }
  return command_outcome::tag_only(request->is_grant ? "GRANT" : "REVOKE");
}

result<command_outcome, pg_error> grant_on_sequences(const nlohmann::json& fields, const table_access& access,
                                                     command_context& context, data_directory& directory) {
  sqlite_connection& db = context.database();
  std::vector<stored_sequence> sequences;
  if (fields.value("targtype", std::string()) == "ACL_TARGET_ALL_IN_SCHEMA") {
    // Every sequence of each schema, in name order.
    auto rows = query_rows(db, "SELECT seqname FROM tributary_sequences ORDER BY seqname");
    if (!rows)
      return fail(storage_error(rows.error()));
    std::vector<std::string> names;
    for (const auto& row : *rows)
      names.push_back(row.at(0));
    for (const auto& object : fields.value("objects", nlohmann::json::array())) {
      const std::string schema = object.value("String", nlohmann::json::object()).value("sval", std::string());
      if (auto exists = check_schemas_exist({schema}, db); !exists)
        return fail(exists.error());
      for (const auto& name : names) {
        const size_t dot = name.find('.');
        const bool in_schema = is_public_schema(schema) ? dot == std::string::npos
                                                        : dot != std::string::npos && name.substr(0, dot) == schema;
        if (!in_schema)
          continue;
        auto found = find_sequence(db.handle(), name);
        if (!found)
          return fail(found.error());
        if (*found)
          sequences.push_back(std::move(**found));
      }
    }
  }
  for (const auto& object : fields.value("objects", nlohmann::json::array())) {
    if (!object.contains("RangeVar"))
      continue;
    const auto& range_var = object.value("RangeVar", nlohmann::json::object());
    const std::string relname = range_var.value("relname", std::string());
    auto found = find_sequence(db.handle(), local_relation_name(range_var.value("schemaname", std::string()), relname));
    if (!found)
      return fail(found.error());
    if (!*found)
      return fail(make_pg_error("42P01", "relation \"" + relname + "\" does not exist"));
    sequences.push_back(std::move(**found));
  }
  auto request = read_grant_request(fields, acl_object::sequence, context, directory);
  if (!request)
    return fail(request.error());
  for (const auto& sequence : sequences) {
    // Its own row, else the owning table's owner (sequence_functions.hpp).
    auto row = relation_acl_of(db, sequence.name);
    if (!row)
      return fail(storage_error(row.error()));
    if (!row->acl && row->owner == default_relation_owner && access.is_user_table(sequence.owned_table))
      row->owner = access.tables.at(sequence.owned_table).owner;
    const acl_target target{acl_object::sequence, table_display_name(sequence.name), row->owner,
                            row->acl.value_or(default_acl(acl_object::sequence, row->owner))};
    auto acl = apply_grant(target, *request, access.roles, access.user, context);
    if (!acl)
      return fail(acl.error());
    row->acl = std::move(*acl);
    if (auto r = store_relation_acl(db, *row); !r)
      return fail(storage_error(r.error()));
  }
  return command_outcome::tag_only(request->is_grant ? "GRANT" : "REVOKE");
}

// check_is_member_of_role: superusers are members of every role.
result<ok_t, pg_error> check_member_of(const table_access& access, const role_record& role, command_context& context,
                                       data_directory& directory) {
  if (context.is_superuser())
    return ok_v;
  auto grants = role_membership{directory}.list();
  if (!grants)
    return fail(grants.error());
  if (!is_member_of(*grants, access.user, role.oid))
    return fail(permission_denied("must be member of role \"" + role.name + "\""));
  return ok_v;
}

// ALTER SEQUENCE s OWNER TO r, as ATExecChangeOwner: a sequence a column owns
// follows its table (0A000); else the owner (or a superuser), a member of r,
// and r needs CREATE on the schema.
result<command_outcome, pg_error> alter_sequence_owner(const nlohmann::json& fields, const table_access& access,
                                                        command_context& context, data_directory& directory) {
  sqlite_connection& db = context.database();
  const auto& relation = fields.value("relation", nlohmann::json::object());
  const std::string relname = relation.value("relname", std::string());
  const std::string name = local_relation_name(relation.value("schemaname", std::string()), relname);
  auto found = find_sequence(db.handle(), name);
  if (!found)
    return fail(found.error());
  if (!*found) {
    if (fields.value("missing_ok", false)) {
      pg_error notice = make_pg_error("00000", "relation \"" + relname + "\" does not exist, skipping");
      notice.severity = "NOTICE";
      context.emit_notice(std::move(notice));
      return command_outcome::tag_only("ALTER SEQUENCE");
    }
    return fail(make_pg_error("42P01", "relation \"" + relname + "\" does not exist"));
  }
  auto row = relation_acl_of(db, name);
  if (!row)
    return fail(storage_error(row.error()));
  if (!row->acl && row->owner == default_relation_owner && access.is_user_table((*found)->owned_table))
    row->owner = access.tables.at((*found)->owned_table).owner;
  role_catalog roles{directory};
  for (const auto& cmd : fields.value("cmds", nlohmann::json::array())) {
    const auto& spec = cmd.value("AlterTableCmd", nlohmann::json::object()).value("newowner", nlohmann::json::object());
    auto new_owner = existing_role(roles, role_spec_name(spec, context));
    if (!new_owner)
      return fail(new_owner.error());
    if (new_owner->oid == row->owner)
      continue;
    if (!(*found)->owned_table.empty())
      return fail(make_pg_error("0A000", "cannot change owner of sequence \"" + table_display_name(name) + "\"",
                                "Sequence \"" + table_display_name(name) + "\" is linked to table \"" +
                                    table_display_name((*found)->owned_table) + "\"."));
    if (!context.is_superuser()) {
      if (access.roles.count(row->owner) == 0)
        return fail(make_pg_error("42501", "must be owner of sequence " + table_display_name(name)));
      if (auto r = check_member_of(access, *new_owner, context, directory); !r)
        return fail(r.error());
      if (auto r = check_new_owner_may_create(name, *new_owner, context, directory); !r)
        return fail(r.error());
    }
    if (row->acl)
      change_owner(*row->acl, row->owner, new_owner->oid);
    row->owner = new_owner->oid;
  }
  if (auto r = store_relation_acl(db, *row); !r)
    return fail(storage_error(r.error()));
  return command_outcome::tag_only("ALTER SEQUENCE");
}

result<command_outcome, pg_error> alter_database_owner(const std::string& name, const role_record& new_owner,
                                                        const table_access& access, command_context& context,
                                                        data_directory& directory) {
  auto found = directory.lookup_database(name);
  if (!found)
    return fail(found.error());
  if (!*found)
    return fail(missing_database(name));
  database_info database = **found;
  if (database.owner_oid == new_owner.oid)
    return command_outcome::tag_only("ALTER DATABASE");
  if (!context.is_superuser()) {
    if (access.roles.count(database.owner_oid) == 0)
      return fail(permission_denied("must be owner of database " + name));
    if (auto r = check_member_of(access, new_owner, context, directory); !r)
      return fail(r.error());
    role_catalog roles{directory};
    auto me = roles.find(context.user_name());
    if (!me)
      return fail(me.error());
    if (!*me || !(*me)->create_db)
      return fail(permission_denied("permission denied to change owner of database"));
  }
  if (database.acl) {
    table_acl acl = database_acl_of(database);
    change_owner(acl, database.owner_oid, new_owner.oid);
    database.acl = stored_acl_text(acl);
  }
  database.owner_oid = new_owner.oid;
  if (auto r = directory.update_database(database); !r)
    return fail(r.error());
  return command_outcome::tag_only("ALTER DATABASE");
}

result<command_outcome, pg_error> alter_schema_owner(const std::string& name, const role_record& new_owner,
                                                      const table_access& access, command_context& context,
                                                      data_directory& directory) {
  auto it = access.schemas.find(name);
  if (it == access.schemas.end())
    return fail(missing_schema(name));
  const schema_acl_entry& entry = it->second;
  if (entry.owner == new_owner.oid)
    return command_outcome::tag_only("ALTER SCHEMA");
  if (!context.is_superuser()) {
    if (access.roles.count(entry.owner) == 0)
      return fail(permission_denied("must be owner of schema " + name));
    if (auto r = check_member_of(access, new_owner, context, directory); !r)
      return fail(r.error());
    if (!access.allows_database(privilege_create))
      return fail(permission_denied_for(acl_object::database, access.database));
  }
  sqlite_connection& db = context.database();
  if (name == "public") {  // its ACL is never NULL (initdb sets it): it always follows the owner
    table_acl acl = entry.acl;
    change_owner(acl, entry.owner, new_owner.oid);
    if (auto r = store_schema_acl(db, name, stored_acl_text(acl)); !r)
      return fail(storage_error(r.error()));
    const bool back_to_default = new_owner.oid == database_owner_role;
    if (auto r = set_public_schema_owner(db, back_to_default ? std::nullopt : std::optional<std::string>(new_owner.name));
        !r)
      return fail(storage_error(r.error()));
    return command_outcome::tag_only("ALTER SCHEMA");
  }
  auto stored = schema_acl_texts(db);
  if (!stored)
    return fail(storage_error(stored.error()));
  if (stored->count(name) != 0) {
    table_acl acl = entry.acl;
    change_owner(acl, entry.owner, new_owner.oid);
    if (auto r = store_schema_acl(db, name, stored_acl_text(acl)); !r)
      return fail(storage_error(r.error()));
  }
  if (auto r = change_schema_owner(db, name, new_owner.name); !r)
    return fail(storage_error(r.error()));
  return command_outcome::tag_only("ALTER SCHEMA");
}

}  // namespace

bool is_database_or_schema_owner_change(const std::string& node_type, const nlohmann::json& fields) {
  const std::string kind = fields.value("objectType", std::string());
  return node_type == "AlterOwnerStmt" && (kind == "OBJECT_DATABASE" || kind == "OBJECT_SCHEMA");
}

result<command_outcome, pg_error> run_privilege_statement(const std::string& node_type, const nlohmann::json& fields,
                                                          command_context& context, data_directory& directory) {
  if (node_type == "GrantStmt") {
    const std::string objtype = fields.value("objtype", std::string());
    if (objtype == "OBJECT_TABLE")
      return run_table_grant(fields, context, directory);
    if (objtype != "OBJECT_DATABASE" && objtype != "OBJECT_SCHEMA" && objtype != "OBJECT_SEQUENCE")
      return fail(make_pg_error("0A000", std::string(fields.value("is_grant", false) ? "GRANT" : "REVOKE") + " on " +
                                             (objtype.rfind("OBJECT_", 0) == 0 ? objtype.substr(7) : objtype) +
                                             " objects is not supported"));
  }
  auto access = load_table_access(context.database(), directory, context.user_name(), context.database_name());
  if (!access)
    return fail(access.error());
  if (node_type == "GrantStmt") {
    const std::string objtype = fields.value("objtype", std::string());
    if (objtype == "OBJECT_SEQUENCE")
      return grant_on_sequences(fields, **access, context, directory);
    return objtype == "OBJECT_DATABASE" ? grant_on_databases(fields, **access, context, directory)
                                        : grant_on_schemas(fields, **access, context, directory);
  }
  if (node_type == "AlterTableStmt")  // ALTER SEQUENCE / ALTER VIEW ... OWNER TO
    return fields.value("objtype", std::string()) == "OBJECT_SEQUENCE"
               ? alter_sequence_owner(fields, **access, context, directory)
               : change_table_owner(fields, context, directory);
  role_catalog roles{directory};
  const std::string new_owner_name = role_spec_name(fields.value("newowner", nlohmann::json::object()), context);
  const std::string name =
      fields.value("object", nlohmann::json::object()).value("String", nlohmann::json::object()).value("sval", std::string());
  const bool schema = fields.value("objectType", std::string()) != "OBJECT_DATABASE";
  if (schema && new_owner_name == "pg_database_owner") {  // the predefined role (not a row of pg_authid)
    role_record database_owner;
    database_owner.oid = database_owner_role;
    database_owner.name = new_owner_name;
    return alter_schema_owner(name, database_owner, **access, context, directory);
  }
  auto new_owner = existing_role(roles, new_owner_name);
  if (!new_owner)
    return fail(new_owner.error());
  if (!schema)
    return alter_database_owner(name, *new_owner, **access, context, directory);
  return alter_schema_owner(name, *new_owner, **access, context, directory);
}

}  // namespace tributary
