// role_options: CREATE/ALTER ROLE options from libpg_query's DefElem list.
#include <gtest/gtest.h>

#include "stages/auth/role_options.hpp"
#include "stages/auth/scram_sha256.hpp"

namespace tributary {
namespace {

nlohmann::json def(const std::string& name, nlohmann::json arg) {
  nlohmann::json d = {{"defname", name}};
  if (!arg.is_null())
    d["arg"] = std::move(arg);
  return {{"DefElem", d}};
}
nlohmann::json boolean(bool v) { return {{"Boolean", {{"boolval", v}}}}; }
nlohmann::json text(const std::string& v) { return {{"String", {{"sval", v}}}}; }
nlohmann::json integer(int v) { return {{"Integer", {{"ival", v}}}}; }

TEST(RoleOptions, ReadsEveryAttribute) {
  auto o = parse_role_options(nlohmann::json::array(
      {def("canlogin", boolean(true)), def("superuser", boolean(false)), def("createdb", boolean(true)),
       def("createrole", boolean(true)), def("isreplication", boolean(true)), def("inherit", boolean(false)),
       def("bypassrls", boolean(true)), def("connectionlimit", integer(7)), def("password", text("pw")),
       def("validUntil", text("2030-01-01"))}));
  ASSERT_TRUE(o) << o.error().message;
  EXPECT_EQ(o->can_login, true);
  EXPECT_EQ(o->superuser, false);
  EXPECT_EQ(o->create_db, true);
  EXPECT_EQ(o->create_role, true);
  EXPECT_EQ(o->replication, true);
  EXPECT_EQ(o->inherit, false);
  EXPECT_EQ(o->bypass_rls, true);
  EXPECT_EQ(o->connection_limit, 7);
  EXPECT_TRUE(o->password_given);
  EXPECT_EQ(o->password, "pw");
  EXPECT_EQ(o->valid_until, "2030-01-01");
  EXPECT_FALSE(o->only_password());
}

TEST(RoleOptions, PasswordNullAndOnlyPassword) {
  auto o = parse_role_options(nlohmann::json::array({def("password", nullptr)}));
  ASSERT_TRUE(o);
  EXPECT_TRUE(o->password_given);
  EXPECT_FALSE(o->password);
  EXPECT_TRUE(o->only_password());
}

TEST(RoleOptions, RedundantOptionsAndBadLimitsAreRefusedAsPostgres) {
  auto twice = parse_role_options(nlohmann::json::array({def("canlogin", boolean(true)), def("canlogin", boolean(false))}));
  ASSERT_FALSE(twice);
  EXPECT_EQ(twice.error().sqlstate, "42601");
  EXPECT_EQ(twice.error().message, "conflicting or redundant options");
  auto passwords = parse_role_options(nlohmann::json::array({def("password", text("a")), def("password", nullptr)}));
  ASSERT_FALSE(passwords);
  EXPECT_EQ(passwords.error().sqlstate, "42601");
  auto limit = parse_role_options(nlohmann::json::array({def("connectionlimit", integer(-2))}));
  ASSERT_FALSE(limit);
  EXPECT_EQ(limit.error().sqlstate, "22023");
  EXPECT_EQ(limit.error().message, "invalid connection limit: -2");
  // libpg_query's JSON drops the negative number: it is read from the text.
  auto dropped = parse_role_options(nlohmann::json::array({def("connectionlimit", {{"Integer", nlohmann::json::object()}})}),
                                    "CREATE ROLE r CONNECTION  LIMIT -5");
  ASSERT_FALSE(dropped);
  EXPECT_EQ(dropped.error().message, "invalid connection limit: -5");
  auto minus_one = parse_role_options(nlohmann::json::array({def("connectionlimit", {{"Integer", nlohmann::json::object()}})}),
                                      "create role r connection limit -1");
  ASSERT_TRUE(minus_one);
  EXPECT_EQ(minus_one->connection_limit, -1);
  auto sysid = parse_role_options(nlohmann::json::array({def("sysid", integer(5))}));
  ASSERT_FALSE(sysid);
  EXPECT_EQ(sysid.error().sqlstate, "0A000");
}

TEST(RoleOptions, MembershipListsAreKeptAsRoleSpecs) {
  const nlohmann::json a = {{"RoleSpec", {{"roletype", "ROLESPEC_CSTRING"}, {"rolename", "a"}}}};
  const nlohmann::json list = {{"List", {{"items", nlohmann::json::array({a})}}}};
  auto options = parse_role_options(nlohmann::json::array({def("addroleto", list), def("adminmembers", list)}));
  ASSERT_TRUE(options);
  EXPECT_EQ(options->in_roles, nlohmann::json::array({a}));
  EXPECT_EQ(options->admins, nlohmann::json::array({a}));
  EXPECT_TRUE(options->members.empty());
  auto twice = parse_role_options(nlohmann::json::array({def("addroleto", list), def("addroleto", list)}));
  ASSERT_FALSE(twice);
  EXPECT_EQ(twice.error().message, "conflicting or redundant options");
}

TEST(RoleOptions, ValidUntilIsReadInTheSessionZoneAndKeptInUtc) {
  type_settings new_york;
  new_york.time_zone = "America/New_York";
  auto kept = valid_until_text("2030-06-01 12:00", new_york);
  ASSERT_TRUE(kept);
  EXPECT_EQ(*kept, "2030-06-01 16:00:00+00");
  EXPECT_EQ(valid_until_text("infinity", new_york).value(), "infinity");
  auto bad = valid_until_text("not a time", new_york);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().sqlstate, "22007");
  const auto now = std::chrono::system_clock::now();
  EXPECT_TRUE(valid_until_passed("2001-01-01 00:00:00+00", now));
  EXPECT_FALSE(valid_until_passed("infinity", now));
  EXPECT_FALSE(valid_until_passed(*kept, now));
}

TEST(RoleOptions, PasswordsBecomeVerifiers) {
  auto stored = password_text(std::string("secret"));
  ASSERT_TRUE(stored);
  ASSERT_TRUE(stored->verifier);
  EXPECT_TRUE(scram::is_verifier(*stored->verifier));
  EXPECT_EQ(stored->verifier->find("secret"), std::string::npos);
  EXPECT_FALSE(stored->notice);
  auto kept = password_text(*stored->verifier);
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->verifier, stored->verifier) << "a verifier is kept as it is";
  auto none = password_text(std::nullopt);
  ASSERT_TRUE(none);
  EXPECT_FALSE(none->verifier);
  auto empty = password_text(std::string());
  ASSERT_TRUE(empty);
  EXPECT_FALSE(empty->verifier);
  ASSERT_TRUE(empty->notice);
  EXPECT_EQ(empty->notice->message, "empty string is not a valid password, clearing password");
  auto md5 = password_text(std::string("md5") + std::string(32, 'a'));
  ASSERT_FALSE(md5);
  EXPECT_EQ(md5.error().sqlstate, "0A000");
}

}  // namespace
}  // namespace tributary
