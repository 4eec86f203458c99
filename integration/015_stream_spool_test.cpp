// 015_stream_spool: optimistic apply of streamed transactions and the spooler
// actor (issue 9), against a real publisher streaming with
// logical_decoding_work_mem = 64kB.
//
// What must hold:
//   - a streamed transaction that nothing interrupts is applied as it arrives
//     and committed at its Stream Commit (tributary_actors counts it as
//     committed ahead), rolled-back subtransactions undone by their savepoints;
//   - when other transactions commit while streamed ones are open, the applied
//     part is given up and the transaction is applied from the spool at its
//     commit, in commit order, subtransaction aborts honoured;
//   - a SIGKILL of the server while a transaction is replayed from the spool
//     loses and duplicates nothing and leaves no spill file;
//   - a spool directory on a full disk stops the apply with PostgreSQL's
//     "could not write to file ...: No space left on device" and retries; once
//     space returns everything arrives, exactly once;
//   - so does a spool directory that cannot be created (DIR/spool is a regular
//     file: root ignores permissions, not that): "could not create directory";
//   - a transaction applied ahead holds the database's write lock until its
//     commit: a local write waits for it (or stops at its lock_timeout with
//     55P03), then goes on as PostgreSQL's would after the remote
//     transaction's row locks go (a key the stream inserted: 23505); the apply
//     never waits for it.
#include <sys/mount.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include "integration/stream_fixture.hpp"

namespace tributary::integration {
namespace {

namespace fs = std::filesystem;

class StreamSpool : public Stream {
protected:
  std::string applier_state() {
    return local_value("SELECT state FROM tributary_actors WHERE kind = 'applier'");
  }
  // "N committed as applied ahead, M given up ..." as shown by the applier.
  bool applier_counts(int ahead, int given_up) {
    return applier_state().find(std::to_string(ahead) + " committed as applied ahead, " + std::to_string(given_up) +
                                " given up") != std::string::npos;
  }
};

TEST_F(StreamSpool, AStreamedTransactionAloneIsAppliedAheadWithItsSubtransactionAbortsUndone) {
  subscribe();
  auto writer = publisher_.connect();
  for (const char* sql :
       {"BEGIN", "INSERT INTO test_tab SELECT i, md5(i::text) FROM generate_series(3, 2000) s(i)",
        "SAVEPOINT s1", "INSERT INTO test_tab SELECT i, md5(i::text) FROM generate_series(2001, 4000) s(i)",
        "SAVEPOINT s2", "UPDATE test_tab SET b = 'in s2' WHERE a <= 3000",
        "ROLLBACK TO s2", "UPDATE test_tab SET b = 'kept' WHERE a <= 100",
        "SAVEPOINT s3", "DELETE FROM test_tab WHERE a > 1000", "RELEASE s3",
        "SAVEPOINT s4", "INSERT INTO test_tab SELECT i, 'gone' FROM generate_series(5001, 7000) s(i)",
        "ROLLBACK TO s1"})
    run(writer.get(), sql);
  ASSERT_TRUE(wait_streamed(1));
  run(writer.get(), "INSERT INTO test_tab SELECT i, 'after' FROM generate_series(8001, 9000) s(i)");
  EXPECT_EQ(local_value("SELECT count(*) FROM test_tab"), "2");  // applied ahead, not visible
  run(writer.get(), "COMMIT");
  expect_equal_to_publisher();
  EXPECT_EQ(local_rows("SELECT b, count(*) FROM test_tab GROUP BY b ORDER BY b"),
            publisher_rows("SELECT b, count(*) FROM test_tab GROUP BY b ORDER BY b"));
  EXPECT_EQ(local_value("SELECT count(*) FROM test_tab"), "3000");
  EXPECT_TRUE(applier_counts(1, 0)) << applier_state();
}

TEST_F(StreamSpool, InterleavedStreamedTransactionsWithSubtransactionAbortsFallBackToTheSpoolInCommitOrder) {
  ASSERT_NO_FATAL_FAILURE(restart_with_small_spool());
  subscribe();
  auto first = publisher_.connect();
  auto second = publisher_.connect();
  run(first.get(), "BEGIN");
  run(first.get(), "INSERT INTO test_tab SELECT i, 'first' FROM generate_series(3, 3000) s(i)");
  ASSERT_TRUE(wait_streamed(1));  // the first is applied ahead
  run(second.get(), "BEGIN");
  run(second.get(), "INSERT INTO test_tab SELECT i, 'second' FROM generate_series(10001, 13000) s(i)");
  run(first.get(), "SAVEPOINT a");
  run(first.get(), "UPDATE test_tab SET b = 'first, rolled back' WHERE a <= 2000");
  run(second.get(), "SAVEPOINT a");
  run(second.get(), "DELETE FROM test_tab WHERE a > 10000");
  run(first.get(), "ROLLBACK TO a");
  run(second.get(), "ROLLBACK TO a");
  run(first.get(), "UPDATE test_tab SET b = 'first, kept' WHERE a <= 500");
  run(second.get(), "SAVEPOINT b");
  run(second.get(), "UPDATE test_tab SET b = 'second, kept' WHERE a > 12500");
  run(second.get(), "RELEASE b");
  ASSERT_TRUE(wait_streamed(2));
  // A small transaction commits while both are open: the one applied ahead is
  // given up, the small one is applied at once.
  publisher_.exec("INSERT INTO test_tab VALUES (20000, 'small')");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM test_tab WHERE a = 20000", "1"));
  EXPECT_EQ(local_value("SELECT count(*) FROM test_tab"), "3");
  run(second.get(), "COMMIT");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM test_tab", "3003"));
  run(first.get(), "UPDATE test_tab SET b = 'touched by first' WHERE a = 10001");
  run(first.get(), "COMMIT");
  expect_equal_to_publisher();
  EXPECT_EQ(local_rows("SELECT b, count(*) FROM test_tab GROUP BY b ORDER BY b"),
            publisher_rows("SELECT b, count(*) FROM test_tab GROUP BY b ORDER BY b"));
  EXPECT_TRUE(applier_counts(0, 2)) << applier_state();
  ASSERT_TRUE(wait_until([&] { return spool_files() == 0; }, 30s)) << spool_files();
}

TEST_F(StreamSpool, SigkillDuringAReplayFromTheSpoolAppliesItOnceAndLeavesNoFile) {
  ASSERT_NO_FATAL_FAILURE(restart_with_small_spool());
  local_exec("CREATE TABLE keyless (a int, b text)");
  publisher_.exec("CREATE TABLE keyless (a int, b text); ALTER PUBLICATION pub ADD TABLE keyless");
  subscribe();
  auto writer = publisher_.connect();
  run(writer.get(), "BEGIN");
  run(writer.get(), "INSERT INTO keyless SELECT i, md5(i::text) FROM generate_series(1, 400000) s(i)");
  ASSERT_TRUE(wait_streamed(1));
  // Another transaction commits first: the streamed one is given up and will be
  // replayed from its spill file at its commit.
  publisher_.exec("INSERT INTO test_tab VALUES (3, 'small')");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM test_tab", "3"));
  run(writer.get(), "COMMIT");
  auto spooler_state = [&] { return local_value("SELECT state FROM tributary_actors WHERE kind = 'spooler'"); };
  ASSERT_TRUE(wait_until([&] { return spooler_state().find("1 being replayed") != std::string::npos; }, 60s, 2ms))
      << spooler_state() << "\n"
      << applier_state() << "\nkeyless rows " << local_value("SELECT count(*) FROM keyless") << ", streamed "
      << publisher_.query_value("SELECT stream_txns FROM pg_stat_replication_slots WHERE slot_name = 'sub'")
      << "\n"
      << subscriber_.log_text();
  subscriber_.kill9();
  ASSERT_NO_FATAL_FAILURE(subscriber_.start());
  local_ = subscriber_.connect();
  ASSERT_EQ(PQstatus(local_.get()), CONNECTION_OK);
  // One session, opened before the replay ends, polls as a client would: each
  // statement sees what has committed by then.
  ASSERT_TRUE(wait_local("SELECT count(*) || ',' || sum(a) FROM keyless", "400000,80000200000", 120s));
  EXPECT_EQ(local_value("SELECT count(*) FROM test_tab"), "3");
  ASSERT_TRUE(wait_until([&] { return spool_files() == 0; }, 30s)) << spool_files();
}

TEST_F(StreamSpool, ASpoolOnAFullDiskStopsTheApplyWithDiskFullAndRetriesLosingNothing) {
  if (::geteuid() != 0)
    GTEST_SKIP() << "a full disk is a small tmpfs mounted by the test, which needs root";
  ASSERT_NO_FATAL_FAILURE(restart_with_small_spool());
  const fs::path spool = subscriber_.data_dir() / "spool";
  fs::create_directories(spool);
  if (::mount("tributary-spool", spool.c_str(), "tmpfs", 0, "size=256k,mode=0700") != 0)
    GTEST_SKIP() << "cannot mount a tmpfs here: " << std::strerror(errno);
  struct unmount_at_end {
    fs::path at;
    ~unmount_at_end() { ::umount2(at.c_str(), MNT_DETACH); }
  } unmount{spool};
  subscribe();
  auto writer = publisher_.connect();
  run(writer.get(), "BEGIN");
  run(writer.get(), "INSERT INTO test_tab SELECT i, md5(i::text) FROM generate_series(3, 30000) s(i)");
  run(writer.get(), "COMMIT");
  // The apply stops with the spool's error and is retried: the error shows twice.
  auto disk_full_errors = [&] {
    auto log = subscriber_.log_text();
    int n = 0;
    for (size_t at = log.find("No space left on device"); at != std::string::npos;
         at = log.find("No space left on device", at + 1))
      ++n;
    return n;
  };
  ASSERT_TRUE(wait_until([&] { return disk_full_errors() >= 2; }, 60s)) << subscriber_.log_text();
  auto errors = local_value("SELECT apply_error_count FROM pg_stat_subscription_stats WHERE subname = 'sub'");
  EXPECT_GE(std::atoi(errors.c_str()), 2) << errors;
  auto log = subscriber_.log_text();
  EXPECT_NE(log.find("could not write to file \"" + (spool / "").string()), std::string::npos) << log;
  EXPECT_EQ(local_value("SELECT count(*) FROM test_tab"), "2");  // nothing half-applied
  // Space returns: the next retry applies the transaction, once.
  ASSERT_EQ(::mount(nullptr, spool.c_str(), nullptr, MS_REMOUNT, "size=64m"), 0) << std::strerror(errno);
  ASSERT_TRUE(wait_local("SELECT count(*) || ',' || count(DISTINCT a) FROM test_tab", "30000,30000", 120s));
  ASSERT_TRUE(wait_until([&] { return spool_files() == 0; }, 30s)) << spool_files();
}

TEST_F(StreamSpool, AnUncreatableSpoolDirectoryStopsTheApplyWithItsErrorAndRetriesLosingNothing) {
  ASSERT_NO_FATAL_FAILURE(restart_with_small_spool());
  subscribe();
  // The spooler makes DIR/spool/<subid> when it first spills: a regular file
  // at DIR/spool makes that fail, whoever the server runs as.
  const fs::path spool = subscriber_.data_dir() / "spool";
  fs::remove_all(spool);
  { std::ofstream(spool) << "not a directory\n"; }
  struct remove_at_end {
    fs::path at;
    ~remove_at_end() { std::error_code ec; fs::remove(at, ec); }
  } cleanup{spool};
  publisher_.exec("INSERT INTO test_tab SELECT i, md5(i::text) FROM generate_series(3, 30000) s(i)");
  auto errors_logged = [&] {
    auto log = subscriber_.log_text();
    int n = 0;
    for (size_t at = log.find("could not create directory \"" + (spool / "").string());
         at != std::string::npos; at = log.find("could not create directory \"" + (spool / "").string(), at + 1))
      ++n;
    return n;
  };
  ASSERT_TRUE(wait_until([&] { return errors_logged() >= 2; }, 60s)) << subscriber_.log_text();  // retried
  EXPECT_NE(subscriber_.log_text().find("Not a directory"), std::string::npos);
  auto errors = local_value("SELECT apply_error_count FROM pg_stat_subscription_stats WHERE subname = 'sub'");
  EXPECT_GE(std::atoi(errors.c_str()), 2) << errors;
  EXPECT_EQ(local_value("SELECT count(*) FROM test_tab"), "2");  // nothing half-applied
  // Fixed: the next retry applies the transaction, once.
  ASSERT_TRUE(fs::remove(spool));
  ASSERT_TRUE(wait_local("SELECT count(*) || ',' || count(DISTINCT a) FROM test_tab", "30000,30000", 120s));
  ASSERT_TRUE(wait_until([&] { return spool_files() == 0; }, 30s)) << spool_files();
}

TEST_F(StreamSpool, ALocalWriteWaitsForATransactionAppliedAheadOrStopsAtItsLockTimeout) {
  subscribe();
  local_exec("CREATE TABLE local_notes (a int)");
  auto writer = publisher_.connect();
  run(writer.get(), "BEGIN");
  run(writer.get(), "INSERT INTO test_tab SELECT i, md5(i::text) FROM generate_series(3, 3000) s(i)");
  ASSERT_TRUE(wait_streamed(1));
  // Applied ahead: the write lock is held until the Stream Commit. A local
  // write with a lock_timeout stops at it, with PostgreSQL's error.
  local_exec("SET lock_timeout = '200ms'");
  std::string last;
  ASSERT_TRUE(wait_until(
      [&] {
        auto r = local_try("INSERT INTO local_notes VALUES (1)");
        last = sqlstate_of(r.get()) + " " + PQresultErrorMessage(r.get());
        return sqlstate_of(r.get()) == "55P03";
      },
      60s))
      << last;
  EXPECT_NE(last.find("canceling statement due to lock timeout"), std::string::npos) << last;
  // Without one, local writes wait: one to a key the stream inserted, one to
  // a key of its own.
  auto same_key = subscriber_.connect();
  auto other_key = subscriber_.connect();
  ASSERT_EQ(PQsendQuery(same_key.get(), "INSERT INTO test_tab VALUES (10, 'local')"), 1);
  ASSERT_EQ(PQsendQuery(other_key.get(), "INSERT INTO test_tab VALUES (5000, 'local')"), 1);
  auto busy = [](PGconn* c) { return PQconsumeInput(c) == 1 && PQisBusy(c) == 1; };
  EXPECT_FALSE(wait_until([&] { return !busy(same_key.get()) || !busy(other_key.get()); }, 500ms));
  EXPECT_EQ(applier_state().find("waiting"), std::string::npos) << applier_state();  // the apply does not wait
  // The remote transaction commits: the waiting writes go on, as they would in
  // PostgreSQL once its row locks are gone.
  run(writer.get(), "COMMIT");
  pg_result same(PQgetResult(same_key.get()));
  EXPECT_EQ(sqlstate_of(same.get()), "23505") << PQresultErrorMessage(same.get());
  pg_result other(PQgetResult(other_key.get()));
  EXPECT_TRUE(succeeded(other.get())) << PQresultErrorMessage(other.get());
  while (pg_result rest{PQgetResult(same_key.get())}) {}
  while (pg_result rest{PQgetResult(other_key.get())}) {}
  EXPECT_EQ(local_value("SELECT count(*) || ',' || count(CASE WHEN b = 'local' THEN 1 END) FROM test_tab"), "3001,1");  // 1, 2, 3..3000, 5000
  EXPECT_TRUE(applier_counts(1, 0)) << applier_state();
}

}  // namespace
}  // namespace tributary::integration
