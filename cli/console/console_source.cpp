#include "cli/console/console_source.hpp"

#include <cstdlib>
#include <vector>

namespace tributary::console {

namespace {

struct pg_result_deleter {
  void operator()(PGresult* r) const { PQclear(r); }
};
using pg_result_ptr = std::unique_ptr<PGresult, pg_result_deleter>;

std::string trimmed_error(PGconn* conn) {
  std::string message = PQerrorMessage(conn);
  while (!message.empty() && (message.back() == '\n' || message.back() == ' '))
    message.pop_back();
  return message;
}

result<pg_result_ptr, std::string> query(PGconn* conn, const std::string& sql) {
  pg_result_ptr r{PQexec(conn, sql.c_str())};
  if (!r || (PQresultStatus(r.get()) != PGRES_TUPLES_OK && PQresultStatus(r.get()) != PGRES_COMMAND_OK))
    return fail(trimmed_error(conn));
  return r;
}

std::string text(PGresult* r, int row, int col) { return PQgetisnull(r, row, col) ? "" : PQgetvalue(r, row, col); }
bool is_null(PGresult* r, int row, int col) { return PQgetisnull(r, row, col); }
int64_t integer(PGresult* r, int row, int col) { return std::atoll(text(r, row, col).c_str()); }
bool boolean(PGresult* r, int row, int col) {
  auto v = text(r, row, col);
  return v == "t" || v == "1" || v == "true";
}
std::optional<lsn> lsn_of(PGresult* r, int row, int col) {
  return is_null(r, row, col) ? std::nullopt : lsn::parse(text(r, row, col));
}
std::optional<wall_time> time_of(PGresult* r, int row, int col) {
  return is_null(r, row, col) ? std::nullopt : parse_timestamp(text(r, row, col));
}

// host:port of a subscription's connection string (libpq parses it).
std::string publisher_of(const std::string& conninfo) {
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(conninfo.c_str(), &error);
  if (!options) {
    PQfreemem(error);
    return "?";
  }
  std::string host, port;
  for (auto* o = options; o->keyword; ++o) {
    if (!o->val)
      continue;
    if (std::string(o->keyword) == "host" && host.empty())
      host = o->val;
    else if (std::string(o->keyword) == "hostaddr" && host.empty())
      host = o->val;
    else if (std::string(o->keyword) == "port")
      port = o->val;
  }
  PQconninfoFree(options);
  if (host.empty())
    host = "localhost";
  return port.empty() ? host : host + ":" + port;
}

// The server answers as Tributary only if it has tributary_actors.
constexpr const char* actors_sql =
    "SELECT id, kind, subscription, parent, state, messages, mailbox, restarts, progress, rows, transactions, "
    "bytes, commits, last_commit_time, state_since, last_error, last_error_time, progress_total "
    "FROM tributary_actors";

void read_actors(PGresult* r, snapshot& snap) {
  for (int i = 0; i < PQntuples(r); ++i) {
    actor_row a;
    a.id = static_cast<uint64_t>(integer(r, i, 0));
    a.kind = text(r, i, 1);
    a.subscription = integer(r, i, 2);
    a.parent = static_cast<uint64_t>(integer(r, i, 3));
    a.state = text(r, i, 4);
    a.messages = static_cast<uint64_t>(integer(r, i, 5));
    a.mailbox = static_cast<uint64_t>(integer(r, i, 6));
    a.restarts = static_cast<uint64_t>(integer(r, i, 7));
    a.progress = static_cast<uint64_t>(integer(r, i, 8));
    a.rows = static_cast<uint64_t>(integer(r, i, 9));
    a.transactions = static_cast<uint64_t>(integer(r, i, 10));
    a.bytes = static_cast<uint64_t>(integer(r, i, 11));
    a.commits = static_cast<uint64_t>(integer(r, i, 12));
    a.last_commit_time = time_of(r, i, 13);
    a.state_since = time_of(r, i, 14);
    a.last_error = text(r, i, 15);
    a.last_error_time = time_of(r, i, 16);
    if (!is_null(r, i, 17))
      a.progress_total = static_cast<uint64_t>(integer(r, i, 17));
    snap.actors.push_back(std::move(a));
  }
}

}  // namespace

result<console_source, std::string> console_source::connect(const connection_options& options) {
  std::vector<const char*> keys, values;
  auto add = [&](const char* key, const std::string& value) {
    if (value.empty())
      return;
    keys.push_back(key);
    values.push_back(value.c_str());
  };
  add("host", options.host);
  add("port", options.port);
  add("user", options.user);
  add("dbname", options.dbname);
  keys.push_back("application_name");
  values.push_back("tributary console");
  keys.push_back(nullptr);
  values.push_back(nullptr);
  pg_conn_ptr conn{PQconnectdbParams(keys.data(), values.data(), 1)};
  if (!conn)
    return fail(std::string("out of memory"));
  if (PQstatus(conn.get()) != CONNECTION_OK)
    return fail(trimmed_error(conn.get()));
  if (auto probe = query(conn.get(), std::string(actors_sql) + " LIMIT 0"); !probe)
    return fail("the server at " + std::string(PQhost(conn.get())) + ", port " + PQport(conn.get()) +
                " is not a Tributary server (it has no relation tributary_actors): " + probe.error());
  console_source source{std::move(conn)};
  source.main_database_ = PQdb(source.main_.get());
  return source;
}

result<PGconn*, std::string> console_source::database_connection(const std::string& database) {
  if (database == main_database_)
    return main_.get();
  auto it = others_.find(database);
  if (it != others_.end() && PQstatus(it->second.get()) == CONNECTION_OK)
    return it->second.get();
  // The main connection's parameters with another dbname.
  PQconninfoOption* used = PQconninfo(main_.get());
  std::vector<const char*> keys, values;
  for (auto* o = used; o && o->keyword; ++o) {
    if (!o->val || std::string(o->keyword) == "dbname")
      continue;
    keys.push_back(o->keyword);
    values.push_back(o->val);
  }
  keys.push_back("dbname");
  values.push_back(database.c_str());
  keys.push_back(nullptr);
  values.push_back(nullptr);
  pg_conn_ptr conn{PQconnectdbParams(keys.data(), values.data(), 0)};
  PQconninfoFree(used);
  if (!conn || PQstatus(conn.get()) != CONNECTION_OK)
    return fail(conn ? trimmed_error(conn.get()) : std::string("out of memory"));
  auto* raw = conn.get();
  others_[database] = std::move(conn);
  return raw;
}

result<ok_t, std::string> console_source::read_database(PGconn* conn, const std::string& database, snapshot& snap) {
  auto subs = query(conn,
                    "SELECT oid, subname, subowner, subenabled, subdisableonerr, subconninfo, "
                    "coalesce(subslotname, ''), subpublications, subbinary, substream, subsynccommit, suborigin "
                    "FROM pg_subscription ORDER BY subname");
  if (!subs)
    return fail(subs.error());
  // The apply worker's row (a table-sync worker's has its table's relid).
  auto workers = query(conn, "SELECT subid, pid, received_lsn, latest_end_lsn, last_msg_receipt_time "
                             "FROM pg_stat_subscription WHERE relid IS NULL");
  if (!workers)
    return fail(workers.error());
  auto stats = query(conn,
                     "SELECT subid, apply_error_count, sync_error_count, confl_insert_exists + "
                     "confl_update_origin_differs + confl_update_exists + confl_update_missing + "
                     "confl_delete_origin_differs + confl_delete_missing + confl_multiple_unique_conflicts "
                     "FROM pg_stat_subscription_stats");
  if (!stats)
    return fail(stats.error());
  auto origins = query(conn, "SELECT external_id, remote_lsn FROM pg_replication_origin_status");
  if (!origins)
    return fail(origins.error());
  auto rels = query(conn,
                    "SELECT srsubid, srschemaname, srrelname, srsubstate, srsublsn FROM pg_subscription_rel "
                    "ORDER BY srschemaname, srrelname");
  if (!rels)
    return fail(rels.error());
  PGresult* s = subs->get();
  for (int i = 0; i < PQntuples(s); ++i) {
    subscription_row row;
    row.oid = integer(s, i, 0);
    row.name = text(s, i, 1);
    row.database = database;
    row.owner = text(s, i, 2);
    row.enabled = boolean(s, i, 3);
    row.disable_on_error = boolean(s, i, 4);
    row.publisher = publisher_of(text(s, i, 5));
    row.slot_name = text(s, i, 6);
    row.publications = text(s, i, 7);
    row.options = "binary=" + std::string(boolean(s, i, 8) ? "true" : "false") + ", streaming=" + text(s, i, 9) +
                  ", synchronous_commit=" + text(s, i, 10) + ", origin=" + text(s, i, 11);
    PGresult* w = workers->get();
    for (int j = 0; j < PQntuples(w); ++j) {
      if (integer(w, j, 0) != row.oid)
        continue;
      row.worker_running = !is_null(w, j, 1);
      row.received_lsn = lsn_of(w, j, 2);
      row.reported_lsn = lsn_of(w, j, 3);
      row.last_msg_receipt_time = time_of(w, j, 4);
    }
    PGresult* c = stats->get();
    for (int j = 0; j < PQntuples(c); ++j) {
      if (integer(c, j, 0) != row.oid)
        continue;
      row.apply_error_count = integer(c, j, 1);
      row.sync_error_count = integer(c, j, 2);
      row.conflicts = integer(c, j, 3);
    }
    PGresult* o = origins->get();
    for (int j = 0; j < PQntuples(o); ++j)
      if (text(o, j, 0) == "pg_" + std::to_string(row.oid))
        row.applied_lsn = lsn_of(o, j, 1);
    PGresult* t = rels->get();
    for (int j = 0; j < PQntuples(t); ++j)
      if (integer(t, j, 0) == row.oid) {
        std::string schema = text(t, j, 1), state = text(t, j, 3);
        row.tables.push_back(table_row{schema == "public" ? text(t, j, 2) : schema + "." + text(t, j, 2),
                                       state.empty() ? '?' : state[0], lsn_of(t, j, 4)});
      }
    snap.subscriptions.push_back(std::move(row));
  }
  return ok_v;
}

result<snapshot, std::string> console_source::read() {
  // A server restarted since the last refresh: connect again (libpq's reset).
  if (PQstatus(main_.get()) == CONNECTION_BAD) {
    PQreset(main_.get());
    if (PQstatus(main_.get()) != CONNECTION_OK)
      return fail(trimmed_error(main_.get()));
  }
  snapshot snap;
  snap.server = std::string(PQhost(main_.get())) + ":" + PQport(main_.get());
  auto actors = query(main_.get(), actors_sql);
  if (!actors)
    return fail(actors.error());
  snap.taken = std::chrono::system_clock::now();
  read_actors(actors->get(), snap);
  // Subscriptions live in each database: every database pg_database lists that
  // takes connections, each over its own connection (the one connected to first).
  std::vector<std::string> databases{main_database_};
  if (auto listed = query(main_.get(), "SELECT datname FROM pg_database WHERE datallowconn ORDER BY datname")) {
    databases.clear();
    for (int i = 0; i < PQntuples(listed->get()); ++i)
      databases.emplace_back(PQgetvalue(listed->get(), i, 0));
  }
  for (const auto& database : databases) {
    auto conn = database_connection(database);
    if (!conn)
      return fail("could not connect to database \"" + database + "\": " + conn.error());
    if (auto r = read_database(*conn, database, snap); !r)
      return fail("could not read the subscriptions of database \"" + database + "\": " + r.error());
  }
  return snap;
}

result<ok_t, std::string> console_source::execute(const std::string& database, const std::string& sql) {
  auto conn = database_connection(database);
  if (!conn)
    return fail(conn.error());
  auto r = query(*conn, sql);
  if (!r)
    return fail(r.error());
  return ok_v;
}

}  // namespace tributary::console
