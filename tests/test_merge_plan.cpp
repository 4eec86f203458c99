// merge_plan: MERGE is cut into one SELECT of the source rows (each with the target
// row it matched and the WHEN clause that fires for it) and one UPDATE / DELETE /
// INSERT per clause that changes something, in the order written.
#include <gtest/gtest.h>

#include <pg_query.h>

#include <nlohmann/json.hpp>

#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/merge_plan.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

result<merge_plan, located_error> plan(const std::string& sql, const std::vector<std::string>& target_columns = {}) {
  PgQueryParseResult parsed = pg_query_parse(sql.c_str());
  EXPECT_EQ(parsed.error, nullptr) << sql;
  auto tree = json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  return plan_merge(pt::fields(tree["stmts"][0]["stmt"]), target_columns);
}

// The FROM item a step reads the kept source rows from: its relname and alias.
std::pair<std::string, std::string> rows_item(const json& list) {
  const json& range = pt::fields(list.at(0));
  return {pt::text(range, "relname"), pt::text(range["alias"], "aliasname")};
}

TEST(MergePlan, EachChangingClauseIsAStepInTheOrderWritten) {
  auto p = plan("MERGE INTO t USING s ON t.id = s.id WHEN MATCHED AND s.v > 1 THEN DELETE "
                "WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED AND s.v < 0 THEN DO NOTHING "
                "WHEN NOT MATCHED THEN INSERT VALUES (s.id, s.v)");
  ASSERT_TRUE(p) << p.error().error.message;
  ASSERT_EQ(p->actions.size(), 3u);  // DO NOTHING takes its rows and runs nothing
  EXPECT_EQ(p->actions[0].node_type, "DeleteStmt");
  EXPECT_EQ(p->actions[0].clause, 1);
  EXPECT_TRUE(p->actions[0].matched);
  EXPECT_EQ(p->actions[1].node_type, "UpdateStmt");
  EXPECT_EQ(p->actions[1].clause, 2);
  EXPECT_EQ(p->actions[2].node_type, "InsertStmt");
  EXPECT_EQ(p->actions[2].clause, 4);
  EXPECT_FALSE(p->actions[2].matched);
}

TEST(MergePlan, StepsReadTheKeptSourceRowsUnderTheSourcesName) {
  auto p = plan("MERGE INTO t AS a USING s AS b ON a.id = b.id WHEN MATCHED THEN UPDATE SET v = b.v "
                "WHEN NOT MATCHED THEN INSERT VALUES (b.id)");
  ASSERT_TRUE(p);
  EXPECT_EQ(rows_item(p->actions[0].statement["fromClause"]),
            std::make_pair(std::string(merge_source_rows_name), std::string("b")));
  const json& select = pt::fields(p->actions[1].statement["selectStmt"]);
  EXPECT_EQ(rows_item(select["fromClause"]), std::make_pair(std::string(merge_source_rows_name), std::string("b")));
  // An unaliased source table is read under its own name.
  auto q = plan("MERGE INTO t USING src ON t.id = src.id WHEN MATCHED THEN DELETE");
  ASSERT_TRUE(q);
  EXPECT_EQ(rows_item(q->actions[0].statement["usingClause"]).second, "src");
}

TEST(MergePlan, TheSourceRowsJoinTheTargetOnTheConditionAndNameTheClause) {
  auto p = plan("MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN DELETE");
  ASSERT_TRUE(p);
  const json& join = pt::fields(p->source_rows["fromClause"][0]);
  EXPECT_EQ(pt::text(join, "jointype"), "JOIN_LEFT");
  EXPECT_EQ(pt::text(pt::fields(join["rarg"]), "relname"), "t");
  const json& targets = p->source_rows["targetList"];
  ASSERT_EQ(targets.size(), 3u);  // s.*, the matched row, the clause
  EXPECT_EQ(pt::text(pt::fields(targets[1]), "name"), merge_row_column);
  EXPECT_EQ(pt::text(pt::fields(targets[2]), "name"), merge_clause_column);
}

TEST(MergePlan, ADefaultInValuesLeavesItsColumnOut) {
  auto p = plan("MERGE INTO t USING s ON t.id = s.id WHEN NOT MATCHED THEN INSERT (id, v, w) VALUES (s.id, DEFAULT, 1)");
  ASSERT_TRUE(p);
  const json& insert = p->actions[0].statement;
  ASSERT_EQ(insert["cols"].size(), 2u);
  EXPECT_EQ(pt::text(pt::fields(insert["cols"][0]), "name"), "id");
  EXPECT_EQ(pt::text(pt::fields(insert["cols"][1]), "name"), "w");
  EXPECT_EQ(pt::fields(insert["selectStmt"])["targetList"].size(), 2u);
}

TEST(MergePlan, ADefaultInValuesWithoutAColumnListNamesTheTargetsColumnsInOrder) {
  auto p = plan("MERGE INTO t USING s ON t.id = s.id WHEN NOT MATCHED THEN INSERT VALUES (s.id, DEFAULT)",
                {"id", "v", "w"});
  ASSERT_TRUE(p);
  const json& insert = p->actions[0].statement;
  ASSERT_EQ(insert["cols"].size(), 1u);  // w keeps its default too: not listed
  EXPECT_EQ(pt::text(pt::fields(insert["cols"][0]), "name"), "id");
  EXPECT_EQ(pt::fields(insert["selectStmt"])["targetList"].size(), 1u);
  // Without a DEFAULT the VALUES stay unlisted (the INSERT fills the first columns).
  auto plain = plan("MERGE INTO t USING s ON t.id = s.id WHEN NOT MATCHED THEN INSERT VALUES (s.id, 1)", {"id", "v"});
  ASSERT_TRUE(plain);
  EXPECT_FALSE(plain->actions[0].statement.contains("cols"));
  const std::string sql = "MERGE INTO t USING s ON t.id = s.id WHEN NOT MATCHED THEN INSERT VALUES (s.id, DEFAULT, 3)";
  auto too_many = plan(sql, {"id", "v"});
  ASSERT_FALSE(too_many);
  EXPECT_EQ(too_many.error().error.sqlstate, "42601");
  EXPECT_EQ(too_many.error().error.message, "INSERT has more expressions than target columns");
  EXPECT_EQ(too_many.error().location, static_cast<int>(sql.find("3)")));
}

TEST(MergePlan, InsertDefaultValuesRunsOncePerRow) {
  auto p = plan("MERGE INTO t USING s ON t.id = s.id WHEN NOT MATCHED THEN INSERT DEFAULT VALUES");
  ASSERT_TRUE(p);
  EXPECT_TRUE(p->actions[0].once_per_row);
  EXPECT_FALSE(p->actions[0].statement.contains("selectStmt"));
  // VALUES of DEFAULTs only is the same.
  for (const auto& [sql, columns] :
       std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"MERGE INTO t USING s ON t.id = s.id WHEN NOT MATCHED THEN INSERT VALUES (DEFAULT, DEFAULT)", {"a", "b"}},
           {"MERGE INTO t USING s ON t.id = s.id WHEN NOT MATCHED THEN INSERT (b) VALUES (DEFAULT)", {}}}) {
    auto defaults = plan(sql, columns);
    ASSERT_TRUE(defaults) << sql;
    EXPECT_TRUE(defaults->actions[0].once_per_row) << sql;
    EXPECT_FALSE(defaults->actions[0].statement.contains("selectStmt")) << sql;
  }
}

TEST(MergePlan, NotMatchedClausesCannotReadTheTarget) {
  const std::string sql = "MERGE INTO t USING s ON t.id = s.id WHEN NOT MATCHED THEN INSERT VALUES (t.id)";
  auto p = plan(sql);
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error().error.sqlstate, "42P01");
  EXPECT_EQ(p.error().error.message, "invalid reference to FROM-clause entry for table \"t\"");
  EXPECT_EQ(p.error().location, static_cast<int>(sql.find("t.id)")));
  EXPECT_FALSE(p.error().error.hint.empty());
}

TEST(MergePlan, ErrorsOfItsOwn) {
  auto default_without_columns =
      plan("MERGE INTO t USING s ON t.id = s.id WHEN NOT MATCHED THEN INSERT VALUES (s.id, DEFAULT)");
  ASSERT_FALSE(default_without_columns);
  EXPECT_EQ(default_without_columns.error().error.sqlstate, "0A000");
  auto more_columns = plan("MERGE INTO t USING s ON t.id = s.id WHEN NOT MATCHED THEN INSERT (a, b) VALUES (1)");
  ASSERT_FALSE(more_columns);
  EXPECT_EQ(more_columns.error().error.message, "INSERT has more target columns than expressions");
  auto modifying_with = plan("WITH d AS (DELETE FROM x RETURNING *) MERGE INTO t USING d ON t.id = d.id "
                             "WHEN MATCHED THEN DELETE");
  ASSERT_FALSE(modifying_with);
  EXPECT_EQ(modifying_with.error().error.sqlstate, "0A000");
}

}  // namespace
}  // namespace tributary
