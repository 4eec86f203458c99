// test_operator_classes: which types PostgreSQL 15 can sort, group and take min /
// max of (stages/types/operator_classes.hpp). The expected errors are PostgreSQL
// 15's for `SELECT count(DISTINCT j) ...`, `array_agg(j ORDER BY j)`, `min(x)`.
#include <gtest/gtest.h>

#include "stages/types/operator_classes.hpp"

namespace tributary {
namespace {

TEST(OperatorClasses, JsonXmlAndGeometricKeysHaveNoSortOperators) {
  auto ordering = missing_sort_operator(builtin_column_type(114), true);
  ASSERT_TRUE(ordering);
  EXPECT_EQ(ordering->sqlstate, "42883");
  EXPECT_EQ(ordering->message, "could not identify an ordering operator for type json");
  EXPECT_EQ(ordering->hint, "Use an explicit ordering operator or modify the query.");
  auto equality = missing_sort_operator(builtin_column_type(600), false);
  ASSERT_TRUE(equality);
  EXPECT_EQ(equality->message, "could not identify an equality operator for type point");
  EXPECT_TRUE(equality->hint.empty());
  auto array = missing_sort_operator(builtin_column_type(199), false);  // json[]
  ASSERT_TRUE(array);
  EXPECT_EQ(array->message, "could not identify an equality operator for type json[]");
  EXPECT_FALSE(missing_sort_operator(builtin_column_type(3802), true));  // jsonb
  EXPECT_FALSE(missing_sort_operator(builtin_column_type(25), true));
}

TEST(OperatorClasses, MinAndMaxExistOnlyForPostgresTypes) {
  auto error = missing_min_max("min", builtin_column_type(142));
  ASSERT_TRUE(error);
  EXPECT_EQ(error->sqlstate, "42883");
  EXPECT_EQ(error->message, "function min(xml) does not exist");
  EXPECT_EQ(error->hint,
            "No function matches the given name and argument types. You might need to add explicit type casts.");
  ASSERT_TRUE(missing_min_max("max", builtin_column_type(16)));
  EXPECT_EQ(missing_min_max("max", builtin_column_type(16))->message, "function max(boolean) does not exist");
  EXPECT_FALSE(missing_min_max("min", builtin_column_type(23)));
  EXPECT_FALSE(missing_min_max("min", builtin_column_type(869)));  // inet
  EXPECT_FALSE(missing_min_max("min", builtin_column_type(1007)));  // int4[]: anyarray
}

}  // namespace
}  // namespace tributary
