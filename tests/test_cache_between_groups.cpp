// Specification of cache_between_groups: the page cache an apply connection
// keeps between two groups (stages/pipeline/cache_between_groups.hpp).
#include "stages/pipeline/cache_between_groups.hpp"

#include <gtest/gtest.h>

namespace tributary {
namespace {
TEST(CacheBetweenGroups, StartsWithTheSmallCache) {
  cache_between_groups cache(2000, 6000);
  EXPECT_EQ(cache.kib(), 2000);
}

TEST(CacheBetweenGroups, AGroupThatReadPagesBackLeavesTheLargerCache) {
  cache_between_groups cache(2000, 6000);
  cache.on_commit(10000, 7900);  // random updates of a large table
  EXPECT_EQ(cache.kib(), 6000);
  cache.on_commit(1000, 250);  // one read per four changes is enough
  EXPECT_EQ(cache.kib(), 6000);
}

TEST(CacheBetweenGroups, AGroupThatReadAlmostNothingGoesBackToTheSmallCache) {
  cache_between_groups cache(2000, 6000);
  cache.on_commit(10000, 7900);
  cache.on_commit(8000, 12);  // inserts in key order
  EXPECT_EQ(cache.kib(), 2000);
  cache.on_commit(1000, 249);
  EXPECT_EQ(cache.kib(), 2000);
}

TEST(CacheBetweenGroups, ASmallGroupChangesNothing) {
  cache_between_groups cache(2000, 6000);
  cache.on_commit(10000, 7900);
  cache.on_commit(cache_between_groups::min_changes - 1, 0);
  EXPECT_EQ(cache.kib(), 6000);
  cache.on_commit(5000, -1);  // SQLite's counter could not be read
  EXPECT_EQ(cache.kib(), 6000);
}

TEST(CacheBetweenGroups, TheRereadingCacheIsNeverSmallerThanTheSmallOne) {
  cache_between_groups cache(8000, 6000);
  cache.on_commit(10000, 7900);
  EXPECT_EQ(cache.kib(), 8000);
}

}  // namespace
}  // namespace tributary
