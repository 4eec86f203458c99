// 003_crash_recovery: exactly once across failures (architecture §4). The
// subscriber is SIGKILLed in the middle of a stream of 100 000 rows in small
// transactions, at several points, and restarted; the walsender is terminated;
// the publisher restarts. Every time the local tables must end equal to the
// publisher's — including a keyless table, where a row applied twice would show.
#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

class CrashRecovery : public ReplicationTest {
protected:
  void create_tables() {
    publisher_.exec(
        "CREATE TABLE t_pk (a int PRIMARY KEY, b int); CREATE TABLE t_keyless (a int, b int);"
        "CREATE PUBLICATION pub FOR TABLE t_pk, t_keyless;"
        "CREATE PROCEDURE fill(first int, transactions int) LANGUAGE plpgsql AS $$ BEGIN "
        "  FOR i IN first..first + transactions - 1 LOOP "
        "    INSERT INTO t_pk SELECT i * 5 + g, i FROM generate_series(0, 4) g; "
        "    INSERT INTO t_keyless SELECT i * 5 + g, i FROM generate_series(0, 4) g; "
        "    COMMIT; "
        "  END LOOP; END $$");
    local_exec("CREATE TABLE t_pk (a int PRIMARY KEY, b int); CREATE TABLE t_keyless (a int, b int)");
  }

  std::string summary_local(const std::string& table) {
    return local_value("SELECT count(*) || ',' || count(DISTINCT a) || ',' || coalesce(sum(a), 0) || ',' || "
                       "coalesce(sum(b), 0) FROM " + table);
  }
  std::string summary_publisher(const std::string& table) {
    return publisher_.query_value("SELECT count(*) || ',' || count(DISTINCT a) || ',' || coalesce(sum(a), 0) || "
                                  "',' || coalesce(sum(b), 0) FROM " + table);
  }
  void expect_equal_to_publisher() {
    for (const char* table : {"t_pk", "t_keyless"}) {
      auto expected = summary_publisher(table);
      ASSERT_TRUE(wait_until([&] { return summary_local(table) == expected; }, std::chrono::seconds(120)))
          << table << ": local " << summary_local(table) << " publisher " << expected << "\n"
          << subscriber_.log_text();
    }
  }
  int local_count() {
    auto v = local_value("SELECT count(*) FROM t_keyless");
    return v.empty() ? 0 : std::stoi(v);
  }
};

TEST_F(CrashRecovery, SigkillDuringAStreamOfSmallTransactionsLosesAndDuplicatesNothing) {
  create_tables();
  create_subscription("s", "pub");
  // 20 000 transactions of 5 rows per table: 100 000 rows each, written while
  // the subscriber is killed three times.
  auto writer = publisher_.connect();
  ASSERT_EQ(PQsendQuery(writer.get(), "CALL fill(0, 20000)"), 1);
  for (int kill_at : {10000, 40000, 70000}) {
    ASSERT_TRUE(wait_until([&] { return local_count() >= kill_at; }, std::chrono::seconds(120)))
        << "stuck at " << local_count() << "\n" << subscriber_.log_text();
    subscriber_.kill9();
    ASSERT_NO_FATAL_FAILURE(subscriber_.start());
    local_ = subscriber_.connect();
    ASSERT_EQ(PQstatus(local_.get()), CONNECTION_OK);
  }
  while (pg_result r{PQgetResult(writer.get())})
    ASSERT_TRUE(succeeded(r.get())) << PQresultErrorMessage(r.get());
  expect_equal_to_publisher();
  EXPECT_EQ(summary_local("t_keyless"), "100000,100000,4999950000,999950000");
}

TEST_F(CrashRecovery, ReplicationResumesAfterTheWalsenderIsTerminatedAndThePublisherRestarts) {
  create_tables();
  create_subscription("s", "pub");
  publisher_.exec("CALL fill(0, 10)");
  expect_equal_to_publisher();
  ASSERT_TRUE(wait_until([&] {
    return publisher_.query_value("SELECT count(*) FROM pg_stat_replication WHERE application_name = 's'") == "1";
  }, std::chrono::seconds(30)));
  publisher_.exec("SELECT pg_terminate_backend(pid) FROM pg_stat_replication WHERE application_name = 's'");
  publisher_.exec("CALL fill(10, 10)");
  expect_equal_to_publisher();
  ASSERT_NO_FATAL_FAILURE(publisher_.restart());
  publisher_.exec("CALL fill(20, 10)");
  expect_equal_to_publisher();
  auto errors = local_value("SELECT apply_error_count FROM pg_stat_subscription_stats");
  EXPECT_GE(std::stoi(errors), 2) << "each lost connection is counted";
}

TEST_F(CrashRecovery, ACleanRestartOfTheSubscriberResumesFromTheRecordedPosition) {
  create_tables();
  create_subscription("s", "pub");
  publisher_.exec("CALL fill(0, 100)");
  expect_equal_to_publisher();
  subscriber_.stop();
  publisher_.exec("CALL fill(100, 100)");
  ASSERT_NO_FATAL_FAILURE(subscriber_.start());
  local_ = subscriber_.connect();
  expect_equal_to_publisher();
  auto origin = local_value("SELECT remote_lsn FROM pg_replication_origin_status");
  EXPECT_NE(origin, "0/0");
}

}  // namespace
}  // namespace tributary::integration
