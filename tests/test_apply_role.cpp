// apply_role: the role a subscription applies a table's changes as
// (run_as_owner) and the privileges it needs, as PostgreSQL 16 decides them.
#include <gtest/gtest.h>

#include "stages/auth/apply_role.hpp"

namespace tributary {
namespace {

// 10 postgres (superuser), 20 sub_owner, 30 table_owner, 40 other; sub_owner is
// a member of table_owner only when `member` says so.
apply_role_facts facts(int64_t subscription_owner, bool run_as_owner, bool member) {
  apply_role_facts f;
  f.subscription_owner = subscription_owner;
  f.run_as_owner = run_as_owner;
  if (member)
    f.grants.push_back(role_grant{30, 20, 10, false});
  f.is_superuser = [](int64_t oid) { return oid == 10; };
  f.inherits = [](int64_t) { return true; };
  f.name_of = [](int64_t oid) {
    return oid == 10 ? "postgres" : oid == 20 ? "sub_owner" : oid == 30 ? "table_owner" : "other";
  };
  return f;
}

TEST(ApplyRole, ByDefaultChangesAreAppliedAsTheTablesOwner) {
  auto role = apply_role_for(facts(20, false, true), 30);
  ASSERT_TRUE(role);
  EXPECT_EQ(*role, 30);
  auto superuser = apply_role_for(facts(10, false, false), 30);
  ASSERT_TRUE(superuser);
  EXPECT_EQ(*superuser, 30) << "a superuser owner may become anyone";
}

TEST(ApplyRole, AnOwnerThatCannotSetRoleToTheTablesOwnerFails) {
  auto role = apply_role_for(facts(20, false, false), 30);
  ASSERT_FALSE(role);
  EXPECT_EQ(role.error().sqlstate, "42501");
  EXPECT_EQ(role.error().message, "role \"sub_owner\" cannot SET ROLE to \"table_owner\"");
}

TEST(ApplyRole, RunAsOwnerAppliesAsTheSubscriptionOwner) {
  auto role = apply_role_for(facts(20, true, false), 30);
  ASSERT_TRUE(role);
  EXPECT_EQ(*role, 20);
  auto own_table = apply_role_for(facts(20, false, false), 20);
  ASSERT_TRUE(own_table);
  EXPECT_EQ(*own_table, 20);
}

TEST(ApplyRole, EachKindOfChangeNeedsItsPrivileges) {
  EXPECT_EQ(apply_privileges_needed('I'), (std::vector<uint32_t>{privilege_insert}));
  EXPECT_EQ(apply_privileges_needed('U'), (std::vector<uint32_t>{privilege_select}));
  EXPECT_EQ(apply_privileges_needed('D'), (std::vector<uint32_t>{privilege_select}));
  EXPECT_EQ(apply_privilege_for_found_row('U'), privilege_update);
  EXPECT_EQ(apply_privilege_for_found_row('D'), privilege_delete);
  EXPECT_EQ(apply_privilege_for_found_row('I'), std::nullopt);
  EXPECT_EQ(apply_privilege_for_found_row('T'), std::nullopt);
  EXPECT_EQ(apply_privileges_needed('T'), (std::vector<uint32_t>{privilege_truncate}));
}

TEST(ApplyRole, TheRoleAppliedAsMustHoldThePrivileges) {
  const auto f = facts(20, true, false);
  table_acl acl = default_table_acl(30);
  grant_privileges(acl, 20, 30, privilege_insert | privilege_select, false);
  EXPECT_TRUE(check_apply_privileges(f, 20, 30, acl, apply_privileges_needed('I'), "t"));
  EXPECT_TRUE(check_apply_privileges(f, 20, 30, acl, apply_privileges_needed('U'), "t")) << "SELECT finds the row";
  auto update = check_apply_privileges(f, 20, 30, acl, {*apply_privilege_for_found_row('U')}, "t");
  ASSERT_FALSE(update);
  EXPECT_EQ(update.error().sqlstate, "42501");
  EXPECT_EQ(update.error().message, "permission denied for table t");
  EXPECT_FALSE(check_apply_privileges(f, 40, 30, std::nullopt, apply_privileges_needed('D'), "t"));
  EXPECT_TRUE(check_apply_privileges(f, 30, 30, std::nullopt, apply_privileges_needed('T'), "t"))
      << "the owner holds everything under acldefault";
  EXPECT_TRUE(check_apply_privileges(f, 10, 30, acl, apply_privileges_needed('T'), "t")) << "superusers are not checked";
}

TEST(ApplyRole, PrivilegesOfRolesTheAppliedRoleInheritsCount) {
  auto f = facts(20, true, true);  // sub_owner is a member of table_owner
  EXPECT_TRUE(check_apply_privileges(f, 20, 30, std::nullopt, apply_privileges_needed('U'), "t"));
  f.inherits = [](int64_t oid) { return oid != 20; };
  EXPECT_FALSE(check_apply_privileges(f, 20, 30, std::nullopt, apply_privileges_needed('U'), "t"))
      << "NOINHERIT: membership alone gives no privileges";
}

}  // namespace
}  // namespace tributary
