// Specification of superseded updates (superseded_updates.hpp) on real
// temporary SQLite files: a group's repeated full-row updates of one key write
// the row once, and everything a user can see — the rows, the counters, the
// errors — is what applying every update one by one gives.
#include <sqlite3.h>

#include "apply_sink_fixture.hpp"
#include "stages/pipeline/superseded_updates.hpp"

namespace tributary {
namespace {

int64_t rows_written(apply_sink& sink) { return sqlite3_total_changes64(sink.connection().handle()); }

std::vector<row_ref> refs_of(const std::vector<remote_transaction_ptr>& group) {
  std::vector<row_ref> refs;
  for (uint32_t t = 0; t < group.size(); ++t)
    for (uint32_t c = 0; c < group[t]->changes.size(); ++c)
      refs.push_back(row_ref{t, c});
  return refs;
}

TEST(SupersededUpdates, ALaterRowWithTheSameKeyBytesSupersedesAnEarlierOne) {
  auto t = relation("t", {{"id", int4, true}, {"v", text_type}});
  std::vector<remote_transaction_ptr> group{
      txn({upd(t, 0, {}, {v("1"), v("a")}), upd(t, 0, {}, {v("2"), v("b")})}),
      txn({upd(t, 0, {}, {v("1"), v("c")}), upd(t, 0, {}, {v("01"), v("d")}), upd(t, 0, {}, {v("1"), v("e")})})};
  const std::vector<uint32_t> key{0};
  auto chains = chains_of(group, refs_of(group), key);
  EXPECT_EQ(chains.superseded, (std::vector<bool>{true, false, true, false, false}));
  constexpr auto none = update_chains::none;
  EXPECT_EQ(chains.previous, (std::vector<uint32_t>{none, none, 0, none, 2}));  // "01" is other bytes
}

TEST(SupersededUpdates, KeysOfSeveralColumnsAndNullsAreToldApartByEveryColumn) {
  auto t = relation("t", {{"a", text_type, true}, {"b", text_type, true}, {"v", text_type}});
  std::vector<remote_transaction_ptr> group{txn({
      upd(t, 0, {}, {v("ab"), v("c"), v("1")}),
      upd(t, 0, {}, {v("a"), v("bc"), v("2")}),  // the same bytes run together: another key
      upd(t, 0, {}, {v(""), null(), v("3")}),
      upd(t, 0, {}, {null(), v(""), v("4")}),
      upd(t, 0, {}, {v("ab"), v("c"), v("5")}),
  })};
  const std::vector<uint32_t> key{0, 1};
  auto chains = chains_of(group, refs_of(group), key);
  EXPECT_EQ(chains.superseded, (std::vector<bool>{true, false, false, false, false}));
  EXPECT_EQ(chains.previous[4], 0u);
}

TEST_F(ApplySinkTest, RepeatedUpdatesOfOneKeyWriteTheRowOnceAndCountEveryUpdate) {
  exec("CREATE TABLE t (id integer PRIMARY KEY, v text, n integer);"
       "INSERT INTO t VALUES (1, 'a', 0), (2, 'b', 0)");
  auto t = relation("t", {{"id", int4, true}, {"v", text_type}, {"n", int4}});
  std::vector<remote_transaction_ptr> group;
  for (int i = 1; i <= 10; ++i)
    group.push_back(txn({upd(t, 0, {}, {v("1"), v("a" + std::to_string(i)), v(std::to_string(i))}),
                         upd(t, 0, {}, {v("2"), v("b" + std::to_string(i)), v(std::to_string(-i))})},
                        static_cast<xid_t>(800 + i), 0x10000 + 0x100 * i));
  const int64_t before = rows_written(*sink_);
  ASSERT_TRUE(apply_only(group).ok());
  ASSERT_TRUE(sink_->commit_group(group.back()->end_lsn).ok());
  EXPECT_EQ(rows("SELECT id, v, n FROM t ORDER BY id"), (std::vector<std::string>{"1|a10|10", "2|b10|-10"}));
  EXPECT_EQ(sink_->counters().updated, 20u);
  EXPECT_EQ(sink_->counters().update_missing, 0u);
  // Each row once, plus the origin's progress row.
  EXPECT_EQ(rows_written(*sink_) - before, 3);
}

TEST_F(ApplySinkTest, RepeatedUpdatesOfAMissingKeyAreEachAnUpdateMissing) {
  exec("CREATE TABLE t (id integer PRIMARY KEY, v text); INSERT INTO t VALUES (1, 'a')");
  auto t = relation("t", {{"id", int4, true}, {"v", text_type}});
  apply_group({txn({upd(t, 0, {}, {v("9"), v("x")}), upd(t, 0, {}, {v("1"), v("b")}),
                    upd(t, 0, {}, {v("9"), v("y")}), upd(t, 0, {}, {v("9"), v("z")})})});
  EXPECT_EQ(sink_->counters().update_missing, 3u);
  EXPECT_EQ(sink_->counters().updated, 1u);
  EXPECT_EQ(rows("SELECT id, v FROM t"), (std::vector<std::string>{"1|b"}));
}

TEST_F(ApplySinkTest, ASupersededUpdateWhoseValueDoesNotFitFailsAsItWouldAlone) {
  exec("CREATE TABLE t (id int4 PRIMARY KEY, v varchar(3) NOT NULL); INSERT INTO t VALUES (1, 'a')");
  auto t = relation("t", {{"id", int4, true}, {"v", text_type}});
  auto too_long = apply_error_of({txn({upd(t, 0, {}, {v("1"), v("long")}), upd(t, 0, {}, {v("1"), v("ok")})})});
  EXPECT_EQ(too_long.error.sqlstate, "22001");
  EXPECT_EQ(too_long.error.message, "value too long for type character varying(3)");
  auto null_value = apply_error_of({txn({upd(t, 0, {}, {v("1"), null()}), upd(t, 0, {}, {v("1"), v("ok")})})});
  EXPECT_EQ(null_value.error.sqlstate, "23502");
  EXPECT_EQ(rows("SELECT id, v FROM t"), (std::vector<std::string>{"1|a"}));
}

TEST_F(ApplySinkTest, OnATableWithACheckEveryUpdateRuns) {
  exec("CREATE TABLE t (id integer PRIMARY KEY, n integer CHECK (n < 10)); INSERT INTO t VALUES (1, 0)");
  auto t = relation("t", {{"id", int4, true}, {"n", int4}});
  auto e = apply_error_of({txn({upd(t, 0, {}, {v("1"), v("50")}), upd(t, 0, {}, {v("1"), v("1")})})});
  EXPECT_EQ(e.error.sqlstate, "23514");
  EXPECT_EQ(rows("SELECT n FROM t"), (std::vector<std::string>{"0"}));
}

TEST_F(ApplySinkTest, OnATableWithAnotherUniqueKeyEveryUpdateRuns) {
  exec("CREATE TABLE t (id integer PRIMARY KEY, u integer UNIQUE);"
       "INSERT INTO t VALUES (1, 10), (2, 20)");
  auto t = relation("t", {{"id", int4, true}, {"u", int4}});
  // The first update collides with row 2 (update_exists), though the last would not.
  auto e = apply_error_of({txn({upd(t, 0, {}, {v("1"), v("20")}), upd(t, 0, {}, {v("1"), v("30")})})});
  EXPECT_EQ(e.error.sqlstate, "23505");
  EXPECT_EQ(rows("SELECT id, u FROM t ORDER BY id"), (std::vector<std::string>{"1|10", "2|20"}));
}

TEST_F(ApplySinkTest, WhenTheLocalPrimaryKeyIsNotTheMatchedKeyEveryUpdateRuns) {
  exec("CREATE TABLE t (id integer PRIMARY KEY, code text); INSERT INTO t VALUES (1, 'a'), (2, 'b')");
  auto t = relation("t", {{"id", int4}, {"code", text_type, true}});
  // The first update moves row 'a' onto id 2 (update_exists); the last would not collide.
  auto e = apply_error_of({txn({upd(t, 0, {}, {v("2"), v("a")}), upd(t, 0, {}, {v("3"), v("a")})})});
  EXPECT_EQ(e.error.sqlstate, "23505");
  EXPECT_EQ(rows("SELECT id, code FROM t ORDER BY id"), (std::vector<std::string>{"1|a", "2|b"}));
}

TEST_F(ApplySinkTest, OnATableWithATriggerEveryUpdateRuns) {
  exec("CREATE TABLE t (id integer PRIMARY KEY, v text); INSERT INTO t VALUES (1, 'a');"
       "CREATE TABLE seen (v text);"
       "CREATE TRIGGER t_seen AFTER UPDATE ON T BEGIN INSERT INTO seen VALUES (new.v); END");
  auto t = relation("t", {{"id", int4, true}, {"v", text_type}});
  apply_group({txn({upd(t, 0, {}, {v("1"), v("b")}), upd(t, 0, {}, {v("1"), v("c")})})});
  EXPECT_EQ(rows("SELECT v FROM seen"), (std::vector<std::string>{"b", "c"}));
  EXPECT_EQ(rows("SELECT v FROM t"), (std::vector<std::string>{"c"}));
}

TEST_F(ApplySinkTest, AnUpdateOfSomeColumnsOnlyIsNeverSkipped) {
  exec("CREATE TABLE t (id integer PRIMARY KEY, v text, big text); INSERT INTO t VALUES (1, 'a', 'kept')");
  auto t = relation("t", {{"id", int4, true}, {"v", text_type}, {"big", text_type}});
  const int64_t before = rows_written(*sink_);
  apply_group({txn({upd(t, 0, {}, {v("1"), v("b"), toast()}), upd(t, 0, {}, {v("1"), v("c"), toast()})})});
  EXPECT_EQ(rows("SELECT v, big FROM t"), (std::vector<std::string>{"c|kept"}));
  EXPECT_EQ(rows_written(*sink_) - before, 3);  // both updates, and the progress row
}

}  // namespace
}  // namespace tributary
