// role_graph: membership through chains of grants, and who may administer a role.
#include <gtest/gtest.h>

#include "stages/auth/role_graph.hpp"

namespace tributary {
namespace {

// ra <- rb <- rc: rb is a member of ra, rc of rb. rb holds ra with ADMIN OPTION.
const std::vector<role_grant> chain = {{1, 2, 10, true}, {2, 3, 10, false}};

TEST(RoleGraph, ARoleIsAMemberOfItself) { EXPECT_TRUE(is_member_of({}, 7, 7)); }

TEST(RoleGraph, MembershipFollowsChainsOfGrants) {
  EXPECT_TRUE(is_member_of(chain, 2, 1));
  EXPECT_TRUE(is_member_of(chain, 3, 1));
  EXPECT_FALSE(is_member_of(chain, 1, 2));
  EXPECT_FALSE(is_member_of(chain, 1, 3));
}

TEST(RoleGraph, RolesOfAMemberListEachRoleOnceStartingWithItself) {
  const std::vector<role_grant> diamond = {{1, 2, 10, false}, {1, 3, 10, false}, {2, 4, 10, false},
                                           {3, 4, 10, false}};
  EXPECT_EQ(roles_of_member(diamond, 4), (std::vector<int64_t>{4, 2, 3, 1}));
}

TEST(RoleGraph, ALoopInTheGrantsDoesNotHang) {
  const std::vector<role_grant> loop = {{1, 2, 10, false}, {2, 1, 10, false}};
  EXPECT_TRUE(is_member_of(loop, 1, 2));
  EXPECT_EQ(roles_of_member(loop, 1).size(), 2u);
}

TEST(RoleGraph, AdminOptionIsHeldDirectlyOrThroughARoleOneBelongsTo) {
  EXPECT_TRUE(is_admin_of(chain, 2, 1));
  EXPECT_TRUE(is_admin_of(chain, 3, 1));   // rc belongs to rb, which holds ra with admin option
  EXPECT_FALSE(is_admin_of(chain, 3, 2));  // rc holds rb without it
  EXPECT_FALSE(is_admin_of(chain, 1, 1));  // nobody administers a role by being it
}

}  // namespace
}  // namespace tributary
