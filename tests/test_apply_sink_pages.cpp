// Specification of where apply_sink keeps the pages a local transaction
// changes (its header's "Changed pages"): a group of whole transactions keeps
// them in memory and is told to commit before they would spill into the log; a
// transaction applied in pieces spills at the small cache, whatever its size.
#include <sqlite3.h>

#include "apply_sink_fixture.hpp"

namespace tributary {
namespace {

// Values of 2/5 of a page: two rows per page (of new_file_page_size bytes).
constexpr int page_size = new_file_page_size;
constexpr int value_bytes = page_size * 2 / 5;
constexpr int rows_per_page = 2;
constexpr int table_pages = (12 << 20) / page_size;  // 12 MB: more than the small cache (2 MB)
constexpr int changed_pages_of_a_group = (6 << 20) / page_size;  // 6 MB: within half the group cache
constexpr int group_cache_kib = 16384;
constexpr int rereading_cache_kib = 3000;

class ApplySinkPagesTest : public ApplySinkTest {
protected:
  void SetUp() override {
    ApplySinkTest::SetUp();
    exec("CREATE TABLE t (id int4 PRIMARY KEY, v text)");
    exec("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < " +
         std::to_string(table_pages * rows_per_page) + ") INSERT INTO t SELECT i, printf('%0" +
         std::to_string(value_bytes) + "d', i) FROM n");
    sink_.reset();
    apply_sink_config config{file_, subscription_oid, origin_id, 1000, nullptr};
    config.group_cache_kib = group_cache_kib;
    config.rereading_cache_kib = rereading_cache_kib;
    auto s = apply_sink::open(config);
    ASSERT_TRUE(s.ok()) << s.error().to_string();
    sink_.emplace(std::move(*s));
  }

  // One transaction updating one row on each of `pages` pages, every page once.
  remote_transaction_ptr updates_on_pages(int pages, const std::string& value) {
    auto t = relation("t", {{"id", int4, true}, {"v", text_type}});
    std::vector<row_change> changes;
    for (int page = 0; page < pages; ++page)
      changes.push_back(upd(t, 0, {}, {v(std::to_string(page * rows_per_page + 1)), v(value)}));
    return txn(std::move(changes));
  }
  // count inserts of new rows in key order, after the table's last row.
  remote_transaction_ptr inserts_after_the_table(int count) {
    auto t = relation("t", {{"id", int4, true}, {"v", text_type}});
    std::vector<row_change> changes;
    for (int i = 1; i <= count; ++i)
      changes.push_back(ins(t, {v(std::to_string(table_pages * rows_per_page + i)), v("new")}));
    return txn(std::move(changes));
  }
  void commit_a_group_of(remote_transaction_ptr transaction) {
    ASSERT_TRUE(sink_->begin_group(changed_pages::held).ok());
    std::vector<remote_transaction_ptr> group{std::move(transaction)};
    ASSERT_TRUE(sink_->apply(make_apply_plan(group), group).ok());
    ASSERT_TRUE(sink_->commit_group(group.back()->end_lsn).ok());
  }
  std::vector<std::string> cache_size() { return rows_on(sink_->connection(), "PRAGMA cache_size"); }
  int status(int op) {
    int now = 0, highest = 0;
    EXPECT_EQ(sqlite3_db_status(sink_->connection().handle(), op, &now, &highest, 0), SQLITE_OK);
    return now;
  }
};

// 6 MB of changed pages fit a group's cache (16 MB) but not the small one: the
// group writes them once, at its commit, and none before.
TEST_F(ApplySinkPagesTest, AGroupKeepsItsChangedPagesUntilItCommits) {
  ASSERT_TRUE(sink_->begin_group(changed_pages::held).ok());
  std::vector<remote_transaction_ptr> group{updates_on_pages(changed_pages_of_a_group, "x")};
  ASSERT_TRUE(sink_->apply(make_apply_plan(group), group).ok());
  EXPECT_EQ(status(SQLITE_DBSTATUS_CACHE_SPILL), 0);
  EXPECT_EQ(status(SQLITE_DBSTATUS_CACHE_WRITE), 0);
  ASSERT_TRUE(sink_->commit_group(group.back()->end_lsn).ok());
  EXPECT_GE(status(SQLITE_DBSTATUS_CACHE_WRITE), changed_pages_of_a_group);
  EXPECT_EQ(rows("SELECT count(*) FROM t WHERE v = 'x'"),
            (std::vector<std::string>{std::to_string(changed_pages_of_a_group)}));
}

// The same transaction applied in pieces spills into the log once the small
// cache is full, and its cache stays about that size.
TEST_F(ApplySinkPagesTest, ATransactionInPiecesSpillsAtTheSmallCache) {
  ASSERT_TRUE(sink_->begin_group(changed_pages::spilled).ok());
  std::vector<remote_transaction_ptr> group{updates_on_pages(changed_pages_of_a_group, "x")};
  ASSERT_TRUE(sink_->apply(make_apply_plan(group), group).ok());
  EXPECT_GT(status(SQLITE_DBSTATUS_CACHE_SPILL), 0);
  EXPECT_LT(status(SQLITE_DBSTATUS_CACHE_USED), 4 << 20);
  EXPECT_FALSE(sink_->cache_full());  // only a group is told to commit
  ASSERT_TRUE(sink_->commit_group(group.back()->end_lsn).ok());
  EXPECT_EQ(rows("SELECT count(*) FROM t WHERE v = 'x'"),
            (std::vector<std::string>{std::to_string(changed_pages_of_a_group)}));
}

// A group is full once its changes, at the pages per change earlier groups
// wrote (one before any), reach half of the group cache.
TEST_F(ApplySinkPagesTest, AGroupIsFullWhenItsChangedPagesReachHalfTheCache) {
  const int half = group_cache_kib * 1024 / page_size / 2;
  ASSERT_TRUE(sink_->begin_group(changed_pages::held).ok());
  std::vector<remote_transaction_ptr> group{updates_on_pages(half - 10, "x")};
  ASSERT_TRUE(sink_->apply(make_apply_plan(group), group).ok());
  EXPECT_FALSE(sink_->cache_full());
  std::vector<remote_transaction_ptr> more{updates_on_pages(10, "y")};
  ASSERT_TRUE(sink_->apply(make_apply_plan(more), more).ok());
  EXPECT_TRUE(sink_->cache_full());
  ASSERT_TRUE(sink_->commit_group(more.back()->end_lsn).ok());
  EXPECT_FALSE(sink_->cache_full());  // no group open
}

// Between two groups the cache is the small one, unless the groups read pages
// back from outside it: a group of updates on pages of a table larger than the
// cache leaves the rereading cache, a group of inserts in key order the small one.
TEST_F(ApplySinkPagesTest, BetweenGroupsThatReadPagesBackTheCacheIsTheRereadingOne) {
  EXPECT_EQ(cache_size(), (std::vector<std::string>{"-2000"}));
  commit_a_group_of(updates_on_pages(1000, "x"));
  EXPECT_EQ(cache_size(), (std::vector<std::string>{"-" + std::to_string(rereading_cache_kib)}));
  commit_a_group_of(inserts_after_the_table(1000));
  EXPECT_EQ(cache_size(), (std::vector<std::string>{"-2000"}));
  EXPECT_EQ(rows("SELECT count(*) FROM t WHERE v = 'new'"), (std::vector<std::string>{"1000"}));
}

// The group's cache lives while the group is open: its commit, or its
// rollback, frees it down to the cache between groups.
TEST_F(ApplySinkPagesTest, AGroupsCacheIsFreedWhenItEnds) {
  for (bool commit : {true, false}) {
    ASSERT_TRUE(sink_->begin_group(changed_pages::held).ok());
    std::vector<remote_transaction_ptr> group{updates_on_pages(changed_pages_of_a_group, commit ? "x" : "y")};
    ASSERT_TRUE(sink_->apply(make_apply_plan(group), group).ok());
    EXPECT_GT(status(SQLITE_DBSTATUS_CACHE_USED), 4 << 20);
    if (commit)
      ASSERT_TRUE(sink_->commit_group(group.back()->end_lsn).ok());
    else
      sink_->rollback_group();
    // these updates read their pages back: the rereading cache (3 MB) stays
    EXPECT_LT(status(SQLITE_DBSTATUS_CACHE_USED), 4 << 20) << (commit ? "commit" : "rollback");
  }
  EXPECT_EQ(rows("SELECT count(*) FROM t WHERE v = 'x'"),
            (std::vector<std::string>{std::to_string(changed_pages_of_a_group)}));
  EXPECT_EQ(rows("SELECT count(*) FROM t WHERE v = 'y'"), (std::vector<std::string>{"0"}));
}

}  // namespace
}  // namespace tributary
