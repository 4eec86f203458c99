// Specification of make_apply_plan: per-table order, merging, shape splits,
// the TRUNCATE barrier, and row references into the group.
#include <gtest/gtest.h>

#include "stages/pipeline/apply_plan.hpp"
#include "kept_bytes.hpp"

namespace tributary {
namespace {

relation_ptr make_relation(std::string table, oid_t oid = 1) {
  auto r = std::make_shared<relation_info>();
  r->relation_oid = oid;
  r->schema_name = "public";
  r->table_name = std::move(table);
  r->columns = {relation_column{true, "id", 23, -1}, relation_column{false, "v", 25, -1}};
  return r;
}

tuple_value text(std::string s) { return kept_value(tuple_value::kind::text, std::move(s)); }
tuple_value unchanged() { return tuple_value{tuple_value::kind::unchanged_toast}; }

row_change insert(relation_ptr r) {
  row_change c;
  c.kind = change_kind::insert;
  c.relation = std::move(r);
  c.new_tuple = {text("1"), text("x")};
  return c;
}
row_change update(relation_ptr r, bool v_unchanged = false, char old_kind = 0) {
  row_change c;
  c.kind = change_kind::update;
  c.relation = std::move(r);
  c.old_kind = old_kind;
  if (old_kind)
    c.old_tuple = {text("1"), text("x")};
  c.new_tuple = {text("1"), v_unchanged ? unchanged() : text("y")};
  return c;
}
row_change del(relation_ptr r, char old_kind = 'K') {
  row_change c;
  c.kind = change_kind::delete_;
  c.relation = std::move(r);
  c.old_kind = old_kind;
  c.old_tuple = {text("1"), text("x")};
  return c;
}
row_change truncate(std::vector<relation_ptr> rs) {
  row_change c;
  c.kind = change_kind::truncate;
  c.relation = rs.front();
  c.truncated = std::move(rs);
  return c;
}

remote_transaction_ptr txn(std::vector<row_change> changes) {
  auto t = std::make_shared<remote_transaction>();
  t->changes = std::move(changes);
  return t;
}

std::vector<row_ref> refs(std::initializer_list<std::pair<uint32_t, uint32_t>> l) {
  std::vector<row_ref> v;
  for (auto [t, c] : l)
    v.push_back(row_ref{t, c});
  return v;
}

TEST(ApplyPlan, ConsecutiveChangesOfOneKindToOneTableFormOneBatchAcrossTransactions) {
  auto t = make_relation("t");
  std::vector group{txn({insert(t), insert(t)}), txn({insert(t)})};
  auto plan = make_apply_plan(group);
  ASSERT_EQ(plan.batches.size(), 1u);
  EXPECT_EQ(plan.batches[0].kind, change_kind::insert);
  EXPECT_EQ(plan.batches[0].rows, refs({{0, 0}, {0, 1}, {1, 0}}));
  EXPECT_EQ(plan.row_count, 3u);
}

TEST(ApplyPlan, EachTableKeepsItsOwnOrderAndTablesComeInFirstAppearanceOrder) {
  auto t = make_relation("t");
  auto u = make_relation("u", 2);
  std::vector group{txn({insert(u), insert(t), update(u), insert(t)}), txn({del(u)})};
  auto plan = make_apply_plan(group);
  ASSERT_EQ(plan.batches.size(), 4u);
  EXPECT_EQ(plan.batches[0].relation, u);
  EXPECT_EQ(plan.batches[0].kind, change_kind::insert);
  EXPECT_EQ(plan.batches[1].relation, u);
  EXPECT_EQ(plan.batches[1].kind, change_kind::update);
  EXPECT_EQ(plan.batches[1].rows, refs({{0, 2}}));
  EXPECT_EQ(plan.batches[2].relation, u);
  EXPECT_EQ(plan.batches[2].kind, change_kind::delete_);
  EXPECT_EQ(plan.batches[2].rows, refs({{1, 0}}));
  EXPECT_EQ(plan.batches[3].relation, t);
  EXPECT_EQ(plan.batches[3].rows, refs({{0, 1}, {0, 3}}));
}

TEST(ApplyPlan, KeepingThePublisherOrderNeverMovesAChangeAcrossAnotherTables) {
  auto t = make_relation("t");
  auto u = make_relation("u", 2);
  std::vector group{txn({insert(t), insert(u), insert(t)}), txn({insert(t), insert(u)})};
  auto plan = make_apply_plan(group, true);
  ASSERT_EQ(plan.batches.size(), 4u);
  EXPECT_EQ(plan.batches[0].rows, refs({{0, 0}}));
  EXPECT_EQ(plan.batches[1].rows, refs({{0, 1}}));
  EXPECT_EQ(plan.batches[2].rows, refs({{0, 2}, {1, 0}})) << "consecutive changes of t still share a batch";
  EXPECT_EQ(plan.batches[3].rows, refs({{1, 1}}));
  EXPECT_EQ(plan.batches[3].relation, u);
}

TEST(ApplyPlan, KindChangeSplitsBatchesOfOneTable) {
  auto t = make_relation("t");
  std::vector group{txn({insert(t), update(t), insert(t)})};
  auto plan = make_apply_plan(group);
  ASSERT_EQ(plan.batches.size(), 3u);
  EXPECT_EQ(plan.batches[2].kind, change_kind::insert);
  EXPECT_EQ(plan.batches[2].rows, refs({{0, 2}}));
}

TEST(ApplyPlan, UnchangedToastColumnsSplitUpdateBatches) {
  auto t = make_relation("t");
  std::vector group{txn({update(t), update(t, true), update(t, true), update(t)})};
  auto plan = make_apply_plan(group);
  ASSERT_EQ(plan.batches.size(), 3u);
  EXPECT_EQ(plan.batches[1].shape.new_unchanged, (std::vector<bool>{false, true}));
  EXPECT_EQ(plan.batches[1].rows, refs({{0, 1}, {0, 2}}));
  EXPECT_EQ(plan.batches[2].shape.new_unchanged, (std::vector<bool>{false, false}));
}

TEST(ApplyPlan, OldKindSplitsBatches) {
  auto t = make_relation("t");
  std::vector group{txn({update(t), update(t, false, 'K'), del(t, 'K'), del(t, 'O')})};
  auto plan = make_apply_plan(group);
  ASSERT_EQ(plan.batches.size(), 4u);
  EXPECT_EQ(plan.batches[0].shape.old_kind, 0);
  EXPECT_EQ(plan.batches[1].shape.old_kind, 'K');
  EXPECT_EQ(plan.batches[3].shape.old_kind, 'O');
  EXPECT_EQ(plan.batches[3].shape.old_unchanged, (std::vector<bool>{false, false}));
}

TEST(ApplyPlan, NewRelationSnapshotStartsANewBatch) {
  auto t1 = make_relation("t");
  auto t2 = make_relation("t");  // same table, re-announced
  std::vector group{txn({insert(t1), insert(t2), insert(t2)})};
  auto plan = make_apply_plan(group);
  ASSERT_EQ(plan.batches.size(), 2u);
  EXPECT_EQ(plan.batches[0].relation, t1);
  EXPECT_EQ(plan.batches[1].relation, t2);
  EXPECT_EQ(plan.batches[1].rows, refs({{0, 1}, {0, 2}}));
}

TEST(ApplyPlan, SnapshotsOfOneTableStayInOrderAroundOtherTables) {
  auto t1 = make_relation("t");
  auto u = make_relation("u", 2);
  auto t2 = make_relation("t");
  std::vector group{txn({insert(t1), insert(u), insert(t2)})};
  auto plan = make_apply_plan(group);
  ASSERT_EQ(plan.batches.size(), 3u);
  EXPECT_EQ(plan.batches[0].relation, t1);
  EXPECT_EQ(plan.batches[1].relation, t2);
  EXPECT_EQ(plan.batches[2].relation, u);
}

TEST(ApplyPlan, TransactionsTouchingManyTablesInTurnGroupEachTablesRows) {
  // As pgbench's transactions do with their four tables, here with more
  // tables than the plan remembers by Relation (it then asks by name).
  std::vector<relation_ptr> tables;
  for (int i = 0; i < 20; ++i)
    tables.push_back(make_relation("t" + std::to_string(i), static_cast<oid_t>(i + 1)));
  std::vector<remote_transaction_ptr> group;
  for (int round = 0; round < 3; ++round) {
    std::vector<row_change> changes;
    for (const auto& t : tables)
      changes.push_back(update(t));
    group.push_back(txn(std::move(changes)));
  }
  auto plan = make_apply_plan(group);
  ASSERT_EQ(plan.batches.size(), tables.size());
  for (uint32_t i = 0; i < tables.size(); ++i) {
    EXPECT_EQ(plan.batches[i].relation, tables[i]);
    EXPECT_EQ(plan.batches[i].rows, refs({{0, i}, {1, i}, {2, i}})) << i;
  }
}

TEST(ApplyPlan, TruncateIsABarrierForEveryTable) {
  auto t = make_relation("t");
  auto u = make_relation("u", 2);
  std::vector group{txn({insert(t), insert(u)}), txn({truncate({u}), insert(u), insert(t)}),
                    txn({insert(t)})};
  auto plan = make_apply_plan(group);
  ASSERT_EQ(plan.batches.size(), 5u);
  EXPECT_EQ(plan.batches[0].relation, t);
  EXPECT_EQ(plan.batches[0].rows, refs({{0, 0}}));
  EXPECT_EQ(plan.batches[1].relation, u);
  EXPECT_EQ(plan.batches[1].rows, refs({{0, 1}}));
  EXPECT_EQ(plan.batches[2].kind, change_kind::truncate);
  EXPECT_EQ(plan.batches[2].rows, refs({{1, 0}}));
  EXPECT_EQ(plan.batches[3].relation, u);  // first to appear after the barrier
  EXPECT_EQ(plan.batches[3].rows, refs({{1, 1}}));
  EXPECT_EQ(plan.batches[4].relation, t);
  EXPECT_EQ(plan.batches[4].rows, refs({{1, 2}, {2, 0}}));
  EXPECT_EQ(plan.row_count, 6u);
}

TEST(ApplyPlan, ConsecutiveTruncatesStaySeparate) {
  auto t = make_relation("t");
  std::vector group{txn({truncate({t}), truncate({t})})};
  auto plan = make_apply_plan(group);
  ASSERT_EQ(plan.batches.size(), 2u);
  EXPECT_EQ(plan.batches[1].rows, refs({{0, 1}}));
}

TEST(ApplyPlan, EmptyTransactionsPlanNothing) {
  std::vector group{txn({}), txn({})};
  auto plan = make_apply_plan(group);
  EXPECT_TRUE(plan.batches.empty());
  EXPECT_EQ(plan.row_count, 0u);
}

TEST(ApplyPlan, ChangeAtResolvesRowRefs) {
  auto t = make_relation("t");
  std::vector group{txn({insert(t)}), txn({insert(t), del(t)})};
  auto plan = make_apply_plan(group);
  ASSERT_EQ(plan.batches.size(), 2u);
  const row_change& c = change_at(group, plan.batches[1].rows[0]);
  EXPECT_EQ(c.kind, change_kind::delete_);
  EXPECT_EQ(&c, &group[1]->changes[1]);
}

}  // namespace
}  // namespace tributary
