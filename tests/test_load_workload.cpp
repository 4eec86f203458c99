// The workloads of `tributary load`: their tables on both sides and seeded transactions.
#include <gtest/gtest.h>

#include <set>

#include "cli/load/workload.hpp"

namespace tributary::load {
namespace {

std::set<std::string> names(const std::vector<table_definition>& tables) {
  std::set<std::string> out;
  for (const auto& t : tables) out.insert(t.name);
  return out;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(LoadWorkload, EveryWorkloadHasTheHeartbeatTable) {
  for (auto kind : {workload_kind::inserts, workload_kind::updates, workload_kind::tpcb, workload_kind::bigtxn})
    EXPECT_TRUE(names(workload_tables({kind, 1, 10})).count(heartbeat_table)) << to_string(kind);
}

TEST(LoadWorkload, MixedHasTheTablesOfAllWorkloads) {
  EXPECT_EQ(names(workload_tables({workload_kind::mixed, 1, 10})),
            (std::set<std::string>{"load_heartbeat", "load_inserts", "load_accounts", "load_events_full",
                                   "load_tpcb_branches", "load_tpcb_tellers", "load_tpcb_accounts",
                                   "load_tpcb_history", "load_big"}));
}

TEST(LoadWorkload, KeylessTableHasReplicaIdentityFullOnThePublisherOnly) {
  for (const auto& t : workload_tables({workload_kind::updates, 2, 10})) {
    if (t.name != "load_events_full") continue;
    EXPECT_EQ(t.key_column, "");
    EXPECT_TRUE(contains(t.publisher_ddl, "REPLICA IDENTITY FULL"));
    EXPECT_FALSE(contains(t.subscriber_ddl, "REPLICA IDENTITY"));
    ASSERT_EQ(t.fill_publisher.size(), 1u);
    EXPECT_TRUE(contains(t.fill_publisher[0], "generate_series(1, 10000)")) << "5000 rows per scale unit";
    return;
  }
  FAIL() << "no load_events_full";
}

TEST(LoadWorkload, SequencesAreThePublishersBusiness) {
  for (const auto& t : workload_tables({workload_kind::mixed, 1, 10})) {
    EXPECT_FALSE(contains(t.subscriber_ddl, "serial")) << t.name;
    if (t.name == "load_inserts" || t.name == "load_big") {
      EXPECT_TRUE(contains(t.publisher_ddl, "bigserial"));
    }
  }
}

TEST(LoadWorkload, TpcbIsSizedLikePgbench) {
  for (const auto& t : workload_tables({workload_kind::tpcb, 3, 10}))
    if (t.name == "load_tpcb_accounts") {
      EXPECT_TRUE(contains(t.fill_publisher.at(0), "generate_series(1, 300000)"));
    }
  workload_client client({workload_kind::tpcb, 1, 10}, 1, 1);
  auto statements = client.next_transaction();
  ASSERT_EQ(statements.size(), 5u);
  EXPECT_TRUE(contains(statements[0], "UPDATE load_tpcb_accounts SET abalance = abalance +"));
  EXPECT_TRUE(contains(statements[4], "INSERT INTO load_tpcb_history"));
}

TEST(LoadWorkload, SameSeedAndClientGiveTheSameTransactions) {
  workload_client a({workload_kind::mixed, 1, 10}, 3, 11), b({workload_kind::mixed, 1, 10}, 3, 11);
  for (int i = 0; i < 200; ++i) ASSERT_EQ(a.next_transaction(), b.next_transaction()) << i;
}

TEST(LoadWorkload, ClientsDrawDifferentTransactions) {
  workload_client a({workload_kind::updates, 1, 10}, 1, 11), b({workload_kind::updates, 1, 10}, 2, 11);
  int same = 0;
  for (int i = 0; i < 50; ++i) same += a.next_transaction() == b.next_transaction() ? 1 : 0;
  EXPECT_LT(same, 5);
}

TEST(LoadWorkload, InsertsWriteTheRequestedRowsPerTransaction) {
  workload_client client({workload_kind::inserts, 1, 250}, 1, 1);
  auto statements = client.next_transaction();
  ASSERT_EQ(statements.size(), 1u);
  EXPECT_TRUE(contains(statements[0], "generate_series(1, 250)"));
  EXPECT_TRUE(contains(statements[0], "it''s")) << "text with a quote";
}

TEST(LoadWorkload, BigTransactionRollsBackToASavepoint) {
  workload_client client({workload_kind::bigtxn, 2, 10}, 1, 1);
  auto statements = client.next_transaction();
  auto position = [&](const std::string& s) {
    for (size_t i = 0; i < statements.size(); ++i)
      if (contains(statements[i], s)) return static_cast<int>(i);
    return -1;
  };
  EXPECT_GE(position("SAVEPOINT before_rollback"), 0);
  EXPECT_GT(position("ROLLBACK TO SAVEPOINT before_rollback"), position("'rolled back '"));
  EXPECT_GT(position("RELEASE SAVEPOINT kept"), position("SAVEPOINT kept"));
  EXPECT_TRUE(contains(statements[0], "generate_series(1, 250000)")) << "500 000 rows kept per scale 2, half first";
}

TEST(LoadWorkload, MixedDrawsEveryWorkload) {
  workload_client client({workload_kind::mixed, 1, 10}, 1, 5);
  std::set<workload_kind> seen;
  for (int i = 0; i < 3000; ++i) {
    client.next_transaction();
    seen.insert(client.last_kind());
  }
  EXPECT_EQ(seen.size(), 4u);
}

TEST(LoadWorkload, MixedDdlAddsColumnsSubscriberFirstAndTruncates) {
  auto add = mixed_ddl_step(0);
  ASSERT_EQ(add.subscriber.size(), 1u);
  EXPECT_EQ(add.subscriber[0], "ALTER TABLE load_inserts ADD COLUMN extra_1 integer");
  EXPECT_EQ(add.publisher.at(0), add.subscriber[0]);
  auto truncate = mixed_ddl_step(1);
  EXPECT_TRUE(truncate.subscriber.empty());
  EXPECT_EQ(truncate.publisher, (std::vector<std::string>{"TRUNCATE load_inserts"}));
  EXPECT_EQ(mixed_ddl_step(4).subscriber.at(0), "ALTER TABLE load_inserts ADD COLUMN extra_3 integer");
}

}  // namespace
}  // namespace tributary::load
