// modifying_with: a statement with a data-modifying WITH is cut into steps that run
// in the order written; a later part reads a modified table's rows as they were before
// the statement (PostgreSQL's snapshot), and one that modifies it again is refused.
#include <gtest/gtest.h>

#include <pg_query.h>

#include <nlohmann/json.hpp>

#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/modifying_with.hpp"

namespace tributary {
namespace {

struct parsed_statement {
  std::string node_type;
  nlohmann::json fields;
};

parsed_statement parse(const std::string& sql) {
  PgQueryParseResult parsed = pg_query_parse(sql.c_str());
  EXPECT_EQ(parsed.error, nullptr) << sql;
  auto tree = nlohmann::json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  const nlohmann::json& stmt = tree["stmts"][0]["stmt"];
  return {parse_tree::node_type(stmt), parse_tree::fields(stmt)};
}

result<std::optional<modifying_with_plan>, located_error> plan(const std::string& sql) {
  parsed_statement s = parse(sql);
  return plan_modifying_with(s.node_type, s.fields);
}

TEST(ModifyingWith, AStatementWithoutOneHasNoPlan) {
  auto p = plan("WITH s AS (SELECT 1) SELECT * FROM s");
  ASSERT_TRUE(p);
  EXPECT_FALSE(*p);
  ASSERT_TRUE(plan("SELECT 1"));
  EXPECT_FALSE(*plan("SELECT 1"));
}

TEST(ModifyingWith, EachModificationIsAStepInTheOrderWrittenWithTheSelectsBeforeIt) {
  auto p = plan(
      "WITH k AS (SELECT 2 AS id), d AS (DELETE FROM t WHERE id IN (SELECT id FROM k) RETURNING *), "
      "u AS (UPDATE u SET a = 1), r AS (SELECT * FROM d) INSERT INTO log SELECT * FROM r");
  ASSERT_TRUE(p);
  ASSERT_TRUE(*p);
  const modifying_with_plan& plan = **p;
  ASSERT_EQ(plan.steps.size(), 2u);
  EXPECT_EQ(plan.steps[0].name, "d");
  EXPECT_EQ(plan.steps[0].node_type, "DeleteStmt");
  EXPECT_TRUE(plan.steps[0].returning);
  ASSERT_EQ(parse_tree::list(plan.steps[0].statement["withClause"], "ctes").size(), 1u);  // k
  EXPECT_EQ(plan.steps[1].name, "u");
  EXPECT_FALSE(plan.steps[1].returning);
  const auto& main_ctes = parse_tree::list(plan.main["withClause"], "ctes");
  ASSERT_EQ(main_ctes.size(), 2u);  // k and r: the SELECTs
  EXPECT_EQ(parse_tree::text(parse_tree::fields(main_ctes[1]), "ctename"), "r");
}

TEST(ModifyingWith, APlainInsertAfterPlainInsertsIntoTheSameTableIsAllowed) {
  auto p = plan("WITH a AS (INSERT INTO t VALUES (1) RETURNING *), b AS (INSERT INTO t VALUES (2)) "
                "INSERT INTO t SELECT a.id + 10 FROM a");
  ASSERT_TRUE(p);
  EXPECT_TRUE(*p);
}

TEST(ModifyingWith, ModifyingAModifiedTableAfterItsStepIsRefused) {
  for (const char* sql : {"WITH d AS (INSERT INTO t VALUES (1)) UPDATE t SET a = 2",
                          "WITH d AS (INSERT INTO t VALUES (1)), e AS (DELETE FROM t) SELECT 1",
                          "WITH d AS (DELETE FROM t) INSERT INTO t VALUES (1) ON CONFLICT DO NOTHING",
                          // PostgreSQL checks the key against the deleted row: 23505.
                          "WITH d AS (DELETE FROM t RETURNING *) INSERT INTO t SELECT * FROM d"}) {
    auto p = plan(sql);
    ASSERT_FALSE(p) << sql;
    EXPECT_EQ(p.error().error.sqlstate, "0A000") << sql;
    EXPECT_EQ(p.error().error.message,
              "modifying table \"t\" in a statement whose WITH modifies it is not supported yet");
  }
}

TEST(ModifyingWith, AModifiedTableReadAfterItsStepIsReadAsItWasBeforeTheStatement) {
  auto p = plan("WITH d AS (DELETE FROM t RETURNING *), c AS (SELECT count(*) FROM public.t) "
                "SELECT * FROM c, t AS x, public.t");
  ASSERT_TRUE(p);
  ASSERT_TRUE(*p);
  const modifying_with_plan& plan = **p;
  ASSERT_EQ(plan.pre_images.size(), 1u);  // one copy of t for every read
  EXPECT_EQ(plan.pre_images[0].table, "t");
  EXPECT_EQ(plan.pre_images[0].schema, "");
  EXPECT_EQ(plan.pre_images[0].name, "tributary pre-image of t");
  const nlohmann::json& from = parse_tree::list(plan.main, "fromClause");
  ASSERT_EQ(from.size(), 3u);
  const nlohmann::json& aliased = parse_tree::fields(from[1]);
  EXPECT_EQ(parse_tree::text(aliased, "relname"), "tributary pre-image of t");
  EXPECT_EQ(parse_tree::text(aliased["alias"], "aliasname"), "x");
  const nlohmann::json& qualified = parse_tree::fields(from[2]);
  EXPECT_FALSE(qualified.contains("schemaname"));
  EXPECT_EQ(parse_tree::text(qualified["alias"], "aliasname"), "t");  // t.a still names it
  const nlohmann::json& c = parse_tree::fields(parse_tree::list(plan.main["withClause"], "ctes")[0]);
  const nlohmann::json& c_from = parse_tree::list(parse_tree::fields(c["ctequery"]), "fromClause");
  EXPECT_EQ(parse_tree::text(parse_tree::fields(c_from[0]), "relname"), "tributary pre-image of t");
  // The step that modifies t reads t itself.
  EXPECT_EQ(parse_tree::text(plan.steps[0].statement["relation"], "relname"), "t");
}

TEST(ModifyingWith, ReadingATableBeforeTheStepThatModifiesItIsAllowed) {
  auto p = plan("WITH c AS (DELETE FROM log WHERE n IN (SELECT id FROM t)), d AS (DELETE FROM t) SELECT 1");
  ASSERT_TRUE(p);
  EXPECT_TRUE(*p);
}

}  // namespace
}  // namespace tributary
