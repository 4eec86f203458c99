// Specifications of jsonb's order (jsonb_order.hpp). The groups below are what
// PostgreSQL 15.18 printed for
//   select string_agg(x::text, ' ## ') from (values ('[]'::jsonb), ...) v(x)
//   group by x order by x
// (values in one group are equal), and every pair was checked against
// sign(jsonb_cmp(a, b)) on the same server.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "stages/types/verbatim/jsonb_order.hpp"
#include "stages/types/stored_order.hpp"

namespace tributary {
namespace {

int sign(int v) { return (v > 0) - (v < 0); }

TEST(JsonbOrder, OrderIsJsonbCmp) {
  const std::vector<std::vector<std::string_view>> ascending = {
      {"[]"},
      {"null"},
      {"\"\""},
      {"\"A\""},
      {"\"a\""},
      {"\"a \""},
      {"\"a\\\"b\""},
      {"\"ab\""},
      {"\"b\""},
      {"\"z\""},
      {"\"é\""},
      {"-1"},
      {"-0.5"},
      {"0"},
      {"0.00001"},
      {"1", "1.0", "1.00"},
      {"2"},
      {"100"},
      {"100000000000000000000"},
      {"false"},
      {"true"},
      {"[null]"},
      {"[\"a\"]"},
      {"[1]", "[1.0]"},
      {"[false]"},
      {"[true]"},
      {"[[]]"},
      {"[[1]]"},
      {"[[[]]]"},
      {"[[[[[[1]]]]]]"},
      {"[[[[[[2]]]]]]"},
      {"[{}]"},
      {"[{\"a\": 1}]"},
      {"[null, null]"},
      {"[0, 0.0]"},
      {"[1, \"a\"]"},
      {"[1.00, 2]", "[1, 2.0]", "[1, 2]"},
      {"[1, [1]]"},
      {"[[], []]"},
      {"[[1], 3]"},
      {"[[1], [2]]"},
      {"[[[[[[1]]]]], 1]"},
      {"[[1, 2], 3]"},
      {"[{\"a\": 1}, 1]"},
      {"{}"},
      {"{\"\": 1}"},
      {"{\"a\": null}"},
      {"{\"a\": \"x\"}"},
      {"{\"a\": 1.0}", "{\"a\": 1.00}", "{\"a\": 1}"},
      {"{\"a\": 2}"},
      {"{\"a\": true}"},
      {"{\"a\": []}"},
      {"{\"a\": [1]}"},
      {"{\"a\": {}}"},
      {"{\"a\": {\"b\": 1}}"},
      {"{\"a\": {\"b\": 2}}"},
      {"{\"a\": {\"c\": 1}}"},
      {"{\"aa\": 1}"},
      {"{\"b\": 1}"},
      {"{\"a\": \"x\", \"b\": [1, {\"c\": null}]}"},
      {"{\"a\": \"x\", \"b\": [1, {\"c\": false}]}"},
      {"{\"a\": 1, \"b\": 2}"},
      {"{\"b\": null, \"aa\": null}"},
      {"{\"b\": 1, \"aa\": 1}", "{\"b\": 1.0, \"aa\": 1}"},
      {"{\"b\": 1, \"c\": 1}"},
  };
  for (size_t i = 0; i < ascending.size(); ++i)
    for (size_t j = 0; j < ascending.size(); ++j)
      for (std::string_view a : ascending[i])
        for (std::string_view b : ascending[j])
          EXPECT_EQ(sign(compare_stored_jsonb(a, b)),
                    sign(static_cast<int>(i) - static_cast<int>(j)))
              << a << " vs " << b;
}

TEST(JsonbOrder, TypesSortNullStringNumberBooleanArrayObject) {
  EXPECT_LT(compare_stored_jsonb("[null]", "[\"\"]"), 0);
  EXPECT_LT(compare_stored_jsonb("[\"z\"]", "[-1]"), 0);
  EXPECT_LT(compare_stored_jsonb("[100000000000000000000]", "[false]"), 0);
  EXPECT_LT(compare_stored_jsonb("[true]", "[[]]"), 0);
  EXPECT_LT(compare_stored_jsonb("[[]]", "[{}]"), 0);
}

TEST(JsonbOrder, ATopLevelScalarSortsAfterTheEmptyArrayAndBeforeOtherArrays) {
  EXPECT_LT(compare_stored_jsonb("[]", "null"), 0) << "PostgreSQL's own anomaly: [] < null";
  EXPECT_LT(compare_stored_jsonb("true", "[null]"), 0);
  EXPECT_LT(compare_stored_jsonb("\"z\"", "[1, 2]"), 0);
  EXPECT_LT(compare_stored_jsonb("1", "{}"), 0);
  EXPECT_GT(compare_stored_jsonb("{}", "[[1], 3]"), 0);
}

TEST(JsonbOrder, ContainersWithMoreMembersSortAfterThoseWithFewer) {
  EXPECT_LT(compare_stored_jsonb("[{\"a\": 1}]", "[null, null]"), 0);
  EXPECT_LT(compare_stored_jsonb("{\"z\": [1, 2, 3]}", "{\"a\": 1, \"b\": 2}"), 0);
}

TEST(JsonbOrder, NumbersCompareByValueSoEqualNumbersAreEqualJsonb) {
  EXPECT_EQ(compare_stored_jsonb("1.0", "1"), 0);
  EXPECT_EQ(compare_stored_jsonb("{\"a\": 1.00}", "{\"a\": 1}"), 0);
  EXPECT_EQ(compare_stored_jsonb("[0, 0.0]", "[0, 0]"), 0);
  EXPECT_LT(compare_stored_jsonb("-0.5", "0.00001"), 0);
  EXPECT_LT(compare_stored_jsonb("2", "100"), 0);
}

TEST(JsonbOrder, StringsAndKeysCompareByBytesThenLength) {
  EXPECT_LT(compare_stored_jsonb("\"A\"", "\"a\""), 0);
  EXPECT_LT(compare_stored_jsonb("\"a\"", "\"a \""), 0);
  EXPECT_LT(compare_stored_jsonb("\"z\"", "\"é\""), 0);
  // Pairs in jsonb's key order (length, then bytes): "b" before "aa".
  EXPECT_LT(compare_stored_jsonb("{\"b\": 1, \"aa\": 1}", "{\"b\": 1, \"c\": 1}"), 0);
  EXPECT_GT(compare_stored_jsonb("{\"b\": null, \"aa\": null}", "{\"a\": 1, \"b\": 2}"), 0);
}

TEST(JsonbOrder, TextOfAnotherToolIsComparedByItsValue) {
  EXPECT_EQ(compare_stored_jsonb("{ \"b\" : 1.0 , \"a\":[ ] }", "{\"a\": [], \"b\": 1}"), 0);
}

TEST(JsonbOrder, TextThatIsNotJsonSortsLastThenByBytes) {
  EXPECT_GT(compare_stored_jsonb("{\"a\":", "{\"z\": {\"z\": 1}}"), 0);
  EXPECT_LT(compare_stored_jsonb("{\"z\": {\"z\": 1}}", "not json"), 0);
  EXPECT_LT(compare_stored_jsonb("not json", "not json either"), 0);
  EXPECT_EQ(compare_stored_jsonb("not json", "not json"), 0);
}

// 5000 levels: PostgreSQL (max_stack_depth 2MB) reads and compares these;
// the comparison here has no depth limit at all (an explicit stack).
TEST(JsonbOrder, DeeplyNestedValuesCompare) {
  const int depth = 5000;
  const std::string one = std::string(depth, '[') + "1" + std::string(depth, ']');
  const std::string two = std::string(depth, '[') + "2" + std::string(depth, ']');
  EXPECT_LT(compare_stored_jsonb(one, two), 0);
  const std::string one_point_zero = std::string(depth, '[') + "1.0" + std::string(depth, ']');
  EXPECT_EQ(compare_stored_jsonb(one, one_point_zero), 0);
}

}  // namespace
}  // namespace tributary
