#include "storage/subscription_catalog.hpp"

#include "stages/core/pg_text_array.hpp"

namespace tributary {

namespace {

using step = sqlite_statement::step_result;

constexpr const char* subscription_columns =
    "oid, subdbid, subskiplsn, subname, subowner, subenabled, subbinary, substream, "
    "subtwophasestate, subdisableonerr, subpasswordrequired, subrunasowner, subfailover, "
    "subconninfo, subslotname, subsynccommit, subpublications, suborigin";

char first_char(const std::string& s, char fallback) { return s.empty() ? fallback : s[0]; }

subscription_row read_subscription(const sqlite_statement& q) {
  subscription_row r;
  r.oid = q.column_int(0);
  r.dbid = q.column_int(1);
  r.skip_lsn = lsn::parse(q.column_text(2)).value_or(lsn{});
  r.name = q.column_text(3);
  r.owner = q.column_int(4);
  r.enabled = q.column_int(5) != 0;
  r.binary = q.column_int(6) != 0;
  r.streaming = first_char(q.column_text(7), 'f');
  r.two_phase_state = first_char(q.column_text(8), 'd');
  r.disable_on_error = q.column_int(9) != 0;
  r.password_required = q.column_int(10) != 0;
  r.run_as_owner = q.column_int(11) != 0;
  r.failover = q.column_int(12) != 0;
  r.conninfo = q.column_text(13);
  if (!q.column_is_null(14))
    r.slot_name = q.column_text(14);
  r.synchronous_commit = q.column_text(15);
  r.publications = parse_text_array(q.column_text(16)).value_or(std::vector<std::string>{});
  r.origin = q.column_text(17);
  return r;
}

void bind_subscription(sqlite_statement& q, const subscription_row& r) {
  q.bind_int(1, r.oid);
  q.bind_int(2, r.dbid);
  q.bind_text(3, r.skip_lsn.to_string());
  q.bind_text(4, r.name);
  q.bind_int(5, r.owner);
  q.bind_int(6, r.enabled);
  q.bind_int(7, r.binary);
  q.bind_text(8, std::string(1, r.streaming));
  q.bind_text(9, std::string(1, r.two_phase_state));
  q.bind_int(10, r.disable_on_error);
  q.bind_int(11, r.password_required);
  q.bind_int(12, r.run_as_owner);
  q.bind_int(13, r.failover);
  q.bind_text(14, r.conninfo);
  if (r.slot_name)
    q.bind_text(15, *r.slot_name);
  else
    q.bind_null(15);
  q.bind_text(16, r.synchronous_commit);
  q.bind_text(17, format_text_array(r.publications));
  q.bind_text(18, r.origin);
}

result<std::vector<subscription_row>, sqlite_error> query_subscriptions(sqlite_connection& db,
                                                                        const std::string& where,
                                                                        const sql_value* arg) {
  auto q = db.prepare(std::string("SELECT ") + subscription_columns + " FROM pg_subscription " + where +
                      " ORDER BY oid");
  if (!q)
    return fail(q.error());
  if (arg)
    q->bind(1, *arg);
  std::vector<subscription_row> out;
  for (;;) {
    auto s = q->step();
    if (!s)
      return fail(s.error());
    if (*s == step::done)
      return out;
    out.push_back(read_subscription(*q));
  }
}

result<ok_t, sqlite_error> run(sqlite_connection& db, const std::string& sql,
                               std::initializer_list<sql_value> args) {
  auto q = db.prepare(sql);
  if (!q)
    return fail(q.error());
  int i = 1;
  for (const auto& a : args)
    q->bind(i++, a);
  return q->run();
}

}  // namespace

std::string origin_name_for(int64_t subscription_oid) { return "pg_" + std::to_string(subscription_oid); }

result<std::vector<subscription_row>, sqlite_error> list_subscriptions(sqlite_connection& db) {
  return query_subscriptions(db, "", nullptr);
}

result<std::optional<subscription_row>, sqlite_error> find_subscription(sqlite_connection& db,
                                                                        const std::string& name) {
  sql_value arg = name;
  auto rows = query_subscriptions(db, "WHERE subname = ?1", &arg);
  if (!rows)
    return fail(rows.error());
  if (rows->empty())
    return std::optional<subscription_row>{};
  return std::optional<subscription_row>{rows->front()};
}

result<std::optional<subscription_row>, sqlite_error> find_subscription(sqlite_connection& db,
                                                                        int64_t oid) {
  sql_value arg = oid;
  auto rows = query_subscriptions(db, "WHERE oid = ?1", &arg);
  if (!rows)
    return fail(rows.error());
  if (rows->empty())
    return std::optional<subscription_row>{};
  return std::optional<subscription_row>{rows->front()};
}

result<ok_t, sqlite_error> insert_subscription(sqlite_connection& db, const subscription_row& row) {
  auto q = db.prepare(std::string("INSERT INTO pg_subscription (") + subscription_columns +
                      ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, "
                      "?16, ?17, ?18)");
  if (!q)
    return fail(q.error());
  bind_subscription(*q, row);
  return q->run();
}

result<ok_t, sqlite_error> update_subscription(sqlite_connection& db, const subscription_row& row) {
  auto q = db.prepare(
      "UPDATE pg_subscription SET subdbid = ?2, subskiplsn = ?3, subname = ?4, subowner = ?5, "
      "subenabled = ?6, subbinary = ?7, substream = ?8, subtwophasestate = ?9, subdisableonerr = ?10, "
      "subpasswordrequired = ?11, subrunasowner = ?12, subfailover = ?13, subconninfo = ?14, "
      "subslotname = ?15, subsynccommit = ?16, subpublications = ?17, suborigin = ?18 WHERE oid = ?1");
  if (!q)
    return fail(q.error());
  bind_subscription(*q, row);
  return q->run();
}

result<ok_t, sqlite_error> set_subscription_enabled(sqlite_connection& db, int64_t oid, bool enabled) {
  return run(db, "UPDATE pg_subscription SET subenabled = ?2 WHERE oid = ?1",
             {oid, static_cast<int64_t>(enabled ? 1 : 0)});
}

result<ok_t, sqlite_error> delete_subscription(sqlite_connection& db, int64_t oid) {
  if (auto r = run(db, "DELETE FROM pg_subscription_rel WHERE srsubid = ?1", {oid}); !r)
    return r;
  if (auto r = run(db,
                   "DELETE FROM pg_replication_origin_status WHERE local_id IN "
                   "(SELECT roident FROM pg_replication_origin WHERE roname = ?1)",
                   {origin_name_for(oid)});
      !r)
    return r;
  if (auto r = run(db, "DELETE FROM pg_replication_origin WHERE roname = ?1", {origin_name_for(oid)}); !r)
    return r;
  return run(db, "DELETE FROM pg_subscription WHERE oid = ?1", {oid});
}

result<std::vector<subscription_rel_row>, sqlite_error> list_subscription_rels(sqlite_connection& db,
                                                                               int64_t subid) {
  auto q = db.prepare(
      "SELECT srsubid, srrelid, srsubstate, srsublsn, srschemaname, srrelname "
      "FROM pg_subscription_rel WHERE srsubid = ?1 ORDER BY srschemaname, srrelname");
  if (!q)
    return fail(q.error());
  q->bind_int(1, subid);
  std::vector<subscription_rel_row> out;
  for (;;) {
    auto s = q->step();
    if (!s)
      return fail(s.error());
    if (*s == step::done)
      return out;
    subscription_rel_row r;
    r.subid = q->column_int(0);
    r.relid = q->column_int(1);
    r.state = first_char(q->column_text(2), 'i');
    if (!q->column_is_null(3))
      r.sync_lsn = lsn::parse(q->column_text(3));
    r.schema_name = q->column_text(4);
    r.table_name = q->column_text(5);
    out.push_back(std::move(r));
  }
}

result<ok_t, sqlite_error> upsert_subscription_rel(sqlite_connection& db, const subscription_rel_row& row) {
  sql_value sync = row.sync_lsn ? sql_value{row.sync_lsn->to_string()} : sql_value{sql_null{}};
  return run(db,
             "INSERT INTO pg_subscription_rel (srsubid, srrelid, srsubstate, srsublsn, srschemaname, "
             "srrelname) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (srsubid, srschemaname, srrelname) "
             "DO UPDATE SET srrelid = excluded.srrelid, srsubstate = excluded.srsubstate, "
             "srsublsn = excluded.srsublsn",
             {row.subid, row.relid, std::string(1, row.state), sync, row.schema_name, row.table_name});
}

result<ok_t, sqlite_error> delete_subscription_rel(sqlite_connection& db, int64_t subid,
                                                   const std::string& schema_name,
                                                   const std::string& table_name) {
  return run(db,
             "DELETE FROM pg_subscription_rel WHERE srsubid = ?1 AND srschemaname = ?2 AND srrelname = ?3",
             {subid, schema_name, table_name});
}

result<ok_t, sqlite_error> create_origin(sqlite_connection& db, int64_t subscription_oid) {
  auto name = origin_name_for(subscription_oid);
  if (auto r = run(db,
                   "INSERT INTO pg_replication_origin (roident, roname) VALUES "
                   "((SELECT coalesce(max(roident), 0) + 1 FROM pg_replication_origin), ?1)",
                   {name});
      !r)
    return r;
  return run(db,
             "INSERT INTO pg_replication_origin_status (local_id, external_id, remote_lsn, local_lsn) "
             "SELECT roident, roname, '0/0', '0/0' FROM pg_replication_origin WHERE roname = ?1",
             {name});
}

result<int64_t, sqlite_error> origin_id(sqlite_connection& db, int64_t subscription_oid) {
  auto q = db.prepare("SELECT roident FROM pg_replication_origin WHERE roname = ?1");
  if (!q)
    return fail(q.error());
  q->bind_text(1, origin_name_for(subscription_oid));
  auto s = q->step();
  if (!s)
    return fail(s.error());
  return *s == step::row ? q->column_int(0) : int64_t{0};
}

result<lsn, sqlite_error> origin_remote_lsn(sqlite_connection& db, int64_t subscription_oid) {
  auto q = db.prepare("SELECT remote_lsn FROM pg_replication_origin_status WHERE external_id = ?1");
  if (!q)
    return fail(q.error());
  q->bind_text(1, origin_name_for(subscription_oid));
  auto s = q->step();
  if (!s)
    return fail(s.error());
  if (*s == step::done)
    return lsn{};
  return lsn::parse(q->column_text(0)).value_or(lsn{});
}

}  // namespace tributary
