// A real session object driven over a socketpair with real protocol bytes,
// against a real data directory (global.db + SQLite database files) in a
// temporary directory; and the server over TCP for CancelRequest and shutdown.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

#include "cli/server/server.hpp"
#include "storage/sqlite_connection.hpp"
#include "cli/server/session.hpp"
#include "frontend_test_client.hpp"
#include "session_test_fixture.hpp"

using namespace tributary;
using tributary::testing::backend_message;
using tributary::testing::test_client;
using tributary::testing::types_of;

namespace {

constexpr const char* slow_query =
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 500000000) "
    "SELECT count(*) FROM c";

class SessionTest : public tributary::testing::session_test_fixture {};

// Records what a subscription handler sees through its command_context.
class recording_subscription_commands : public subscription_commands {
public:
  result<command_outcome, pg_error> create_subscription(const nlohmann::json& statement,
                                                        command_context& context) override {
    name = statement.value("subname", "");
    in_block = context.in_transaction_block();
    database = context.database_name();
    pg_error warning = make_pg_error("01000", "publication \"p\" does not exist on the publisher");
    warning.severity = "WARNING";
    context.emit_notice(warning);
    context.on_commit([this] { ++committed; });
    return command_outcome::tag_only("CREATE SUBSCRIPTION");
  }
  std::string name, database;
  bool in_block = false;
  std::atomic<int> committed{0};
};

}  // namespace

TEST_F(SessionTest, StartupAnswersSslRequestWithNAndReportsParameters) {
  auto client = open_session();
  client->send_packet(test_client::be32(80877103));
  EXPECT_EQ(client->read_byte(), 'N');
  client->send_startup({{"user", "tester"}, {"database", "postgres"}, {"application_name", "tests"}});
  auto reply = client->read_until_ready();
  ASSERT_GE(reply.size(), 3u);
  EXPECT_EQ(reply.front().type, 'R');
  EXPECT_EQ(reply.front().i32_at(0), 0);  // AuthenticationOk
  std::map<std::string, std::string> parameters;
  for (const auto& m : reply)
    if (m.type == 'S')
      parameters.insert(m.parameter());
  EXPECT_EQ(parameters["server_version"], "15.0");
  EXPECT_EQ(parameters["server_encoding"], "UTF8");
  EXPECT_EQ(parameters["client_encoding"], "UTF8");
  EXPECT_EQ(parameters["DateStyle"], "ISO, MDY");
  EXPECT_EQ(parameters["integer_datetimes"], "on");
  EXPECT_EQ(parameters["standard_conforming_strings"], "on");
  EXPECT_EQ(parameters["TimeZone"], "UTC");
  EXPECT_EQ(parameters["IntervalStyle"], "postgres");
  EXPECT_EQ(parameters["application_name"], "tests");
  EXPECT_EQ(parameters["is_superuser"], "on");
  EXPECT_EQ(parameters["session_authorization"], "tester");
  const backend_message* key = find(reply, 'K');
  ASSERT_NE(key, nullptr);
  EXPECT_EQ(key->i32_at(0), 4242);
  EXPECT_EQ(key->i32_at(4), 777);
  EXPECT_EQ(reply.back().type, 'Z');
  EXPECT_EQ(reply.back().body, "I");
}

TEST_F(SessionTest, UnknownRoleIsFatal28000) {
  auto client = open_session();
  client->send_startup({{"user", "nobody"}, {"database", "postgres"}});
  auto reply = client->read_until_ready();
  ASSERT_EQ(types_of(reply), "E");
  auto f = reply[0].fields();
  EXPECT_EQ(f['S'], "FATAL");
  EXPECT_EQ(f['C'], "28000");
  EXPECT_EQ(f['M'], "role \"nobody\" does not exist");
}

TEST_F(SessionTest, DatabaseDefaultsToTheUserNameAndMustExist) {
  auto client = open_session();
  client->send_startup({{"user", "tester"}});
  auto reply = client->read_until_ready();
  ASSERT_EQ(types_of(reply), "E");
  EXPECT_EQ(reply[0].fields()['C'], "3D000");
  EXPECT_EQ(reply[0].fields()['M'], "database \"tester\" does not exist");
}

TEST_F(SessionTest, MultiStatementQuerySendsOneResultPerStatement) {
  auto client = login();
  auto reply = client->exchange(
      "CREATE TABLE t(a int PRIMARY KEY, b text); INSERT INTO t VALUES (1,'x'); SELECT * FROM t");
  EXPECT_EQ(types_of(reply), "CCTDCZ");
  EXPECT_EQ(tags(reply), (std::vector<std::string>{"CREATE TABLE", "INSERT 0 1", "SELECT 1"}));
  const backend_message* row = find(reply, 'D');
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->values(), (std::vector<std::optional<std::string>>{"1", "x"}));
  auto columns = find(reply, 'T')->columns();
  ASSERT_EQ(columns.size(), 2u);
  EXPECT_EQ(columns[0], (std::pair<std::string, uint32_t>{"a", 23}));  // int4, as declared
  EXPECT_EQ(columns[1], (std::pair<std::string, uint32_t>{"b", 25}));
  EXPECT_EQ(status(reply), 'I');
}

TEST_F(SessionTest, EmptyQueryGetsEmptyQueryResponse) {
  auto client = login();
  EXPECT_EQ(types_of(client->exchange("")), "IZ");
  EXPECT_EQ(types_of(client->exchange(" ; -- nothing")), "IZ");
}

TEST_F(SessionTest, ErrorInMultiStatementStringRollsBackTheEarlierStatements) {
  auto client = login();
  auto reply = client->exchange("CREATE TABLE a(x int); INSERT INTO a VALUES (1); SELECT nope FROM a; SELECT 2");
  EXPECT_EQ(types_of(reply), "CCEZ");
  EXPECT_EQ(error_code(reply), "42703");
  EXPECT_EQ(error_code(client->exchange("SELECT * FROM a")), "42P01");
}

TEST_F(SessionTest, SyntaxErrorAnywhereRunsNothingAndPointsAtTheToken) {
  auto client = login();
  auto reply = client->exchange("CREATE TABLE b(x int); SELECT 1 FROM FROM");
  ASSERT_EQ(types_of(reply), "EZ");
  auto f = reply[0].fields();
  EXPECT_EQ(f['C'], "42601");
  EXPECT_EQ(f['M'], "syntax error at or near \"FROM\"");
  EXPECT_EQ(f['P'], "38");
  EXPECT_EQ(error_code(client->exchange("SELECT * FROM b")), "42P01");
}

TEST_F(SessionTest, SqliteSyntaxErrorPointsIntoTheWholeString) {
  auto client = login();
  // A catalog relation leaves the statement to SQLite, which has no TABLESAMPLE and
  // rejects the text where it stands: what PostgreSQL accepts is not supported there.
  auto reply = client->exchange("SELECT 1; SELECT relname FROM pg_class TABLESAMPLE SYSTEM (1)");
  ASSERT_EQ(types_of(reply), "TDCEZ");
  EXPECT_EQ(reply[3].fields()['C'], "0A000");
  EXPECT_EQ(reply[3].fields()['M'], "this form of the statement is not supported yet (at or near \"SYSTEM\")");
  EXPECT_EQ(reply[3].fields()['P'], "52");
}

TEST_F(SessionTest, ForeignKeysAreCheckedForAClientsWrites) {
  auto client = login();
  ASSERT_EQ(types_of(client->exchange("CREATE TABLE p (id int PRIMARY KEY); "
                                      "CREATE TABLE c (id int PRIMARY KEY, p int REFERENCES p (id))")),
            "CCZ");
  EXPECT_EQ(error_code(client->exchange("INSERT INTO c VALUES (1, 7)")), "23503");
  EXPECT_EQ(types_of(client->exchange("INSERT INTO p VALUES (7); INSERT INTO c VALUES (1, 7)")), "CCZ");
  EXPECT_EQ(error_code(client->exchange("DELETE FROM p WHERE id = 7")), "23503");
  EXPECT_EQ(error_code(client->exchange("UPDATE c SET p = 8")), "23503");
  EXPECT_EQ(find(client->exchange("SELECT count(*) FROM c WHERE p = 7"), 'D')->values()[0], "1");
}

TEST_F(SessionTest, PragmaRunsInSqlite) {
  auto client = login();
  auto reply = client->exchange("PRAGMA journal_mode");
  EXPECT_EQ(types_of(reply), "TDCZ");
  EXPECT_EQ(find(reply, 'D')->values()[0], "wal");
}

// block_size is the unit of the relation sizes: the page of the database file,
// which a new file has of new_file_page_size bytes, and pg_settings agrees.
TEST_F(SessionTest, BlockSizeIsThePageOfTheDatabaseFile) {
  auto client = login();
  auto first_value = [&](const std::string& sql) -> std::string {
    auto reply = client->exchange(sql);
    auto row = find(reply, 'D');
    return row ? row->values()[0].value_or("NULL") : "no row: " + types_of(reply) + " " + error_code(reply);
  };
  EXPECT_EQ(first_value("PRAGMA page_size"), std::to_string(new_file_page_size));
  EXPECT_EQ(first_value("SHOW block_size"), std::to_string(new_file_page_size));
  auto settings = client->exchange("SELECT setting, min_val, max_val FROM pg_settings WHERE name = 'block_size'");
  auto row = find(settings, 'D');
  ASSERT_NE(row, nullptr) << types_of(settings) << " " << error_code(settings);
  EXPECT_EQ(row->values()[0], std::to_string(new_file_page_size));
  EXPECT_EQ(row->values()[1], std::to_string(new_file_page_size));
  EXPECT_EQ(row->values()[2], std::to_string(new_file_page_size));
}

TEST_F(SessionTest, FailedBlockRefusesStatementsUntilRollback) {
  auto client = login();
  EXPECT_EQ(status(client->exchange("BEGIN")), 'T');
  auto failed = client->exchange("SELECT * FROM missing");
  EXPECT_EQ(error_code(failed), "42P01");
  EXPECT_EQ(status(failed), 'E');
  auto ignored = client->exchange("SELECT 1");
  EXPECT_EQ(error_code(ignored), "25P02");
  EXPECT_EQ(find(ignored, 'E')->fields()['M'],
            "current transaction is aborted, commands ignored until end of transaction block");
  auto commit = client->exchange("COMMIT");
  EXPECT_EQ(tags(commit), std::vector<std::string>{"ROLLBACK"});
  EXPECT_EQ(status(commit), 'I');
}

TEST_F(SessionTest, BlockCommitsAndRollsBackInSqlite) {
  auto client = login();
  client->exchange("CREATE TABLE t(a int)");
  client->exchange("BEGIN; INSERT INTO t VALUES (1)");
  EXPECT_EQ(tags(client->exchange("ROLLBACK")), std::vector<std::string>{"ROLLBACK"});
  client->exchange("BEGIN; INSERT INTO t VALUES (2); COMMIT");
  auto rows = client->exchange("SELECT a FROM t");
  EXPECT_EQ(tags(rows), std::vector<std::string>{"SELECT 1"});
  EXPECT_EQ(find(rows, 'D')->values()[0], "2");
}

TEST_F(SessionTest, RollbackToSavepointRepairsAFailedBlock) {
  auto client = login();
  client->exchange("CREATE TABLE t(a int PRIMARY KEY)");
  client->exchange("BEGIN; INSERT INTO t VALUES (1); SAVEPOINT s1; INSERT INTO t VALUES (2)");
  EXPECT_EQ(status(client->exchange("INSERT INTO t VALUES (1)")), 'E');
  auto repaired = client->exchange("ROLLBACK TO SAVEPOINT s1");
  EXPECT_EQ(tags(repaired), std::vector<std::string>{"ROLLBACK"});
  EXPECT_EQ(status(repaired), 'T');
  client->exchange("COMMIT");
  EXPECT_EQ(tags(client->exchange("SELECT * FROM t")), std::vector<std::string>{"SELECT 1"});
}

TEST_F(SessionTest, SavepointOutsideBlockAndUnknownSavepointAreErrors) {
  auto client = login();
  EXPECT_EQ(error_code(client->exchange("SAVEPOINT s")), "25P01");
  client->exchange("BEGIN");
  auto reply = client->exchange("RELEASE SAVEPOINT nope");
  EXPECT_EQ(error_code(reply), "3B001");
  EXPECT_EQ(status(reply), 'E');
}

TEST_F(SessionTest, BeginInsideBlockWarns) {
  auto client = login();
  client->exchange("BEGIN");
  auto reply = client->exchange("BEGIN");
  EXPECT_EQ(types_of(reply), "NCZ");
  auto f = reply[0].fields();
  EXPECT_EQ(f['S'], "WARNING");
  EXPECT_EQ(f['C'], "25001");
  EXPECT_EQ(f['M'], "there is already a transaction in progress");
}

TEST_F(SessionTest, CreateAndDropDatabase) {
  auto client = login();
  EXPECT_EQ(tags(client->exchange("CREATE DATABASE shop")), std::vector<std::string>{"CREATE DATABASE"});
  {
    auto other = login("shop");
    EXPECT_EQ(tags(other->exchange("SELECT 1")), std::vector<std::string>{"SELECT 1"});
  }
  EXPECT_EQ(error_code(client->exchange("BEGIN; CREATE DATABASE x")), "25001");
  client->exchange("ROLLBACK");
  EXPECT_EQ(error_code(client->exchange("SELECT 1; CREATE DATABASE x")), "25001");
  auto own = client->exchange("DROP DATABASE postgres");
  EXPECT_EQ(error_code(own), "55006");
  EXPECT_EQ(find(own, 'E')->fields()['M'], "cannot drop the currently open database");
  // The session on "shop" has ended: wait until its thread let go of the database.
  threads_.at(1).join();
  threads_.erase(threads_.begin() + 1);
  EXPECT_EQ(tags(client->exchange("DROP DATABASE shop")), std::vector<std::string>{"DROP DATABASE"});
  auto missing = client->exchange("DROP DATABASE IF EXISTS shop");
  EXPECT_EQ(types_of(missing), "NCZ");
  EXPECT_EQ(missing[0].fields()['M'], "database \"shop\" does not exist, skipping");
  EXPECT_EQ(error_code(client->exchange("DROP DATABASE shop")), "3D000");
}

TEST_F(SessionTest, SetShowResetAndParameterStatus) {
  auto client = login();
  auto set = client->exchange("SET application_name = 'app2'");
  ASSERT_EQ(types_of(set), "CSZ");
  EXPECT_EQ(set[1].parameter(), (std::pair<std::string, std::string>{"application_name", "app2"}));
  auto show = client->exchange("SHOW application_name");
  EXPECT_EQ(find(show, 'T')->columns()[0].first, "application_name");
  EXPECT_EQ(find(show, 'D')->values()[0], "app2");
  EXPECT_EQ(tags(client->exchange("RESET application_name")), std::vector<std::string>{"RESET"});
  EXPECT_EQ(find(client->exchange("SHOW application_name"), 'D')->values()[0], "tests");
  EXPECT_EQ(tags(client->exchange("SET extra_float_digits = 3; SET search_path TO public")),
            (std::vector<std::string>{"SET", "SET"}));
  EXPECT_EQ(find(client->exchange("SHOW port"), 'D')->values()[0], "5433");
  EXPECT_EQ(error_code(client->exchange("SET port = 1")), "55P02");
  EXPECT_EQ(error_code(client->exchange("SET no_such_thing = 1")), "42704");
  EXPECT_EQ(error_code(client->exchange("SHOW no_such_thing")), "42704");
  EXPECT_GT(tags(client->exchange("SHOW ALL")).size(), 0u);
}

TEST_F(SessionTest, TimeZoneTakesKnownZonesOnlyAndShowsTheirSpelling) {
  auto client = login();
  EXPECT_EQ(tags(client->exchange("SET TimeZone = 'america/new_york'")), std::vector<std::string>{"SET"});
  EXPECT_EQ(find(client->exchange("SHOW TimeZone"), 'D')->values()[0], "America/New_York");
  EXPECT_EQ(tags(client->exchange("SET TimeZone = '-5.5'")), std::vector<std::string>{"SET"});
  auto bogus = client->exchange("SET TimeZone = 'Nowhere/Bogus'");
  EXPECT_EQ(error_code(bogus), "22023");
  EXPECT_EQ(find(bogus, 'E')->fields()['M'], "invalid value for parameter \"TimeZone\": \"Nowhere/Bogus\"");
  EXPECT_EQ(find(client->exchange("SHOW TimeZone"), 'D')->values()[0], "-5.5");
}

TEST_F(SessionTest, SetInsideRolledBackBlockIsUndone) {
  auto client = login();
  client->exchange("BEGIN; SET DateStyle = 'German'");
  client->exchange("ROLLBACK");
  EXPECT_EQ(find(client->exchange("SHOW DateStyle"), 'D')->values()[0], "ISO, MDY");
  auto local = client->exchange("SET LOCAL search_path = x");
  EXPECT_EQ(types_of(local), "NCZ");
  EXPECT_EQ(local[0].fields()['M'], "SET LOCAL can only be used in transaction blocks");
}

TEST_F(SessionTest, SubscriptionStatementsAreNotSupportedByDefault) {
  auto client = login();
  auto reply = client->exchange("CREATE SUBSCRIPTION s CONNECTION 'host=x' PUBLICATION p");
  EXPECT_EQ(error_code(reply), "0A000");
  EXPECT_EQ(find(reply, 'E')->fields()['M'], "CREATE SUBSCRIPTION is not supported yet");
}

TEST_F(SessionTest, SubscriptionHandlerSeesContextNoticesAndCommits) {
  auto handler = std::make_shared<recording_subscription_commands>();
  services_.subscriptions = handler;
  auto client = login();
  client->exchange("BEGIN");
  auto in_block = client->exchange("CREATE SUBSCRIPTION s1 CONNECTION 'host=x' PUBLICATION p");
  EXPECT_EQ(types_of(in_block), "NCZ");
  EXPECT_EQ(in_block[0].fields()['S'], "WARNING");
  EXPECT_TRUE(handler->in_block);
  EXPECT_EQ(handler->name, "s1");
  EXPECT_EQ(handler->database, "postgres");
  client->exchange("ROLLBACK");
  EXPECT_EQ(handler->committed, 0);  // rolled back: the action never runs
  client->exchange("CREATE SUBSCRIPTION s2 CONNECTION 'host=x' PUBLICATION p");
  EXPECT_FALSE(handler->in_block);
  EXPECT_EQ(handler->committed, 1);
  client->exchange("BEGIN; CREATE SUBSCRIPTION s3 CONNECTION 'host=x' PUBLICATION p");
  EXPECT_EQ(handler->committed, 1);
  client->exchange("COMMIT");
  EXPECT_EQ(handler->committed, 2);
}

TEST_F(SessionTest, ExtendedProtocolParseBindDescribeExecuteSync) {
  auto client = login();
  client->exchange("CREATE TABLE t(a int, b text); INSERT INTO t VALUES (1,'x'), (2,'y'), (3,'z')");
  client->send('P', test_client::cstr("s1") + test_client::cstr("SELECT a, b FROM t WHERE a >= $2 AND b <> $1 ORDER BY a") +
                        test_client::be16(0));
  client->send('D', "S" + test_client::cstr("s1"));
  client->send('B', test_client::cstr("") + test_client::cstr("s1") + test_client::be16(0) + test_client::be16(2) +
                        test_client::be32(1) + "y" + test_client::be32(1) + "1" + test_client::be16(0));
  client->send('D', "P" + test_client::cstr(""));
  client->send('E', test_client::cstr("") + test_client::be32(1));
  client->send('E', test_client::cstr("") + test_client::be32(0));
  client->send('S', "");
  auto reply = client->read_until_ready();
  EXPECT_EQ(types_of(reply), "1tT2TDsDCZ");
  const backend_message& parameters = reply[1];
  EXPECT_EQ(parameters.i16_at(0), 2);
  // Unspecified parameter types are those PostgreSQL infers: $1 meets b (text), $2 a (int4).
  EXPECT_EQ(parameters.i32_at(2), 25);
  EXPECT_EQ(parameters.i32_at(6), 23);
  EXPECT_EQ(reply[4].columns()[0], (std::pair<std::string, uint32_t>{"a", 23}));
  EXPECT_EQ(reply[5].values(), (std::vector<std::optional<std::string>>{"1", "x"}));
  EXPECT_EQ(reply[7].values(), (std::vector<std::optional<std::string>>{"3", "z"}));
  EXPECT_EQ(reply[8].tag(), "SELECT 2");
  EXPECT_EQ(status(reply), 'I');
}

TEST_F(SessionTest, ExtendedProtocolErrorSkipsToSync) {
  auto client = login();
  client->send('P', test_client::cstr("") + test_client::cstr("SELECT $1") + test_client::be16(0));
  client->send('B', test_client::cstr("") + test_client::cstr("") + test_client::be16(0) + test_client::be16(0) +
                        test_client::be16(0));
  client->send('E', test_client::cstr("") + test_client::be32(0));
  client->send('S', "");
  auto reply = client->read_until_ready();
  EXPECT_EQ(types_of(reply), "1EZ");
  EXPECT_EQ(reply[1].fields()['C'], "08P01");
  EXPECT_EQ(reply[1].fields()['M'], "bind message supplies 0 parameters, but unnamed prepared statement requires 1");
  EXPECT_EQ(tags(client->exchange("SELECT 1")), std::vector<std::string>{"SELECT 1"});
}

TEST_F(SessionTest, ExtendedProtocolSendsBinaryResultsInEachTypesSendFormat) {
  auto client = login();
  client->exchange("CREATE TABLE t(a int4, n numeric(6,2), s text)");
  client->exchange("INSERT INTO t VALUES (258, '1.5', 'x')");
  client->send('P', test_client::cstr("") + test_client::cstr("SELECT a, n, s, 7 FROM t") +
                        test_client::be16(0));
  client->send('B', test_client::cstr("") + test_client::cstr("") + test_client::be16(0) +
                        test_client::be16(0) + test_client::be16(1) + test_client::be16(1));
  client->send('D', std::string("P") + test_client::cstr(""));
  client->send('E', test_client::cstr("") + test_client::be32(0));
  client->send('S', "");
  auto reply = client->read_until_ready();
  EXPECT_EQ(types_of(reply), "12TDCZ");
  const std::string& description = reply[2].body;
  EXPECT_EQ(description.substr(description.size() - 2), std::string("\0\1", 2)) << "format 1";
  EXPECT_EQ(reply[3].values(),
            (std::vector<std::optional<std::string>>{
                std::string("\0\0\1\2", 4),                          // int4 258
                std::string("\0\2\0\0\0\0\0\2\0\1\x13\x88", 12),  // numeric 1.50: digits 1, 5000
                std::string("x"),                                    // text: its bytes
                std::string("\0\0\0\7", 4)}));  // the constant 7: int4, as PostgreSQL types it
}

TEST_F(SessionTest, ExtendedProtocolRefusesUnknownResultFormats) {
  auto client = login();
  client->send('P', test_client::cstr("") + test_client::cstr("SELECT 1") + test_client::be16(0));
  client->send('B', test_client::cstr("") + test_client::cstr("") + test_client::be16(0) + test_client::be16(0) +
                        test_client::be16(1) + test_client::be16(2));
  client->send('S', "");
  auto reply = client->read_until_ready();
  EXPECT_EQ(types_of(reply), "1EZ");
  EXPECT_EQ(reply[1].fields()['C'], "22023");
}

TEST_F(SessionTest, ExtendedProtocolStatementsOfABatchCommitAtSync) {
  auto client = login();
  client->exchange("CREATE TABLE t(a int)");
  auto execute = [&](const std::string& sql) {
    client->send('P', test_client::cstr("") + test_client::cstr(sql) + test_client::be16(0));
    client->send('B', test_client::cstr("") + test_client::cstr("") + test_client::be16(0) +
                          test_client::be16(0) + test_client::be16(0));
    client->send('E', test_client::cstr("") + test_client::be32(0));
  };
  execute("INSERT INTO t VALUES (1)");
  execute("INSERT INTO t VALUES ('x', 'too many')");
  client->send('S', "");
  auto reply = client->read_until_ready();
  EXPECT_EQ(types_of(reply), "12CEZ");
  // The failure rolled back the whole batch, the first INSERT included.
  EXPECT_EQ(tags(client->exchange("SELECT * FROM t")), std::vector<std::string>{"SELECT 0"});
}

TEST_F(SessionTest, InterruptCancelsTheRunningStatement) {
  auto client = login();
  client->query(slow_query);
  std::atomic<bool> done{false};
  std::thread canceller([&] {
    while (!done) {
      sessions_.back()->interrupt_statement();
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });
  auto reply = client->read_until_ready();
  done = true;
  canceller.join();
  ASSERT_EQ(types_of(reply), "EZ");
  EXPECT_EQ(reply[0].fields()['C'], "57014");
  EXPECT_EQ(reply[0].fields()['M'], "canceling statement due to user request");
  EXPECT_EQ(tags(client->exchange("SELECT 1")), std::vector<std::string>{"SELECT 1"});
}

TEST_F(SessionTest, TerminateEndsTheSession) {
  auto client = login();
  client->send('X', "");
  EXPECT_EQ(client->read().type, 0);  // the server closed the connection
}

TEST_F(SessionTest, ClientVanishingMidStatementEndsTheSessionQuietly) {
  ASSERT_TRUE(services_.directory->create_database("shop", "tester").ok());
  auto client = login("shop");
  // More rows than the socket buffers hold: the session is mid-statement,
  // writing, when the client goes away.
  client->query("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300000) "
                "SELECT x FROM c");
  client->close();
  // The session ends and lets go of its database (DROP DATABASE is refused
  // with 55006 while a session uses it), within a deadline rather than never.
  std::string last_refusal;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  bool dropped = false;
  while (!dropped && std::chrono::steady_clock::now() < deadline) {
    auto r = services_.directory->drop_database("shop", false);
    dropped = r.ok();
    if (!dropped) {
      last_refusal = r.error().sqlstate + " " + r.error().message;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  ASSERT_TRUE(dropped) << "the session never ended: " << last_refusal;
  threads_.back().join();
  threads_.pop_back();
  EXPECT_FALSE(services_.directory->find_database("shop").has_value());
  // The server is none the worse: a new session works.
  auto next = login();
  EXPECT_EQ(tags(next->exchange("SELECT 1")), std::vector<std::string>{"SELECT 1"});
}

TEST_F(SessionTest, ServerCancelRequestAndShutdown) {
  ASSERT_TRUE(config_->set("port", "0").ok());
  server front_end(services_);
  ASSERT_TRUE(front_end.listen().ok());
  std::thread acceptor([&] { front_end.run(); });
  auto tcp_connect = [&] {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<uint16_t>(front_end.bound_port()));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    EXPECT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
    return std::make_unique<test_client>(fd);
  };
  auto client = tcp_connect();
  client->send_startup({{"user", "tester"}, {"database", "postgres"}});
  auto startup = client->read_until_ready();
  const backend_message* key = find(startup, 'K');
  ASSERT_NE(key, nullptr);
  client->query(slow_query);
  std::atomic<bool> done{false};
  std::thread canceller([&] {
    while (!done) {
      auto c = tcp_connect();
      c->send_packet(test_client::be32(80877102) + test_client::be32(key->i32_at(0)) +
                     test_client::be32(key->i32_at(4)));
      EXPECT_EQ(c->read().type, 0);  // closed without a reply
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });
  auto reply = client->read_until_ready();
  done = true;
  canceller.join();
  ASSERT_EQ(types_of(reply), "EZ");
  EXPECT_EQ(reply[0].fields()['C'], "57014");

  front_end.stop();
  acceptor.join();
  auto goodbye = client->read();
  EXPECT_EQ(goodbye.type, 'E');
  EXPECT_EQ(goodbye.fields()['S'], "FATAL");
  EXPECT_EQ(goodbye.fields()['C'], "57P01");
  EXPECT_EQ(front_end.session_count(), 0u);
}
