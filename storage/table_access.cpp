// table_access: see the header.
#include "storage/table_access.hpp"

#include <strings.h>

#include <algorithm>

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

result<table_access_ptr, pg_error> load_table_access(sqlite_connection& db, data_directory& directory,
                                                     const std::string& user) {
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
  for (int64_t oid : roles_with_privileges_of(*grants, me->oid, [&](int64_t role) {
         auto r = std::find_if(roles->begin(), roles->end(), [&](const role_record& x) { return x.oid == role; });
         return r == roles->end() || r->inherit;
       }))
    access->roles.insert(oid);

  // Every user table: SQLite's tables that are not Tributary's own (tributary_*, the
  // pg_subscription* catalogs) or SQLite's.
  auto names = query_rows(db,
                          "SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'trigger') "
                          "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
                          "AND name NOT LIKE 'tributary\\_%' ESCAPE '\\' "
                          "AND name NOT LIKE 'pg\\_%' ESCAPE '\\'");
  if (!names)
    return fail(storage_error(names.error()));
  for (const auto& row : *names) {
    if (row[1] == "trigger")
      access->triggers.insert(row[0]);
    else
      access->tables.emplace(row[0], relation_acl_row{row[0], default_relation_owner, std::nullopt});
  }
  auto recorded = list_relation_acls(db);
  if (!recorded)
    return fail(storage_error(recorded.error()));
  for (auto& row : *recorded)
    if (auto it = access->tables.find(row.relname); it != access->tables.end())
      it->second = std::move(row);
  return table_access_ptr(std::move(access));
}

}  // namespace tributary
