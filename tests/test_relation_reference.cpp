// relation_reference: a missing relation's error points where PostgreSQL points
// (its leftmost reference in the statement).
#include <gtest/gtest.h>

#include <pg_query.h>

#include <nlohmann/json.hpp>

#include "stages/sql/relation_reference.hpp"

namespace tributary {
namespace {

std::optional<int> location_in(const std::string& sql, const std::string& relation) {
  PgQueryParseResult parsed = pg_query_parse(sql.c_str());
  EXPECT_EQ(parsed.error, nullptr) << sql;
  auto tree = nlohmann::json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  return relation_reference_location(tree, relation);
}

TEST(RelationReference, TheLeftmostReferenceToTheRelation) {
  EXPECT_EQ(location_in("SELECT id FROM no_such_table", "no_such_table"), 15);
  EXPECT_EQ(location_in("DECLARE c CURSOR FOR SELECT id FROM missing", "missing"), 36);
  EXPECT_EQ(location_in("SELECT * FROM a JOIN missing m ON true JOIN missing ON true", "missing"), 21);
  EXPECT_EQ(location_in("SELECT (SELECT 1 FROM missing) FROM a, missing", "missing"), 22);
  EXPECT_EQ(location_in("WITH w AS (SELECT 1 FROM missing) SELECT * FROM w", "missing"), 25);
}

TEST(RelationReference, TheTargetOfInsertUpdateAndDelete) {
  EXPECT_EQ(location_in("INSERT INTO missing VALUES (1)", "missing"), 12);
  EXPECT_EQ(location_in("UPDATE missing SET a = 1", "missing"), 7);
  EXPECT_EQ(location_in("DELETE FROM t USING missing", "missing"), 20);
}

TEST(RelationReference, SchemaQualifiedNamesMatchOnlyTheirSchema) {
  EXPECT_EQ(location_in("SELECT * FROM t, s.missing", "s.missing"), 17);
  EXPECT_EQ(location_in("SELECT * FROM missing, s.missing", "s.missing"), 23);
  EXPECT_EQ(location_in("SELECT * FROM s.missing", "missing"), std::nullopt);
  EXPECT_EQ(location_in("SELECT * FROM t", "missing"), std::nullopt);
}

}  // namespace
}  // namespace tributary
