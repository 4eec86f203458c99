// role_catalog: see the header.
#include "storage/role_catalog.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "storage/namespace_catalog.hpp"
#include "storage/column_acl_catalog.hpp"
#include "storage/relation_acl_catalog.hpp"
#include "storage/role_membership.hpp"
#include "storage/role_settings.hpp"
#include "storage/sqlstate_mapping.hpp"
#include "storage/table_access.hpp"
#include "storage/text_query.hpp"

namespace tributary {
namespace {

constexpr const char* role_columns =
    "oid, rolname, rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolcanlogin, rolreplication, "
    "rolbypassrls, rolconnlimit, rolpassword, rolvaliduntil";

// Columns PostgreSQL's pg_authid has that the first global.db did not.
struct added_column {
  const char* name;
  const char* definition;
};
constexpr added_column added_columns[] = {
    {"rolinherit", "bool NOT NULL DEFAULT 1"},
    {"rolcreaterole", "bool NOT NULL DEFAULT 0"},
    {"rolbypassrls", "bool NOT NULL DEFAULT 0"},
    {"rolconnlimit", "integer NOT NULL DEFAULT -1"},
    {"rolpassword", "text"},
    {"rolvaliduntil", "text"},
};

pg_error storage_error(const sqlite_error& e) { return pg_error_from_sqlite(e, "global.db"); }

role_record read_role(const sqlite_statement& q) {
  role_record r;
  r.oid = q.column_int(0);
  r.name = q.column_text(1);
  r.superuser = q.column_int(2) != 0;
  r.inherit = q.column_int(3) != 0;
  r.create_role = q.column_int(4) != 0;
  r.create_db = q.column_int(5) != 0;
  r.can_login = q.column_int(6) != 0;
  r.replication = q.column_int(7) != 0;
  r.bypass_rls = q.column_int(8) != 0;
  r.connection_limit = q.column_int(9);
  if (!q.column_is_null(10))
    r.password = q.column_text(10);
  if (!q.column_is_null(11))
    r.valid_until = q.column_text(11);
  return r;
}

void bind_role(sqlite_statement& q, const role_record& r) {
  q.bind_int(1, r.oid);
  q.bind_text(2, r.name);
  q.bind_int(3, r.superuser);
  q.bind_int(4, r.inherit);
  q.bind_int(5, r.create_role);
  q.bind_int(6, r.create_db);
  q.bind_int(7, r.can_login);
  q.bind_int(8, r.replication);
  q.bind_int(9, r.bypass_rls);
  q.bind_int(10, r.connection_limit);
  if (r.password)
    q.bind_text(11, *r.password);
  else
    q.bind_null(11);
  if (r.valid_until)
    q.bind_text(12, *r.valid_until);
  else
    q.bind_null(12);
}

bool is_constraint_violation(const sqlite_error& e) { return (e.code & 0xff) == 19; }

pg_error role_exists(const std::string& name) {
  return make_pg_error("42710", "role \"" + name + "\" already exists");
}

}  // namespace

result<ok_t, sqlite_error> role_catalog::upgrade_schema(sqlite_connection& global) {
  auto rows = query_rows(global, "SELECT name FROM pragma_table_info('pg_authid')");
  if (!rows)
    return fail(rows.error());
  std::set<std::string> present;
  for (const auto& row : *rows)
    present.insert(row.at(0));
  for (const auto& column : added_columns)
    if (!present.count(column.name))
      if (auto r = global.exec(std::string("ALTER TABLE pg_authid ADD COLUMN ") + column.name + " " +
                               column.definition);
          !r)
        return r;
  // The bootstrap superuser has every attribute, as initdb's; the first global.db
  // had no columns for these two.
  if (!present.count("rolcreaterole"))
    if (auto r = global.exec("UPDATE pg_authid SET rolcreaterole = 1, rolbypassrls = 1 WHERE oid = 10"); !r)
      return r;
  // PostgreSQL 16's predefined pg_create_subscription: its members may create
  // subscriptions (with CREATE on the database).
  if (auto r = global.exec("INSERT OR IGNORE INTO pg_authid (oid, rolname, rolsuper, rolcanlogin) VALUES (" +
                           std::to_string(create_subscription_oid) + ", 'pg_create_subscription', 0, 0)");
      !r)
    return r;
  if (auto r = role_settings::upgrade_schema(global); !r)
    return r;
  return role_membership::upgrade_schema(global);
}

result<std::vector<role_record>, pg_error> role_catalog::list() const {
  std::vector<role_record> out;
  auto r = directory_.with_global_db([&](sqlite_connection& g) -> result<ok_t, pg_error> {
    auto q = g.prepare(std::string("SELECT ") + role_columns + " FROM pg_authid ORDER BY oid");
    if (!q)
      return fail(storage_error(q.error()));
    for (;;) {
      auto s = q->step();
      if (!s)
        return fail(storage_error(s.error()));
      if (*s != sqlite_statement::step_result::row)
        return ok_v;
      out.push_back(read_role(*q));
    }
  });
  if (!r)
    return fail(r.error());
  return out;
}

result<std::optional<role_record>, pg_error> role_catalog::find(const std::string& name) const {
  std::optional<role_record> found;
  auto r = directory_.with_global_db([&](sqlite_connection& g) -> result<ok_t, pg_error> {
    auto q = g.prepare(std::string("SELECT ") + role_columns + " FROM pg_authid WHERE rolname = ?1");
    if (!q)
      return fail(storage_error(q.error()));
    q->bind_text(1, name);
    auto s = q->step();
    if (!s)
      return fail(storage_error(s.error()));
    if (*s == sqlite_statement::step_result::row)
      found = read_role(*q);
    return ok_v;
  });
  if (!r)
    return fail(r.error());
  return found;
}

result<role_record, pg_error> role_catalog::create(role_record role) {
  role.oid = directory_.allocate_oid();
  if (role.oid == 0)
    return fail(make_pg_error("58030", "could not allocate an object identifier in global.db"));
  auto r = directory_.with_global_db([&](sqlite_connection& g) -> result<ok_t, pg_error> {
    auto q = g.prepare(std::string("INSERT INTO pg_authid (") + role_columns +
                       ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)");
    if (!q)
      return fail(storage_error(q.error()));
    bind_role(*q, role);
    if (auto done = q->run(); !done)
      return fail(is_constraint_violation(done.error()) ? role_exists(role.name) : storage_error(done.error()));
    return ok_v;
  });
  if (!r)
    return fail(r.error());
  return role;
}

result<ok_t, pg_error> role_catalog::update(const role_record& role) {
  return directory_.with_global_db([&](sqlite_connection& g) -> result<ok_t, pg_error> {
    auto q = g.prepare(
        "UPDATE pg_authid SET rolname = ?2, rolsuper = ?3, rolinherit = ?4, rolcreaterole = ?5, "
        "rolcreatedb = ?6, rolcanlogin = ?7, rolreplication = ?8, rolbypassrls = ?9, rolconnlimit = ?10, "
        "rolpassword = ?11, rolvaliduntil = ?12 WHERE oid = ?1");
    if (!q)
      return fail(storage_error(q.error()));
    bind_role(*q, role);
    if (auto done = q->run(); !done)
      return fail(is_constraint_violation(done.error()) ? role_exists(role.name) : storage_error(done.error()));
    return ok_v;
  });
}

result<std::vector<std::string>, pg_error> role_catalog::owned_objects(const role_record& role) const {
  std::vector<std::string> owned;
  auto databases = directory_.list_databases();
  if (!databases)
    return fail(databases.error());
  const auto names_role = [&](const std::optional<table_acl>& acl) {
    return acl && std::any_of(acl->begin(), acl->end(), [&](const acl_item& i) {
             return i.grantee == role.oid || i.grantor == role.oid;
           });
  };
  for (const auto& db : *databases)
    if (db.owner == role.name)
      owned.push_back("owner of database " + db.name);
    else if (db.acl && names_role(parse_stored_acl(*db.acl)))
      owned.push_back("privileges for database " + db.name);
  for (const auto& db : *databases) {
    auto c = directory_.connect(db.name);
    if (!c)
      return fail(c.error());
    auto q = c->prepare("SELECT subname FROM pg_subscription WHERE subowner = ?1 ORDER BY subname");
    if (!q)
      return fail(pg_error_from_sqlite(q.error(), db.name));
    q->bind_int(1, role.oid);
    for (;;) {
      auto s = q->step();
      if (!s)
        return fail(pg_error_from_sqlite(s.error(), db.name));
      if (*s != sqlite_statement::step_result::row)
        break;
      owned.push_back("owner of subscription " + q->column_text(0));
    }
    auto schemas = list_schemas(*c);
    auto schema_acls = schema_acl_texts(*c);
    if (!schemas || !schema_acls)
      return fail(pg_error_from_sqlite(!schemas ? schemas.error() : schema_acls.error(), db.name));
    auto public_owner = public_schema_owner(*c);
    if (!public_owner)
      return fail(pg_error_from_sqlite(public_owner.error(), db.name));
    std::set<std::string> owned_schemas;
    if (*public_owner == role.name) {
      owned.push_back("owner of schema public");
      owned_schemas.insert("public");
    }
    for (const auto& [schema, owner] : *schemas)
      if (owner == role.name) {
        owned.push_back("owner of schema " + schema);
        owned_schemas.insert(schema);
      }
    for (const auto& [schema, text] : *schema_acls)
      if (owned_schemas.count(schema) == 0 && names_role(parse_stored_acl(text)))
        owned.push_back("privileges for schema " + schema);
    auto tables = list_relation_acls(*c);
    if (!tables)
      return fail(pg_error_from_sqlite(tables.error(), db.name));
    auto sequences = query_rows(*c, "SELECT lower(seqname), lower(owned_table) FROM tributary_sequences");
    if (!sequences)
      return fail(pg_error_from_sqlite(sequences.error(), db.name));
    std::map<std::string, std::string> owning_table;  // sequence -> its table ("" for none)
    for (const auto& row : *sequences)
      owning_table[row.at(0)] = row.at(1);
    auto views = query_rows(*c, "SELECT lower(name) FROM sqlite_schema WHERE type = 'view'");
    if (!views)
      return fail(pg_error_from_sqlite(views.error(), db.name));
    std::set<std::string> view_names;
    for (const auto& row : *views)
      view_names.insert(row.at(0));
    // PostgreSQL lists them by OID: a serial column's sequence is made just before its table.
    std::vector<std::pair<std::pair<std::string, int>, std::string>> relations;
    for (const auto& t : *tables) {
      std::string lower = t.relname;
      std::transform(lower.begin(), lower.end(), lower.begin(), ::tolower);
      auto sequence = owning_table.find(lower);
      const std::string kind = sequence != owning_table.end() ? "sequence "
                               : view_names.count(lower) != 0 ? "view "
                                                              : "table ";
      const auto order = sequence != owning_table.end() && !sequence->second.empty()
                             ? std::make_pair(sequence->second, 0)
                             : std::make_pair(lower, 1);
      if (t.owner == role.oid)
        relations.push_back({order, "owner of " + kind + table_display_name(t.relname)});
      else if (names_role(t.acl))
        relations.push_back({order, "privileges for " + kind + table_display_name(t.relname)});
    }
    auto columns = list_column_acls(*c);
    if (!columns)
      return fail(pg_error_from_sqlite(columns.error(), db.name));
    for (const auto& column : *columns) {
      std::string lower = column.relname;
      std::transform(lower.begin(), lower.end(), lower.begin(), ::tolower);
      if (names_role(column.acl))
        relations.push_back({{lower, 2}, "privileges for column " + column.attname + " of table " +
                                             table_display_name(column.relname)});
    }
    std::sort(relations.begin(), relations.end());
    for (auto& [order, line] : relations)
      owned.push_back(std::move(line));
  }
  return owned;
}

result<ok_t, pg_error> role_catalog::drop(const role_record& role) {
  if (role.oid == bootstrap_oid || role.oid == create_subscription_oid)
    return fail(make_pg_error("2BP01", "cannot drop role " + role.name + " because it is required by the database system"));
  auto owned = owned_objects(role);
  if (!owned)
    return fail(owned.error());
  if (!owned->empty()) {
    std::string detail;
    for (const auto& line : *owned)
      detail += (detail.empty() ? "" : "\n") + line;
    return fail(make_pg_error("2BP01", "role \"" + role.name + "\" cannot be dropped because some objects depend on it",
                              detail));
  }
  return directory_.with_global_db([&](sqlite_connection& g) -> result<ok_t, pg_error> {
    auto q = g.prepare("DELETE FROM pg_authid WHERE oid = ?1");
    if (!q)
      return fail(storage_error(q.error()));
    q->bind_int(1, role.oid);
    if (auto done = q->run(); !done)
      return fail(storage_error(done.error()));
    if (auto forgotten = role_membership::forget_role(g, role.oid); !forgotten)
      return fail(storage_error(forgotten.error()));
    if (auto forgotten = role_settings::forget_role(g, role.oid); !forgotten)
      return fail(storage_error(forgotten.error()));
    return ok_v;
  });
}

}  // namespace tributary
