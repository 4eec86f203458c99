// table_access: see the header.
#include "storage/table_access.hpp"

#include <strings.h>

#include <algorithm>

#include "stages/auth/role_graph.hpp"
#include "storage/column_acl_catalog.hpp"
#include "storage/namespace_catalog.hpp"
#include "storage/role_catalog.hpp"
#include "storage/role_membership.hpp"
#include "storage/text_query.hpp"

namespace tributary {

bool case_insensitive_less::operator()(const std::string& a, const std::string& b) const {
  return ::strcasecmp(a.c_str(), b.c_str()) < 0;
}

bool table_access::allows(const std::string& relname, uint32_t privilege) const {
  auto it = tables.find(relname);
  if (it == tables.end())
    return true;
  return holds(it->second.acl, it->second.owner, roles, privilege);
}

bool table_access::owns(const std::string& relname) const {
  auto it = tables.find(relname);
  return it == tables.end() || roles.count(it->second.owner) != 0;
}

bool table_access::allows_column(const std::string& relname, const std::string& column, uint32_t privilege) const {
  if (allows(relname, privilege))
    return true;
  auto t = columns.find(relname);
  if (t == columns.end())
    return false;
  auto c = t->second.find(column);
  return c != t->second.end() && holds(c->second, 0, roles, privilege);
}

bool table_access::allows_some_column(const std::string& relname, uint32_t privilege) const {
  if (allows(relname, privilege))
    return true;
  auto t = columns.find(relname);
  if (t == columns.end())
    return false;
  for (const auto& [column, acl] : t->second)
    if (holds(acl, 0, roles, privilege))
      return true;
  return false;
}

bool table_access::view_allows(const std::string& view, const std::string& relname, const char* column,
                               uint32_t privilege) const {
  auto v = tables.find(view);
  auto t = tables.find(relname);
  if (v == tables.end() || t == tables.end())
    return true;
  auto owner = view_owners.find(v->second.owner);
  if (owner == view_owners.end() || owner->second.superuser)
    return true;
  if (holds(t->second.acl, t->second.owner, owner->second.roles, privilege))
    return true;
  if (column == nullptr || *column == '\0')
    return false;
  auto table_columns = columns.find(relname);
  if (table_columns == columns.end())
    return false;
  auto c = table_columns->second.find(column);
  return c != table_columns->second.end() && holds(c->second, 0, owner->second.roles, privilege);
}

bool table_access::allows_schema(const std::string& schema, uint32_t privilege) const {
  auto it = schemas.find(schema.empty() ? std::string("public") : schema);
  return it == schemas.end() || holds(it->second.acl, it->second.owner, roles, privilege);
}

bool table_access::owns_schema(const std::string& schema) const {
  auto it = schemas.find(schema.empty() ? std::string("public") : schema);
  return it == schemas.end() || roles.count(it->second.owner) != 0;
}

pg_error permission_denied_for(acl_object kind, const std::string& name) {
  return make_pg_error("42501", "permission denied for " + acl_object_name(kind) + " " + name);
}

std::set<int64_t> acting_roles(const std::vector<role_record>& roles, const std::vector<role_grant>& grants,
                               int64_t user, int64_t database_owner) {
  std::set<int64_t> out;
  for (int64_t oid : roles_with_privileges_of(grants, user, [&](int64_t role) {
         auto r = std::find_if(roles.begin(), roles.end(), [&](const role_record& x) { return x.oid == role; });
         return r == roles.end() || r->inherit;
       }))
    out.insert(oid);
  if (out.count(database_owner) != 0)
    out.insert(database_owner_role);
  return out;
}

table_acl database_acl_of(const database_info& database) {
  if (database.acl)
    if (auto acl = parse_stored_acl(*database.acl))
      return *acl;
  return default_acl(acl_object::database, database.owner_oid);
}

result<std::map<std::string, schema_acl_entry>, sqlite_error> load_schema_acls(
    sqlite_connection& db, const std::vector<role_record>& roles) {
  std::map<std::string, schema_acl_entry> out;
  const auto oid_of = [&](const std::string& owner_name) {
    if (owner_name == "pg_database_owner")
      return database_owner_role;
    auto r = std::find_if(roles.begin(), roles.end(), [&](const role_record& x) { return x.name == owner_name; });
    return r == roles.end() ? default_relation_owner : r->oid;
  };
  // PostgreSQL 15's public: owned by pg_database_owner (or the role ALTER
  // SCHEMA public OWNER TO named), PUBLIC may only use it.
  auto public_owner_name = public_schema_owner(db);
  if (!public_owner_name)
    return fail(public_owner_name.error());
  const int64_t public_owner = *public_owner_name ? oid_of(**public_owner_name) : database_owner_role;
  out["public"] = schema_acl_entry{public_owner,
                                   {acl_item{public_owner, public_owner, all_privileges_of(acl_object::schema), 0},
                                    acl_item{0, public_owner, privilege_usage, 0}},
                                   true};
  auto schemas = list_schemas(db);
  if (!schemas)
    return fail(schemas.error());
  for (const auto& [name, owner_name] : *schemas) {
    const int64_t owner = oid_of(owner_name);
    out[name] = schema_acl_entry{owner, default_acl(acl_object::schema, owner), false};
  }
  auto acls = schema_acl_texts(db);
  if (!acls)
    return fail(acls.error());
  for (const auto& [name, text] : *acls)
    if (auto it = out.find(name); it != out.end())
      if (auto acl = parse_stored_acl(text)) {
        it->second.acl = std::move(*acl);
        it->second.shown = true;
      }
  return out;
}

std::string table_display_name(const std::string& relname) {
  const size_t dot = relname.rfind('.');
  return dot == std::string::npos ? relname : relname.substr(dot + 1);
}

pg_error table_permission_denied(const std::string& relname) {
  return make_pg_error("42501", "permission denied for table " + table_display_name(relname));
}

pg_error not_table_owner(const std::string& relname) {
  return make_pg_error("42501", "must be owner of table " + table_display_name(relname));
}

pg_error not_view_owner(const std::string& relname) {
  return make_pg_error("42501", "must be owner of view " + table_display_name(relname));
}

result<table_access_ptr, pg_error> load_table_access(sqlite_connection& db, data_directory& directory,
                                                     const std::string& user, const std::string& database) {
  auto storage_error = [](const sqlite_error& e) {
    return make_pg_error("XX000", "could not read the table privileges: " + e.message);
  };
  auto access = std::make_shared<table_access>();
  auto roles = role_catalog{directory}.list();
  if (!roles)
    return fail(roles.error());
  auto grants = role_membership{directory}.list();
  if (!grants)
    return fail(grants.error());
  auto me = std::find_if(roles->begin(), roles->end(), [&](const role_record& r) { return r.name == user; });
  if (me == roles->end())
    return fail(make_pg_error("42704", "role \"" + user + "\" does not exist"));
  access->user = me->oid;
  auto found_database = directory.lookup_database(database);
  if (!found_database)
    return fail(found_database.error());
  if (!*found_database)
    return fail(make_pg_error("3D000", "database \"" + database + "\" does not exist"));
  access->database = database;
  access->database_owner = (*found_database)->owner_oid;
  access->database_acl = database_acl_of(**found_database);
  access->roles = acting_roles(*roles, *grants, me->oid, access->database_owner);
  auto schemas = load_schema_acls(db, *roles);
  if (!schemas)
    return fail(storage_error(schemas.error()));
  access->schemas = std::move(*schemas);

  // Every user table: SQLite's tables that are not Tributary's own (tributary_*, the
  // pg_subscription* catalogs) or SQLite's.
  auto names = query_rows(db,
                          "SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'trigger', 'view') "
                          "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
                          "AND name NOT LIKE 'tributary\\_%' ESCAPE '\\' "
                          "AND name NOT LIKE 'pg\\_%' ESCAPE '\\'");
  if (!names)
    return fail(storage_error(names.error()));
  // Sequences are SQLite views too: not views here.
  auto sequences = query_rows(db, "SELECT name FROM sqlite_schema WHERE type = 'view' AND name IN "
                                  "(SELECT seqname FROM tributary_sequences)");
  if (!sequences)
    return fail(storage_error(sequences.error()));
  std::set<std::string, case_insensitive_less> sequence_names;
  for (const auto& row : *sequences)
    sequence_names.insert(row[0]);
  for (const auto& row : *names) {
    if (row[1] == "trigger") {
      access->triggers.insert(row[0]);
      continue;
    }
    if (row[1] == "view") {
      if (sequence_names.count(row[0]) != 0)
        continue;
      access->views.insert(row[0]);
    }
    access->tables.emplace(row[0], relation_acl_row{row[0], default_relation_owner, std::nullopt});
  }
  auto recorded = list_relation_acls(db);
  if (!recorded)
    return fail(storage_error(recorded.error()));
  for (auto& row : *recorded)
    if (auto it = access->tables.find(row.relname); it != access->tables.end())
      it->second = std::move(row);
  auto column_rows = list_column_acls(db);
  if (!column_rows)
    return fail(storage_error(column_rows.error()));
  for (auto& row : *column_rows)
    access->columns[row.relname][row.attname] = std::move(row.acl);
  for (const auto& [table, acls] : access->columns) {
    auto names = query_texts(db, "SELECT name FROM pragma_table_info(?1) ORDER BY cid", table);
    if (!names)
      return fail(storage_error(names.error()));
    access->column_order[table] = std::move(*names);
  }
  for (const auto& view : access->views) {
    const int64_t owner = access->tables.at(view).owner;
    if (access->view_owners.count(owner) != 0)
      continue;
    auto record = std::find_if(roles->begin(), roles->end(), [&](const role_record& r) { return r.oid == owner; });
    table_access::view_owner rights;
    rights.superuser = record != roles->end() && record->superuser;
    rights.roles = acting_roles(*roles, *grants, owner, access->database_owner);
    access->view_owners.emplace(owner, std::move(rights));
  }
  return table_access_ptr(std::move(access));
}

}  // namespace tributary
