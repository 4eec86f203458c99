// Specification of apply_sink's chunked inserts (several rows per INSERT
// statement): every row lands with its own values, and a failing row inside a
// chunk is reported as if it had gone alone.
#include "apply_sink_fixture.hpp"

namespace tributary {
namespace {

// Inserts of one table go 64 rows per INSERT statement (and the rest one by
// one): every row lands with its own values, NULLs and parsed values included.
TEST_F(ApplySinkTest, ManyInsertsLandRowByRowWithTheirOwnValues) {
  exec("CREATE TABLE t (id int4 PRIMARY KEY, v text, n int4)");  // n read as PostgreSQL's integer
  auto t = relation("t", {{"id", int4, true}, {"v", text_type}, {"n", int4}});
  std::vector<remote_transaction_ptr> group;
  for (int x = 0; x < 3; ++x) {
    std::vector<row_change> changes;
    for (int i = x * 50 + 1; i <= x * 50 + 50; ++i)
      changes.push_back(ins(t, {v(std::to_string(i)), i % 7 == 0 ? null() : v("v" + std::to_string(i)),
                                v(std::to_string(i * 3))}));
    group.push_back(txn(std::move(changes), static_cast<xid_t>(900 + x), 0x20000 + 0x100 * x));
  }
  apply_group(group);
  EXPECT_EQ(rows("SELECT count(*), count(v), sum(n), min(id), max(id) FROM t"),
            (std::vector<std::string>{"150|129|33975|1|150"}));
  EXPECT_EQ(rows("SELECT id, v, n FROM t WHERE id IN (1, 64, 65, 128, 129, 150) ORDER BY id"),
            (std::vector<std::string>{"1|v1|3", "64|v64|192", "65|v65|195", "128|v128|384", "129|v129|387",
                                      "150|v150|450"}));
  EXPECT_EQ(sink_->counters().inserted, 150u);
}

// A failure inside a chunk of rows is the failing row's own error, counted
// once, as if every row went alone; nothing of the group is left.
TEST_F(ApplySinkTest, AFailingRowAmongManyInsertsIsReportedAsItsOwn) {
  exec("CREATE TABLE t (id int4 PRIMARY KEY, v text NOT NULL CHECK (length(v) < 5))");
  exec("INSERT INTO t VALUES (100, 'old')");
  auto t = relation("t", {{"id", int4, true}, {"v", text_type}});
  auto inserts = [&](int bad, tuple_value bad_id, tuple_value bad_v) {
    std::vector<remote_transaction_ptr> group;
    for (int x = 0; x < 2; ++x) {
      std::vector<row_change> changes;
      for (int i = x * 80 + 1; i <= x * 80 + 80; ++i)
        changes.push_back(i == bad ? ins(t, {bad_id, bad_v}) : ins(t, {v(std::to_string(i + 1000)), v("r")}));
      group.push_back(txn(std::move(changes), static_cast<xid_t>(950 + x), 0x30000 + 0x100 * x));
    }
    return group;
  };
  auto exists = apply_error_of(inserts(100, v("100"), v("new")));
  EXPECT_EQ(exists.error.sqlstate, "23505");
  EXPECT_EQ(exists.error.detail,
            "Key already exists in unique index \"t_pkey\".\n"
            "Key (id)=(100); existing local row (100, old); remote row (100, new).");
  EXPECT_NE(exists.context.find("in transaction 951,"), std::string::npos) << exists.context;
  EXPECT_EQ(sink_->counters().insert_exists, 1u);
  auto check = apply_error_of(inserts(30, v("30"), v("longer")));
  EXPECT_EQ(check.error.sqlstate, "23514");
  EXPECT_NE(check.context.find("in transaction 950,"), std::string::npos) << check.context;
  auto undecodable = apply_error_of(inserts(70, v("abc"), v("r")));
  EXPECT_EQ(undecodable.error.sqlstate, "22P02");
  EXPECT_NE(undecodable.context.find("column \"id\""), std::string::npos) << undecodable.context;
  EXPECT_EQ(rows("SELECT id, v FROM t"), (std::vector<std::string>{"100|old"}));
  EXPECT_TRUE(rows("SELECT remote_lsn FROM pg_replication_origin_status").empty());
}

}  // namespace
}  // namespace tributary
