// Specification of applier_actor on a real data directory: a batch of several
// remote transactions forms one group, and whatever transaction of the group
// fails -- alone, first, or after others -- the transactions before it stay
// applied exactly once with their progress, a SKIP they consumed is cleared in
// that same commit, nothing after it is applied, and the error names it.
// Deterministic: one batch is one group (the applier commits when its mailbox
// runs out), and this test is both the supervisor and the connection.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>

#include "actors/applier_actor.hpp"
#include "actors/pipeline_errors.hpp"
#include "caf/all.hpp"
#include "remote_transaction_builders.hpp"
#include "storage/subscription_catalog.hpp"

namespace tributary {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

constexpr int64_t subid = 16400;

// A transaction the assembler emitted while SKIP (lsn = skip) was pending.
remote_transaction_ptr consumed(remote_transaction_ptr t, uint64_t skip) {
  auto copy = std::make_shared<remote_transaction>(*t);
  copy->consumed_skip_lsn = lsn{skip};
  copy->skipped_by_user = copy->final_lsn == lsn{skip};
  if (copy->skipped_by_user)
    copy->changes.clear();
  return copy;
}

struct run_outcome {
  std::vector<lsn> durable;  // (durable_atom, lsn) the connection was told
  bool stopped = false;      // the applier quit
  std::string error;         // its error message when it quit with one
};

class ApplierActorTest : public ::testing::Test {
protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("applier_test_" + std::to_string(::getpid()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    auto dir = data_directory::open(root_, "tester");
    ASSERT_TRUE(dir.ok()) << dir.error();
    directory_ = *dir;
    auto db = directory_->connect("postgres");
    ASSERT_TRUE(db.ok());
    db_.emplace(std::move(*db));
    subscription_row row;
    row.oid = subid;
    row.dbid = 5;
    row.name = "sub";
    row.owner = 10;
    row.conninfo = "host=127.0.0.1";
    row.slot_name = "sub";
    row.publications = {"pub"};
    ASSERT_TRUE(insert_subscription(*db_, row).ok());
    ASSERT_TRUE(create_origin(*db_, subid).ok());
    exec("CREATE TABLE t (id integer PRIMARY KEY, v text); INSERT INTO t VALUES (2, 'local')");
  }
  void TearDown() override {
    db_.reset();
    directory_.reset();
    fs::remove_all(root_);
  }

  void exec(const std::string& sql) {
    auto r = db_->exec(sql);
    ASSERT_TRUE(r.ok()) << r.error().message;
  }
  std::vector<std::string> column(const std::string& sql) {
    std::vector<std::string> out;
    auto q = db_->prepare(sql);
    EXPECT_TRUE(q.ok()) << sql;
    if (!q)
      return out;
    for (auto s = q->step(); s && *s == sqlite_statement::step_result::row; s = q->step())
      out.push_back(q->column_is_null(0) ? "null" : q->column_text(0));
    return out;
  }
  void set_skip_lsn(uint64_t skip) {
    exec("UPDATE pg_subscription SET subskiplsn = '" + lsn{skip}.to_string() + "'");
  }
  std::string skip_lsn() { return column("SELECT subskiplsn FROM pg_subscription").at(0); }
  std::string origin_lsn() {
    auto v = column("SELECT remote_lsn FROM pg_replication_origin_status");
    return v.empty() ? "none" : v[0];
  }
  int64_t insert_exists_counted() {
    auto c = registry_->counters(subid);
    return c ? c->confl_insert_exists : 0;
  }

  // Starts an applier, hands it one batch, and returns what it told the
  // connection until it quit or `expected_durable` positions were reported.
  run_outcome run(std::vector<remote_transaction_ptr> transactions, size_t expected_durable = 0) {
    std::vector<std::vector<remote_transaction_ptr>> batches;
    batches.push_back(std::move(transactions));
    return run_batches(std::move(batches), expected_durable, std::chrono::milliseconds(50));
  }
  // The same with several batches, each sent once the one before was reported
  // durable (the last at once when there is only one), and the applier's
  // durable_interval.
  run_outcome run_batches(std::vector<std::vector<remote_transaction_ptr>> batches, size_t expected_durable,
                          std::chrono::milliseconds durable_interval) {
    caf::actor_system_config config;
    caf::actor_system system{config};
    caf::scoped_actor self{system};
    applier_actor_args args;
    args.directory = directory_;
    args.database = "postgres";
    args.subid = subid;
    args.supervisor = caf::actor_cast<caf::actor>(self);
    args.registry = registry_;
    args.group_max_delay = 10s;  // only the mailbox running out closes the group
    args.durable_interval = durable_interval;
    auto applier = system.spawn<caf::detached>(applier_actor, std::move(args));
    self->monitor(applier);
    run_outcome outcome;
    bool ready = false;
    self->receive([&](ready_atom, const subscription_runtime_ptr&) { ready = true; },
                  [&](const caf::down_msg& dm) {
                    outcome.stopped = true;
                    outcome.error = pipeline_error_message(dm.reason);
                  },
                  caf::after(10s) >> [] {});
    if (!ready) {
      ADD_FAILURE() << "the applier did not start: " << outcome.error;
      return outcome;
    }
    self->send(applier, peer_atom::value, caf::actor_cast<caf::actor>(self));
    size_t sent = 0;
    auto send_next = [&] {
      if (sent == batches.size())
        return;
      auto batch = std::make_shared<transaction_batch>();
      batch->transactions = std::move(batches[sent++]);
      batch->bytes = 100;
      self->send(applier, transaction_batch_ptr{std::move(batch)});
    };
    send_next();
    bool waiting = true;
    self->receive_while([&] { return waiting; })(
        [&](durable_atom, lsn position) {
          outcome.durable.push_back(position);
          send_next();
          waiting = expected_durable == 0 || outcome.durable.size() < expected_durable;
        },
        [&](credit_atom, size_t) {},
        [&](const caf::down_msg& dm) {
          outcome.stopped = true;
          outcome.error = pipeline_error_message(dm.reason);
          waiting = false;
        },
        caf::after(10s) >> [&] {
          ADD_FAILURE() << "the applier neither quit nor reported progress";
          waiting = false;
        });
    if (!outcome.stopped)
      self->send_exit(applier, caf::exit_reason::user_shutdown);
    return outcome;
  }

  relation_ptr t_ = relation("t", {{"id", int4, true}, {"v", text_type}});
  fs::path root_;
  std::shared_ptr<data_directory> directory_;
  std::optional<sqlite_connection> db_;
  monitoring_registry_ptr registry_ = std::make_shared<monitoring_registry>();
};

TEST_F(ApplierActorTest, AGroupThatAppliesCommitsOnceWithTheProgressOfItsLastTransaction) {
  auto outcome = run({txn({ins(t_, {v("1"), v("a")})}, 741, 0x1000),
                      txn({ins(t_, {v("3"), v("b")})}, 742, 0x2000)},
                     1);
  EXPECT_FALSE(outcome.stopped) << outcome.error;
  EXPECT_EQ(outcome.durable, (std::vector<lsn>{lsn{0x2030}}));
  EXPECT_EQ(column("SELECT id FROM t ORDER BY id"), (std::vector<std::string>{"1", "2", "3"}));
  EXPECT_EQ(origin_lsn(), "0/2030");
}

// The WAL is synced at most every durable_interval while commits come, but a
// commit that leaves nothing queued (the stream is quiet) is synced and
// reported at once: here the second group, sent once the first was reported,
// is reported long before the interval of 30 s since the first one's sync.
TEST_F(ApplierActorTest, ACommitThatLeavesNothingQueuedIsReportedDurableAtOnce) {
  std::vector<std::vector<remote_transaction_ptr>> batches;
  batches.push_back({txn({ins(t_, {v("1"), v("a")})}, 741, 0x1000)});
  batches.push_back({txn({ins(t_, {v("3"), v("b")})}, 742, 0x2000)});
  auto started = std::chrono::steady_clock::now();
  auto outcome = run_batches(std::move(batches), 2, std::chrono::milliseconds(30000));
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(8));
  EXPECT_FALSE(outcome.stopped) << outcome.error;
  EXPECT_EQ(outcome.durable, (std::vector<lsn>{lsn{0x1030}, lsn{0x2030}}));
  EXPECT_EQ(origin_lsn(), "0/2030");
}

TEST_F(ApplierActorTest, AFailingTransactionAloneLeavesEverythingAsItWas) {
  auto outcome = run({txn({ins(t_, {v("2"), v("dup")})}, 741, 0x1000)});
  ASSERT_TRUE(outcome.stopped);
  EXPECT_NE(outcome.error.find("conflict=insert_exists"), std::string::npos) << outcome.error;
  EXPECT_NE(outcome.error.find("in transaction 741, finished at 0/1000"), std::string::npos) << outcome.error;
  EXPECT_TRUE(outcome.durable.empty());
  EXPECT_EQ(origin_lsn(), "0/0") << "nothing recorded";
  EXPECT_EQ(insert_exists_counted(), 1);
}

TEST_F(ApplierActorTest, AFailingFirstTransactionOfAGroupKeepsNothingAndIsNamed) {
  auto outcome = run({txn({ins(t_, {v("2"), v("dup")})}, 741, 0x1000),
                      txn({ins(t_, {v("3"), v("b")})}, 742, 0x2000)});
  ASSERT_TRUE(outcome.stopped);
  EXPECT_NE(outcome.error.find("in transaction 741, finished at 0/1000"), std::string::npos) << outcome.error;
  EXPECT_TRUE(outcome.durable.empty());
  EXPECT_EQ(column("SELECT id FROM t ORDER BY id"), (std::vector<std::string>{"2"}));
  EXPECT_EQ(origin_lsn(), "0/0") << "nothing recorded";
  EXPECT_EQ(insert_exists_counted(), 1) << "one attempt, one conflict";
}

TEST_F(ApplierActorTest, AFailureInTheMiddleOfAGroupKeepsTheTransactionsBeforeIt) {
  auto outcome = run({txn({ins(t_, {v("1"), v("a")})}, 741, 0x1000),
                      txn({ins(t_, {v("4"), v("x")}), ins(t_, {v("2"), v("dup")})}, 742, 0x2000),
                      txn({ins(t_, {v("3"), v("c")})}, 743, 0x3000)});
  ASSERT_TRUE(outcome.stopped);
  EXPECT_NE(outcome.error.find("in transaction 742, finished at 0/2000"), std::string::npos) << outcome.error;
  EXPECT_EQ(outcome.durable, (std::vector<lsn>{lsn{0x1030}}));
  EXPECT_EQ(column("SELECT id || v FROM t ORDER BY id"), (std::vector<std::string>{"1a", "2local"}));
  EXPECT_EQ(origin_lsn(), "0/1030");
  EXPECT_EQ(insert_exists_counted(), 1) << "one attempt, one conflict";
}

// The batched plan applies T3's row of t before T2's (same table, one batch), so
// the group's own error would name T3; applied one at a time, T2 fails first.
TEST_F(ApplierActorTest, TheErrorNamesTheFirstFailingTransactionInCommitOrder) {
  exec("CREATE TABLE u (id integer PRIMARY KEY); INSERT INTO u VALUES (7)");
  auto u = relation("u", {{"id", int4, true}});
  auto outcome = run({txn({ins(t_, {v("1"), v("a")})}, 741, 0x1000),
                      txn({ins(u, {v("7")})}, 742, 0x2000),
                      txn({ins(t_, {v("2"), v("dup")})}, 743, 0x3000)});
  ASSERT_TRUE(outcome.stopped);
  EXPECT_NE(outcome.error.find("in transaction 742, finished at 0/2000"), std::string::npos) << outcome.error;
  EXPECT_EQ(origin_lsn(), "0/1030");
}

// The case: SKIP named the failing transaction, the next one applies,
// the one after fails. The skip and the transaction in between commit together.
TEST_F(ApplierActorTest, ASkipFollowedByAFailureIsClearedWithTheTransactionsBeforeTheFailure) {
  set_skip_lsn(0x1000);
  auto outcome = run({consumed(txn({ins(t_, {v("2"), v("dup")})}, 741, 0x1000), 0x1000),
                      txn({ins(t_, {v("3"), v("between")})}, 742, 0x2000),
                      txn({ins(t_, {v("2"), v("dup again")})}, 743, 0x3000)});
  ASSERT_TRUE(outcome.stopped);
  EXPECT_NE(outcome.error.find("in transaction 743, finished at 0/3000"), std::string::npos) << outcome.error;
  EXPECT_EQ(skip_lsn(), "0/0") << "cleared in the commit that recorded the skipped transaction";
  EXPECT_EQ(origin_lsn(), "0/2030");
  EXPECT_EQ(column("SELECT id || v FROM t ORDER BY id"), (std::vector<std::string>{"2local", "3between"}));
}

TEST_F(ApplierActorTest, ASkippedTransactionAloneIsClearedWithItsOwnProgress) {
  set_skip_lsn(0x1000);
  auto outcome = run({consumed(txn({ins(t_, {v("2"), v("dup")})}, 741, 0x1000), 0x1000)}, 1);
  EXPECT_FALSE(outcome.stopped) << outcome.error;
  EXPECT_EQ(skip_lsn(), "0/0");
  EXPECT_EQ(origin_lsn(), "0/1030");
  EXPECT_EQ(column("SELECT id FROM t"), (std::vector<std::string>{"2"}));
}

TEST_F(ApplierActorTest, ASkippedTransactionInTheMiddleOfAGroupIsClearedWithTheGroup) {
  set_skip_lsn(0x2000);
  auto outcome = run({txn({ins(t_, {v("1"), v("a")})}, 741, 0x1000),
                      consumed(txn({ins(t_, {v("2"), v("dup")})}, 742, 0x2000), 0x2000),
                      txn({ins(t_, {v("3"), v("c")})}, 743, 0x3000)},
                     1);
  EXPECT_FALSE(outcome.stopped) << outcome.error;
  EXPECT_EQ(skip_lsn(), "0/0");
  EXPECT_EQ(origin_lsn(), "0/3030");
  EXPECT_EQ(column("SELECT id || v FROM t ORDER BY id"), (std::vector<std::string>{"1a", "2local", "3c"}));
}

TEST_F(ApplierActorTest, ASkipThatFailsWithItsFirstTransactionStaysSet) {
  set_skip_lsn(0x5000);
  auto outcome = run({consumed(txn({ins(t_, {v("2"), v("dup")})}, 741, 0x1000), 0x5000),
                      txn({ins(t_, {v("3"), v("c")})}, 742, 0x2000)});
  ASSERT_TRUE(outcome.stopped);
  EXPECT_NE(outcome.error.find("in transaction 741"), std::string::npos) << outcome.error;
  EXPECT_EQ(skip_lsn(), "0/5000") << "rolled back with the transaction that consumed it";
  EXPECT_EQ(origin_lsn(), "0/0") << "nothing recorded";
}

TEST_F(ApplierActorTest, ASkipChangedMeanwhileIsNotCleared) {
  set_skip_lsn(0x9000);
  auto outcome = run({consumed(txn({ins(t_, {v("2"), v("dup")})}, 741, 0x1000), 0x1000)}, 1);
  EXPECT_FALSE(outcome.stopped) << outcome.error;
  EXPECT_EQ(skip_lsn(), "0/9000") << "ALTER SUBSCRIPTION ... SKIP set another LSN since";
  EXPECT_EQ(origin_lsn(), "0/1030");
}

// Applied in one batch the group fails (u's trigger wants t's row 5, which the
// plan inserts after u's rows); applied one transaction at a time it does not:
// nothing is lost and the whole group commits.
TEST_F(ApplierActorTest, AGroupThatFailsOnlyWhenBatchedIsCommittedWhole) {
  exec("CREATE TABLE u (id integer PRIMARY KEY);"
       "CREATE TRIGGER u_needs_t BEFORE INSERT ON u WHEN NOT EXISTS (SELECT 1 FROM t WHERE id = NEW.id) "
       "BEGIN SELECT RAISE(ABORT, 'no row in t'); END;");
  auto u = relation("u", {{"id", int4, true}});
  auto outcome = run({txn({ins(u, {v("2")})}, 741, 0x1000), txn({ins(t_, {v("5"), v("x")})}, 742, 0x2000),
                      txn({ins(u, {v("5")})}, 743, 0x3000)},
                     1);
  EXPECT_FALSE(outcome.stopped) << outcome.error;
  EXPECT_EQ(outcome.durable, (std::vector<lsn>{lsn{0x3030}}));
  EXPECT_EQ(column("SELECT id FROM u ORDER BY id"), (std::vector<std::string>{"2", "5"}));
  EXPECT_EQ(origin_lsn(), "0/3030");
}

}  // namespace
}  // namespace tributary
