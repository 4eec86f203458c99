// Window functions in translated SQL: SQLite computes them; the result types, the
// keys' collations and PostgreSQL's NULL placement come from the translator
// (function_translator.cpp, window_call).
#include <gtest/gtest.h>

#include "stages/types/pg_type_oids.hpp"
#include "tests/translated_query_harness.hpp"

namespace tributary {
namespace {

using testing::translated_query_harness;

std::vector<std::string> column(const testing::query_answer& a, size_t index) {
  std::vector<std::string> out;
  for (const auto& row : a.rows)
    out.push_back(row.at(index).value_or("NULL"));
  return out;
}

class TranslatedWindowFunctions : public ::testing::Test {
protected:
  void SetUp() override {
    h.insert({"1", "b", "10", {}, {}, "10.5", {}});
    h.insert({"2", "a", "9", {}, {}, "9.25", {}});
    h.insert({"3", {}, {}, {}, {}, {}, {}});
    h.insert({"4", "c", "9", {}, {}, "100", {}});
  }
  translated_query_harness h;
};

TEST_F(TranslatedWindowFunctions, RankingFunctionsAreBigintsOrderedAsPostgres) {
  auto a = h.run("SELECT row_number() OVER (ORDER BY x), rank() OVER (ORDER BY n), "
                 "dense_rank() OVER (ORDER BY n DESC) FROM t ORDER BY id");
  ASSERT_FALSE(a.error) << a.error->message;
  EXPECT_EQ(a.types, (std::vector<oid_t>{pg_type_oid::int8, pg_type_oid::int8, pg_type_oid::int8}));
  EXPECT_EQ(a.names, (std::vector<std::string>{"row_number", "rank", "dense_rank"}));
  EXPECT_EQ(column(a, 0), (std::vector<std::string>{"2", "1", "4", "3"}));  // numeric order, NULL last
  EXPECT_EQ(column(a, 1), (std::vector<std::string>{"3", "1", "4", "1"}));
  EXPECT_EQ(column(a, 2), (std::vector<std::string>{"2", "3", "1", "3"}));  // DESC: NULL first
}

TEST_F(TranslatedWindowFunctions, LagAndLeadKeepTheValuesType) {
  auto a = h.run("SELECT lag(x) OVER (ORDER BY id), lead(n, 2, -1) OVER (ORDER BY id) FROM t ORDER BY id");
  ASSERT_FALSE(a.error) << a.error->message;
  EXPECT_EQ(a.types, (std::vector<oid_t>{pg_type_oid::numeric, pg_type_oid::int4}));
  EXPECT_EQ(column(a, 0), (std::vector<std::string>{"NULL", "10.5", "9.25", "NULL"}));
  EXPECT_EQ(column(a, 1), (std::vector<std::string>{"NULL", "9", "-1", "-1"}));
}

TEST_F(TranslatedWindowFunctions, RowsAndGroupsFramesAreThoseOfTheOverClause) {
  auto a = h.run("SELECT count(*) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING), "
                 "max(n) OVER (ORDER BY id ROWS 1 PRECEDING EXCLUDE CURRENT ROW), "
                 "count(*) OVER (ORDER BY n GROUPS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) "
                 "FROM t ORDER BY id");
  ASSERT_FALSE(a.error) << a.error->message;
  EXPECT_EQ(a.names, (std::vector<std::string>{"count", "max", "count"}));
  EXPECT_EQ(column(a, 0), (std::vector<std::string>{"2", "3", "3", "2"}));
  EXPECT_EQ(column(a, 1), (std::vector<std::string>{"NULL", "10", "9", "NULL"}));
  EXPECT_EQ(column(a, 2), (std::vector<std::string>{"2", "4", "1", "4"}));  // n: 10, 9, NULL (last), 9
}

TEST_F(TranslatedWindowFunctions, NegativeFrameOffsetIs22013) {
  auto a = h.run("SELECT count(*) OVER (ORDER BY id ROWS BETWEEN -1 PRECEDING AND CURRENT ROW) FROM t");
  ASSERT_TRUE(a.error);
  EXPECT_EQ(a.error->sqlstate, "22013");
  EXPECT_EQ(a.error->message, "frame starting offset must not be negative");
}

TEST_F(TranslatedWindowFunctions, RangeOffsetsOverOneIntegerKey) {
  // n: 10, 9, NULL, 9 -> the rows within 1 below each n (NULL: its peers, the NULLs)
  auto a = h.run("SELECT count(*) OVER (ORDER BY n RANGE 1 PRECEDING) FROM t ORDER BY id");
  ASSERT_FALSE(a.error) << a.error->message;
  EXPECT_EQ(column(a, 0), (std::vector<std::string>{"3", "2", "1", "2"}));
  EXPECT_EQ(h.value("SELECT count(*) OVER (ORDER BY n, id RANGE 1 PRECEDING) FROM t LIMIT 1"),
            "ERROR 42P20: RANGE with offset PRECEDING/FOLLOWING requires exactly one ORDER BY column");
  EXPECT_EQ(h.value("SELECT count(*) OVER (ORDER BY n RANGE BETWEEN -1 PRECEDING AND CURRENT ROW) FROM t LIMIT 1"),
            "ERROR 22013: invalid preceding or following size in window function");
  EXPECT_NE(h.value("SELECT count(*) OVER (ORDER BY x RANGE 1 PRECEDING) FROM t LIMIT 1").find("UNTRANSLATED"),
            std::string::npos);  // numeric keys: not yet
}

TEST_F(TranslatedWindowFunctions, PercentRankAndCumeDistAreFloat8) {
  auto a = h.run("SELECT percent_rank() OVER (ORDER BY id), cume_dist() OVER (ORDER BY id) FROM t ORDER BY 1 DESC LIMIT 1");
  ASSERT_FALSE(a.error) << a.error->message;
  EXPECT_EQ(a.names, (std::vector<std::string>{"percent_rank", "cume_dist"}));
  EXPECT_EQ(a.types, (std::vector<oid_t>{pg_type_oid::float8, pg_type_oid::float8}));
  ASSERT_EQ(a.rows.size(), 1u);
  EXPECT_EQ(a.rows[0][0], "1");
  EXPECT_EQ(a.rows[0][1], "1");
}

TEST_F(TranslatedWindowFunctions, NamedWindowsAndNtileAreTranslated) {
  EXPECT_EQ(h.value("SELECT count(*) OVER w FROM t WINDOW w AS (ORDER BY id) ORDER BY 1 DESC LIMIT 1"),
            h.value("SELECT count(*) OVER (ORDER BY id) FROM t ORDER BY 1 DESC LIMIT 1"));
  EXPECT_EQ(h.value("SELECT ntile(0) OVER (ORDER BY id) FROM t"),
            "ERROR 22014: argument of ntile must be greater than zero");
}

}  // namespace
}  // namespace tributary
