// 022_pg_stat_activity: pg_stat_activity as PostgreSQL 15 has it (issue 16, item 5's
// "show waiting sessions and the applier's wait"), pg_cancel_backend and
// pg_terminate_backend.
//
//   - the columns and their types are PostgreSQL 15's (compared with the publisher,
//     a real PostgreSQL, by RowDescription);
//   - one row per client session: state idle / active / idle in transaction /
//     idle in transaction (aborted), the current or last query, xact_start;
//   - a session waiting for the database's write lock shows wait_event_type Lock,
//     wait_event transactionid; so does the apply worker waiting for a client's
//     write transaction (and tributary_actors says it waits);
//   - pg_cancel_backend ends the waiting statement with 57014, pg_terminate_backend
//     ends the session with 57P01.
#include <thread>

#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

using namespace std::chrono_literals;

class PgStatActivity : public ReplicationTest {
protected:
  pg_connection connect_as(const std::string& application_name) {
    auto c = pg_connection{
        PQconnectdb((subscriber_.conninfo() + " application_name=" + application_name).c_str())};
    EXPECT_EQ(PQstatus(c.get()), CONNECTION_OK) << PQerrorMessage(c.get());
    return c;
  }
  // Columns of pid's row as "a|b|c".
  std::string activity_of(int pid, const std::string& columns) {
    auto rows = local_rows("SELECT " + columns + " FROM pg_stat_activity WHERE pid = " + std::to_string(pid));
    return rows.size() == 1 ? rows[0] : "<" + std::to_string(rows.size()) + " rows>";
  }
  // A condition as 'yes'/'no' (these relations are not translated yet, so a
  // comparison would come back as SQLite's 1/0).
  static std::string yes(const std::string& condition) {
    return "CASE WHEN " + condition + " THEN 'yes' ELSE 'no' END";
  }
  // Sends `sql` without waiting for its result.
  static void send(PGconn* c, const std::string& sql) { ASSERT_EQ(PQsendQuery(c, sql.c_str()), 1); }
  static pg_result result_of(PGconn* c) {
    pg_result last{PQgetResult(c)};
    while (pg_result next{PQgetResult(c)})
      last = std::move(next);
    return last;
  }
  static std::string sqlstate_of(const PGresult* r) {
    const char* s = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : nullptr;
    return s ? s : "";
  }
};

TEST_F(PgStatActivity, ColumnsAndTypesArePostgreSQL15s) {
  auto pg = publisher_.connect();
  auto theirs = exec(pg.get(), "SELECT * FROM pg_stat_activity LIMIT 0");
  auto ours = local_try("SELECT * FROM pg_stat_activity LIMIT 0");
  ASSERT_EQ(PQresultStatus(ours.get()), PGRES_TUPLES_OK) << PQresultErrorMessage(ours.get());
  ASSERT_EQ(PQnfields(ours.get()), PQnfields(theirs.get()));
  for (int i = 0; i < PQnfields(theirs.get()); ++i) {
    EXPECT_STREQ(PQfname(ours.get(), i), PQfname(theirs.get(), i)) << "column " << i;
    EXPECT_EQ(PQftype(ours.get(), i), PQftype(theirs.get(), i)) << PQfname(theirs.get(), i);
  }
}

TEST_F(PgStatActivity, EachSessionShowsItsStateQueryAndTransactionStart) {
  local_exec("CREATE TABLE t (a int PRIMARY KEY)");
  auto other = connect_as("probe");
  const int pid = PQbackendPID(other.get());
  ASSERT_TRUE(succeeded(exec(other.get(), "SELECT 1").get()));
  EXPECT_EQ(activity_of(pid, "state, query, backend_type, datname, usename, application_name, client_addr, " +
                                 yes("client_port > 0") + ", wait_event_type, wait_event, " + yes("xact_start IS NULL") +
                                 ", " + yes("backend_start <= query_start") + ", " +
                                 yes("query_start <= state_change")),
            "idle|SELECT 1|client backend|postgres|" + subscriber_.user() +
                "|probe|127.0.0.1|yes|Client|ClientRead|yes|yes|yes");

  ASSERT_TRUE(succeeded(exec(other.get(), "BEGIN").get()));
  ASSERT_TRUE(succeeded(exec(other.get(), "INSERT INTO t VALUES (1)").get()));
  EXPECT_EQ(activity_of(pid, "state, query, " + yes("xact_start <= query_start")),
            "idle in transaction|INSERT INTO t VALUES (1)|yes");
  auto failed = exec(other.get(), "SELECT * FROM no_such_table");
  EXPECT_EQ(PQresultStatus(failed.get()), PGRES_FATAL_ERROR);
  EXPECT_EQ(activity_of(pid, "state, query"), "idle in transaction (aborted)|SELECT * FROM no_such_table");
  ASSERT_TRUE(succeeded(exec(other.get(), "ROLLBACK").get()));
  EXPECT_EQ(activity_of(pid, "state, " + yes("xact_start IS NULL")), "idle|yes");

  // The session asking sees itself running its own query.
  const int own = PQbackendPID(local_.get());
  EXPECT_EQ(activity_of(own, "state, query, coalesce(wait_event_type, 'none')"),
            "active|SELECT state, query, coalesce(wait_event_type, 'none') FROM pg_stat_activity WHERE pid = " +
                std::to_string(own) + "|none");
  other.reset();
  EXPECT_TRUE(wait_until([&] { return activity_of(pid, "pid") == "<0 rows>"; }, 10s, 50ms))
      << "a closed session leaves pg_stat_activity";
}

TEST_F(PgStatActivity, AnotherRolesSessionShowsWhoItIsButNotWhatItDoesAsPostgres) {
  // The same roles on both servers: watcher has peer's privileges, not the superuser's.
  const std::string roles = "CREATE ROLE peer LOGIN; CREATE ROLE watcher LOGIN; GRANT peer TO watcher";
  publisher_.exec(roles);
  local_exec(roles);
  const std::string shown =
      "datname, usename, application_name, coalesce(state, '-'), query, coalesce(backend_type, '-'), "
      "coalesce(client_port, -1), " + yes("backend_start IS NULL") + ", " + yes("query_start IS NULL") + ", " +
      yes("wait_event IS NULL");
  // What `watcher` sees of a session of `user` that ran `sql`, on one server.
  const auto seen_by_watcher = [&](const std::string& conninfo, const std::string& user, const std::string& sql,
                                   const std::string& columns) {
    pg_connection watched{PQconnectdb((conninfo + " user=" + user + " application_name=watched").c_str())};
    pg_connection watcher{PQconnectdb((conninfo + " user=watcher").c_str())};
    EXPECT_EQ(PQstatus(watched.get()), CONNECTION_OK) << PQerrorMessage(watched.get());
    EXPECT_EQ(PQstatus(watcher.get()), CONNECTION_OK) << PQerrorMessage(watcher.get());
    EXPECT_TRUE(succeeded(exec(watched.get(), sql).get()));
    auto r = exec(watcher.get(), "SELECT " + columns + " FROM pg_stat_activity WHERE pid = " +
                                     std::to_string(PQbackendPID(watched.get())));
    EXPECT_EQ(PQntuples(r.get()), 1) << PQresultErrorMessage(r.get());
    std::string row;
    for (int i = 0; PQntuples(r.get()) == 1 && i < PQnfields(r.get()); ++i)
      row += (i ? "|" : "") + std::string(PQgetvalue(r.get(), 0, i));
    return row;
  };
  // A superuser's session: its database, pid and names, nothing of what it does.
  EXPECT_EQ(seen_by_watcher(subscriber_.conninfo(), subscriber_.user(), "SELECT 'secret'", shown),
            "postgres|" + subscriber_.user() + "|watched|-|<insufficient privilege>|-|-1|yes|yes|yes");
  EXPECT_EQ(seen_by_watcher(publisher_.conninfo(), "postgres", "SELECT 'secret'", shown),
            "postgres|postgres|watched|-|<insufficient privilege>|-|-1|yes|yes|yes");
  // A session of a role whose privileges watcher has: everything.
  const std::string details = "usename, state, query, backend_type, " + yes("backend_start IS NULL");
  for (const auto& conninfo : {subscriber_.conninfo(), publisher_.conninfo()})
    EXPECT_EQ(seen_by_watcher(conninfo, "peer", "SELECT 'shared'", details),
              "peer|idle|SELECT 'shared'|client backend|no")
        << conninfo;
}

TEST_F(PgStatActivity, ASessionWaitingForTheWriteLockShowsALockWaitAndCanBeCancelledOrTerminated) {
  local_exec("CREATE TABLE t (a int PRIMARY KEY)");
  auto holder = connect_as("holder");
  ASSERT_TRUE(succeeded(exec(holder.get(), "BEGIN; INSERT INTO t VALUES (1)").get()));
  auto waiter = connect_as("waiter");
  const int pid = PQbackendPID(waiter.get());
  send(waiter.get(), "INSERT INTO t VALUES (2)");
  EXPECT_TRUE(wait_until(
      [&] { return activity_of(pid, "state, wait_event_type, wait_event") == "active|Lock|transactionid"; }, 10s,
      20ms))
      << activity_of(pid, "state, wait_event_type, wait_event, query");

  EXPECT_EQ(local_value("SELECT pg_cancel_backend(" + std::to_string(pid) + ")"), "t");
  auto cancelled = result_of(waiter.get());
  EXPECT_EQ(sqlstate_of(cancelled.get()), "57014") << PQresultErrorMessage(cancelled.get());
  EXPECT_EQ(activity_of(pid, "state, wait_event_type"), "idle|Client");

  EXPECT_EQ(local_value("SELECT pg_cancel_backend(2147483000)"), "f") << "no session has that pid";
  EXPECT_EQ(local_value("SELECT pg_terminate_backend(" + std::to_string(pid) + ")"), "t");
  EXPECT_TRUE(wait_until([&] { return activity_of(pid, "pid") == "<0 rows>"; }, 10s, 50ms));
  auto after = exec(waiter.get(), "SELECT 1");
  EXPECT_NE(PQresultStatus(after.get()), PGRES_TUPLES_OK);
  EXPECT_NE(std::string(PQerrorMessage(waiter.get())).find("terminating connection due to administrator command"),
            std::string::npos)
      << PQerrorMessage(waiter.get());
  ASSERT_TRUE(succeeded(exec(holder.get(), "COMMIT").get()));
}

TEST_F(PgStatActivity, TheApplyWorkerHasARowAndShowsItsWaitForAClientsTransaction) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY); CREATE TABLE other (a int)");
  create_subscription("sub", "pub");
  publisher_.exec("INSERT INTO t VALUES (1)");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "1"));
  const std::string worker = "SELECT a.datname, a.backend_type, a.state, a.wait_event_type, a.wait_event "
                             "FROM pg_stat_activity a JOIN pg_stat_subscription s ON s.pid = a.pid "
                             "WHERE s.subname = 'sub'";
  EXPECT_TRUE(wait_until(
      [&] {
        auto rows = local_rows(worker);
        return rows.size() == 1 && rows[0] == "postgres|logical replication worker|idle|Activity|LogicalApplyMain";
      },
      10s, 50ms))
      << ::testing::PrintToString(local_rows(worker));

  auto holder = connect_as("holder");
  ASSERT_TRUE(succeeded(exec(holder.get(), "BEGIN; INSERT INTO other VALUES (1)").get()));
  publisher_.exec("INSERT INTO t VALUES (2)");
  EXPECT_TRUE(wait_until(
      [&] {
        auto rows = local_rows(worker);
        return rows.size() == 1 && rows[0] == "postgres|logical replication worker|active|Lock|transactionid";
      },
      15s, 50ms))
      << ::testing::PrintToString(local_rows(worker));
  EXPECT_EQ(local_value("SELECT state FROM tributary_actors WHERE kind = 'applier'"),
            "waiting for a local transaction");
  ASSERT_TRUE(succeeded(exec(holder.get(), "COMMIT").get()));
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "2"));
}

}  // namespace
}  // namespace tributary::integration
