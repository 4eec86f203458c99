// 029_on_error: what an apply error does, as PostgreSQL's own 029_on_error
// checks it: disable_on_error disables the subscription exactly at the failing
// transaction; ALTER SUBSCRIPTION ... SKIP skips exactly the transaction that
// finishes at the given LSN and clears subskiplsn in the commit that records it.
// Both hold whether the failing transaction is alone, first, or in the middle of
// the transactions the subscriber groups into one local transaction while
// catching up (they are queued on the publisher while the subscription is
// disabled, then arrive together), and across a server restart.
//
// Each publisher transaction writes one row to t (primary key on both sides)
// and one to k, which is keyless on the subscriber: a transaction applied twice
// would show as a duplicate in k. A conflicting transaction inserts a key of t
// that already exists locally (insert_exists).
#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

using namespace std::chrono_literals;

class OnError : public ReplicationTest {
protected:
  void create_tables_and_subscription(const std::string& options) {
    publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE TABLE k (a int);"
                    "CREATE PUBLICATION pub FOR TABLE t, k");
    local_exec("CREATE TABLE t (a int PRIMARY KEY); CREATE TABLE k (a int)");
    create_subscription("sub", "pub", options);
  }

  // One publisher transaction per key: INSERT INTO t and k.
  void publish_transactions(int first, int last) {
    std::string sql;
    for (int i = first; i <= last; ++i)
      sql += "BEGIN; INSERT INTO t VALUES (" + std::to_string(i) + "); INSERT INTO k VALUES (" +
             std::to_string(i) + "); COMMIT;";
    publisher_.exec(sql);
  }

  // A transaction whose insert into t hits a row the subscriber already has:
  // returns its xid. Its row of k is `marker`, which must never arrive.
  std::string publish_conflict(int conflicting_key, int marker) {
    local_exec("INSERT INTO t VALUES (" + std::to_string(conflicting_key) + ") ON CONFLICT DO NOTHING");
    return publisher_.query_value("WITH marker AS (INSERT INTO k VALUES (" + std::to_string(marker) +
                                  ")) INSERT INTO t VALUES (" + std::to_string(conflicting_key) +
                                  ") RETURNING txid_current()");
  }

  // The finish LSN the apply error of transaction `xid` names in the log.
  std::string finish_lsn_of_failed(const std::string& xid) {
    const std::string needle = "in transaction " + xid + ", finished at ";
    std::string found;
    bool seen = wait_until(
        [&] {
          auto log = subscriber_.log_text();
          auto at = log.find(needle);
          if (at == std::string::npos)
            return false;
          auto start = at + needle.size();
          found = log.substr(start, log.find_first_of("\n ", start) - start);
          return true;
        },
        60s, 100ms);
    if (!seen)
      ADD_FAILURE() << "no apply error names transaction " << xid << "\n" << subscriber_.log_text();
    return found;
  }

  bool wait_disabled() { return wait_local("SELECT subenabled FROM pg_subscription WHERE subname = 'sub'", "f"); }

  // ENABLE, then wait until disable_on_error disabled the subscription at the
  // failure of transaction `xid`: its finish LSN ("" and a test failure if not).
  std::string enable_until_disabled_at(const std::string& xid) {
    local_exec("ALTER SUBSCRIPTION sub ENABLE");
    auto finish = finish_lsn_of_failed(xid);
    if (!wait_disabled())
      return "";
    return finish;
  }

  void skip(const std::string& finish_lsn) {
    local_exec("ALTER SUBSCRIPTION sub SKIP (lsn = '" + finish_lsn + "')");
  }

  // Queued while the subscription is disabled, to arrive together: A conflicts
  // (marker -1000), B = keys 1..20 apply, C conflicts (marker -1001), D = keys
  // 21..40 apply.
  struct queued_abcd {
    std::string xid_a, xid_c;
  };
  queued_abcd queue_conflicts_a_and_c() {
    queued_abcd q;
    q.xid_a = publish_conflict(1000, -1000);
    publish_transactions(1, 20);
    q.xid_c = publish_conflict(1001, -1001);
    publish_transactions(21, 40);
    return q;
  }

  bool wait_log(const std::string& text) {
    bool seen = wait_until([&] { return subscriber_.log_text().find(text) != std::string::npos; }, 60s, 100ms);
    if (!seen)
      ADD_FAILURE() << "the log never showed: " << text << "\n" << subscriber_.log_text();
    return seen;
  }

  std::string origin_lsn() { return local_value("SELECT remote_lsn FROM pg_replication_origin_status"); }

  // Keys of k on the subscriber, with duplicates, as "a,b,c".
  std::string local_k() { return local_value("SELECT coalesce(group_concat(a, ','), '') FROM (SELECT a FROM k ORDER BY a)"); }
  // "X/Y" -> X << 32 | Y (0 when it is not an LSN).
  static uint64_t lsn_value(const std::string& text) {
    auto slash = text.find('/');
    if (slash == std::string::npos)
      return 0;
    return std::stoull(text.substr(0, slash), nullptr, 16) << 32 | std::stoull(text.substr(slash + 1), nullptr, 16);
  }
  static std::string keys(int first, int last) {
    std::string out;
    for (int i = first; i <= last; ++i)
      out += (out.empty() ? "" : ",") + std::to_string(i);
    return out;
  }
};

TEST_F(OnError, DisableOnErrorThenSkipJumpsOverTheFailingTransactionAlone) {
  create_tables_and_subscription("disable_on_error = true, enabled = false");
  auto xid = publish_conflict(1, -1);
  auto finish = enable_until_disabled_at(xid);
  ASSERT_FALSE(finish.empty());
  EXPECT_EQ(local_value("SELECT apply_error_count FROM pg_stat_subscription_stats"), "1");
  skip(finish);
  EXPECT_EQ(local_value("SELECT subskiplsn FROM pg_subscription"), finish);
  local_exec("ALTER SUBSCRIPTION sub ENABLE");
  ASSERT_TRUE(wait_log("logical replication starts skipping transaction at LSN " + finish));
  ASSERT_TRUE(wait_log("logical replication completed skipping transaction at LSN " + finish));
  ASSERT_TRUE(wait_local("SELECT subskiplsn FROM pg_subscription", "0/0"));
  publish_transactions(2, 3);
  ASSERT_TRUE(wait_local("SELECT count(*) FROM k", "2"));
  EXPECT_EQ(local_k(), "2,3") << "the skipped transaction's row of k never arrived";
  EXPECT_EQ(local_value("SELECT subenabled FROM pg_subscription"), "t");
}

// Transactions queued while disabled arrive together and share a local
// transaction; the one that fails is in the middle. Those before it stay
// applied, exactly once; it and those after it are not applied; after the
// local conflict is removed and the subscription enabled again, nothing is
// lost or doubled.
TEST_F(OnError, DisableOnErrorInTheMiddleOfAGroupKeepsTheTransactionsBeforeIt) {
  create_tables_and_subscription("disable_on_error = true, enabled = false");
  publish_transactions(1, 40);
  auto xid = publish_conflict(1000, -1000);
  publish_transactions(41, 80);
  auto finish = enable_until_disabled_at(xid);
  ASSERT_FALSE(finish.empty());
  EXPECT_EQ(local_k(), keys(1, 40)) << "every transaction before the failing one, once";
  EXPECT_EQ(local_value("SELECT count(*) FROM t WHERE a BETWEEN 41 AND 80"), "0");
  EXPECT_LT(lsn_value(origin_lsn()), lsn_value(finish))
      << "the recorded position stops before the failing transaction: " << origin_lsn() << " vs " << finish;
  EXPECT_GT(lsn_value(origin_lsn()), 0u);
  EXPECT_EQ(local_value("SELECT apply_error_count FROM pg_stat_subscription_stats"), "1");

  local_exec("DELETE FROM t WHERE a = 1000");
  local_exec("ALTER SUBSCRIPTION sub ENABLE");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM k", "81"));
  ASSERT_TRUE(wait_caught_up("sub"));
  EXPECT_EQ(local_k(), "-1000," + keys(1, 80)) << "nothing lost, nothing doubled";
  EXPECT_EQ(local_rows("SELECT a FROM t ORDER BY a"), publisher_rows("SELECT a FROM t ORDER BY a"));
}

TEST_F(OnError, DisableOnErrorWhenTheFirstTransactionOfAGroupFailsAppliesNothingOfIt) {
  create_tables_and_subscription("disable_on_error = true, enabled = false");
  auto xid = publish_conflict(1000, -1000);
  publish_transactions(1, 40);
  auto finish = enable_until_disabled_at(xid);
  ASSERT_FALSE(finish.empty());
  EXPECT_EQ(local_value("SELECT count(*) FROM k"), "0");
  skip(finish);
  local_exec("ALTER SUBSCRIPTION sub ENABLE");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM k", "40"));
  ASSERT_TRUE(wait_local("SELECT subskiplsn FROM pg_subscription", "0/0"));
  EXPECT_EQ(local_k(), keys(1, 40));
}

// The case of issue 8: SKIP names the failing transaction A; B applies; C
// fails. With A, B and C in one group, the skip of A and the rows of B commit
// (subskiplsn cleared with them) and C alone fails and disables.
TEST_F(OnError, ASkipFollowedByAFailureOnALaterTransactionOfTheGroupStillTakesEffect) {
  create_tables_and_subscription("disable_on_error = true, enabled = false");
  auto queued = queue_conflicts_a_and_c();
  auto finish_a = enable_until_disabled_at(queued.xid_a);
  ASSERT_FALSE(finish_a.empty());
  EXPECT_EQ(local_value("SELECT count(*) FROM k"), "0");

  skip(finish_a);
  auto finish_c = enable_until_disabled_at(queued.xid_c);
  ASSERT_FALSE(finish_c.empty());
  EXPECT_EQ(local_value("SELECT subskiplsn FROM pg_subscription"), "0/0") << "cleared with A's progress";
  EXPECT_EQ(local_k(), keys(1, 20)) << "B, the transactions between A and C, applied once";
  EXPECT_NE(subscriber_.log_text().find("completed skipping transaction at LSN " + finish_a), std::string::npos);

  skip(finish_c);
  local_exec("ALTER SUBSCRIPTION sub ENABLE");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM k", "40"));
  ASSERT_TRUE(wait_local("SELECT subskiplsn FROM pg_subscription", "0/0"));
  ASSERT_TRUE(wait_caught_up("sub"));
  EXPECT_EQ(local_k(), keys(1, 40)) << "neither skipped transaction arrived; the rest exactly once";
}

// Without disable_on_error the worker keeps retrying. The SKIP of A takes
// effect although C, later in the same group, keeps failing.
TEST_F(OnError, WhileRetryingASkipTakesEffectAlthoughALaterTransactionKeepsFailing) {
  create_tables_and_subscription("enabled = false");
  auto queued = queue_conflicts_a_and_c();
  local_exec("ALTER SUBSCRIPTION sub ENABLE");
  auto finish_a = finish_lsn_of_failed(queued.xid_a);
  ASSERT_FALSE(finish_a.empty());
  skip(finish_a);
  ASSERT_TRUE(wait_local("SELECT subskiplsn FROM pg_subscription", "0/0"));
  ASSERT_TRUE(wait_local("SELECT count(*) FROM k", "20")) << "B applied while C fails";
  EXPECT_FALSE(finish_lsn_of_failed(queued.xid_c).empty());
  EXPECT_EQ(local_k(), keys(1, 20));
  local_exec("DELETE FROM t WHERE a = 1001");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM k", "41"));
  ASSERT_TRUE(wait_caught_up("sub"));
  EXPECT_EQ(local_k(), "-1001," + keys(1, 40));
}

TEST_F(OnError, ASkipSetBeforeARestartTakesEffectAfterIt) {
  create_tables_and_subscription("disable_on_error = true, enabled = false");
  auto xid = publish_conflict(1000, -1000);
  auto finish = enable_until_disabled_at(xid);
  ASSERT_FALSE(finish.empty());
  skip(finish);
  ASSERT_NO_FATAL_FAILURE(subscriber_.restart());
  local_ = subscriber_.connect();
  EXPECT_EQ(local_value("SELECT subskiplsn FROM pg_subscription"), finish) << "the SKIP is in the catalog";
  publish_transactions(1, 5);
  local_exec("ALTER SUBSCRIPTION sub ENABLE");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM k", "5"));
  ASSERT_TRUE(wait_local("SELECT subskiplsn FROM pg_subscription", "0/0"));
  ASSERT_TRUE(wait_caught_up("sub"));
  // A second restart replays nothing: the skip and the rows after it are durable.
  ASSERT_NO_FATAL_FAILURE(subscriber_.restart());
  local_ = subscriber_.connect();
  publish_transactions(6, 6);
  ASSERT_TRUE(wait_local("SELECT count(*) FROM k", "6"));
  EXPECT_EQ(local_k(), keys(1, 6));
  EXPECT_EQ(local_value("SELECT subskiplsn FROM pg_subscription"), "0/0");
}

// PostgreSQL clears subskiplsn at the first transaction it finishes; a SKIP that
// names no transaction is cleared with a WARNING and skips nothing.
TEST_F(OnError, ASkipNamingNoTransactionIsClearedWithAWarningAndSkipsNothing) {
  create_tables_and_subscription("enabled = false");
  publish_transactions(1, 3);
  local_exec("ALTER SUBSCRIPTION sub SKIP (lsn = 'FF/0')");
  local_exec("ALTER SUBSCRIPTION sub ENABLE");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM k", "3"));
  ASSERT_TRUE(wait_local("SELECT subskiplsn FROM pg_subscription", "0/0"));
  EXPECT_EQ(local_k(), keys(1, 3));
  auto log = subscriber_.log_text();
  EXPECT_NE(log.find("WARNING:  skip-LSN of subscription \"sub\" cleared"), std::string::npos) << log;
  EXPECT_NE(log.find("did not match skip-LSN FF/0"), std::string::npos) << log;
}

// The log names the failing subscription by its name, as PostgreSQL's does
// (issue 16, item 11), not by its OID.
TEST_F(OnError, TheApplyErrorInTheLogNamesTheSubscription) {
  create_tables_and_subscription("disable_on_error = true");
  const std::string xid = publish_conflict(5, 1005);
  ASSERT_FALSE(finish_lsn_of_failed(xid).empty());
  const std::string log = subscriber_.log_text();
  EXPECT_NE(log.find("ERROR:  logical replication apply worker for subscription \"sub\": conflict detected on "
                     "relation \"public.t\": conflict=insert_exists"),
            std::string::npos)
      << log;
}

}  // namespace
}  // namespace tributary::integration
