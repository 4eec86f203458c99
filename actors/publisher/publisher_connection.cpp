#include "actors/publisher/publisher_connection.hpp"

#include <openssl/x509.h>
#include <poll.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <map>
#include <random>
#include <set>

#include "stages/core/conninfo_compat.hpp"
#include "stages/core/pg_text_array.hpp"

namespace tributary {

namespace {

std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' '))
    s.pop_back();
  return s;
}

// PQconnectStartParams + PQconnectPoll, waiting on the socket in 100 ms slices so
// that a cancel is seen; the connect_timeout (seconds) bounds the whole attempt.
// Null with the message in `error` when it fails.
PGconn* connect_cancellably(const char* const* keys, const char* const* values, int timeout_s,
                            const std::function<bool()>& cancelled, pg_error& error) {
  PGconn* conn = PQconnectStartParams(keys, values, 0);
  if (!conn) {
    error = make_pg_error("08006", "could not connect to the publisher: out of memory");
    return nullptr;
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(std::max(timeout_s, 1));
  PostgresPollingStatusType status = PGRES_POLLING_WRITING;
  while (PQstatus(conn) != CONNECTION_BAD && status != PGRES_POLLING_OK && status != PGRES_POLLING_FAILED) {
    if (cancelled()) {
      PQfinish(conn);
      error = make_pg_error("57014", "canceling statement due to user request");
      return nullptr;
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      PQfinish(conn);
      error = make_pg_error("08006", "could not connect to the publisher: timeout expired");
      return nullptr;
    }
    pollfd waiting{PQsocket(conn), static_cast<short>(status == PGRES_POLLING_READING ? POLLIN : POLLOUT), 0};
    const int ready = waiting.fd < 0 ? 1 : ::poll(&waiting, 1, 100);
    if (ready > 0)
      status = PQconnectPoll(conn);
  }
  if (PQstatus(conn) != CONNECTION_OK) {
    error = make_pg_error("08006", "could not connect to the publisher: " + trimmed(PQerrorMessage(conn)));
    PQfinish(conn);
    return nullptr;
  }
  return conn;
}

std::optional<std::string> environment_value(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::optional<std::string>(v) : std::nullopt;
}

// What libpq 16's load_balance_hosts and sslrootcert=system mean, in keywords
// libpq 15 knows; the system trust store is OpenSSL's default file (SSL_CERT_FILE
// overrides it, as in OpenSSL).
result<conninfo_keywords, pg_error> resolve_libpq16_keywords(const conninfo_keywords& keywords) {
  libpq16_environment environment;
  environment.pgsslmode = environment_value("PGSSLMODE");
  environment.pgloadbalancehosts = environment_value("PGLOADBALANCEHOSTS");
  environment.system_ca_file = environment_value(X509_get_default_cert_file_env())
                                   .value_or(X509_get_default_cert_file());
  static thread_local std::mt19937_64 random{std::random_device{}()};
  auto resolved = apply_libpq16_keywords(keywords, environment, [](std::size_t n) {
    return std::uniform_int_distribution<std::size_t>(0, n - 1)(random);
  });
  if (!resolved)
    resolved.error().message = "could not connect to the publisher: " + resolved.error().message;
  return resolved;
}

}  // namespace

result<std::unique_ptr<publisher_connection>, pg_error> publisher_connection::open(
    const conninfo_params& given, const std::function<bool()>& cancelled) {
  auto resolved = resolve_libpq16_keywords(given.keywords);
  if (!resolved)
    return fail(std::move(resolved.error()));
  conninfo_params params = given;
  params.keywords = std::move(*resolved);
  std::vector<const char*> keys;
  std::vector<const char*> values;
  bool has_timeout = false;
  int timeout_s = 30;
  for (const auto& [k, v] : params.keywords) {
    keys.push_back(k.c_str());
    values.push_back(v.c_str());
    if (k == "connect_timeout") {
      has_timeout = true;
      timeout_s = std::atoi(v.c_str());
    }
  }
  if (!has_timeout) {
    keys.push_back("connect_timeout");
    values.push_back("30");
  }
  keys.push_back(nullptr);
  values.push_back(nullptr);
  if (cancelled) {
    pg_error error;
    PGconn* conn = connect_cancellably(keys.data(), values.data(), timeout_s <= 0 ? 30 : timeout_s, cancelled, error);
    if (!conn)
      return fail(std::move(error));
    return finish_open(conn, params);
  }
  PGconn* conn = PQconnectdbParams(keys.data(), values.data(), 0);
  if (!conn)
    return fail(make_pg_error("08006", "could not connect to the publisher: out of memory"));
  if (PQstatus(conn) != CONNECTION_OK) {
    auto message = trimmed(PQerrorMessage(conn));
    PQfinish(conn);
    return fail(make_pg_error("08006", "could not connect to the publisher: " + message));
  }
  return finish_open(conn, params);
}

result<std::unique_ptr<publisher_connection>, pg_error> publisher_connection::finish_open(
    PGconn* conn, const conninfo_params& params) {
  std::unique_ptr<publisher_connection> self{new publisher_connection(conn)};
  if (params.must_use_password && !PQconnectionUsedPassword(conn))  // as libpqrcv_connect (16+)
    return fail(make_pg_error("2F003", "password is required",
                              "Non-superuser cannot connect if the server does not request a password.",
                              "Target server's authentication method must be changed, or set "
                              "password_required=false in the subscription parameters."));
  // As PostgreSQL's walreceiver: an empty search_path, so every name we send
  // is schema-qualified and nothing on the publisher can capture it.
  const auto* replication = params.find("replication");
  if (replication && self->server_version() >= 100000) {
    if (auto r = self->exec("SELECT pg_catalog.set_config('search_path', '', false)"); !r)
      return fail(r.error());
  }
  return self;
}

publisher_connection::~publisher_connection() {
  if (conn_)
    PQfinish(conn_);
}

int publisher_connection::protocol_version() const {
  int v = server_version();
  if (v >= 160000)
    return 4;
  if (v >= 150000)
    return 3;
  if (v >= 140000)
    return 2;
  return 1;
}

std::string publisher_connection::last_error() const { return trimmed(PQerrorMessage(conn_)); }

pg_error publisher_connection::error_from(const PGresult* r, const std::string& prefix) const {
  pg_error e;
  const char* state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : nullptr;
  e.sqlstate = state ? state : "08006";
  const char* primary = r ? PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY) : nullptr;
  e.message = prefix + (primary ? std::string(primary) : last_error());
  if (const char* d = r ? PQresultErrorField(r, PG_DIAG_MESSAGE_DETAIL) : nullptr)
    e.detail = d;
  if (const char* h = r ? PQresultErrorField(r, PG_DIAG_MESSAGE_HINT) : nullptr)
    e.hint = h;
  return e;
}

result<pg_result_ptr, pg_error> publisher_connection::exec(const std::string& sql) {
  pg_result_ptr r{PQexec(conn_, sql.c_str())};
  auto status = r ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
    return fail(error_from(r.get(), ""));
  return r;
}

std::string publisher_connection::quote_literal(std::string_view text) const {
  char* q = PQescapeLiteral(conn_, text.data(), text.size());
  std::string out = q ? q : "''";
  PQfreemem(q);
  return out;
}

std::string publisher_connection::quote_identifier(std::string_view text) const {
  char* q = PQescapeIdentifier(conn_, text.data(), text.size());
  std::string out = q ? q : "\"\"";
  PQfreemem(q);
  return out;
}

result<created_slot, pg_error> publisher_connection::create_logical_slot(const std::string& slot_name,
                                                                         bool temporary,
                                                                         snapshot_action action,
                                                                         bool failover) {
  std::string sql = "CREATE_REPLICATION_SLOT " + quote_identifier(slot_name) +
                    (temporary ? " TEMPORARY" : "") + " LOGICAL pgoutput";
  const char* snapshot = action == snapshot_action::export_snapshot ? "export"
                         : action == snapshot_action::use_snapshot  ? "use"
                                                                    : "nothing";
  if (server_version() >= 150000) {
    sql += std::string(" (SNAPSHOT '") + snapshot + "'";
    if (failover)
      sql += ", FAILOVER";
    sql += ")";
  } else {
    sql += action == snapshot_action::export_snapshot ? " EXPORT_SNAPSHOT"
           : action == snapshot_action::use_snapshot  ? " USE_SNAPSHOT"
                                                      : " NOEXPORT_SNAPSHOT";
  }
  auto r = exec(sql);
  if (!r)
    return fail(make_pg_error(r.error().sqlstate,
                              "could not create replication slot \"" + slot_name + "\": " +
                                  r.error().message));
  created_slot slot;
  slot.slot_name = PQgetvalue(r->get(), 0, 0);
  auto point = lsn::parse(PQgetvalue(r->get(), 0, 1));
  if (!point)
    return fail(make_pg_error("08P01", "invalid consistent point in CREATE_REPLICATION_SLOT reply"));
  slot.consistent_point = *point;
  if (!PQgetisnull(r->get(), 0, 2))
    slot.snapshot_name = PQgetvalue(r->get(), 0, 2);
  return slot;
}

result<ok_t, pg_error> publisher_connection::drop_slot(const std::string& slot_name, bool wait) {
  auto r = exec("DROP_REPLICATION_SLOT " + quote_identifier(slot_name) + (wait ? " WAIT" : ""));
  if (!r)
    return fail(make_pg_error(r.error().sqlstate,
                              "could not drop replication slot \"" + slot_name +
                                  "\" on publisher: " + r.error().message));
  return ok_v;
}

result<ok_t, pg_error> publisher_connection::alter_slot_failover(const std::string& slot_name,
                                                                 bool failover) {
  auto r = exec("ALTER_REPLICATION_SLOT " + quote_identifier(slot_name) + " ( FAILOVER " +
                (failover ? "true" : "false") + " )");
  if (!r)
    return fail(make_pg_error("08P01", "could not alter replication slot \"" + slot_name +
                                           "\": " + r.error().message));
  return ok_v;
}

result<std::vector<std::string>, pg_error> publisher_connection::missing_publications(
    const std::vector<std::string>& publications) {
  std::string list;
  for (const auto& p : publications)
    list += (list.empty() ? "" : ", ") + quote_literal(p);
  auto r = exec("SELECT t.pubname FROM pg_catalog.pg_publication t WHERE t.pubname IN (" + list + ")");
  if (!r)
    return fail(r.error());
  std::set<std::string> found;
  for (int i = 0; i < PQntuples(r->get()); ++i)
    found.insert(PQgetvalue(r->get(), i, 0));
  std::vector<std::string> missing;
  for (const auto& p : publications)
    if (!found.count(p))
      missing.push_back(p);
  return missing;
}

result<std::vector<published_table>, pg_error> publisher_connection::published_tables(
    const std::vector<std::string>& publications) {
  std::string list;
  for (const auto& p : publications)
    list += (list.empty() ? "" : ", ") + quote_literal(p);
  bool has_column_lists = server_version() >= 150000;
  // With column lists, the third column is the list as it is compared: NULL for
  // a list naming every column (or none at all), as PostgreSQL's fetch_table_list
  // compares them; the fourth the names the local table must have.
  std::string sql = has_column_lists
                        ? "SELECT DISTINCT t.schemaname, t.tablename, "
                          "(CASE WHEN (array_length(t.attnames, 1) = c.relnatts) THEN NULL "
                          "ELSE t.attnames END), t.attnames "
                          "FROM pg_catalog.pg_class c "
                          "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
                          "JOIN pg_catalog.pg_publication_tables t "
                          "ON t.schemaname = n.nspname AND t.tablename = c.relname"
                        : "SELECT DISTINCT t.schemaname, t.tablename "
                          "FROM pg_catalog.pg_publication_tables t";
  sql += " WHERE t.pubname IN (" + list + ") ORDER BY 1, 2";
  auto r = exec(sql);
  if (!r)
    return fail(make_pg_error(r.error().sqlstate,
                              "could not receive list of replicated tables from the publisher: " +
                                  r.error().message));
  // One row per (table, column list). Two lists of one table that differ are
  // refused, as PostgreSQL 16+ subscribers refuse them at CREATE SUBSCRIPTION
  // and REFRESH; rows that differ only in how a complete list is spelled (no
  // list, every column) are one table, and the local table must hold the union.
  std::vector<published_table> tables;
  std::map<std::pair<std::string, std::string>, size_t> index;
  std::map<std::pair<std::string, std::string>, std::optional<std::string>> compared_list;
  for (int i = 0; i < PQntuples(r->get()); ++i) {
    published_table t{PQgetvalue(r->get(), i, 0), PQgetvalue(r->get(), i, 1), std::nullopt};
    auto key = std::make_pair(t.schema_name, t.table_name);
    if (has_column_lists) {
      std::optional<std::string> compared;
      if (!PQgetisnull(r->get(), i, 2))
        compared = PQgetvalue(r->get(), i, 2);
      auto seen = compared_list.find(key);
      if (seen != compared_list.end() && seen->second != compared)
        return fail(make_pg_error("0A000", "cannot use different column lists for table \"" +
                                               t.schema_name + "." + t.table_name +
                                               "\" in different publications"));
      compared_list.emplace(key, compared);
      if (!PQgetisnull(r->get(), i, 3)) {
        auto names = parse_text_array(PQgetvalue(r->get(), i, 3));
        if (!names)
          return fail(make_pg_error("08P01", "invalid column list received from the publisher"));
        t.columns = std::move(*names);
      }
    }
    auto it = index.find(key);
    if (it == index.end()) {
      index.emplace(key, tables.size());
      tables.push_back(std::move(t));
      continue;
    }
    auto& existing = tables[it->second];
    if (existing.columns && t.columns)
      for (auto& c : *t.columns)
        if (std::find(existing.columns->begin(), existing.columns->end(), c) == existing.columns->end())
          existing.columns->push_back(c);
  }
  return tables;
}

result<std::vector<std::string>, pg_error> publisher_connection::publications_with_subscribed_tables(
    const std::vector<std::string>& publications,
    const std::vector<std::pair<std::string, std::string>>& already_subscribed) {
  std::string list;
  for (const auto& p : publications)
    list += (list.empty() ? "" : ", ") + quote_literal(p);
  std::string sql =
      "SELECT DISTINCT P.pubname AS pubname FROM pg_catalog.pg_publication P, "
      "LATERAL pg_catalog.pg_get_publication_tables(P.pubname) GPT "
      "JOIN pg_catalog.pg_subscription_rel PS ON (GPT.relid = PS.srrelid), "
      "pg_catalog.pg_class C JOIN pg_catalog.pg_namespace N ON (N.oid = C.relnamespace) "
      "WHERE C.oid = GPT.relid AND P.pubname IN (" + list + ")";
  for (const auto& [schema, table] : already_subscribed)
    sql += " AND NOT (N.nspname = " + quote_literal(schema) + " AND C.relname = " +
           quote_literal(table) + ")";
  sql += " ORDER BY 1";
  auto r = exec(sql);
  if (!r)
    return fail(make_pg_error(r.error().sqlstate,
                              "could not receive list of replicated tables from the publisher: " +
                                  r.error().message));
  std::vector<std::string> out;
  for (int i = 0; i < PQntuples(r->get()); ++i)
    out.emplace_back(PQgetvalue(r->get(), i, 0));
  return out;
}

result<ok_t, pg_error> publisher_connection::start_replication(const std::string& slot_name, lsn start,
                                                               const stream_options& options) {
  int version = server_version();
  std::string names;
  for (const auto& p : options.publications) {
    if (!names.empty())
      names += ',';
    names += quote_identifier(p);
  }
  std::string sql = "START_REPLICATION SLOT ";
  sql += quote_identifier(slot_name);
  sql += " LOGICAL ";
  sql += start.to_string();
  sql += " (proto_version '";
  sql += std::to_string(protocol_version());
  sql += "', publication_names ";
  sql += quote_literal(names);
  if (version >= 140000 && options.binary)
    sql += ", binary 'true'";
  if (asks_streaming(options.streaming))
    sql += asks_parallel_streaming(options.streaming) ? ", streaming 'parallel'" : ", streaming 'on'";
  if (version >= 160000)
    sql += ", origin " + quote_literal(options.origin);
  sql += ")";
  pg_result_ptr r{PQexec(conn_, sql.c_str())};
  if (!r || PQresultStatus(r.get()) != PGRES_COPY_BOTH)
    return fail(error_from(r.get(), "could not start WAL streaming: "));
  if (PQsetnonblocking(conn_, 1) != 0)
    return fail(make_pg_error("08006", "could not set the publisher connection non-blocking"));
  return ok_v;
}

result<publisher_connection::read_status, pg_error> publisher_connection::read_copy_data(
    const copy_data_handler& take, size_t max_messages, size_t max_bytes) {
  if (PQconsumeInput(conn_) == 0)
    return fail(make_pg_error("08006", "could not receive data from WAL stream: " + last_error()));
  size_t bytes = 0;
  size_t taken = 0;
  // libpq reads at most its input buffer's free space per PQconsumeInput (about
  // 16 KiB while messages are small): once that is taken, read again, so that
  // one call takes what the socket holds (up to the limits). Reading 16 KiB
  // per gather pause capped a catch-up at about 63 000 rows/s (W1) while the
  // socket stayed full and the walsender waited for it (bench/README, session 15).
  bool read_since_last_message = true;
  while (taken < max_messages && bytes < max_bytes) {
    char* buf = nullptr;
    int n = PQgetCopyData(conn_, &buf, 1);
    if (n > 0) {
      bool more = take(std::string_view(buf, static_cast<size_t>(n)));
      PQfreemem(buf);
      bytes += static_cast<size_t>(n);
      ++taken;
      read_since_last_message = false;
      if (!more)
        return read_status::data;
      continue;
    }
    if (n == 0 && !read_since_last_message) {
      if (PQconsumeInput(conn_) == 0)
        return fail(make_pg_error("08006", "could not receive data from WAL stream: " + last_error()));
      read_since_last_message = true;
      continue;
    }
    if (n == 0)
      return taken ? read_status::data : read_status::would_block;
    if (n == -1) {
      // The publisher ended the COPY: an ErrorResponse or a CopyDone.
      pg_result_ptr r{PQgetResult(conn_)};
      pg_error e = error_from(r.get(), "");
      while (pg_result_ptr next{PQgetResult(conn_)})
        ;
      if (r && PQresultStatus(r.get()) == PGRES_FATAL_ERROR)
        return fail(make_pg_error(e.sqlstate, "could not receive data from WAL stream: " + e.message));
      return read_status::ended;
    }
    return fail(make_pg_error("08006", "could not receive data from WAL stream: " + last_error()));
  }
  return read_status::data;
}

result<ok_t, pg_error> publisher_connection::send_copy_data(std::string_view payload) {
  if (PQputCopyData(conn_, payload.data(), static_cast<int>(payload.size())) != 1)
    return fail(make_pg_error("08006", "could not send data to WAL stream: " + last_error()));
  if (PQflush(conn_) < 0)
    return fail(make_pg_error("08006", "could not send data to WAL stream: " + last_error()));
  return ok_v;
}

result<bool, pg_error> publisher_connection::wait_socket(std::chrono::microseconds timeout, int wake_fd) {
  int fd = PQsocket(conn_);
  if (fd < 0)
    return fail(make_pg_error("08006", "invalid socket: " + last_error()));
  bool pending_output = PQflush(conn_) == 1;
  pollfd p[2] = {{fd, static_cast<short>(POLLIN | (pending_output ? POLLOUT : 0)), 0}, {wake_fd, POLLIN, 0}};
  timespec wait{static_cast<time_t>(timeout.count() / 1'000'000),
                static_cast<long>((timeout.count() % 1'000'000) * 1000)};
  int rc = ::ppoll(p, wake_fd >= 0 ? 2 : 1, &wait, nullptr);
  if (rc < 0 && errno != EINTR)
    return fail(make_pg_error("08006", "could not wait for the publisher's socket"));
  if (rc > 0 && (p[0].revents & POLLOUT))
    PQflush(conn_);
  return rc > 0 && (p[0].revents & (POLLIN | POLLHUP | POLLERR)) != 0;
}

result<ok_t, pg_error> publisher_connection::end_streaming(std::chrono::milliseconds timeout) {
  using steady = std::chrono::steady_clock;
  const auto deadline = steady::now() + timeout;
  auto lost = [&](const std::string& what) -> result<ok_t, pg_error> {
    return fail(make_pg_error("08006", "could not end WAL streaming: " + what));
  };
  auto wait_a_little = [&]() -> bool {
    auto left = std::chrono::duration_cast<std::chrono::microseconds>(deadline - steady::now());
    if (left.count() <= 0)
      return false;
    return wait_socket(std::min(left, std::chrono::microseconds(100'000))).ok();
  };
  if (PQputCopyEnd(conn_, nullptr) != 1)
    return lost(last_error());
  // What the publisher sent before it saw CopyDone, up to its own CopyDone.
  for (;;) {
    if (PQflush(conn_) < 0 || PQconsumeInput(conn_) == 0)
      return lost(last_error());
    char* buf = nullptr;
    int n = 0;
    while ((n = PQgetCopyData(conn_, &buf, 1)) > 0)
      PQfreemem(buf);
    if (n == -1)
      break;
    if (n == -2)
      return lost(last_error());
    if (!wait_a_little())
      return lost("the publisher did not end the COPY in time");
  }
  // The COPY's result, then none.
  for (;;) {
    if (PQconsumeInput(conn_) == 0)
      return lost(last_error());
    if (PQisBusy(conn_)) {
      if (!wait_a_little())
        return lost("the publisher did not confirm the end of the COPY in time");
      continue;
    }
    pg_result_ptr r{PQgetResult(conn_)};
    if (!r)
      return ok_v;
    if (PQresultStatus(r.get()) == PGRES_FATAL_ERROR)
      return fail(error_from(r.get(), "could not end WAL streaming: "));
  }
}

}  // namespace tributary
