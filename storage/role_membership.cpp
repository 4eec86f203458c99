// role_membership: see the header.
#include "storage/role_membership.hpp"

#include <initializer_list>
#include <optional>

#include "storage/sqlstate_mapping.hpp"
#include "storage/text_query.hpp"

namespace tributary {
namespace {

pg_error storage_error(const sqlite_error& e) { return pg_error_from_sqlite(e, "global.db"); }

// The admin option of the (role, member) pair, nullopt when there is no such pair.
result<std::optional<bool>, pg_error> find_pair(sqlite_connection& g, int64_t role, int64_t member) {
  auto q = g.prepare("SELECT admin_option FROM pg_auth_members WHERE roleid = ?1 AND member = ?2");
  if (!q)
    return fail(storage_error(q.error()));
  q->bind_int(1, role);
  q->bind_int(2, member);
  auto s = q->step();
  if (!s)
    return fail(storage_error(s.error()));
  if (*s != sqlite_statement::step_result::row)
    return std::optional<bool>{};
  return std::optional<bool>{q->column_int(0) != 0};
}

result<ok_t, pg_error> run(sqlite_connection& g, const char* sql, std::initializer_list<int64_t> parameters) {
  auto q = g.prepare(sql);
  if (!q)
    return fail(storage_error(q.error()));
  int index = 0;
  for (int64_t p : parameters)
    q->bind_int(++index, p);
  if (auto done = q->run(); !done)
    return fail(storage_error(done.error()));
  return ok_v;
}

}  // namespace

result<ok_t, sqlite_error> role_membership::upgrade_schema(sqlite_connection& global) {
  return global.exec(
      "CREATE TABLE IF NOT EXISTS pg_auth_members ("
      "roleid integer NOT NULL, member integer NOT NULL, grantor integer NOT NULL, "
      "admin_option bool NOT NULL DEFAULT 0, PRIMARY KEY (roleid, member))");
}

result<ok_t, sqlite_error> role_membership::forget_role(sqlite_connection& global, int64_t oid) {
  auto q = global.prepare("DELETE FROM pg_auth_members WHERE roleid = ?1 OR member = ?1");
  if (!q)
    return fail(q.error());
  q->bind_int(1, oid);
  return q->run();
}

result<std::vector<role_grant>, pg_error> role_membership::list() const {
  std::vector<role_grant> out;
  auto r = directory_.with_global_db([&](sqlite_connection& g) -> result<ok_t, pg_error> {
    auto rows = query_rows(g, "SELECT roleid, member, grantor, admin_option FROM pg_auth_members ORDER BY roleid, member");
    if (!rows)
      return fail(storage_error(rows.error()));
    for (const auto& row : *rows)
      out.push_back({std::stoll(row.at(0)), std::stoll(row.at(1)), std::stoll(row.at(2)), row.at(3) != "0"});
    return ok_v;
  });
  if (!r)
    return fail(r.error());
  return out;
}

result<bool, pg_error> role_membership::grant(const role_grant& grant) {
  bool existed = false;
  auto r = directory_.with_global_db([&](sqlite_connection& g) -> result<ok_t, pg_error> {
    auto pair = find_pair(g, grant.role, grant.member);
    if (!pair)
      return fail(pair.error());
    existed = pair->has_value();
    if (!existed)
      return run(g, "INSERT INTO pg_auth_members (roleid, member, grantor, admin_option) VALUES (?1, ?2, ?3, ?4)",
                 {grant.role, grant.member, grant.grantor, grant.admin_option ? 1 : 0});
    if (grant.admin_option && !**pair)
      return run(g, "UPDATE pg_auth_members SET admin_option = 1, grantor = ?3 WHERE roleid = ?1 AND member = ?2",
                 {grant.role, grant.member, grant.grantor});
    return ok_v;
  });
  if (!r)
    return fail(r.error());
  return existed;
}

result<bool, pg_error> role_membership::revoke(int64_t role, int64_t member, bool admin_option_only) {
  bool existed = false;
  auto r = directory_.with_global_db([&](sqlite_connection& g) -> result<ok_t, pg_error> {
    auto pair = find_pair(g, role, member);
    if (!pair)
      return fail(pair.error());
    existed = pair->has_value();
    if (!existed)
      return ok_v;
    if (admin_option_only)
      return run(g, "UPDATE pg_auth_members SET admin_option = 0 WHERE roleid = ?1 AND member = ?2", {role, member});
    return run(g, "DELETE FROM pg_auth_members WHERE roleid = ?1 AND member = ?2", {role, member});
  });
  if (!r)
    return fail(r.error());
  return existed;
}

}  // namespace tributary
