// query_plan_lines: SQLite's EXPLAIN QUERY PLAN rows in PostgreSQL's EXPLAIN shape.
#include <gtest/gtest.h>

#include "stages/sql/query_plan_text.hpp"

namespace tributary {
namespace {

using lines = std::vector<std::string>;

TEST(QueryPlanText, OneTopNodeIsUnindentedAndChildrenHangUnderIt) {
  EXPECT_EQ(query_plan_lines({{2, 0, "SCAN items"}}), lines{"SCAN items"});
  EXPECT_EQ(query_plan_lines({{1, 0, "CO-ROUTINE s"}, {3, 1, "SCAN items"}, {5, 3, "SCAN orders"}}),
            (lines{"CO-ROUTINE s", "  ->  SCAN items", "    ->  SCAN orders"}));
}

TEST(QueryPlanText, SeveralTopNodesHangUnderOneQueryLine) {
  EXPECT_EQ(query_plan_lines({{3, 0, "SCAN i"}, {5, 0, "SCAN o"}}),
            (lines{"Query", "  ->  SCAN i", "  ->  SCAN o"}));
}

TEST(QueryPlanText, APlanWithoutNodesIsAResult) {
  EXPECT_EQ(query_plan_lines({}), lines{"Result"});
  EXPECT_EQ(query_plan_lines({}, "Insert on t"), (lines{"Insert on t", "  ->  Result"}));
}

TEST(QueryPlanText, AWritesNodesHangUnderItsRoot) {
  EXPECT_EQ(query_plan_lines({{2, 0, "SCAN t"}}, "Update on t"), (lines{"Update on t", "  ->  SCAN t"}));
}

}  // namespace
}  // namespace tributary
