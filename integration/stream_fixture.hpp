// stream_fixture: the publisher and subscriber of the streaming suites
// (015_stream, 015_stream_spool): the publisher runs with
// logical_decoding_work_mem = 64kB, so a transaction of a few thousand rows is
// streamed; helpers compare test_tab on both sides, count what the publisher
// streamed and the files left under DIR/spool.
#pragma once

#include <filesystem>
#include <fstream>
#include <thread>

#include "integration/replication_fixture.hpp"

namespace tributary::integration {

using namespace std::chrono_literals;

class Stream : public ReplicationTest {
protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(ReplicationTest::SetUp());
    // Small transactions stream (the setting is read by each new walsender).
    publisher_.exec("ALTER SYSTEM SET logical_decoding_work_mem = '64kB'");
    publisher_.exec("SELECT pg_reload_conf()");
    publisher_.exec("CREATE TABLE test_tab (a int PRIMARY KEY, b text);"
                    "INSERT INTO test_tab VALUES (1, 'foo'), (2, 'bar');"
                    "CREATE PUBLICATION pub FOR TABLE test_tab");
    local_exec("CREATE TABLE test_tab (a int PRIMARY KEY, b text, c int, d text)");
  }

  void subscribe(const std::string& streaming = "") {
    create_subscription("sub", "pub", streaming.empty() ? "" : "streaming = " + streaming);
    local_exec("INSERT INTO test_tab VALUES (1, 'foo'), (2, 'bar')");  // copy_data = false: as copied
  }

  std::string summary_local() {
    return local_value("SELECT count(*) || ',' || count(c) || ',' || count(DISTINCT a) || ',' || "
                       "coalesce(sum(a), 0) FROM test_tab");
  }
  std::string summary_publisher() {
    bool has_c = publisher_.query_value("SELECT count(*) FROM pg_attribute WHERE attrelid = 'test_tab'::regclass "
                                        "AND attname = 'c'") == "1";
    return publisher_.query_value(std::string("SELECT count(*) || ',' || ") + (has_c ? "count(c)" : "0") +
                                  " || ',' || count(DISTINCT a) || ',' || coalesce(sum(a), 0) FROM test_tab");
  }
  void expect_equal_to_publisher() {
    auto expected = summary_publisher();
    ASSERT_TRUE(wait_until([&] { return summary_local() == expected; }, 120s))
        << "local " << summary_local() << " publisher " << expected << "\n"
        << subscriber_.log_text();
  }
  // The publisher streamed at least `n` transactions to the subscription's slot.
  bool wait_streamed(int n) {
    bool ok = wait_until(
        [&] {
          auto v = publisher_.query_value(
              "SELECT coalesce(sum(stream_txns), 0) FROM pg_stat_replication_slots WHERE slot_name = 'sub'");
          return !v.empty() && std::stoi(v) >= n;
        },
        60s, 100ms);
    if (!ok)
      ADD_FAILURE() << "the publisher streamed fewer than " << n << " transactions\n" << subscriber_.log_text();
    return ok;
  }
  // Regular files left under DIR/spool.
  int spool_files() {
    auto dir = subscriber_.data_dir() / "spool";
    int n = 0;
    std::error_code ec;
    if (!std::filesystem::exists(dir, ec))
      return 0;
    for (auto& e : std::filesystem::recursive_directory_iterator(dir, ec))
      n += e.is_regular_file() ? 1 : 0;
    return n;
  }
  // Restarts the server with a small spool_memory_limit (tributary.conf), so
  // streamed transactions spill to DIR/spool/<subid>/<xid>.
  void restart_with_small_spool() {
    std::ofstream conf(subscriber_.data_dir() / "tributary.conf", std::ios::app);
    conf << "\nspool_memory_limit = 64kB\n";
    conf.close();
    ASSERT_NO_FATAL_FAILURE(subscriber_.restart());
    local_ = subscriber_.connect();
    ASSERT_EQ(PQstatus(local_.get()), CONNECTION_OK);
    ASSERT_EQ(local_value("SHOW spool_memory_limit"), "64kB");
  }
  static void run(PGconn* c, const std::string& sql) {
    auto r = exec(c, sql);
    ASSERT_TRUE(succeeded(r.get())) << sql << "\n" << PQresultErrorMessage(r.get());
  }
};

}  // namespace tributary::integration
