// array_edits: the array functions that build or search arrays, each case with what
// PostgreSQL 15 answered for the same arrays (array texts as array_out prints them).
#include <gtest/gtest.h>

#include <string>

#include "stages/types/verbatim/array_edits.hpp"

namespace tributary {
namespace {

constexpr oid_t int4 = 23;
constexpr oid_t numeric = 1700;

array_literal array(const std::string& text) { return *read_array_literal(text); }
std::string text(const array_literal& a) { return write_array_literal(a); }

std::string text(const result<array_literal, pg_error>& r) {
  return r ? write_array_literal(*r) : "ERROR " + r.error().sqlstate + " " + r.error().message;
}

stored_array values(oid_t element, const std::string& text) { return *array_element_order(element).read(text); }

TEST(ArrayEdits, ConcatenationFollowsTheFirstArraysLowerBoundAndAddsALowerDimensionAsOneElement) {
  EXPECT_EQ(text(concatenate_arrays(array("[0:1]={1,2}"), array("[5:6]={3,4}"))), "[0:3]={1,2,3,4}");
  EXPECT_EQ(text(concatenate_arrays(array("{{1,2}}"), array("{{3,4},{5,6}}"))), "{{1,2},{3,4},{5,6}}");
  EXPECT_EQ(text(concatenate_arrays(array("{{1,2}}"), array("{3,4}"))), "{{1,2},{3,4}}");
  EXPECT_EQ(text(concatenate_arrays(array("{3,4}"), array("{{1,2}}"))), "{{3,4},{1,2}}");
  EXPECT_EQ(text(concatenate_arrays(array("{}"), array("[3:4]={1,2}"))), "[3:4]={1,2}");
  EXPECT_EQ(text(concatenate_arrays(array("[3:4]={1,2}"), array("{}"))), "[3:4]={1,2}");
}

TEST(ArrayEdits, IncompatibleConcatenationsGivePostgresDetails) {
  auto r = concatenate_arrays(array("{3,4,5}"), array("{{1,2}}"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().sqlstate, "2202E");
  EXPECT_EQ(r.error().message, "cannot concatenate incompatible arrays");
  EXPECT_EQ(r.error().detail, "Arrays with differing dimensions are not compatible for concatenation.");
  r = concatenate_arrays(array("{{1,2}}"), array("{{1}}"));
  EXPECT_EQ(r.error().detail, "Arrays with differing element dimensions are not compatible for concatenation.");
  r = concatenate_arrays(array("[2:2][3:3]={{1}}"), array("{{2}}"));  // inner lower bounds differ
  EXPECT_EQ(r.error().detail, "Arrays with differing element dimensions are not compatible for concatenation.");
  r = concatenate_arrays(array("{{{1}}}"), array("{1}"));
  EXPECT_EQ(r.error().detail, "Arrays of 3 and 1 dimensions are not compatible for concatenation.");
}

TEST(ArrayEdits, AppendAndPrependKeepTheLowerBoundAndRefuseSeveralDimensions) {
  EXPECT_EQ(text(append_element(array("[0:1]={1,2}"), "3")), "[0:2]={1,2,3}");
  EXPECT_EQ(text(prepend_element("3", array("[0:1]={1,2}"))), "[0:2]={3,1,2}");
  EXPECT_EQ(text(append_element(array("{}"), std::nullopt)), "{NULL}");
  EXPECT_EQ(text(prepend_element("1", array("{}"))), "{1}");
  EXPECT_EQ(text(append_element(array("{{1}}"), "3")),
            "ERROR 22000 argument must be empty or one-dimensional array");
  EXPECT_EQ(text(prepend_element("3", array("{{1}}"))),
            "ERROR 22000 argument must be empty or one-dimensional array");
  EXPECT_EQ(text(prepend_element("1", array("[-2147483648:-2147483648]={1}"))), "ERROR 22003 integer out of range");
}

TEST(ArrayEdits, FillBuildsEveryDimensionAndChecksItsArguments) {
  const fill_shape two_by_three{{2, 3}, 1};
  EXPECT_EQ(text(fill_array("7", two_by_three, std::nullopt)), "{{7,7,7},{7,7,7}}");
  EXPECT_EQ(text(fill_array("7", fill_shape{{2}, 1}, fill_shape{{0}, 1})), "[0:1]={7,7}");
  EXPECT_EQ(text(fill_array(std::nullopt, fill_shape{{2}, 1}, std::nullopt)), "{NULL,NULL}");
  EXPECT_EQ(text(fill_array("x", fill_shape{{0}, 1}, std::nullopt)), "{}");
  EXPECT_EQ(text(fill_array("x", fill_shape{{}, 0}, std::nullopt)), "{}");
  EXPECT_EQ(text(fill_array("7", fill_shape{{-1}, 1}, std::nullopt)),
            "ERROR 54000 array size exceeds the maximum allowed (134217727)");
  EXPECT_EQ(text(fill_array("7", fill_shape{{100000, 100000}, 1}, std::nullopt)),
            "ERROR 54000 array size exceeds the maximum allowed (134217727)");
  EXPECT_EQ(text(fill_array("7", fill_shape{{1, 1, 1, 1, 1, 1, 1}, 1}, std::nullopt)),
            "ERROR 54000 number of array dimensions (7) exceeds the maximum allowed (6)");
  EXPECT_EQ(text(fill_array("7", fill_shape{{std::nullopt}, 1}, std::nullopt)),
            "ERROR 22004 dimension values cannot be null");
  EXPECT_EQ(text(fill_array("7", fill_shape{{1}, 2}, std::nullopt)), "ERROR 2202E wrong number of array subscripts");
  auto r = fill_array("7", fill_shape{{2}, 1}, fill_shape{{1, 2}, 1});
  EXPECT_EQ(r.error().detail, "Low bound array has different size than dimensions array.");
  EXPECT_EQ(text(fill_array("1", fill_shape{{2}, 1}, fill_shape{{2147483647}, 1})),
            "ERROR 54000 array lower bound is too large: 2147483647");
}

TEST(ArrayEdits, TrimCutsTheOuterDimensionAndStartsAtOne) {
  EXPECT_EQ(text(trim_array(array("{1,2,3}"), 0)), "{1,2,3}");
  EXPECT_EQ(text(trim_array(array("{{1,2},{3,4}}"), 1)), "{{1,2}}");
  EXPECT_EQ(text(trim_array(array("[0:2]={1,2,3}"), 2)), "{1}");
  EXPECT_EQ(text(trim_array(array("{1}"), 1)), "{}");
  EXPECT_EQ(text(trim_array(array("{1,2}"), 3)), "ERROR 2202E number of elements to trim must be between 0 and 2");
  EXPECT_EQ(text(trim_array(array("{1,2}"), -1)), "ERROR 2202E number of elements to trim must be between 0 and 2");
}

TEST(ArrayEdits, SearchesCompareByTheElementTypesEquality) {
  const array_element_order by_numeric(numeric);
  const std::string a = "{1.0,1.00,2}";
  auto replaced = replace_elements(array(a), values(numeric, a), sql_value{std::string("1")}, array_element("7"),
                                   by_numeric);
  EXPECT_EQ(text(replaced), "{7,7,2}");
  auto positions = element_positions(array(a), values(numeric, a), sql_value{std::string("1.000")}, by_numeric);
  ASSERT_TRUE(positions);
  EXPECT_EQ(*positions, (std::vector<int64_t>{1, 2}));
  EXPECT_TRUE(array_contains(values(numeric, "{1.0,2}"), values(numeric, "{1.00}"), by_numeric));
  EXPECT_TRUE(arrays_overlap(values(numeric, "{1.0}"), values(numeric, "{1.000}"), by_numeric));
}

TEST(ArrayEdits, NullElementsAreFoundByNullButNeverContainedOrOverlapping) {
  const array_element_order by_int(int4);
  const std::string a = "[0:2]={1,NULL,1}";
  EXPECT_EQ(*element_positions(array(a), values(int4, a), std::nullopt, by_int), (std::vector<int64_t>{1}));
  EXPECT_EQ(*element_positions(array(a), values(int4, a), sql_value{int64_t{1}}, by_int), (std::vector<int64_t>{0, 2}));
  EXPECT_EQ(text(replace_elements(array(a), values(int4, a), std::nullopt, array_element("5"), by_int)),
            "[0:2]={1,5,1}");
  EXPECT_EQ(text(replace_elements(array(a), values(int4, a), sql_value{int64_t{1}}, std::nullopt, by_int)),
            "[0:0]={NULL}");
  EXPECT_FALSE(array_contains(values(int4, "{1,NULL}"), values(int4, "{NULL}"), by_int));
  EXPECT_TRUE(array_contains(values(int4, "{1,NULL}"), values(int4, "{}"), by_int));
  EXPECT_FALSE(arrays_overlap(values(int4, "{1}"), values(int4, "{NULL}"), by_int));
  EXPECT_TRUE(array_contains(values(int4, "{{1,2},{3,4}}"), values(int4, "{4,1}"), by_int));
}

TEST(ArrayEdits, MultidimensionalSearchesAndRemovalsAreRefusedButReplacementKeepsTheShape) {
  const array_element_order by_int(int4);
  const std::string a = "{{1,2},{1,3}}";
  EXPECT_EQ(element_positions(array(a), values(int4, a), sql_value{int64_t{1}}, by_int).error().sqlstate, "0A000");
  EXPECT_EQ(text(replace_elements(array(a), values(int4, a), sql_value{int64_t{1}}, std::nullopt, by_int)),
            "ERROR 0A000 removing elements from multidimensional arrays is not supported");
  EXPECT_EQ(text(replace_elements(array(a), values(int4, a), sql_value{int64_t{1}}, array_element("0"), by_int)),
            "{{0,2},{0,3}}");
}

}  // namespace
}  // namespace tributary
