// EXPLAIN over the wire: one text column "QUERY PLAN" and the tag EXPLAIN as
// PostgreSQL answers, SQLite's plan in its lines; ANALYZE runs the statement.
#include <gtest/gtest.h>

#include "frontend_test_client.hpp"
#include "session_test_fixture.hpp"

using tributary::testing::backend_message;
using tributary::testing::test_client;
using tributary::testing::types_of;

namespace {

class SessionExplainTest : public tributary::testing::session_test_fixture {};

std::string plan_text(const std::vector<backend_message>& reply) {
  std::string out;
  for (const auto& m : reply)
    if (m.type == 'D')
      out += m.values().at(0).value_or("") + "\n";
  return out;
}

TEST_F(SessionExplainTest, ExplainAnswersWithOneQueryPlanTextColumn) {
  auto client = login();
  client->exchange("CREATE TABLE t(a int PRIMARY KEY, b text)");
  auto reply = client->exchange("EXPLAIN SELECT b FROM t WHERE a = 1");
  ASSERT_GE(reply.size(), 3u);
  EXPECT_EQ(reply[0].type, 'T');
  EXPECT_EQ(reply[0].columns(), (std::vector<std::pair<std::string, uint32_t>>{{"QUERY PLAN", 25}}));
  EXPECT_NE(plan_text(reply).find("SEARCH t"), std::string::npos) << plan_text(reply);
  EXPECT_EQ(reply[reply.size() - 2].tag(), "EXPLAIN");
}

TEST_F(SessionExplainTest, ExplainAnalyzeRunsTheStatement) {
  auto client = login();
  client->exchange("CREATE TABLE t(a int)");
  auto reply = client->exchange("EXPLAIN ANALYZE INSERT INTO t VALUES (1), (2)");
  const std::string plan = plan_text(reply);
  EXPECT_EQ(plan.rfind("Insert on t\n", 0), 0u) << plan;
  EXPECT_NE(plan.find("Execution Time: "), std::string::npos) << plan;
  EXPECT_EQ(client->exchange("SELECT count(*) FROM t")[1].values().at(0), "2");
  auto plain = plan_text(client->exchange("EXPLAIN DELETE FROM t"));
  EXPECT_EQ(plain.find("Execution Time"), std::string::npos);
  EXPECT_EQ(client->exchange("SELECT count(*) FROM t")[1].values().at(0), "2");  // not run
}

TEST_F(SessionExplainTest, ErrorsAreThoseOfPostgreSQL) {
  auto client = login();
  EXPECT_EQ(client->exchange("EXPLAIN (FORMAT JSON) SELECT 1")[0].fields()['C'], "0A000");
  auto unknown = client->exchange("EXPLAIN (NOSUCH) SELECT 1")[0].fields();
  EXPECT_EQ(unknown['C'], "42601");
  EXPECT_EQ(unknown['M'], "unrecognized EXPLAIN option \"nosuch\"");
  EXPECT_EQ(client->exchange("EXPLAIN ANALYZE SELECT 1 / 0")[0].fields()['C'], "22012");
  EXPECT_EQ(client->exchange("EXPLAIN SELECT * FROM nosuch")[0].fields()['C'], "42P01");
}

TEST_F(SessionExplainTest, ExtendedProtocolDescribesTheQueryPlanColumn) {
  auto client = login();
  client->send('P', test_client::cstr("") + test_client::cstr("EXPLAIN SELECT 1") + test_client::be16(0));
  client->send('D', "S" + test_client::cstr(""));
  client->send('S', "");
  auto reply = client->read_until_ready();
  ASSERT_EQ(types_of(reply), "1tTZ");
  EXPECT_EQ(reply[2].columns(), (std::vector<std::pair<std::string, uint32_t>>{{"QUERY PLAN", 25}}));
}

}  // namespace
