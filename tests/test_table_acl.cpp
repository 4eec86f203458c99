// table_acl: PostgreSQL's aclitem rules for tables (acl.c), pure.
#include "stages/auth/table_acl.hpp"

#include <gtest/gtest.h>

namespace tributary {
namespace {

std::string names(int64_t oid) {
  switch (oid) {
    case 10: return "postgres";
    case 20: return "alice";
    case 30: return "bob smith";
    default: return std::to_string(oid);
  }
}

TEST(TableAcl, AGrantStartsFromTheOwnersDefaultAndPrintsAsPostgres) {
  table_acl acl = default_table_acl(10);
  grant_privileges(acl, 20, 10, privilege_select | privilege_insert, false);
  grant_privileges(acl, 0, 10, privilege_select, false);
  EXPECT_EQ(shown_acl_text(acl, names), "{postgres=arwdDxt/postgres,alice=ar/postgres,=r/postgres}");
}

TEST(TableAcl, GrantOptionsAreStarredAndQuotedNamesAreEscapedAsArrayElements) {
  table_acl acl = default_table_acl(10);
  grant_privileges(acl, 30, 10, privilege_update, true);
  EXPECT_EQ(shown_acl_text(acl, names), "{postgres=arwdDxt/postgres,\"\\\"bob smith\\\"=w*/postgres\"}");
}

TEST(TableAcl, RevokeTakesPrivilegesOrOnlyTheGrantOptionAndDropsEmptyItems) {
  table_acl acl = default_table_acl(10);
  grant_privileges(acl, 20, 10, privilege_select | privilege_update, true);
  EXPECT_EQ(revoke_privileges(acl, 20, 10, privilege_update, true), privilege_update);
  EXPECT_EQ(shown_acl_text(acl, names), "{postgres=arwdDxt/postgres,alice=r*w/postgres}");
  EXPECT_EQ(revoke_privileges(acl, 20, 10, all_table_privileges, false), privilege_select | privilege_update);
  EXPECT_EQ(shown_acl_text(acl, names), "{postgres=arwdDxt/postgres}");
  EXPECT_EQ(revoke_privileges(acl, 20, 10, privilege_select, false), 0u);
}

TEST(TableAcl, AnOwnerThatRevokesItsOwnPrivilegesNoLongerHoldsThemButKeepsGrantOptions) {
  table_acl acl = default_table_acl(10);
  revoke_privileges(acl, 10, 10, privilege_select, false);
  EXPECT_FALSE(holds(acl, 10, {10}, privilege_select));
  EXPECT_TRUE(holds(acl, 10, {10}, privilege_insert));
  revoke_privileges(acl, 10, 10, all_table_privileges, false);
  EXPECT_TRUE(acl.empty());
  EXPECT_FALSE(holds(acl, 10, {10}, privilege_insert));
  EXPECT_EQ(grant_options_held(acl, 10, {10}), all_privilege_bits) << "it may grant them to itself again";
  EXPECT_FALSE(holds(acl, 10, {20}, privilege_select));
  EXPECT_FALSE(holds(std::nullopt, 10, {20}, privilege_select));
  EXPECT_TRUE(holds(std::nullopt, 10, {20, 10}, privilege_delete));  // a member of the owner
}

TEST(TableAcl, PublicAndInheritedRolesGrantToEveryone) {
  table_acl acl = default_table_acl(10);
  grant_privileges(acl, 0, 10, privilege_select, false);
  grant_privileges(acl, 40, 10, privilege_insert, false);
  EXPECT_TRUE(holds(acl, 10, {20}, privilege_select));
  EXPECT_FALSE(holds(acl, 10, {20}, privilege_insert));
  EXPECT_TRUE(holds(acl, 10, {20, 40}, privilege_insert));
  EXPECT_EQ(grant_options_held(acl, 10, {20, 40}), 0u);
}

TEST(TableAcl, OwnerChangeMovesTheOldOwnersItemsAndMergesDuplicates) {
  table_acl acl = default_table_acl(10);
  grant_privileges(acl, 20, 10, privilege_select, false);
  grant_privileges(acl, 20, 20, privilege_insert, false);
  change_owner(acl, 10, 20);
  EXPECT_EQ(shown_acl_text(acl, names), "{alice=arwdDxt/alice}");
}

TEST(TableAcl, TheStoredFormRoundTripsAndRejectsDamage) {
  table_acl acl = default_table_acl(10);
  grant_privileges(acl, 0, 10, privilege_select, true);
  grant_privileges(acl, 20, 10, privilege_trigger | privilege_truncate, false);
  const std::string stored = stored_acl_text(acl);
  EXPECT_EQ(stored, "10=arwdDxt/10,0=r*/10,20=Dt/10");
  EXPECT_EQ(parse_stored_acl(stored), acl);
  EXPECT_EQ(parse_stored_acl(""), table_acl{});
  EXPECT_FALSE(parse_stored_acl("10=q/10"));
  EXPECT_FALSE(parse_stored_acl("x=r/10"));
  EXPECT_FALSE(parse_stored_acl("10=r"));
}

TEST(TableAcl, PrivilegeKeywordsAreTheParsersLowercaseNames) {
  EXPECT_EQ(table_privilege_named("select"), privilege_select);
  EXPECT_EQ(table_privilege_named("truncate"), privilege_truncate);
  EXPECT_FALSE(table_privilege_named("usage"));
  EXPECT_EQ(table_privilege_name(privilege_references), "REFERENCES");
}

TEST(TableAcl, RevokingAGrantOptionReachesTheGrantsMadeWithItOnlyWithCascade) {
  table_acl acl = default_table_acl(10);
  grant_privileges(acl, 20, 10, privilege_select | privilege_update, true);
  grant_privileges(acl, 30, 20, privilege_select, true);
  grant_privileges(acl, 40, 30, privilege_select, false);
  table_acl restricted = acl;
  EXPECT_FALSE(revoke_cascading(restricted, 20, 10, privilege_select, true, 10, false));
  EXPECT_TRUE(revoke_cascading(acl, 20, 10, privilege_update, true, 10, false));  // granted to nobody
  EXPECT_TRUE(revoke_cascading(acl, 20, 10, privilege_select, false, 10, true));
  EXPECT_EQ(shown_acl_text(acl, names), "{postgres=arwdDxt/postgres,alice=w/postgres}");
  EXPECT_TRUE(revoke_cascading(acl, 10, 10, privilege_select, true, 10, false));  // the owner keeps its options
}

TEST(TableAcl, ADatabaseDefaultLetsPublicConnectAndUseTemporaryTables) {
  table_acl acl = default_acl(acl_object::database, 10);
  EXPECT_EQ(shown_acl_text(acl, names), "{=Tc/postgres,postgres=CTc/postgres}");
  EXPECT_TRUE(holds(acl, 10, {20}, privilege_connect));
  EXPECT_TRUE(holds(acl, 10, {20}, privilege_temporary));
  EXPECT_FALSE(holds(acl, 10, {20}, privilege_create));
  revoke_privileges(acl, 0, 10, privilege_connect, false);
  grant_privileges(acl, 20, 10, privilege_create, true);
  EXPECT_FALSE(holds(acl, 10, {30}, privilege_connect));
  EXPECT_EQ(shown_acl_text(acl, names), "{=T/postgres,postgres=CTc/postgres,alice=C*/postgres}");
  EXPECT_EQ(parse_stored_acl(stored_acl_text(acl)), acl);
}

TEST(TableAcl, ASchemaDefaultIsItsOwnersUsageAndCreate) {
  EXPECT_EQ(shown_acl_text(default_acl(acl_object::schema, 20), names), "{alice=UC/alice}");
  EXPECT_EQ(all_privileges_of(acl_object::sequence), privilege_usage | privilege_select | privilege_update);
}

TEST(TableAcl, EachKindOfObjectHasItsOwnPrivilegeKeywords) {
  EXPECT_EQ(privilege_named(acl_object::database, "temp"), privilege_temporary);
  EXPECT_EQ(privilege_named(acl_object::database, "temporary"), privilege_temporary);
  EXPECT_EQ(privilege_named(acl_object::database, "connect"), privilege_connect);
  EXPECT_FALSE(privilege_named(acl_object::database, "usage"));
  EXPECT_EQ(privilege_named(acl_object::schema, "usage"), privilege_usage);
  EXPECT_FALSE(privilege_named(acl_object::schema, "select"));
  EXPECT_FALSE(privilege_named(acl_object::table, "create"));
  EXPECT_EQ(table_privilege_name(privilege_temporary), "TEMPORARY");
  EXPECT_EQ(acl_object_name(acl_object::schema), "schema");
}

}  // namespace
}  // namespace tributary
