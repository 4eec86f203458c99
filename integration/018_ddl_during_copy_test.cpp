// 018_ddl_during_copy: ALTER and DROP SUBSCRIPTION while an initial copy runs
// (issue 16, item 6).
//
// A copy holds its database file's write lock until it commits. PostgreSQL's
// DROP SUBSCRIPTION stops the tablesync workers, and ALTER makes them restart;
// here both stop the subscription's workers before they take the write lock, so
// they neither wait for the copy nor fail with a raw SQLite error: the copy rolls
// back and, where the subscription still runs, starts again from a new snapshot.
#include <thread>

#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

using namespace std::chrono_literals;
using steady = std::chrono::steady_clock;

constexpr int big_rows = 400'000;

class DdlDuringCopy : public ReplicationTest {
protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(ReplicationTest::SetUp());
    publisher_.exec("CREATE TABLE big (id int PRIMARY KEY, payload text);"
                    "INSERT INTO big SELECT g, md5(g::text) || md5((g + 1)::text) FROM generate_series(1, " +
                    std::to_string(big_rows) + ") g;"
                    "CREATE PUBLICATION pub FOR TABLE big");
    local_exec("CREATE TABLE big (id int PRIMARY KEY, payload text)");
    local_exec("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() + "' PUBLICATION pub");
    // The copy is under way: its table-sync actor has copied rows.
    ASSERT_TRUE(wait_until(
        [&] {
          return local_value("SELECT count(*) FROM tributary_actors WHERE kind = 'table_sync' AND progress > 0") == "1";
        },
        120s, 5ms))
        << subscriber_.log_text();
  }

  // Runs a statement during the copy: it must succeed (no 55P03, no XX000).
  void run_during_copy(const std::string& sql) {
    auto r = local_try(sql);
    ASSERT_TRUE(succeeded(r.get())) << sql << ": " << sqlstate_of(r.get()) << " " << PQresultErrorMessage(r.get());
  }

  bool copy_finished() { return wait_local("SELECT srsubstate FROM pg_subscription_rel", "r", 180s); }
};

TEST_F(DdlDuringCopy, PgStatSubscriptionShowsTheTableSyncWorkerWithItsTable) {
  // As PostgreSQL shows a table being copied: a row of its own with relid, no LSN
  // yet, its start time as its message times (and the apply worker's row, relid NULL).
  // (pg_stat_subscription is not translated yet: SQLite's 1/0 for booleans.)
  const std::string sync_row =
      "SELECT c.relname, received_lsn IS NULL, latest_end_lsn IS NULL, "
      "last_msg_send_time = last_msg_receipt_time AND last_msg_send_time = latest_end_time, pid IS NOT NULL "
      "FROM pg_stat_subscription s JOIN pg_class c ON c.oid = s.relid WHERE subname = 'sub'";
  EXPECT_EQ(local_rows(sync_row), std::vector<std::string>{"big|1|1|1|1"});
  EXPECT_EQ(local_value("SELECT count(*) FROM pg_stat_subscription s JOIN pg_subscription_rel r "
                        "ON r.srrelid = s.relid AND r.srsubid = s.subid"),
            "1");
  EXPECT_EQ(local_value("SELECT count(*) FROM pg_stat_subscription WHERE relid IS NULL AND pid IS NOT NULL"), "1");
  // Each worker has a pid of its own, as PostgreSQL's processes, and pg_stat_activity
  // shows both under it as logical replication workers.
  EXPECT_EQ(local_value("SELECT count(DISTINCT pid) FROM pg_stat_subscription WHERE subname = 'sub'"), "2");
  EXPECT_EQ(local_value("SELECT count(*) FROM pg_stat_subscription s JOIN pg_stat_activity a ON a.pid = s.pid "
                        "WHERE a.backend_type = 'logical replication worker'"),
            "2");
  // Once the table is copied, only the apply worker is left.
  ASSERT_TRUE(copy_finished());
  ASSERT_TRUE(wait_local("SELECT count(*) FROM pg_stat_subscription WHERE relid IS NOT NULL", "0"));
  EXPECT_EQ(local_value("SELECT count(*) FROM pg_stat_subscription"), "1");
}

TEST_F(DdlDuringCopy, DropStopsTheCopyAndLeavesNothingBehind) {
  const auto began = steady::now();
  ASSERT_NO_FATAL_FAILURE(run_during_copy("DROP SUBSCRIPTION sub"));
  EXPECT_LT(steady::now() - began, 30s);
  EXPECT_EQ(local_value("SELECT count(*) FROM pg_subscription"), "0");
  EXPECT_EQ(local_value("SELECT count(*) FROM pg_subscription_rel"), "0");
  // The copy rolled back: PostgreSQL's DROP leaves a table whose sync was stopped unfilled.
  EXPECT_EQ(local_value("SELECT count(*) FROM big"), "0");
  EXPECT_TRUE(wait_until([&] { return publisher_.query_value("SELECT count(*) FROM pg_replication_slots") == "0"; },
                         30s, 100ms));
  EXPECT_EQ(subscriber_.log_text().find("database is locked"), std::string::npos) << subscriber_.log_text();
}

TEST_F(DdlDuringCopy, DisableStopsTheCopyAndEnableCopiesTheTableOnce) {
  ASSERT_NO_FATAL_FAILURE(run_during_copy("ALTER SUBSCRIPTION sub DISABLE"));
  EXPECT_EQ(local_value("SELECT subenabled FROM pg_subscription"), "f");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM tributary_actors WHERE kind = 'table_sync'", "0"));
  const std::string state = local_value("SELECT srsubstate FROM pg_subscription_rel");
  EXPECT_EQ(local_value("SELECT count(*) FROM big"), state == "r" ? std::to_string(big_rows) : "0");
  local_exec("ALTER SUBSCRIPTION sub ENABLE");
  ASSERT_TRUE(copy_finished());
  EXPECT_EQ(local_value("SELECT count(*) FROM big"), std::to_string(big_rows));
}

TEST_F(DdlDuringCopy, SetOptionsDuringTheCopyRestartsItAndTheTableIsCopiedOnce) {
  ASSERT_NO_FATAL_FAILURE(run_during_copy("ALTER SUBSCRIPTION sub SET (disable_on_error = true)"));
  ASSERT_NO_FATAL_FAILURE(run_during_copy("ALTER SUBSCRIPTION sub SET (binary = false, disable_on_error = false)"));
  EXPECT_EQ(local_value("SELECT subdisableonerr FROM pg_subscription"), "f");
  ASSERT_TRUE(copy_finished());
  EXPECT_EQ(local_value("SELECT count(*) FROM big"), std::to_string(big_rows));
  publisher_.exec("INSERT INTO big VALUES (0, 'after')");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM big", std::to_string(big_rows + 1)));
}

}  // namespace
}  // namespace tributary::integration
