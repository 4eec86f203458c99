// database_options: CREATE / ALTER DATABASE options from libpg_query's DefElem
// list, read as PostgreSQL 15's createdb() and AlterDatabase().
#include <gtest/gtest.h>

#include "stages/auth/database_options.hpp"

namespace tributary {
namespace {

nlohmann::json def(const std::string& name, nlohmann::json arg) {
  nlohmann::json d = {{"defname", name}};
  if (!arg.is_null())
    d["arg"] = std::move(arg);
  return {{"DefElem", d}};
}
nlohmann::json text(const std::string& v) { return {{"String", {{"sval", v}}}}; }
nlohmann::json integer(int v) { return {{"Integer", {{"ival", v}}}}; }
// libpg_query's JSON for 0 or a negative integer: no value.
nlohmann::json integer_without_value() { return {{"Integer", nlohmann::json::object()}}; }

pg_error refusal(const nlohmann::json& options, database_statement which, std::string_view text = {}) {
  auto r = parse_database_options(options, which, text);
  EXPECT_FALSE(r);
  return r ? pg_error{} : r.error();
}

TEST(DatabaseOptions, ReadsTheLimitTheFlagAndTheOwner) {
  auto o = parse_database_options(
      nlohmann::json::array({def("owner", text("ra")), def("connection_limit", integer(5)),
                             def("allow_connections", text("false")), def("encoding", text("UTF8"))}),
      database_statement::create, "");
  ASSERT_TRUE(o) << o.error().message;
  EXPECT_EQ(o->owner, "ra");
  EXPECT_EQ(o->connection_limit, 5);
  EXPECT_EQ(o->allow_connections, false);
  EXPECT_FALSE(o->tablespace_given);
}

TEST(DatabaseOptions, ZeroAndNegativeLimitsAreReadFromTheText) {
  auto zero = parse_database_options(nlohmann::json::array({def("connection_limit", integer_without_value())}),
                                     database_statement::alter, "ALTER DATABASE d WITH CONNECTION_LIMIT = 0");
  ASSERT_TRUE(zero);
  EXPECT_EQ(zero->connection_limit, 0);
  auto minus_one = parse_database_options(nlohmann::json::array({def("connection_limit", integer_without_value())}),
                                          database_statement::create, "CREATE DATABASE d CONNECTION  LIMIT -1");
  ASSERT_TRUE(minus_one);
  EXPECT_EQ(minus_one->connection_limit, -1);
  auto below = refusal(nlohmann::json::array({def("connection_limit", integer_without_value())}),
                       database_statement::create, "CREATE DATABASE d CONNECTION LIMIT -2");
  EXPECT_EQ(below.sqlstate, "22023");
  EXPECT_EQ(below.message, "invalid connection limit: -2");
  auto by_default = parse_database_options(nlohmann::json::array({def("connection_limit", nullptr)}),
                                           database_statement::alter, "");
  ASSERT_TRUE(by_default);
  EXPECT_EQ(by_default->connection_limit, -1);
}

TEST(DatabaseOptions, RefusesAsPostgres) {
  auto twice = refusal(nlohmann::json::array({def("connection_limit", integer(1)), def("connection_limit", integer(2))}),
                       database_statement::create);
  EXPECT_EQ(twice.sqlstate, "42601");
  EXPECT_EQ(twice.message, "conflicting or redundant options");
  auto unknown = refusal(nlohmann::json::array({def("flavor", text("x"))}), database_statement::create);
  EXPECT_EQ(unknown.message, "option \"flavor\" not recognized");
  auto not_for_alter = refusal(nlohmann::json::array({def("encoding", text("UTF8"))}), database_statement::alter);
  EXPECT_EQ(not_for_alter.message, "option \"encoding\" not recognized");
  auto word = refusal(nlohmann::json::array({def("connection_limit", text("many"))}), database_statement::create);
  EXPECT_EQ(word.sqlstate, "42601");
  EXPECT_EQ(word.message, "connection_limit requires an integer value");
  auto maybe = refusal(nlohmann::json::array({def("allow_connections", text("maybe"))}), database_statement::alter);
  EXPECT_EQ(maybe.message, "allow_connections requires a Boolean value");
  auto tablespace = refusal(nlohmann::json::array({def("tablespace", text("t")), def("connection_limit", integer(1))}),
                            database_statement::alter);
  EXPECT_EQ(tablespace.sqlstate, "22023");
  EXPECT_EQ(tablespace.message, "option \"tablespace\" cannot be specified with other options");
}

}  // namespace
}  // namespace tributary
