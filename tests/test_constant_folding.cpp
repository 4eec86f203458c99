// constant_folding: which parts of a query PostgreSQL's planner computes before it
// runs (their errors are DECLARE's), in the order it simplifies them.
#include <gtest/gtest.h>

#include <pg_query.h>

#include <nlohmann/json.hpp>

#include "stages/sql/constant_folding.hpp"

namespace tributary {
namespace {

// The location of each constant expression handed to the evaluator (an operator's
// is the operator's), with `values` answering them in turn.
std::vector<int> folded_locations(const std::string& sql, std::vector<folded_value> values = {}) {
  PgQueryParseResult parsed = pg_query_parse(sql.c_str());
  EXPECT_EQ(parsed.error, nullptr) << sql;
  auto tree = nlohmann::json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  std::vector<int> out;
  fold_constants(tree["stmts"][0]["stmt"]["SelectStmt"], [&](const nlohmann::json& node) {
    const auto& fields = node.begin().value();
    out.push_back(fields.value("location", -1));
    const size_t i = out.size() - 1;
    return i < values.size() ? values[i] : folded_value::other;
  });
  return out;
}

TEST(ConstantFolding, TheLargestConstantExpressionsOfEveryClause) {
  EXPECT_EQ(folded_locations("SELECT 1/0"), (std::vector<int>{8}));
  EXPECT_EQ(folded_locations("SELECT id/0, 2 * (3 + 4) FROM t WHERE a = sqrt(-1) ORDER BY 1 + 1 LIMIT 2 - 1"),
            (std::vector<int>{74, 62, 15, 42}));  // the tree's key order: LIMIT, ORDER BY, target list, WHERE
  EXPECT_EQ(folded_locations("SELECT (SELECT 1/0), x FROM (SELECT 2/0 AS x) s"), (std::vector<int>{37, 16}));  // FROM's sub-select, then the target list's
}

TEST(ConstantFolding, ColumnsParametersAndVolatileOrStableCallsAreNotConstant) {
  EXPECT_TRUE(folded_locations("SELECT id / 0, $1 / 0, random() / 0, now() FROM t").empty());
  EXPECT_TRUE(folded_locations("SELECT 'abc'::int, 1, NULL").empty());  // literals: the translator's
  EXPECT_TRUE(folded_locations("SELECT sum(1) FROM t").empty());
  EXPECT_EQ(folded_locations("SELECT sum(1/0) FROM t"), (std::vector<int>{12}));
}

TEST(ConstantFolding, SimplificationDropsWhatPostgresDrops) {
  // AND stops at a constant false argument, OR at a constant true one.
  EXPECT_EQ(folded_locations("SELECT 1 FROM t WHERE id > 0 AND false AND 1/0 = 1", {folded_value::is_false}),
            (std::vector<int>{33}));
  EXPECT_EQ(folded_locations("SELECT 1 FROM t WHERE id > 0 AND 1/0 = 1"), (std::vector<int>{37}));
  EXPECT_EQ(folded_locations("SELECT 1 FROM t WHERE false AND 1/0 = 1"), (std::vector<int>{28}));  // one, whole
  EXPECT_EQ(folded_locations("SELECT 1 FROM t WHERE id > 0 OR true OR 1/0 = 1", {folded_value::is_true}),
            (std::vector<int>{32}));
  // COALESCE stops at a constant non-null argument.
  EXPECT_EQ(folded_locations("SELECT COALESCE(id, NULL::int, 1, 1/0) FROM t",
                             {folded_value::is_null, folded_value::other}),
            (std::vector<int>{24, 31}));
  // A CASE arm whose constant condition is false is dropped; a true one ends the CASE.
  EXPECT_EQ(folded_locations("SELECT CASE WHEN false THEN 1/0 WHEN id > 0 THEN 2/0 ELSE 3/0 END FROM t",
                             {folded_value::is_false}),
            (std::vector<int>{17, 50, 59}));
  EXPECT_EQ(folded_locations("SELECT CASE WHEN id > 0 THEN 1 WHEN true THEN id ELSE 3/0 END FROM t",
                             {folded_value::is_true}),
            (std::vector<int>{36}));
}

TEST(ConstantFolding, AFailedEvaluationStopsTheWalk) {
  EXPECT_EQ(folded_locations("SELECT 1/0, 2/0", {folded_value::failed}).size(), 1u);
}

}  // namespace
}  // namespace tributary
