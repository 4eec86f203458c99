// 000_frontend: the PostgreSQL front end of a real `tributary serve`, driven through
// libpq and psql exactly as a client application would.
//
// Every test starts its own server on a scratch data directory (tributary_server) and
// checks what a PostgreSQL user sees: result shapes (types, names, command tags),
// SQLSTATEs and positions of errors, transaction-block states, databases as files
// under DIR/base/, PRAGMA reaching SQLite, cancel requests, clean shutdown on SIGTERM
// and durability across restarts. Expected psql output was taken from PostgreSQL 15's
// own psql against PostgreSQL 15.
//
// The last suite proves the publisher fixture (pg_publisher) itself: a PostgreSQL
// cluster with wal_level=logical, run as an unprivileged user when the test is root.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "integration/pg_publisher.hpp"
#include "integration/pq_handles.hpp"
#include "integration/process.hpp"
#include "integration/startup_probe.hpp"
#include "integration/test_host.hpp"
#include "integration/tributary_server.hpp"
#include "integration/wait_until.hpp"

namespace tributary::integration {
namespace {

constexpr Oid int4_oid = 23;
constexpr Oid text_oid = 25;

std::vector<std::string> column_names(const PGresult* result) {
  std::vector<std::string> names;
  for (int i = 0; i < PQnfields(result); ++i) names.emplace_back(PQfname(result, i));
  return names;
}

class FrontendTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(server_.start());
    reconnect();
  }

  void reconnect() {
    connection_ = server_.connect();
    ASSERT_EQ(PQstatus(connection_.get()), CONNECTION_OK);
  }

  pg_result run(const std::string& sql) { return exec(connection_.get(), sql); }

  void run_ok(const std::string& sql) {
    auto result = run(sql);
    ASSERT_TRUE(succeeded(result.get())) << sql << "\n" << PQresultErrorMessage(result.get());
  }

  std::string single_value(const std::string& sql) {
    auto result = run(sql);
    if (PQresultStatus(result.get()) != PGRES_TUPLES_OK || PQntuples(result.get()) != 1) {
      ADD_FAILURE() << sql << " did not return one row: " << PQresultErrorMessage(result.get());
      return "";
    }
    return PQgetvalue(result.get(), 0, 0);
  }

  PGTransactionStatusType transaction_status() { return PQtransactionStatus(connection_.get()); }

  tributary_server server_;
  pg_connection connection_;
};

TEST_F(FrontendTest, CreateInsertSelectReturnPostgresShapedResults) {
  auto created = run("CREATE TABLE t(a int PRIMARY KEY, b text)");
  ASSERT_EQ(PQresultStatus(created.get()), PGRES_COMMAND_OK) << PQresultErrorMessage(created.get());
  EXPECT_STREQ(PQcmdStatus(created.get()), "CREATE TABLE");

  auto inserted = run("INSERT INTO t VALUES (1, 'x')");
  ASSERT_EQ(PQresultStatus(inserted.get()), PGRES_COMMAND_OK) << PQresultErrorMessage(inserted.get());
  EXPECT_STREQ(PQcmdStatus(inserted.get()), "INSERT 0 1");
  EXPECT_STREQ(PQcmdTuples(inserted.get()), "1");

  auto selected = run("SELECT a, b FROM t");
  ASSERT_EQ(PQresultStatus(selected.get()), PGRES_TUPLES_OK) << PQresultErrorMessage(selected.get());
  EXPECT_STREQ(PQcmdStatus(selected.get()), "SELECT 1");
  EXPECT_STREQ(PQcmdTuples(selected.get()), "1");
  ASSERT_EQ(PQntuples(selected.get()), 1);
  ASSERT_EQ(PQnfields(selected.get()), 2);
  EXPECT_STREQ(PQfname(selected.get(), 0), "a");
  EXPECT_STREQ(PQfname(selected.get(), 1), "b");
  EXPECT_EQ(PQftype(selected.get(), 0), int4_oid);  // as declared, like PostgreSQL
  EXPECT_EQ(PQftype(selected.get(), 1), text_oid);
  EXPECT_STREQ(PQgetvalue(selected.get(), 0, 0), "1");
  EXPECT_STREQ(PQgetvalue(selected.get(), 0, 1), "x");

  auto two_more = run("INSERT INTO t VALUES (2, 'y'), (3, NULL)");
  EXPECT_STREQ(PQcmdStatus(two_more.get()), "INSERT 0 2");
  auto nulls = run("SELECT b FROM t WHERE a = 3");
  ASSERT_EQ(PQntuples(nulls.get()), 1);
  EXPECT_TRUE(PQgetisnull(nulls.get(), 0, 0));
}

TEST_F(FrontendTest, SeveralStatementsInOneQueryEachReturnTheirResult) {
  ASSERT_EQ(PQsendQuery(connection_.get(),
                        "CREATE TABLE t(a int, b text); INSERT INTO t VALUES (1, 'x');"
                        " INSERT INTO t VALUES (2, 'y'), (3, 'z'); SELECT count(*) FROM t"),
            1);
  std::vector<std::string> tags;
  std::string last_value;
  while (PGresult* raw = PQgetResult(connection_.get())) {
    pg_result result(raw);
    ASSERT_TRUE(succeeded(result.get())) << PQresultErrorMessage(result.get());
    tags.emplace_back(PQcmdStatus(result.get()));
    if (PQntuples(result.get()) == 1) last_value = PQgetvalue(result.get(), 0, 0);
  }
  EXPECT_EQ(tags, (std::vector<std::string>{"CREATE TABLE", "INSERT 0 1", "INSERT 0 2", "SELECT 1"}));
  EXPECT_EQ(last_value, "3");
  EXPECT_EQ(transaction_status(), PQTRANS_IDLE);
}

TEST_F(FrontendTest, ErrorInMultiStatementQueryRollsBackTheWholeString) {
  ASSERT_NO_FATAL_FAILURE(run_ok("CREATE TABLE t(a int)"));
  auto failed = run("INSERT INTO t VALUES (1); INSERT INTO missing VALUES (2); INSERT INTO t VALUES (3)");
  EXPECT_EQ(PQresultStatus(failed.get()), PGRES_FATAL_ERROR);
  EXPECT_EQ(sqlstate_of(failed.get()), "42P01");
  EXPECT_EQ(transaction_status(), PQTRANS_IDLE);
  EXPECT_EQ(single_value("SELECT count(*) FROM t"), "0");
}

TEST_F(FrontendTest, PgSubscriptionIsEmptyWithPostgresColumns) {
  auto result = run("SELECT * FROM pg_subscription");
  ASSERT_EQ(PQresultStatus(result.get()), PGRES_TUPLES_OK) << PQresultErrorMessage(result.get());
  EXPECT_EQ(PQntuples(result.get()), 0);
  EXPECT_EQ(column_names(result.get()),
            (std::vector<std::string>{"oid", "subdbid", "subskiplsn", "subname", "subowner",
                                      "subenabled", "subbinary", "substream", "subtwophasestate",
                                      "subdisableonerr", "subpasswordrequired", "subrunasowner",
                                      "subfailover", "subconninfo", "subslotname", "subsynccommit",
                                      "subpublications", "suborigin"}));
}

TEST_F(FrontendTest, PgSubscriptionRelHasPostgresColumns) {
  auto result = run("SELECT * FROM pg_subscription_rel");
  ASSERT_EQ(PQresultStatus(result.get()), PGRES_TUPLES_OK) << PQresultErrorMessage(result.get());
  EXPECT_EQ(PQntuples(result.get()), 0);
  for (const char* column : {"srsubid", "srrelid", "srsubstate", "srsublsn"}) {
    EXPECT_GE(PQfnumber(result.get(), column), 0) << "missing column " << column;
  }
}

TEST_F(FrontendTest, ReplicationOriginRelationsExist) {
  auto origins = run("SELECT * FROM pg_replication_origin");
  ASSERT_EQ(PQresultStatus(origins.get()), PGRES_TUPLES_OK) << PQresultErrorMessage(origins.get());
  EXPECT_EQ(PQntuples(origins.get()), 0);
  EXPECT_GE(PQfnumber(origins.get(), "roname"), 0);

  auto status = run("SELECT * FROM pg_replication_origin_status");
  ASSERT_EQ(PQresultStatus(status.get()), PGRES_TUPLES_OK) << PQresultErrorMessage(status.get());
  EXPECT_EQ(PQntuples(status.get()), 0);
  EXPECT_GE(PQfnumber(status.get(), "external_id"), 0);
  EXPECT_GE(PQfnumber(status.get(), "remote_lsn"), 0);
}

TEST_F(FrontendTest, SyntaxErrorReports42601WithPositionAndSessionGoesOn) {
  auto result = run("SELECT 1 FROM FROM");
  ASSERT_EQ(PQresultStatus(result.get()), PGRES_FATAL_ERROR);
  EXPECT_EQ(sqlstate_of(result.get()), "42601");
  const char* message = PQresultErrorField(result.get(), PG_DIAG_MESSAGE_PRIMARY);
  EXPECT_STREQ(message, "syntax error at or near \"FROM\"");
  const char* position = PQresultErrorField(result.get(), PG_DIAG_STATEMENT_POSITION);
  EXPECT_STREQ(position, "15");  // 1-based, as PostgreSQL 15 reports it
  EXPECT_EQ(transaction_status(), PQTRANS_IDLE);
  EXPECT_EQ(single_value("SELECT 1"), "1");
}

TEST_F(FrontendTest, FailedStatementInBlockIgnoresCommandsUntilRollback) {
  ASSERT_NO_FATAL_FAILURE(run_ok("CREATE TABLE t(a int)"));
  auto begun = run("BEGIN");
  EXPECT_STREQ(PQcmdStatus(begun.get()), "BEGIN");
  EXPECT_EQ(transaction_status(), PQTRANS_INTRANS);
  ASSERT_NO_FATAL_FAILURE(run_ok("INSERT INTO t VALUES (1)"));

  auto failed = run("SELECT * FROM missing_table");
  EXPECT_EQ(sqlstate_of(failed.get()), "42P01");
  EXPECT_EQ(transaction_status(), PQTRANS_INERROR);

  auto ignored = run("SELECT 1");
  EXPECT_EQ(PQresultStatus(ignored.get()), PGRES_FATAL_ERROR);
  EXPECT_EQ(sqlstate_of(ignored.get()), "25P02");
  EXPECT_EQ(transaction_status(), PQTRANS_INERROR);

  auto rolled_back = run("ROLLBACK");
  EXPECT_STREQ(PQcmdStatus(rolled_back.get()), "ROLLBACK");
  EXPECT_EQ(transaction_status(), PQTRANS_IDLE);
  EXPECT_EQ(single_value("SELECT count(*) FROM t"), "0");
}

TEST_F(FrontendTest, CommitOfFailedBlockRollsBack) {
  ASSERT_NO_FATAL_FAILURE(run_ok("CREATE TABLE t(a int)"));
  ASSERT_NO_FATAL_FAILURE(run_ok("BEGIN"));
  ASSERT_NO_FATAL_FAILURE(run_ok("INSERT INTO t VALUES (1)"));
  auto failed = run("INSERT INTO t VALUES ('a', 'b', 'c')");
  EXPECT_EQ(PQresultStatus(failed.get()), PGRES_FATAL_ERROR);
  EXPECT_EQ(transaction_status(), PQTRANS_INERROR);
  auto committed = run("COMMIT");
  EXPECT_EQ(PQresultStatus(committed.get()), PGRES_COMMAND_OK);
  EXPECT_STREQ(PQcmdStatus(committed.get()), "ROLLBACK");
  EXPECT_EQ(transaction_status(), PQTRANS_IDLE);
  EXPECT_EQ(single_value("SELECT count(*) FROM t"), "0");
}

TEST_F(FrontendTest, CreateDatabaseMakesAFileToConnectTo) {
  auto created = run("CREATE DATABASE shop");
  ASSERT_EQ(PQresultStatus(created.get()), PGRES_COMMAND_OK) << PQresultErrorMessage(created.get());
  EXPECT_STREQ(PQcmdStatus(created.get()), "CREATE DATABASE");
  EXPECT_TRUE(std::filesystem::exists(server_.data_dir() / "base" / "shop.db"));

  auto again = run("CREATE DATABASE shop");
  EXPECT_EQ(sqlstate_of(again.get()), "42P04");

  auto shop = server_.connect("shop");
  ASSERT_EQ(PQstatus(shop.get()), CONNECTION_OK);
  auto made = exec(shop.get(), "CREATE TABLE items(id int); INSERT INTO items VALUES (7)");
  ASSERT_TRUE(succeeded(made.get())) << PQresultErrorMessage(made.get());
  auto seen = exec(shop.get(), "SELECT id FROM items");
  ASSERT_EQ(PQntuples(seen.get()), 1);
  EXPECT_STREQ(PQgetvalue(seen.get(), 0, 0), "7");

  // Each database is its own file: the table is not visible from postgres.
  auto elsewhere = run("SELECT * FROM items");
  EXPECT_EQ(sqlstate_of(elsewhere.get()), "42P01");
}

TEST_F(FrontendTest, CreateDatabaseInsideTransactionBlockIsRefused) {
  ASSERT_NO_FATAL_FAILURE(run_ok("BEGIN"));
  auto refused = run("CREATE DATABASE shop");
  EXPECT_EQ(sqlstate_of(refused.get()), "25001");
  ASSERT_NO_FATAL_FAILURE(run_ok("ROLLBACK"));
  EXPECT_FALSE(std::filesystem::exists(server_.data_dir() / "base" / "shop.db"));
}

TEST_F(FrontendTest, DropDatabaseRemovesItsFileAndConnectionsFail) {
  ASSERT_NO_FATAL_FAILURE(run_ok("CREATE DATABASE shop"));
  {
    auto shop = server_.connect("shop");
    ASSERT_EQ(PQstatus(shop.get()), CONNECTION_OK);
  }
  // The session of `shop` ends asynchronously on the server; PostgreSQL refuses to
  // drop a database in use (55006), so retry until the server has noticed.
  std::string last_error;
  bool dropped = wait_until(
      [&] {
        auto result = run("DROP DATABASE shop");
        last_error = PQresultErrorMessage(result.get());
        return PQresultStatus(result.get()) == PGRES_COMMAND_OK &&
               std::string(PQcmdStatus(result.get())) == "DROP DATABASE";
      },
      std::chrono::seconds(10));
  ASSERT_TRUE(dropped) << last_error;
  EXPECT_FALSE(std::filesystem::exists(server_.data_dir() / "base" / "shop.db"));

  auto probe = startup_error_fields(server_.port(), server_.user(), "shop");
  ASSERT_TRUE(probe.ok()) << probe.error();
  EXPECT_EQ((*probe)['C'], "3D000");

  auto missing = run("DROP DATABASE shop");
  EXPECT_EQ(sqlstate_of(missing.get()), "3D000");
  ASSERT_NO_FATAL_FAILURE(run_ok("DROP DATABASE IF EXISTS shop"));
}

TEST_F(FrontendTest, ConnectingToUnknownDatabaseFailsWith3D000) {
  auto probe = startup_error_fields(server_.port(), server_.user(), "no_such_db");
  ASSERT_TRUE(probe.ok()) << probe.error();
  EXPECT_EQ((*probe)['S'], "FATAL");
  EXPECT_EQ((*probe)['C'], "3D000");
  EXPECT_EQ((*probe)['M'], "database \"no_such_db\" does not exist");

  auto refused = connect_with(server_.conninfo("no_such_db"));
  EXPECT_EQ(PQstatus(refused.get()), CONNECTION_BAD);
  EXPECT_NE(std::string(PQerrorMessage(refused.get())).find("database \"no_such_db\" does not exist"),
            std::string::npos)
      << PQerrorMessage(refused.get());
}

TEST_F(FrontendTest, PragmaGoesToSqlite) {
  ASSERT_NO_FATAL_FAILURE(run_ok("CREATE TABLE t(a int, b text)"));
  ASSERT_NO_FATAL_FAILURE(run_ok("PRAGMA user_version = 7"));
  EXPECT_EQ(single_value("PRAGMA user_version"), "7");

  auto columns = run("PRAGMA table_info(t)");
  ASSERT_EQ(PQresultStatus(columns.get()), PGRES_TUPLES_OK) << PQresultErrorMessage(columns.get());
  ASSERT_EQ(PQntuples(columns.get()), 2);
  int name = PQfnumber(columns.get(), "name");
  ASSERT_GE(name, 0);
  EXPECT_STREQ(PQgetvalue(columns.get(), 0, name), "a");
  EXPECT_STREQ(PQgetvalue(columns.get(), 1, name), "b");
}

TEST_F(FrontendTest, CancelRequestInterruptsLongQueryWith57014) {
  const char* endless =
      "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) "
      "SELECT count(*) FROM c";
  ASSERT_EQ(PQsendQuery(connection_.get(), endless), 1) << PQerrorMessage(connection_.get());
  std::unique_ptr<PGcancel, void (*)(PGcancel*)> cancel(PQgetCancel(connection_.get()), PQfreeCancel);
  ASSERT_NE(cancel, nullptr);

  // A cancel that arrives before the statement runs has nothing to interrupt, so
  // keep asking (every 200 ms) until the query's result is in.
  auto last_cancel = std::chrono::steady_clock::time_point{};
  bool finished = wait_until(
      [&] {
        auto now = std::chrono::steady_clock::now();
        if (now - last_cancel >= std::chrono::milliseconds(200)) {
          char error[256];
          PQcancel(cancel.get(), error, sizeof error);
          last_cancel = now;
        }
        return PQconsumeInput(connection_.get()) == 0 || PQisBusy(connection_.get()) == 0;
      },
      std::chrono::seconds(30));
  ASSERT_TRUE(finished) << "the cancelled query was still running after 30 s";

  pg_result result(PQgetResult(connection_.get()));
  ASSERT_NE(result, nullptr) << PQerrorMessage(connection_.get());
  EXPECT_EQ(PQresultStatus(result.get()), PGRES_FATAL_ERROR);
  EXPECT_EQ(sqlstate_of(result.get()), "57014");
  EXPECT_STREQ(PQresultErrorField(result.get(), PG_DIAG_MESSAGE_PRIMARY),
               "canceling statement due to user request");
  while (PGresult* rest = PQgetResult(connection_.get())) PQclear(rest);

  EXPECT_EQ(single_value("SELECT 1"), "1");
}

TEST_F(FrontendTest, SigtermStopsServerWithExitZero) {
  ASSERT_NO_FATAL_FAILURE(run_ok("CREATE TABLE t(a int)"));  // a client stays connected
  auto status = server_.stop();
  EXPECT_TRUE(status.succeeded()) << status.describe() << "\n" << server_.log_text();
  auto refused = connect_with(server_.conninfo());
  EXPECT_EQ(PQstatus(refused.get()), CONNECTION_BAD);
}

TEST_F(FrontendTest, CommittedDataSurvivesRestart) {
  ASSERT_NO_FATAL_FAILURE(run_ok("CREATE TABLE t(a int PRIMARY KEY, b text)"));
  ASSERT_NO_FATAL_FAILURE(run_ok("INSERT INTO t VALUES (1, 'x'), (2, 'y')"));
  ASSERT_NO_FATAL_FAILURE(run_ok("CREATE DATABASE shop"));
  connection_.reset();

  ASSERT_NO_FATAL_FAILURE(server_.restart());
  ASSERT_NO_FATAL_FAILURE(reconnect());
  auto rows = run("SELECT a, b FROM t ORDER BY a");
  ASSERT_EQ(PQntuples(rows.get()), 2) << PQresultErrorMessage(rows.get());
  EXPECT_STREQ(PQgetvalue(rows.get(), 0, 1), "x");
  EXPECT_STREQ(PQgetvalue(rows.get(), 1, 1), "y");
  auto shop = server_.connect("shop");
  EXPECT_EQ(PQstatus(shop.get()), CONNECTION_OK);
}

TEST_F(FrontendTest, CommittedDataSurvivesSigkill) {
  ASSERT_NO_FATAL_FAILURE(run_ok("CREATE TABLE t(a int)"));
  ASSERT_NO_FATAL_FAILURE(run_ok("INSERT INTO t VALUES (1), (2), (3)"));
  ASSERT_NO_FATAL_FAILURE(run_ok("BEGIN"));
  ASSERT_NO_FATAL_FAILURE(run_ok("INSERT INTO t VALUES (4)"));  // never committed
  auto status = server_.kill9();
  EXPECT_EQ(status.signal, SIGKILL);
  connection_.reset();

  ASSERT_NO_FATAL_FAILURE(server_.start());
  ASSERT_NO_FATAL_FAILURE(reconnect());
  EXPECT_EQ(single_value("SELECT count(*) FROM t"), "3");
}

TEST_F(FrontendTest, ClientsConnectOverTheUnixSocketAndASocketLeftByAKilledServerIsReplaced) {
  const std::string over_socket =
      "host=/tmp port=" + std::to_string(server_.port()) + " dbname=postgres application_name=over_socket";
  auto local = connect_with(over_socket);
  ASSERT_EQ(PQstatus(local.get()), CONNECTION_OK) << PQerrorMessage(local.get());
  // As PostgreSQL shows a Unix-socket session: no address and port -1.
  EXPECT_EQ(single_value("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'over_socket' "
                         "AND client_addr IS NULL AND client_port = -1"),
            "1");
  local.reset();
  const auto socket_file = std::filesystem::path("/tmp") / (".s.PGSQL." + std::to_string(server_.port()));
  EXPECT_TRUE(std::filesystem::exists(socket_file));
  // SIGKILL leaves the socket file behind; the next start replaces it.
  server_.kill9();
  connection_.reset();
  EXPECT_TRUE(std::filesystem::exists(socket_file));
  ASSERT_NO_FATAL_FAILURE(server_.start());
  auto again = connect_with(over_socket);
  EXPECT_EQ(PQstatus(again.get()), CONNECTION_OK) << PQerrorMessage(again.get());
  again.reset();
  // A clean stop removes it.
  server_.stop();
  EXPECT_FALSE(std::filesystem::exists(socket_file));
}

std::string psql_program() {
  auto bundled = pg_publisher::default_bin_dir() / "psql";
  return std::filesystem::exists(bundled) ? bundled.string() : std::string("psql");
}

TEST_F(FrontendTest, PsqlCommandLinePrintsPostgresShapedTable) {
  auto scratch = scratch_directory::create("tributary-psql");
  ASSERT_TRUE(scratch.ok()) << scratch.error();
  process_options psql;
  psql.argv = {psql_program(), "-h", "127.0.0.1", "-p", std::to_string(server_.port()), "-d", "postgres",
               "-c", "CREATE TABLE t(a int PRIMARY KEY, b text); INSERT INTO t VALUES (1,'x'); SELECT * FROM t"};
  psql.environment = {"PSQLRC=/dev/null", "PAGER=cat", "PGCONNECT_TIMEOUT=10"};
  psql.log_file = scratch->path() / "psql.out";
  auto status = run_to_completion(psql, std::chrono::seconds(60));
  ASSERT_TRUE(status.ok()) << status.error();
  std::string output = read_text_file(psql.log_file);
  EXPECT_TRUE(status->succeeded()) << status->describe() << "\n" << output;
  // What psql 15 prints for the same command against PostgreSQL 15.
  EXPECT_EQ(output,
            "CREATE TABLE\n"
            "INSERT 0 1\n"
            " a | b \n"
            "---+---\n"
            " 1 | x\n"
            "(1 row)\n"
            "\n");
}

TEST(PgPublisherFixture, RunsWithLogicalWalLevelAndCleansUp) {
  std::filesystem::path data;
  {
    pg_publisher publisher;
    ASSERT_NO_FATAL_FAILURE(publisher.start());
    data = publisher.data_dir();
    EXPECT_EQ(publisher.query_value("SHOW wal_level"), "logical");
    EXPECT_GE(publisher.server_version_num(), 150000);
    ASSERT_NO_FATAL_FAILURE(
        publisher.exec("CREATE TABLE t(a int PRIMARY KEY); CREATE PUBLICATION p FOR TABLE t"));
    ASSERT_NO_FATAL_FAILURE(publisher.exec("SELECT pg_create_logical_replication_slot('s', 'pgoutput')"));
    if (running_as_root()) {  // PostgreSQL cannot run as root: the fixture switched user
      struct stat info {};
      ASSERT_EQ(stat(data.c_str(), &info), 0);
      EXPECT_NE(info.st_uid, 0u);
    }
    ASSERT_NO_FATAL_FAILURE(publisher.restart());
    EXPECT_EQ(publisher.query_value("SELECT slot_name FROM pg_replication_slots"), "s");
    ASSERT_NO_FATAL_FAILURE(publisher.stop());
    auto refused = connect_with(publisher.conninfo());
    EXPECT_EQ(PQstatus(refused.get()), CONNECTION_BAD);
  }
  EXPECT_FALSE(std::filesystem::exists(data));
}

}  // namespace
}  // namespace tributary::integration
