// array_order: array_cmp over stored array texts. Each list below is a set of
// values with the rank PostgreSQL 15 gave it (dense_rank() over (order by v),
// C collation), so every pair must compare as the ranks do.
#include <gtest/gtest.h>

#include <string_view>
#include <vector>

#include "stages/types/verbatim/array_order.hpp"

namespace tributary {
namespace {

struct ranked {
  int rank;
  std::string_view stored;
};

int sign(int v) { return v < 0 ? -1 : (v > 0 ? 1 : 0); }

void expect_postgres_order(oid_t element_oid, const std::vector<ranked>& values) {
  for (const auto& a : values)
    for (const auto& b : values)
      EXPECT_EQ(sign(compare_stored_array(element_oid, a.stored, b.stored)),
                sign(a.rank - b.rank))
          << a.stored << " vs " << b.stored;
}

TEST(ArrayOrder, ElementsFirstThenCountThenDimensionsThenLengthsThenLowerBounds) {
  expect_postgres_order(23, {{1, "{}"},
                             {2, "{1}"},
                             {3, "[5:5]={1}"},
                             {4, "[0:1]={1,2}"},
                             {5, "{1,2}"},
                             {6, "[2:3]={1,2}"},
                             {7, "[0:0][1:2]={{1,2}}"},
                             {8, "{{1,2}}"},
                             {9, "{{1},{2}}"},
                             {10, "{1,2,3}"},
                             {11, "{1,2,3,4}"},
                             {12, "{{1,2,3,4}}"},
                             {13, "{{1,2},{3,4}}"},
                             {14, "{1,NULL}"},
                             {15, "{2}"},
                             {16, "{NULL}"},
                             {17, "{NULL,1}"},
                             {18, "{NULL,NULL}"}});
}

TEST(ArrayOrder, AllLengthsDecideBeforeAnyLowerBound) {
  EXPECT_GT(compare_stored_array(23, "[0:1][1:1]={{1},{2}}", "[1:1][1:2]={{1,2}}"), 0);
  EXPECT_LT(compare_stored_array(23, "[0:1][5:5]={{1},{2}}", "[1:2][1:1]={{1},{2}}"), 0);
  EXPECT_LT(compare_stored_array(23, "[1:2][0:0]={{1},{2}}", "[2:3][1:1]={{1},{2}}"), 0);
}

TEST(ArrayOrder, NumericElementsCompareByValueWithNaNLast) {
  expect_postgres_order(1700, {{1, "{}"},
                               {2, "{-Infinity}"},
                               {3, "{-10000000000}"},
                               {4, "{-0.5}"},
                               {5, "{0.000}"},
                               {6, "[0:0]={1}"},
                               {7, "{1.00}"},
                               {7, "{1.0}"},
                               {8, "{{1.0}}"},
                               {9, "{1.50}"},
                               {10, "{1.5,2}"},
                               {11, "{1.5,NULL}"},
                               {12, "{Infinity}"},
                               {13, "{NaN}"},
                               {14, "{NaN,NULL}"},
                               {15, "{NULL}"}});
}

TEST(ArrayOrder, TextElementsCompareByBytes) {
  expect_postgres_order(25, {{1, "{}"},
                             {2, "{\"\"}"},
                             {3, "{B}"},
                             {4, "{a}"},
                             {5, "{{a}}"},
                             {6, "{a,b}"},
                             {7, "{\"a b\"}"},
                             {8, "{ab}"},
                             {9, "{z,\"\"}"},
                             {10, "{z,NULL}"},
                             {11, "{\xC3\xA9}"},
                             {12, "{NULL}"}});
}

TEST(ArrayOrder, FloatElementsCompareAsFloat8Cmp) {
  expect_postgres_order(701, {{1, "{-Infinity}"},
                              {2, "{-1e+300}"},
                              {3, "{-0}"},
                              {3, "{0}"},
                              {4, "{1e-300}"},
                              {5, "{0.1}"},
                              {6, "{0.1,NULL}"},
                              {7, "{Infinity}"},
                              {8, "{NaN}"},
                              {9, "{NULL,0.1}"}});
}

TEST(ArrayOrder, TimestamptzElementsCompareByInstant) {
  expect_postgres_order(1184, {{1, "{-infinity}"},
                               {2, "{\"0044-03-15 12:00:00+00 BC\"}"},
                               {3, "{\"1999-12-31 23:59:59.5+00\"}"},
                               {4, "{\"2024-01-01 10:00:00+00\"}"},
                               {4, "{\"2024-01-01 12:00:00+02\"}"},
                               {5, "{\"2024-01-01 10:00:00+00\",NULL}"},
                               {6, "{infinity}"}});
}

TEST(ArrayOrder, BpcharIntervalAndByteaElementsUseTheirTypesOrder) {
  expect_postgres_order(1042, {{1, "{\"\"}"}, {2, "{\" a\"}"}, {3, "{\"a \"}"}, {3, "{a}"},
                               {4, "{\"a b\"}"}});
  expect_postgres_order(1186, {{1, "{\"-1 days\"}"},
                               {2, "{\"29 days 23:59:59\"}"},
                               {3, "{\"1 mon\"}"},
                               {3, "{\"30 days\"}"},
                               {3, "{720:00:00}"},
                               {4, "{\"1 year\"}"}});
  expect_postgres_order(17, {{1, "{\"\\\\x\"}"},
                             {2, "{\"\\\\x00\"}"},
                             {3, "{\"\\\\x0000\"}"},
                             {4, "{\"\\\\x01\"}"},
                             {5, "{\"\\\\xff\"}"}});
}

TEST(ArrayOrder, ArraysOfArraysOfArraysCompareTheirElementsAsArraysOfArrays) {
  // ill[] (ill AS il[], il AS int[]): each element an il[] value, compared as il[]'s order.
  const auto cmp = [](std::string_view a, std::string_view b) { return compare_stored_array_of_arrays(1007, a, b); };
  EXPECT_LT(cmp("{\"{\\\"{9}\\\"}\"}", "{\"{\\\"{10}\\\"}\"}"), 0) << "9 < 10, not by bytes";
  EXPECT_EQ(cmp("{\"{\\\"{9}\\\"}\"}", "{\"{\\\"{09}\\\"}\"}"), 0);
  EXPECT_LT(cmp("{\"{\\\"{9}\\\"}\"}", "{\"{\\\"{9}\\\",\\\"{1}\\\"}\"}"), 0);
  EXPECT_LT(cmp("{\"{}\"}", "{\"{NULL}\"}"), 0);
  EXPECT_LT(cmp("{\"{NULL}\"}", "{NULL}"), 0) << "a NULL element after any value";
}

TEST(ArrayOrder, TextsThatAreNoArrayOfTheTypeSortLastByBytes) {
  expect_postgres_order(23, {{1, "{NULL,NULL}"},
                             {2, "not an array"},
                             {3, "{1,2"},
                             {4, "{abc}"},
                             {5, "{{1},{2,3}}"}});
  EXPECT_EQ(compare_stored_array(23, "{abc}", "{abc}"), 0);
}

TEST(ArrayOrder, OneCollationPerArrayOfATypeWithACodec) {
  auto all = stored_array_collations();
  EXPECT_EQ(all.size(), 123u);  // 41 element types, the arrays of their arrays (il[]) and of those (ill[])
  bool found = false;
  for (const auto& c : all)
    if (c.name == "pg_array_numeric") {
      found = true;
      EXPECT_EQ(c.compare("{1.0}", "{1.00}"), 0);
      EXPECT_LT(c.compare("{9}", "{10}"), 0);
    }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace tributary
