// 030_origin: origin = none, as PostgreSQL's own 030_origin checks it (PG 16+
// publishers; a PG 15 walsender has no origin option and sends everything, as
// PostgreSQL's subscriber then also gets it, so these tests need 16+).
//
// Node A publishes t; node B (the fixture's publisher) subscribes to A with a
// PostgreSQL subscription and publishes its own t; Tributary subscribes to B.
// With origin = none Tributary applies the rows written on B and none of those B
// itself received from A; the initial copy cannot tell them apart, which CREATE
// SUBSCRIPTION says in PostgreSQL's WARNING. With origin = any both arrive.
#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

using namespace std::chrono_literals;

// Every WARNING/NOTICE a connection receives: "SQLSTATE message|detail|hint".
void collect_notice(void* arg, const PGresult* result) {
  auto* out = static_cast<std::vector<std::string>*>(arg);
  auto field = [&](int code) {
    const char* v = PQresultErrorField(result, code);
    return std::string(v ? v : "");
  };
  out->push_back(field(PG_DIAG_SQLSTATE) + " " + field(PG_DIAG_MESSAGE_PRIMARY) + "|" +
                 field(PG_DIAG_MESSAGE_DETAIL) + "|" + field(PG_DIAG_MESSAGE_HINT));
}

class Origin : public ReplicationTest {
protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(ReplicationTest::SetUp());
    if (publisher_.server_version_num() < 160000)
      GTEST_SKIP() << "origin = none needs a PostgreSQL 16+ publisher";
    ASSERT_NO_FATAL_FAILURE(node_a_.start());
    node_a_.exec("CREATE TABLE t (a int PRIMARY KEY, src text); INSERT INTO t VALUES (1, 'from a, copied');"
                 "CREATE PUBLICATION pa FOR TABLE t");
    publisher_.exec("CREATE TABLE t (a int PRIMARY KEY, src text); CREATE PUBLICATION pb FOR TABLE t");
    publisher_.exec("CREATE SUBSCRIPTION b_from_a CONNECTION '" + node_a_.conninfo() +
                    " user=postgres' PUBLICATION pa");
    ASSERT_TRUE(wait_until([&] { return publisher_.query_value("SELECT count(*) FROM t") == "1"; }, 60s))
        << publisher_.log_text();
    local_exec("CREATE TABLE t (a int PRIMARY KEY, src text)");
    PQsetNoticeReceiver(local_.get(), collect_notice, &notices_);
  }
  void TearDown() override {
    if (publisher_.running())  // B's subscription holds a slot on A
      publisher_.exec("DROP SUBSCRIPTION IF EXISTS b_from_a");
  }

  // Inserts on A, waits until B has it: B received it from origin A.
  void insert_on_a_through_b(int a) {
    node_a_.exec("INSERT INTO t VALUES (" + std::to_string(a) + ", 'from a')");
    ASSERT_TRUE(wait_until([&] {
      return publisher_.query_value("SELECT count(*) FROM t WHERE a = " + std::to_string(a)) == "1";
    }, 60s)) << publisher_.log_text();
  }

  pg_publisher node_a_;
  std::vector<std::string> notices_;
};

TEST_F(Origin, NoneAppliesOnlyWhatThePublisherWroteItselfAndTheCopyWarnsAboutIt) {
  local_exec("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() +
             "' PUBLICATION pb WITH (origin = none)");
  const std::string warning =
      "55000 subscription \"sub\" requested copy_data with origin = NONE but might copy data that had a "
      "different origin|The subscription being created subscribes to a publication (pb) that contains "
      "tables that are written to by other subscriptions.|Verify that initial data copied from the "
      "publisher tables did not come from other origins.";
  EXPECT_NE(std::find(notices_.begin(), notices_.end(), warning), notices_.end())
      << "notices: " << ::testing::PrintToString(notices_);
  ASSERT_TRUE(wait_local("SELECT group_concat(a) FROM t", "1")) << "the copy takes what B has";

  ASSERT_NO_FATAL_FAILURE(insert_on_a_through_b(2));
  publisher_.exec("INSERT INTO t VALUES (3, 'on b')");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t WHERE a = 3", "1"));
  ASSERT_TRUE(wait_caught_up("sub"));
  EXPECT_EQ(local_rows("SELECT a, src FROM t ORDER BY a"),
            (std::vector<std::string>{"1|from a, copied", "3|on b"}))
      << "row 2 reached B from A: not sent to an origin = none subscriber";

  local_exec("ALTER SUBSCRIPTION sub SET (origin = any)");
  EXPECT_EQ(local_value("SELECT suborigin FROM pg_subscription"), "any");
  ASSERT_NO_FATAL_FAILURE(insert_on_a_through_b(4));
  ASSERT_TRUE(wait_local("SELECT group_concat(a) FROM (SELECT a FROM t ORDER BY a)", "1,3,4"))
      << "with origin = any, B's replicated rows arrive too";
}

TEST_F(Origin, AnyAppliesEverythingAndTheCopyDoesNotWarn) {
  local_exec("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() + "' PUBLICATION pb");
  for (const auto& n : notices_)
    EXPECT_EQ(n.find("origin = NONE"), std::string::npos) << n;
  ASSERT_NO_FATAL_FAILURE(insert_on_a_through_b(2));
  publisher_.exec("INSERT INTO t VALUES (3, 'on b')");
  ASSERT_TRUE(wait_local("SELECT group_concat(a) FROM (SELECT a FROM t ORDER BY a)", "1,2,3"));
}

}  // namespace
}  // namespace tributary::integration
