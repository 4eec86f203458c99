// Cursors over the wire: DECLARE / FETCH / CLOSE through both protocols, with the
// messages a driver sees (the differential corpus, integration/sql_corpus/cursors.sql,
// checks the rows and errors of every FETCH direction against PostgreSQL).
#include <gtest/gtest.h>

#include "frontend_test_client.hpp"
#include "session_test_fixture.hpp"

using tributary::testing::backend_message;
using tributary::testing::test_client;
using tributary::testing::types_of;

namespace {

class SessionCursorTest : public tributary::testing::session_test_fixture {};

using values = std::vector<std::optional<std::string>>;

void execute_unnamed(test_client& client, const std::string& sql, int32_t max_rows = 0) {
  client.send('P', test_client::cstr("") + test_client::cstr(sql) + test_client::be16(0));
  client.send('B', test_client::cstr("") + test_client::cstr("") + test_client::be16(0) +
                       test_client::be16(0) + test_client::be16(0));
  client.send('D', "P" + test_client::cstr(""));
  client.send('E', test_client::cstr("") + test_client::be32(max_rows));
}

TEST_F(SessionCursorTest, SimpleProtocolFetchSendsRowDescriptionRowsAndFetchTag) {
  auto client = login();
  client->exchange("CREATE TABLE t(a int, b text); INSERT INTO t VALUES (1,'x'), (2,'y'), (3,'z')");
  auto declared = client->exchange("BEGIN; DECLARE c CURSOR FOR SELECT a, b FROM t ORDER BY a");
  EXPECT_EQ(types_of(declared), "CCZ");
  EXPECT_EQ(declared[1].tag(), "DECLARE CURSOR");
  auto fetched = client->exchange("FETCH 2 FROM c");
  ASSERT_EQ(types_of(fetched), "TDDCZ");
  EXPECT_EQ(fetched[0].columns()[1], (std::pair<std::string, uint32_t>{"b", 25}));
  EXPECT_EQ(fetched[2].values(), (values{"2", "y"}));
  EXPECT_EQ(fetched[3].tag(), "FETCH 2");
  auto past_the_end = client->exchange("FETCH 5 FROM c");
  ASSERT_EQ(types_of(past_the_end), "TDCZ");
  EXPECT_EQ(past_the_end[2].tag(), "FETCH 1");
  EXPECT_EQ(client->exchange("MOVE BACKWARD ALL IN c")[0].tag(), "MOVE 3");
  EXPECT_EQ(client->exchange("CLOSE c")[0].tag(), "CLOSE CURSOR");
  EXPECT_EQ(client->exchange("FETCH c")[0].fields()['C'], "34000");
  client->exchange("ROLLBACK");
}

TEST_F(SessionCursorTest, CursorsCloseWhenTheirTransactionEndsUnlessHeld) {
  auto client = login();
  client->exchange("BEGIN");
  client->exchange("DECLARE c CURSOR FOR SELECT 1");
  client->exchange("DECLARE h CURSOR WITH HOLD FOR SELECT 2");
  client->exchange("COMMIT");
  EXPECT_EQ(client->exchange("FETCH c")[0].fields()['M'], "cursor \"c\" does not exist");
  EXPECT_EQ(client->exchange("FETCH h")[1].values(), (values{"2"}));
  client->exchange("BEGIN");
  client->exchange("DECLARE r CURSOR WITH HOLD FOR SELECT 3");
  client->exchange("ROLLBACK");
  EXPECT_EQ(client->exchange("FETCH r")[0].fields()['C'], "34000");  // its transaction rolled back
  EXPECT_EQ(client->exchange("CLOSE ALL")[0].tag(), "CLOSE CURSOR ALL");
  EXPECT_EQ(client->exchange("FETCH h")[0].fields()['C'], "34000");
}

TEST_F(SessionCursorTest, DeclareOutsideABlockIs25P01InBothProtocols) {
  auto client = login();
  auto simple = client->exchange("DECLARE c CURSOR FOR SELECT 1");
  EXPECT_EQ(simple[0].fields()['C'], "25P01");
  EXPECT_EQ(simple[0].fields()['M'], "DECLARE CURSOR can only be used in transaction blocks");
  execute_unnamed(*client, "DECLARE c CURSOR FOR SELECT 1");
  client->send('S', "");
  auto extended = client->read_until_ready();
  ASSERT_EQ(types_of(extended), "12nEZ");
  EXPECT_EQ(extended[3].fields()['C'], "25P01");
}

TEST_F(SessionCursorTest, ExtendedProtocolFetchDescribesTheCursorsColumns) {
  auto client = login();
  client->exchange("BEGIN; DECLARE c CURSOR FOR SELECT 7 AS seven, 'x'::text AS ex");
  execute_unnamed(*client, "FETCH ALL FROM c");
  client->send('S', "");
  auto reply = client->read_until_ready();
  ASSERT_EQ(types_of(reply), "12TDCZ");
  EXPECT_EQ(reply[2].columns()[0], (std::pair<std::string, uint32_t>{"seven", 23}));
  EXPECT_EQ(reply[3].values(), (values{"7", "x"}));
  EXPECT_EQ(reply[4].tag(), "FETCH 1");
  client->exchange("COMMIT");
}

TEST_F(SessionCursorTest, ExecuteWithARowLimitSuspendsThePortalUntilTheNextExecute) {
  auto client = login();
  client->exchange("CREATE TABLE t(a int); INSERT INTO t VALUES (1), (2), (3)");
  client->exchange("BEGIN");
  execute_unnamed(*client, "SELECT a FROM t ORDER BY a", 2);
  client->send('H', "");  // Flush: the client reads the first rows before asking for more
  std::vector<backend_message> first;
  do
    first.push_back(client->read());
  while (first.back().type != 's' && first.back().type != 0);
  EXPECT_EQ(types_of(first), "12TDDs");
  client->send('E', test_client::cstr("") + test_client::be32(2));
  client->send('S', "");
  auto rest = client->read_until_ready();
  ASSERT_EQ(types_of(rest), "DCZ");
  EXPECT_EQ(rest[0].values(), (values{"3"}));
  EXPECT_EQ(rest[1].tag(), "SELECT 3");
  client->exchange("COMMIT");
}

}  // namespace
