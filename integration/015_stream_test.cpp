// 015_stream: streaming of large in-progress transactions (issue 9), adapted
// from PostgreSQL's 015_stream, 016_stream_subxact, 017_stream_ddl and
// 018_stream_subxact_abort. The publisher runs with logical_decoding_work_mem =
// 64kB, so a transaction of a few thousand rows is streamed (Stream Start /
// Stop / Commit / Abort) long before it commits; pg_stat_replication_slots
// tells that it was.
//
// What must hold, as with PostgreSQL's own subscriber: a streamed transaction
// is applied atomically at its Stream Commit (nothing of it visible before),
// in commit order with the transactions that commit meanwhile, exactly once,
// rolled-back subtransactions and aborted transactions leave nothing behind,
// and a SIGKILL of the server in the middle of one loses and duplicates
// nothing (and leaves no spool file).
#include "integration/stream_fixture.hpp"

namespace tributary::integration {
namespace {

TEST_F(Stream, StreamingIsParallelByDefaultAndTakesOnOffParallel) {
  subscribe();
  EXPECT_EQ(local_value("SELECT substream FROM pg_subscription WHERE subname = 'sub'"), "p");
  local_exec("ALTER SUBSCRIPTION sub SET (streaming = on)");
  EXPECT_EQ(local_value("SELECT substream FROM pg_subscription WHERE subname = 'sub'"), "t");
  local_exec("ALTER SUBSCRIPTION sub SET (streaming = off)");
  EXPECT_EQ(local_value("SELECT substream FROM pg_subscription WHERE subname = 'sub'"), "f");
  local_exec("ALTER SUBSCRIPTION sub SET (streaming = parallel)");
  EXPECT_EQ(local_value("SELECT substream FROM pg_subscription WHERE subname = 'sub'"), "p");
  auto r = local_try("ALTER SUBSCRIPTION sub SET (streaming = sometimes)");
  EXPECT_EQ(sqlstate_of(r.get()), "42601");
}

TEST_F(Stream, AStreamedTransactionIsAppliedWholeAtItsCommitAndNotBefore) {
  subscribe("on");
  auto writer = publisher_.connect();
  run(writer.get(), "BEGIN");
  run(writer.get(), "INSERT INTO test_tab SELECT i, md5(i::text) FROM generate_series(3, 5000) s(i)");
  run(writer.get(), "UPDATE test_tab SET b = md5(b) WHERE mod(a, 2) = 0");
  run(writer.get(), "DELETE FROM test_tab WHERE mod(a, 3) = 0");
  ASSERT_TRUE(wait_streamed(1));
  std::this_thread::sleep_for(500ms);
  EXPECT_EQ(local_value("SELECT count(*) FROM test_tab"), "2");  // nothing before the commit
  run(writer.get(), "COMMIT");
  expect_equal_to_publisher();
  EXPECT_EQ(local_value("SELECT count(*) || ',' || count(DISTINCT a) FROM test_tab"), "3334,3334");
  EXPECT_EQ(local_rows("SELECT a, b FROM test_tab WHERE a IN (4, 5) ORDER BY a"),
            publisher_rows("SELECT a, b FROM test_tab WHERE a IN (4, 5) ORDER BY a"));
  EXPECT_EQ(spool_files(), 0);
}

TEST_F(Stream, InterleavedStreamedTransactionsAndASmallOneApplyInCommitOrder) {
  subscribe();
  auto first = publisher_.connect();
  auto second = publisher_.connect();
  run(first.get(), "BEGIN");
  run(second.get(), "BEGIN");
  run(first.get(), "INSERT INTO test_tab SELECT i, 'first' FROM generate_series(3, 3000) s(i)");
  run(second.get(), "INSERT INTO test_tab SELECT i, 'second' FROM generate_series(10001, 13000) s(i)");
  run(first.get(), "UPDATE test_tab SET b = 'first, updated' WHERE a <= 1500");
  run(second.get(), "DELETE FROM test_tab WHERE a > 12000");
  ASSERT_TRUE(wait_streamed(2));
  // A small transaction commits while both are open: applied at once.
  publisher_.exec("INSERT INTO test_tab VALUES (20000, 'small')");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM test_tab WHERE a = 20000", "1"));
  EXPECT_EQ(local_value("SELECT count(*) FROM test_tab"), "3");
  // The second commits first; the first then updates a row of the second.
  run(second.get(), "COMMIT");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM test_tab", "2003"));
  run(first.get(), "UPDATE test_tab SET b = 'touched by first' WHERE a = 10001");
  run(first.get(), "COMMIT");
  expect_equal_to_publisher();
  EXPECT_EQ(local_rows("SELECT b, count(*) FROM test_tab GROUP BY b ORDER BY b"),
            publisher_rows("SELECT b, count(*) FROM test_tab GROUP BY b ORDER BY b"));
}

TEST_F(Stream, NestedSavepointsWithPartialRollbacksKeepOnlyWhatCommitted) {
  subscribe();
  auto writer = publisher_.connect();
  // 016_stream_subxact and 018_stream_subxact_abort: rolled-back subtransactions
  // are sent and then aborted (Stream Abort with their subxid).
  for (const char* sql :
       {"BEGIN", "INSERT INTO test_tab SELECT i, md5(i::text) FROM generate_series(3, 500) s(i)",
        "SAVEPOINT s1", "INSERT INTO test_tab SELECT i, md5(i::text) FROM generate_series(501, 1000) s(i)",
        "SAVEPOINT s2", "INSERT INTO test_tab SELECT i, md5(i::text) FROM generate_series(1001, 1500) s(i)",
        "SAVEPOINT s3", "INSERT INTO test_tab SELECT i, md5(i::text) FROM generate_series(1501, 2000) s(i)",
        "ROLLBACK TO s2", "UPDATE test_tab SET b = 'kept' WHERE a <= 600",
        "SAVEPOINT s4", "DELETE FROM test_tab WHERE a > 100", "ROLLBACK TO s4",
        "SAVEPOINT s5", "INSERT INTO test_tab SELECT i, md5(i::text) FROM generate_series(2001, 2500) s(i)",
        "RELEASE s5", "COMMIT"})
    run(writer.get(), sql);
  ASSERT_TRUE(wait_streamed(1));
  expect_equal_to_publisher();
  EXPECT_EQ(local_value("SELECT count(*) FROM test_tab"), "1500");
  EXPECT_EQ(local_rows("SELECT b, count(*) FROM test_tab WHERE b = 'kept' GROUP BY b"),
            std::vector<std::string>{"kept|600"});
  EXPECT_EQ(local_value("SELECT count(*) FROM test_tab WHERE a BETWEEN 1001 AND 2000"), "0");
}

TEST_F(Stream, AnAbortedStreamedTransactionLeavesNothingBehind) {
  subscribe();
  auto writer = publisher_.connect();
  run(writer.get(), "BEGIN");
  run(writer.get(), "INSERT INTO test_tab SELECT i, md5(i::text) FROM generate_series(3, 5000) s(i)");
  run(writer.get(), "DELETE FROM test_tab WHERE a <= 2");
  ASSERT_TRUE(wait_streamed(1));
  run(writer.get(), "ROLLBACK");
  publisher_.exec("INSERT INTO test_tab VALUES (6000, 'after')");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM test_tab WHERE a = 6000", "1"));
  EXPECT_EQ(local_value("SELECT count(*) || ',' || sum(a) FROM test_tab"), "3,6003");
  expect_equal_to_publisher();
  EXPECT_EQ(spool_files(), 0);
}

TEST_F(Stream, AddColumnInTheMiddleOfAStreamedTransaction) {
  subscribe();
  auto writer = publisher_.connect();
  // 017_stream_ddl: the Relation message changes inside the stream.
  for (const char* sql :
       {"BEGIN", "INSERT INTO test_tab SELECT i, md5(i::text) FROM generate_series(3, 1000) s(i)",
        "ALTER TABLE test_tab ADD COLUMN c int",
        "INSERT INTO test_tab SELECT i, md5(i::text), -i FROM generate_series(1001, 2000) s(i)",
        "UPDATE test_tab SET c = a WHERE a <= 500", "COMMIT"})
    run(writer.get(), sql);
  ASSERT_TRUE(wait_streamed(1));
  expect_equal_to_publisher();
  EXPECT_EQ(local_value("SELECT count(c) || ',' || sum(c) FROM test_tab"), "1500,-1375250");
}

TEST_F(Stream, SigkillDuringAStreamedTransactionLosesAndDuplicatesNothing) {
  local_exec("CREATE TABLE keyless (a int, b text)");
  publisher_.exec("CREATE TABLE keyless (a int, b text); ALTER PUBLICATION pub ADD TABLE keyless");
  subscribe();
  auto writer = publisher_.connect();
  run(writer.get(), "BEGIN");
  run(writer.get(), "INSERT INTO test_tab SELECT i, md5(i::text) FROM generate_series(3, 4000) s(i)");
  run(writer.get(), "INSERT INTO keyless SELECT i, md5(i::text) FROM generate_series(1, 4000) s(i)");
  ASSERT_TRUE(wait_streamed(1));
  std::this_thread::sleep_for(300ms);
  subscriber_.kill9();
  ASSERT_NO_FATAL_FAILURE(subscriber_.start());
  local_ = subscriber_.connect();
  ASSERT_EQ(PQstatus(local_.get()), CONNECTION_OK);
  // The publisher sends the open transaction again from its start.
  run(writer.get(), "INSERT INTO keyless SELECT i, md5(i::text) FROM generate_series(4001, 8000) s(i)");
  run(writer.get(), "COMMIT");
  expect_equal_to_publisher();
  ASSERT_TRUE(wait_local("SELECT count(*) || ',' || sum(a) FROM keyless", "8000,32004000"));
  EXPECT_EQ(spool_files(), 0);
}

TEST_F(Stream, SpilledStreamedTransactionsApplyFromTheSpoolAndLeaveNoFile) {
  ASSERT_NO_FATAL_FAILURE(restart_with_small_spool());
  subscribe();
  auto first = publisher_.connect();
  auto second = publisher_.connect();
  run(first.get(), "BEGIN");
  run(second.get(), "BEGIN");
  run(first.get(), "INSERT INTO test_tab SELECT i, md5(i::text) FROM generate_series(3, 20000) s(i)");
  run(second.get(), "INSERT INTO test_tab SELECT i, md5(i::text) FROM generate_series(100001, 120000) s(i)");
  run(first.get(), "SAVEPOINT s1");
  run(first.get(), "DELETE FROM test_tab WHERE a <= 10000");
  run(first.get(), "ROLLBACK TO s1");
  run(first.get(), "UPDATE test_tab SET b = 'updated' WHERE mod(a, 7) = 0");
  ASSERT_TRUE(wait_streamed(2));
  // Both are on disk while they stream; the assembler shows it.
  ASSERT_TRUE(wait_until([&] { return spool_files() == 2; }, 60s)) << spool_files() << "\n" << subscriber_.log_text();
  // The assembler's state is published as it changes; under load it may trail the files.
  EXPECT_TRUE(wait_until(
      [&] {
        return local_value("SELECT count(*) FROM tributary_actors WHERE kind = 'assembler' AND state LIKE "
                           "'%2 open streamed transactions%'") == "1";
      },
      10s))
      << local_value("SELECT string_agg(kind || ': ' || state, '; ') FROM tributary_actors");
  EXPECT_EQ(local_value("SELECT count(*) FROM test_tab"), "2");
  EXPECT_EQ(local_value("SELECT stream_spilled_txns = 2 AND stream_spilled_bytes > 1000000 "
                        "FROM pg_stat_subscription_stats WHERE subname = 'sub'"),
            "1");
  run(second.get(), "COMMIT");
  run(first.get(), "COMMIT");
  expect_equal_to_publisher();
  EXPECT_EQ(local_rows("SELECT count(*), count(*) FILTER (WHERE b = 'updated') FROM test_tab"),
            publisher_rows("SELECT count(*), count(*) FILTER (WHERE b = 'updated') FROM test_tab"));
  ASSERT_TRUE(wait_until([&] { return spool_files() == 0; }, 30s)) << spool_files();
}

TEST_F(Stream, SigkillDuringASpilledStreamedTransactionRemovesItsFileAndAppliesItOnce) {
  ASSERT_NO_FATAL_FAILURE(restart_with_small_spool());
  subscribe();
  auto writer = publisher_.connect();
  run(writer.get(), "BEGIN");
  run(writer.get(), "INSERT INTO test_tab SELECT i, md5(i::text) FROM generate_series(3, 20000) s(i)");
  ASSERT_TRUE(wait_streamed(1));
  ASSERT_TRUE(wait_until([&] { return spool_files() == 1; }, 60s)) << subscriber_.log_text();
  subscriber_.kill9();
  EXPECT_EQ(spool_files(), 1);  // left by the killed server
  ASSERT_NO_FATAL_FAILURE(subscriber_.start());
  local_ = subscriber_.connect();
  ASSERT_EQ(PQstatus(local_.get()), CONNECTION_OK);
  run(writer.get(), "INSERT INTO test_tab SELECT i, md5(i::text) FROM generate_series(20001, 30000) s(i)");
  run(writer.get(), "COMMIT");
  expect_equal_to_publisher();
  EXPECT_EQ(local_value("SELECT count(*) || ',' || sum(a) FROM test_tab"), "30000,450015000");
  ASSERT_TRUE(wait_until([&] { return spool_files() == 0; }, 30s)) << spool_files();
}

TEST_F(Stream, ALargeTransactionWithoutStreamingIsAppliedInPiecesAtItsCommit) {
  subscribe("off");
  auto writer = publisher_.connect();
  // About 40 MB as the assembler counts it: several pieces of 8 MB.
  run(writer.get(), "BEGIN");
  run(writer.get(), "INSERT INTO test_tab SELECT i, repeat(md5(i::text), 4) FROM generate_series(3, 150000) s(i)");
  run(writer.get(), "UPDATE test_tab SET b = 'changed' WHERE a <= 1000");
  run(writer.get(), "COMMIT");
  publisher_.exec("INSERT INTO test_tab VALUES (200000, 'after')");
  expect_equal_to_publisher();
  EXPECT_EQ(local_value("SELECT count(*) FILTER (WHERE b = 'changed') || ',' || count(*) FROM test_tab"),
            "1000,150001");
  EXPECT_EQ(local_value("SELECT substream FROM pg_subscription"), "f");
}

}  // namespace
}  // namespace tributary::integration
