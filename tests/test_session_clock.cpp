// A session's now() is its transaction's start (PostgreSQL's transaction
// timestamp); version(), current_user and pg_backend_pid() report this session.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "tests/session_test_fixture.hpp"

namespace tributary::testing {
namespace {

class SessionClockTest : public session_test_fixture {
protected:
  // The first value of the first row of the query's answer.
  static std::string first_value(test_client& client, const std::string& sql) {
    auto reply = client.exchange(sql);
    const backend_message* row = find(reply, 'D');
    if (row == nullptr || row->values().empty() || !row->values()[0])
      return "(no value)";
    return *row->values()[0];
  }
};

TEST_F(SessionClockTest, NowStaysTheTransactionsStartInsideABlock) {
  auto client = login();
  client->exchange("BEGIN");
  const std::string first = first_value(*client, "SELECT now()::text");
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(first_value(*client, "SELECT now()::text"), first);
  EXPECT_EQ(first_value(*client, "SELECT statement_timestamp() > now()"), "t");
  client->exchange("COMMIT");
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_NE(first_value(*client, "SELECT now()::text"), first);
}

TEST_F(SessionClockTest, EachStatementOutsideABlockIsItsOwnTransaction) {
  auto client = login();
  const std::string first = first_value(*client, "SELECT now()::text");
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_NE(first_value(*client, "SELECT now()::text"), first);
  // One query string is one implicit transaction: both statements see one now().
  auto reply = client->exchange("SELECT now()::text; SELECT now()::text");
  std::vector<std::string> values;
  for (const auto& m : reply)
    if (m.type == 'D')
      values.push_back(m.values().at(0).value_or(""));
  ASSERT_EQ(values.size(), 2u);
  EXPECT_EQ(values[0], values[1]);
}

TEST_F(SessionClockTest, IdentityFunctionsReportThisSession) {
  auto client = login();
  EXPECT_EQ(first_value(*client, "SELECT current_user"), "tester");
  EXPECT_EQ(first_value(*client, "SELECT current_database()"), "postgres");
  EXPECT_EQ(first_value(*client, "SELECT pg_backend_pid()"), "4242");
  const std::string version = first_value(*client, "SELECT version()");
  EXPECT_EQ(version.rfind("PostgreSQL 15", 0), 0u) << version;
  EXPECT_NE(version.find("Tributary"), std::string::npos) << version;
  EXPECT_EQ(first_value(*client, "SELECT current_setting('application_name')"), "tests");
}

}  // namespace
}  // namespace tributary::testing
