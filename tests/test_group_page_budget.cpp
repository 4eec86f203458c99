// Specification of group_page_budget: when a group of whole transactions
// commits so that the pages it changes fit the cache (apply_sink's "Changed
// pages").
#include <gtest/gtest.h>

#include "stages/pipeline/group_page_budget.hpp"

namespace tributary {
namespace {

// Before any commit it assumes one page per change: a first group of random
// updates cannot outgrow the cache.
TEST(GroupPageBudget, AFirstGroupIsFullAtOneChangePerPage) {
  group_page_budget budget(4000);
  EXPECT_FALSE(budget.full(3999));
  EXPECT_TRUE(budget.full(4000));
}

// Inserts in key order write few pages per change: groups grow, halfway at
// each commit towards what was seen.
TEST(GroupPageBudget, GroupsThatWroteFewPagesPerChangeLetTheNextGrow) {
  group_page_budget budget(4000);
  budget.on_commit(6000, 100);  // 1/60 page per change
  EXPECT_NEAR(budget.pages_per_change(), (1.0 + 100.0 / 6000) / 2, 1e-9);
  EXPECT_FALSE(budget.full(7800));
  budget.on_commit(6000, 100);
  budget.on_commit(6000, 100);
  EXPECT_FALSE(budget.full(20000));
  EXPECT_TRUE(budget.full(4000 / budget.pages_per_change() + 1));
}

// Random updates write about a page per change (more when pages split): the
// budget comes back down after groups of small pages per change.
TEST(GroupPageBudget, GroupsThatWroteManyPagesPerChangeShrinkTheNext) {
  group_page_budget budget(4000);
  for (int i = 0; i < 5; ++i)
    budget.on_commit(6000, 100);
  EXPECT_FALSE(budget.full(30000));
  budget.on_commit(3000, 4500);  // 1.5 pages per change
  budget.on_commit(3000, 4500);
  EXPECT_TRUE(budget.full(4000));
}

// A handful of changes writes mostly the pages every commit writes (the
// origin's progress, interior pages): it teaches nothing.
TEST(GroupPageBudget, SmallGroupsTeachNothing) {
  group_page_budget budget(4000);
  budget.on_commit(group_page_budget::min_changes - 1, 5);
  budget.on_commit(10, 0);
  EXPECT_DOUBLE_EQ(budget.pages_per_change(), 1.0);
  budget.on_commit(group_page_budget::min_changes, -1);  // SQLite gave no count
  EXPECT_DOUBLE_EQ(budget.pages_per_change(), 1.0);
}

}  // namespace
}  // namespace tributary
