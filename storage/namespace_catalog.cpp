// namespace_catalog: see the header.
#include "storage/namespace_catalog.hpp"
#include "storage/text_query.hpp"

namespace tributary {

result<std::optional<std::string>, sqlite_error> find_schema(sqlite_connection& db,
                                                           const std::string& schema) {
  if (schema == "public" || schema == "pg_catalog" || schema == "information_schema")
    return std::optional<std::string>(std::string());
  auto q = db.prepare("SELECT nspowner FROM tributary_namespaces WHERE nspname = ?1");
  if (!q)
    return fail(q.error());
  q->bind_text(1, schema);
  auto s = q->step();
  if (!s)
    return fail(s.error());
  if (*s == sqlite_statement::step_result::done)
    return std::optional<std::string>();
  return std::optional<std::string>(q->column_text(0));
}

result<ok_t, sqlite_error> record_schema(sqlite_connection& db, const std::string& schema,
                                         const std::string& owner) {
  auto q = db.prepare("INSERT INTO tributary_namespaces (nspname, nspowner) VALUES (?1, ?2)");
  if (!q)
    return fail(q.error());
  q->bind_text(1, schema);
  q->bind_text(2, owner);
  if (auto s = q->step(); !s)
    return fail(s.error());
  return ok_v;
}

result<ok_t, sqlite_error> forget_schema(sqlite_connection& db, const std::string& schema) {
  for (const char* sql : {"DELETE FROM tributary_namespaces WHERE nspname = ?1",
                          "DELETE FROM tributary_namespace_acl WHERE nspname = ?1"}) {
    auto q = db.prepare(sql);
    if (!q)
      return fail(q.error());
    q->bind_text(1, schema);
    if (auto s = q->step(); !s)
      return fail(s.error());
  }
  return ok_v;
}

result<ok_t, sqlite_error> change_schema_owner(sqlite_connection& db, const std::string& schema,
                                               const std::string& owner) {
  auto q = db.prepare("UPDATE tributary_namespaces SET nspowner = ?2 WHERE nspname = ?1");
  if (!q)
    return fail(q.error());
  q->bind_text(1, schema);
  q->bind_text(2, owner);
  return q->run();
}

result<std::optional<std::string>, sqlite_error> public_schema_owner(sqlite_connection& db) {
  auto rows = query_rows(db, "SELECT nspowner FROM tributary_namespaces WHERE nspname = 'public'");
  if (!rows)
    return fail(rows.error());
  if (rows->empty())
    return std::optional<std::string>();
  return std::optional<std::string>(rows->front().at(0));
}

result<ok_t, sqlite_error> set_public_schema_owner(sqlite_connection& db, const std::optional<std::string>& owner) {
  auto q = db.prepare(owner ? "INSERT OR REPLACE INTO tributary_namespaces (nspname, nspowner) VALUES ('public', ?1)"
                            : "DELETE FROM tributary_namespaces WHERE nspname = 'public'");
  if (!q)
    return fail(q.error());
  if (owner)
    q->bind_text(1, *owner);
  return q->run();
}

result<std::vector<std::pair<std::string, std::string>>, sqlite_error> list_schemas(sqlite_connection& db) {
  auto rows = query_rows(db, "SELECT nspname, nspowner FROM tributary_namespaces WHERE nspname <> 'public' "
                            "ORDER BY nspname");
  if (!rows)
    return fail(rows.error());
  std::vector<std::pair<std::string, std::string>> out;
  for (auto& row : *rows)
    out.emplace_back(std::move(row[0]), std::move(row[1]));
  return out;
}

result<std::map<std::string, std::string>, sqlite_error> schema_acl_texts(sqlite_connection& db) {
  auto rows = query_rows(db, "SELECT nspname, nspacl FROM tributary_namespace_acl");
  if (!rows)
    return fail(rows.error());
  std::map<std::string, std::string> out;
  for (auto& row : *rows)
    out.emplace(std::move(row[0]), std::move(row[1]));
  return out;
}

result<ok_t, sqlite_error> store_schema_acl(sqlite_connection& db, const std::string& schema,
                                            const std::string& stored_acl) {
  auto q = db.prepare("INSERT OR REPLACE INTO tributary_namespace_acl (nspname, nspacl) VALUES (?1, ?2)");
  if (!q)
    return fail(q.error());
  q->bind_text(1, schema);
  q->bind_text(2, stored_acl);
  return q->run();
}

result<std::vector<std::string>, sqlite_error> schema_tables(sqlite_connection& db,
                                                            const std::string& schema) {
  auto q = db.prepare(
      "SELECT substr(name, length(?1) + 2) FROM sqlite_master WHERE type = 'table' "
      "AND length(name) > length(?1) + 1 AND substr(name, 1, length(?1) + 1) = ?1 || '.' "
      "ORDER BY 1");
  if (!q)
    return fail(q.error());
  q->bind_text(1, schema);
  std::vector<std::string> tables;
  for (;;) {
    auto s = q->step();
    if (!s)
      return fail(s.error());
    if (*s == sqlite_statement::step_result::done)
      break;
    tables.push_back(q->column_text(0));
  }
  return tables;
}

}  // namespace tributary
