// 017_concurrent_transactions: clients' explicit transactions next to the applier
// and to each other (issue 16, item 5).
//
// PostgreSQL never fails `BEGIN; SELECT ...; INSERT ...; COMMIT` under read
// committed because someone else wrote in between. Here a read-write transaction
// reads with a fresh snapshot per statement until it writes, and its first write
// waits for SQLite's write lock (lock_timeout, cancel), so it does not fail
// either; READ ONLY transactions never wait; a lock wait that gives up says why
// as PostgreSQL does (55P03 lock timeout, 57014 cancel).
//
// The concurrency test, the size: 16 clients run read-then-write
// transactions for 30 s on a database whose subscription applies a publisher
// that inserts all the while: no transaction may fail, every client's counter
// equals its committed transactions, and the subscriber ends with the
// publisher's rows.
#include <atomic>
#include <thread>

#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

using namespace std::chrono_literals;
using steady = std::chrono::steady_clock;

class ConcurrentTransactions : public ReplicationTest {
protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(ReplicationTest::SetUp());
    publisher_.exec("CREATE TABLE feed (id int PRIMARY KEY, payload text); CREATE PUBLICATION pub FOR TABLE feed");
    local_exec("CREATE TABLE feed (id int PRIMARY KEY, payload text);"
               "CREATE TABLE counters (client int PRIMARY KEY, n int NOT NULL);"
               "CREATE TABLE journal (client int, seen bigint)");
    create_subscription("sub", "pub");
  }

  // Runs `sql` and says whether it succeeded; the first failure is kept.
  static bool run(PGconn* c, const std::string& sql, std::string& first_error) {
    auto r = exec(c, sql);
    if (succeeded(r.get()))
      return true;
    if (first_error.empty())
      first_error = sql + ": " + sqlstate_of(r.get()) + " " + PQresultErrorMessage(r.get());
    return false;
  }
  // The same for a query whose first value is kept in `value`.
  static bool read(PGconn* c, const std::string& sql, std::string& value, std::string& first_error) {
    auto r = exec(c, sql);
    if (PQresultStatus(r.get()) == PGRES_TUPLES_OK && PQntuples(r.get()) == 1) {
      value = PQgetvalue(r.get(), 0, 0);
      return true;
    }
    if (first_error.empty())
      first_error = sql + ": " + sqlstate_of(r.get()) + " " + PQresultErrorMessage(r.get());
    return false;
  }
};

TEST_F(ConcurrentTransactions, ReadThenWriteTransactionsNeverFailBesideTheApplierAndEachOther) {
  constexpr int clients = 16;
  const auto duration = 30s;
  for (int i = 0; i < clients; ++i)
    local_exec("INSERT INTO counters VALUES (" + std::to_string(i) + ", 0)");

  std::atomic<bool> stop{false};
  std::atomic<int> published{0};
  std::thread publisher([&] {
    auto c = publisher_.connect();
    for (int id = 1; !stop; ++id) {
      auto r = exec(c.get(), "INSERT INTO feed VALUES (" + std::to_string(id) + ", repeat('x', 100))");
      if (!succeeded(r.get()))
        break;
      published = id;
    }
  });

  std::vector<int> committed(clients, 0), failed(clients, 0);
  std::vector<std::string> first_error(clients);
  std::vector<std::thread> workers;
  const auto end = steady::now() + duration;
  for (int i = 0; i < clients; ++i)
    workers.emplace_back([&, i] {
      auto c = subscriber_.connect();
      const std::string me = std::to_string(i);
      while (steady::now() < end) {
        // Reads first (a snapshot the applier's commits make stale), then writes.
        std::string seen;
        bool ok = run(c.get(), "BEGIN", first_error[i]) &&
                  run(c.get(), "SELECT n FROM counters WHERE client = " + me, first_error[i]) &&
                  read(c.get(), "SELECT count(*) FROM feed", seen, first_error[i]) &&
                  run(c.get(), "INSERT INTO journal VALUES (" + me + ", " + seen + ")", first_error[i]) &&
                  run(c.get(), "UPDATE counters SET n = n + 1 WHERE client = " + me, first_error[i]) &&
                  run(c.get(), "COMMIT", first_error[i]);
        if (ok) {
          ++committed[i];
        } else {
          ++failed[i];
          exec(c.get(), "ROLLBACK");
        }
      }
    });
  // A reader beside them: READ ONLY transactions never wait and never fail.
  int reads = 0, failed_reads = 0;
  std::string reader_error;
  std::thread reader([&] {
    auto c = subscriber_.connect();
    while (steady::now() < end) {
      bool ok = run(c.get(), "BEGIN READ ONLY", reader_error) &&
                run(c.get(), "SELECT count(*) FROM feed", reader_error) &&
                run(c.get(), "SELECT sum(n) FROM counters", reader_error) && run(c.get(), "COMMIT", reader_error);
      ok ? ++reads : ++failed_reads;
    }
  });
  for (auto& w : workers)
    w.join();
  reader.join();
  stop = true;
  publisher.join();

  for (int i = 0; i < clients; ++i) {
    EXPECT_EQ(failed[i], 0) << "client " << i << ": " << first_error[i];
    EXPECT_GT(committed[i], 0) << "client " << i;
    EXPECT_EQ(local_value("SELECT n FROM counters WHERE client = " + std::to_string(i)),
              std::to_string(committed[i]));
    EXPECT_EQ(local_value("SELECT count(*) FROM journal WHERE client = " + std::to_string(i)),
              std::to_string(committed[i]));
  }
  EXPECT_EQ(failed_reads, 0) << reader_error;
  EXPECT_GT(reads, 0);
  ASSERT_GT(published.load(), 0);
  ASSERT_TRUE(wait_caught_up("sub"));
  EXPECT_EQ(local_value("SELECT count(*) FROM feed"), std::to_string(published.load()));
  EXPECT_EQ(local_value("SELECT count(*) FROM feed"), publisher_.query_value("SELECT count(*) FROM feed"));
}

class LockWaits : public ConcurrentTransactions {
protected:
  // A second session that holds the write lock (an open transaction that wrote).
  pg_connection holder() {
    auto c = subscriber_.connect();
    EXPECT_TRUE(succeeded(exec(c.get(), "BEGIN").get()));
    EXPECT_TRUE(succeeded(exec(c.get(), "INSERT INTO journal VALUES (99, 0)").get()));
    return c;
  }
};

TEST_F(LockWaits, LockTimeoutEndsTheWaitWith55P03AndTheTransactionContinuesAfterRollback) {
  auto holding = holder();
  local_exec("SET lock_timeout = '300ms'");
  const auto began = steady::now();
  auto r = local_try("INSERT INTO journal VALUES (1, 1)");
  EXPECT_EQ(sqlstate_of(r.get()), "55P03");
  EXPECT_STREQ(PQresultErrorField(r.get(), PG_DIAG_MESSAGE_PRIMARY), "canceling statement due to lock timeout");
  EXPECT_GE(steady::now() - began, 250ms);
  EXPECT_TRUE(succeeded(exec(holding.get(), "COMMIT").get()));
  local_exec("INSERT INTO journal VALUES (1, 1)");
  EXPECT_EQ(local_value("SELECT count(*) FROM journal"), "2");
}

TEST_F(LockWaits, ReadOnlyTransactionsAndAutocommitReadsDoNotWaitForAWriter) {
  auto holding = holder();
  local_exec("SET lock_timeout = '200ms'");
  local_exec("BEGIN READ ONLY");
  EXPECT_EQ(local_value("SELECT count(*) FROM counters"), "0");
  local_exec("COMMIT");
  local_exec("BEGIN; SET TRANSACTION READ ONLY");
  EXPECT_EQ(local_value("SELECT count(*) FROM journal"), "0");
  local_exec("COMMIT");
  EXPECT_EQ(local_value("SELECT count(*) FROM journal"), "0");
  // A read-committed read-write transaction that only reads does not wait either.
  local_exec("BEGIN");
  EXPECT_EQ(local_value("SELECT count(*) FROM journal"), "0");
  local_exec("COMMIT");
  EXPECT_TRUE(succeeded(exec(holding.get(), "COMMIT").get()));
}

TEST_F(LockWaits, CancelEndsAWaitForTheWriteLockWith57014) {
  auto holding = holder();
  ASSERT_EQ(PQsendQuery(local_.get(), "INSERT INTO journal VALUES (2, 2)"), 1);
  std::unique_ptr<PGcancel, void (*)(PGcancel*)> cancel(PQgetCancel(local_.get()), PQfreeCancel);
  std::this_thread::sleep_for(300ms);  // the INSERT is waiting for the lock by now
  const auto cancelled_at = steady::now();
  char error[256];
  ASSERT_EQ(PQcancel(cancel.get(), error, sizeof error), 1) << error;
  pg_result result(PQgetResult(local_.get()));
  ASSERT_NE(result, nullptr);
  EXPECT_LT(steady::now() - cancelled_at, 2s);
  EXPECT_EQ(sqlstate_of(result.get()), "57014");
  EXPECT_STREQ(PQresultErrorField(result.get(), PG_DIAG_MESSAGE_PRIMARY), "canceling statement due to user request");
  while (PGresult* rest = PQgetResult(local_.get()))
    PQclear(rest);
  EXPECT_TRUE(succeeded(exec(holding.get(), "COMMIT").get()));
  EXPECT_EQ(local_value("SELECT count(*) FROM journal"), "1");
}

TEST_F(LockWaits, TheApplierWaitsForAClientsWriteTransactionAndLogsTheWait) {
  auto holding = holder();
  publisher_.exec("INSERT INTO feed VALUES (1, 'a'), (2, 'b')");
  // The applier shows that it waits (tributary_actors) instead of failing.
  ASSERT_TRUE(wait_local("SELECT count(*) FROM tributary_actors WHERE kind = 'applier' AND "
                         "state = 'waiting for a local transaction'",
                         "1", 30s));
  std::this_thread::sleep_for(3500ms);  // past the 3 s after which the wait is logged
  EXPECT_TRUE(succeeded(exec(holding.get(), "COMMIT").get()));
  ASSERT_TRUE(wait_local("SELECT count(*) FROM feed", "2"));
  EXPECT_TRUE(wait_until([&] { return subscriber_.log_text().find("apply worker for subscription \"sub\" waited") != std::string::npos; },
                         10s, 100ms))
      << subscriber_.log_text();
  EXPECT_EQ(local_value("SELECT count(*) FROM journal"), "1");
}

}  // namespace
}  // namespace tributary::integration
