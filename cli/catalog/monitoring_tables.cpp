#include "cli/catalog/monitoring_tables.hpp"

#include "stages/core/utc_timestamp.hpp"

#include "actors/worker_pid.hpp"
#include "cli/catalog/snapshot_table.hpp"

#include <sqlite3.h>

#include <algorithm>

#include <cstring>
#include <ctime>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace tributary {

namespace {

using row = snapshot_row;

std::string timestamp_text(wall_time t) { return utc_timestamp_text(t); }

// pg_timestamp (microseconds since 2000-01-01 UTC) as a wall-clock time.
wall_time from_pg_microseconds(int64_t pg_us) {
  constexpr int64_t unix_to_2000_us = 946'684'800'000'000;
  return wall_time{std::chrono::duration_cast<wall_time::duration>(std::chrono::microseconds(pg_us + unix_to_2000_us))};
}

sql_value time_or_null(const std::optional<wall_time>& t) {
  return t ? sql_value{timestamp_text(*t)} : sql_value{sql_null{}};
}

sql_value lsn_or_null(const std::optional<lsn>& l) {
  return l ? sql_value{l->to_string()} : sql_value{sql_null{}};
}

// The apply worker of each subscription, then one row per table-sync worker
// while it copies its table, each with its own pid (worker_pid.hpp): PostgreSQL shows such a worker with the table
// (relid, joined from pg_subscription_rel by name), no LSNs yet, and its start
// time as its message times.
std::vector<row> worker_rows(const monitoring_registry& registry) {
  std::vector<row> out;
  const sql_null null;
  std::set<int64_t> running;  // subscriptions whose apply worker runs
  for (const auto& w : registry.workers()) {
    if (!w.running) {
      out.push_back(row{w.subid, null, null, null, null, null, null, null, null, null});
      continue;
    }
    running.insert(w.subid);
    out.push_back(row{w.subid, std::string("apply"), int64_t{w.pid}, lsn_or_null(w.received_lsn),
                      time_or_null(w.last_msg_send_time), time_or_null(w.last_msg_receipt_time),
                      lsn_or_null(w.latest_end_lsn), time_or_null(w.latest_end_time), null, null});
  }
  for (const auto& a : registry.actors()) {
    if (a.kind != "table_sync" || !running.contains(a.subscription))
      continue;
    const sql_value started = timestamp_text(a.started);
    out.push_back(row{a.subscription, std::string("table synchronization"), int64_t{worker_pid(a.id)}, null, started,
                      started, null, started, a.relation_schema, a.relation_name});
  }
  return out;
}

std::vector<row> counter_rows(const monitoring_registry& registry, sqlite3* db) {
  // Every subscription of this database, even one whose worker never ran.
  std::vector<row> out;
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db, "SELECT oid FROM main.pg_subscription ORDER BY oid", -1, &stmt, nullptr) != SQLITE_OK)
    return out;
  while (sqlite3_step(stmt) == SQLITE_ROW) {
    int64_t subid = sqlite3_column_int64(stmt, 0);
    auto c = registry.counters(subid).value_or(subscription_counters{});
    out.push_back(row{subid, c.apply_error_count, c.sync_error_count, c.confl_insert_exists,
                      c.confl_update_origin_differs, c.confl_update_exists, c.confl_update_missing,
                      c.confl_delete_origin_differs, c.confl_delete_missing, c.confl_multiple_unique_conflicts,
                      c.stream_spilled_txns, c.stream_spilled_bytes, time_or_null(c.stats_reset)});
  }
  sqlite3_finalize(stmt);
  return out;
}

std::vector<row> actor_rows(const monitoring_registry& registry) {
  std::vector<row> out;
  for (const auto& a : registry.actors())
    out.push_back(row{static_cast<int64_t>(a.id), a.kind,
                      a.subscription ? sql_value{a.subscription} : sql_value{sql_null{}},
                      a.parent ? sql_value{static_cast<int64_t>(a.parent)} : sql_value{sql_null{}}, a.state,
                      static_cast<int64_t>(a.messages), static_cast<int64_t>(a.mailbox),
                      static_cast<int64_t>(a.restarts), static_cast<int64_t>(a.progress),
                      a.last_error.empty() ? sql_value{sql_null{}} : sql_value{a.last_error},
                      static_cast<int64_t>(a.rows), static_cast<int64_t>(a.transactions),
                      static_cast<int64_t>(a.bytes), static_cast<int64_t>(a.commits),
                      a.last_commit_time ? sql_value{timestamp_text(from_pg_microseconds(a.last_commit_time))}
                                         : sql_value{sql_null{}},
                      timestamp_text(a.state_since), time_or_null(a.last_error_time),
                      timestamp_text(a.started),
                      a.progress_total ? sql_value{static_cast<int64_t>(a.progress_total)} : sql_value{sql_null{}}});
  return out;
}

// timestamptz's stored form: microseconds since 2000-01-01 00:00:00 UTC.
sql_value stored_timestamptz(wall_time t) {
  constexpr int64_t unix_to_2000_us = 946'684'800'000'000;
  return std::chrono::duration_cast<std::chrono::microseconds>(t.time_since_epoch()).count() - unix_to_2000_us;
}

sql_value stored_timestamptz_or_null(const std::optional<wall_time>& t) {
  return t ? stored_timestamptz(*t) : sql_value{sql_null{}};
}

sql_value text_or_null(const std::optional<std::string>& s) { return s ? sql_value{*s} : sql_value{sql_null{}}; }

constexpr const char* activity_schema =
    "CREATE TABLE x(datid oid, datname name, pid int4, leader_pid int4, usesysid oid, usename name, "
    "application_name text, client_addr inet, client_hostname text, client_port int4, "
    "backend_start timestamptz, xact_start timestamptz, query_start timestamptz, state_change timestamptz, "
    "wait_event_type text, wait_event text, state text, backend_xid xid, backend_xmin xid, query_id int8, "
    "query text, backend_type text)";

row session_activity_of(const session_activity_row& s, bool details) {
  const sql_null null;
  if (!details)
    return row{s.datid, s.datname, int64_t{s.pid}, null, s.usesysid, s.usename, s.application_name, null, null,
               null, null, null, null, null, null, null, null, null, null, null,
               std::string("<insufficient privilege>"), null};
  sql_value wait_type = sql_null{}, wait_event = sql_null{};
  if (s.waiting_for_lock) {
    wait_type = std::string("Lock");
    wait_event = std::string("transactionid");
  } else if (s.state != "active") {
    wait_type = std::string("Client");  // waiting for the client's next message
    wait_event = std::string("ClientRead");
  }
  return row{s.datid, s.datname, int64_t{s.pid}, null, s.usesysid, s.usename, s.application_name,
             text_or_null(s.client_addr), null,
             s.client_addr ? sql_value{int64_t{s.client_port}} : sql_value{int64_t{-1}},
             stored_timestamptz(s.backend_start), stored_timestamptz_or_null(s.xact_start),
             stored_timestamptz_or_null(s.query_start), stored_timestamptz_or_null(s.state_change), wait_type,
             wait_event, s.state, null, null, null, s.query, std::string("client backend")};
}

// The apply worker (the applier actor; the supervisor's while the tables are first
// copied and no applier runs yet, as PostgreSQL's apply worker is there while its
// table-sync workers copy) and each table-sync worker of every running subscription.
std::vector<row> worker_activity_rows(const monitoring_registry& registry, const activity_sources& sources) {
  std::map<int64_t, subscription_worker_stats> running;
  for (auto& w : registry.workers())
    if (w.running)
      running[w.subid] = w;
  const auto actors = registry.actors();
  std::set<int64_t> applying;
  for (const auto& a : actors)
    if (a.kind == "applier")
      applying.insert(a.subscription);
  std::vector<row> out;
  const sql_null null;
  for (const auto& a : actors) {
    const bool sync = a.kind == "table_sync";
    if (!sync && a.kind != "applier" && !(a.kind == "supervisor" && !applying.contains(a.subscription)))
      continue;
    auto worker = running.find(a.subscription);
    if (worker == running.end())
      continue;
    const bool waiting = a.state == "waiting for a local transaction";
    sql_value wait_type = null, wait_event = null;
    if (waiting) {
      wait_type = std::string("Lock");
      wait_event = std::string("transactionid");
    } else if (!sync) {
      wait_type = std::string("Activity");
      wait_event = std::string("LogicalApplyMain");
    }
    std::optional<int64_t> datid = sources.database_oid ? sources.database_oid(worker->second.database) : std::nullopt;
    const int pid = sync ? worker_pid(a.id) : worker->second.pid;
    out.push_back(row{datid ? sql_value{*datid} : sql_value{null}, worker->second.database, int64_t{pid}, null, null,
                      null, std::string(), null, null, null, stored_timestamptz(a.started), null, null, null,
                      wait_type, wait_event, std::string(waiting || sync ? "active" : "idle"), null, null, null,
                      std::string(), std::string("logical replication worker")});
  }
  return out;
}

std::vector<row> activity_rows(const monitoring_registry& registry, const activity_sources& sources) {
  std::vector<row> out;
  if (sources.sessions) {
    const auto seen = sources.roles_seen_in_detail ? sources.roles_seen_in_detail() : std::nullopt;
    for (const auto& s : sources.sessions->rows())
      out.push_back(session_activity_of(
          s, !seen || std::find(seen->begin(), seen->end(), s.usesysid) != seen->end()));
  }
  for (auto& w : worker_activity_rows(registry, sources))
    out.push_back(std::move(w));
  return out;
}

void reset_stats_function(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
  auto* registry = static_cast<monitoring_registry*>(sqlite3_user_data(ctx));
  if (argc == 0 || sqlite3_value_type(argv[0]) == SQLITE_NULL)
    registry->reset_counters(std::nullopt);
  else
    registry->reset_counters(sqlite3_value_int64(argv[0]));
  sqlite3_result_null(ctx);
}

}  // namespace

result<ok_t, sqlite_error> install_monitoring_tables(sqlite_connection& db,
                                                     const monitoring_registry_ptr& registry,
                                                     const activity_sources& activity) {
  sqlite3* handle = db.handle();
  auto add = [&](const char* name, snapshot_table table) { return add_snapshot_table(db, name, std::move(table)); };
  auto reg = registry;
  if (auto r = add("tributary_subscription_workers",
                   snapshot_table{"CREATE TABLE x(subid INTEGER, worker_type TEXT, pid INTEGER, "
                                      "received_lsn TEXT, last_msg_send_time TEXT, last_msg_receipt_time TEXT, "
                                      "latest_end_lsn TEXT, latest_end_time TEXT, schemaname TEXT, relname TEXT)",
                                      [reg] { return worker_rows(*reg); }});
      !r)
    return r;
  if (auto r = add("tributary_subscription_counters",
                   snapshot_table{"CREATE TABLE x(subid INTEGER, apply_error_count INTEGER, "
                                      "sync_error_count INTEGER, confl_insert_exists INTEGER, "
                                      "confl_update_origin_differs INTEGER, confl_update_exists INTEGER, "
                                      "confl_update_missing INTEGER, confl_delete_origin_differs INTEGER, "
                                      "confl_delete_missing INTEGER, confl_multiple_unique_conflicts INTEGER, "
                                      "stream_spilled_txns INTEGER, stream_spilled_bytes INTEGER, stats_reset TEXT)",
                                      [reg, handle] { return counter_rows(*reg, handle); }});
      !r)
    return r;
  if (auto r = add("tributary_actors",
                   snapshot_table{"CREATE TABLE x(id INTEGER, kind TEXT, subscription INTEGER, parent INTEGER, "
                                      "state TEXT, messages INTEGER, mailbox INTEGER, restarts INTEGER, "
                                      "progress INTEGER, last_error TEXT, rows INTEGER, transactions INTEGER, "
                                      "bytes INTEGER, commits INTEGER, last_commit_time TEXT, state_since TEXT, "
                                      "last_error_time TEXT, started TEXT, progress_total INTEGER)",
                                      [reg] { return actor_rows(*reg); }});
      !r)
    return r;
  if (auto r = add("pg_stat_activity", snapshot_table{activity_schema,
                                                        [reg, activity] { return activity_rows(*reg, activity); }});
      !r)
    return r;
  // pg_stat_gssapi: one row per client session; GSSAPI is never used (README).
  if (auto r = add("pg_stat_gssapi",
                   snapshot_table{"CREATE TABLE x(pid int4, gss_authenticated bool, principal text, encrypted bool)",
                                  [activity] {
                                    std::vector<row> out;
                                    if (activity.sessions)
                                      for (const auto& s : activity.sessions->rows())
                                        out.push_back(row{int64_t{s.pid}, int64_t{0}, sql_null{}, int64_t{0}});
                                    return out;
                                  }});
      !r)
    return r;
  int rc = sqlite3_create_function_v2(handle, "pg_stat_reset_subscription_stats", 1, SQLITE_UTF8,
                                      registry.get(), reset_stats_function, nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK)
    return fail(sqlite_error{rc, sqlite3_errmsg(handle)});
  return db.exec(
      "CREATE TEMP VIEW IF NOT EXISTS pg_stat_subscription AS "
      "SELECT s.oid AS subid, s.subname, w.worker_type, w.pid, NULL AS leader_pid, r.srrelid AS relid, "
      "w.received_lsn, w.last_msg_send_time, w.last_msg_receipt_time, w.latest_end_lsn, w.latest_end_time "
      "FROM main.pg_subscription s LEFT JOIN tributary_subscription_workers w ON w.subid = s.oid "
      "LEFT JOIN main.pg_subscription_rel r ON w.relname IS NOT NULL AND r.srsubid = w.subid "
      "AND r.srschemaname = w.schemaname AND r.srrelname = w.relname;"
      "CREATE TEMP VIEW IF NOT EXISTS pg_stat_subscription_stats AS "
      "SELECT c.subid, s.subname, c.apply_error_count, c.sync_error_count, c.confl_insert_exists, "
      "c.confl_update_origin_differs, c.confl_update_exists, c.confl_update_missing, "
      "c.confl_delete_origin_differs, c.confl_delete_missing, c.confl_multiple_unique_conflicts, "
      "c.stream_spilled_txns, c.stream_spilled_bytes, c.stats_reset "
      "FROM tributary_subscription_counters c JOIN main.pg_subscription s ON s.oid = c.subid;");
}

}  // namespace tributary
