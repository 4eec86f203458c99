// role_settings: see the header.
#include "storage/role_settings.hpp"

#include <functional>

#include "storage/sqlstate_mapping.hpp"
#include "storage/text_query.hpp"

namespace tributary {
namespace {

pg_error storage_error(const sqlite_error& e) { return pg_error_from_sqlite(e, "global.db"); }

result<ok_t, sqlite_error> run(sqlite_connection& g, const char* sql, int64_t database, int64_t role,
                               const std::string& name = {}, const std::optional<std::string>& value = {}) {
  auto q = g.prepare(sql);
  if (!q)
    return fail(q.error());
  q->bind_int(1, database);
  q->bind_int(2, role);
  if (!name.empty())
    q->bind_text(3, name);
  if (value)
    q->bind_text(4, *value);
  return q->run();
}

}  // namespace

result<ok_t, sqlite_error> role_settings::upgrade_schema(sqlite_connection& global) {
  return global.exec(
      "CREATE TABLE IF NOT EXISTS tributary_db_role_setting ("
      "setdatabase integer NOT NULL, setrole integer NOT NULL, name text NOT NULL COLLATE NOCASE, value text NOT NULL, "
      "PRIMARY KEY (setdatabase, setrole, name))");
}

result<ok_t, sqlite_error> role_settings::forget_role(sqlite_connection& global, int64_t role) {
  return run(global, "DELETE FROM tributary_db_role_setting WHERE ?1 = ?1 AND setrole = ?2", 0, role);
}

result<ok_t, sqlite_error> role_settings::forget_database(sqlite_connection& global, int64_t database) {
  return run(global, "DELETE FROM tributary_db_role_setting WHERE setdatabase = ?1 AND ?2 = ?2", database, 0);
}

result<std::vector<role_setting_row>, pg_error> role_settings::list() const {
  std::vector<role_setting_row> out;
  auto r = directory_.with_global_db([&](sqlite_connection& g) -> result<ok_t, pg_error> {
    auto rows = query_rows(g, "SELECT setdatabase, setrole, name, value FROM tributary_db_role_setting "
                              "ORDER BY setdatabase, setrole, rowid");
    if (!rows)
      return fail(storage_error(rows.error()));
    for (const auto& row : *rows) {
      const int64_t database = std::stoll(row.at(0));
      const int64_t role = std::stoll(row.at(1));
      if (out.empty() || out.back().database != database || out.back().role != role)
        out.push_back(role_setting_row{database, role, {}});
      out.back().config.emplace_back(row.at(2), row.at(3));
    }
    return ok_v;
  });
  if (!r)
    return fail(r.error());
  return out;
}

result<ok_t, pg_error> role_settings::set(int64_t database, int64_t role, const std::string& name,
                                          const std::optional<std::string>& value) {
  return directory_.with_global_db([&](sqlite_connection& g) -> result<ok_t, pg_error> {
    auto done = value ? run(g,
                            "INSERT INTO tributary_db_role_setting (setdatabase, setrole, name, value) "
                            "VALUES (?1, ?2, ?3, ?4) ON CONFLICT (setdatabase, setrole, name) "
                            "DO UPDATE SET value = excluded.value",
                            database, role, name, value)
                      : run(g, "DELETE FROM tributary_db_role_setting WHERE setdatabase = ?1 AND setrole = ?2 "
                               "AND name = ?3",
                            database, role, name);
    if (!done)
      return fail(storage_error(done.error()));
    return ok_v;
  });
}

result<ok_t, pg_error> role_settings::reset_all(int64_t database, int64_t role,
                                                const std::function<bool(const std::string&)>& may_reset) {
  auto rows = list();
  if (!rows)
    return fail(rows.error());
  for (const auto& row : *rows)
    if (row.database == database && row.role == role)
      for (const auto& [name, value] : row.config)
        if (may_reset(name))
          if (auto r = set(database, role, name, std::nullopt); !r)
            return r;
  return ok_v;
}

result<std::vector<std::pair<std::string, std::string>>, pg_error> role_settings::for_login(int64_t database,
                                                                                           int64_t role) const {
  auto rows = list();
  if (!rows)
    return fail(rows.error());
  std::vector<std::pair<std::string, std::string>> out;
  for (auto [d, r] : {std::pair<int64_t, int64_t>{0, 0}, {database, 0}, {0, role}, {database, role}})
    for (const auto& row : *rows)
      if (row.database == d && row.role == r)
        out.insert(out.end(), row.config.begin(), row.config.end());
  return out;
}

}  // namespace tributary
