// json_document / json_operations: the JSON operators on stored json and jsonb
// texts, as PostgreSQL 15 answers them (expected values read from PostgreSQL).
#include <gtest/gtest.h>

#include "stages/sql/json/json_document.hpp"
#include "stages/sql/json/json_operations.hpp"
#include "stages/sql/json/json_path.hpp"

namespace tributary::json_values {
namespace {

json_document read(std::string_view text) {
  auto doc = read_json_document(text);
  EXPECT_TRUE(doc) << text;
  return doc ? *doc : json_document{};
}

template <typename T>
T value(result<T, pg_error> r) {
  EXPECT_TRUE(r) << (r ? "" : r.error().message);
  return r ? *r : T{};
}

TEST(JsonDocument, JsonOperatorsReturnTheSubValueVerbatim) {
  const json_document doc = read(R"({"b": 2, "a": [1,  2, {"x": "y"}]})");
  EXPECT_EQ(doc.span(*object_member(doc, 0, "a")), "[1,  2, {\"x\": \"y\"}]");
  EXPECT_EQ(doc.span(*follow_path(doc, {"a", "2", "x"})), "\"y\"");
  EXPECT_EQ(doc.span(*follow_path(doc, {"a", "-1"})), "{\"x\": \"y\"}");
  EXPECT_FALSE(follow_path(doc, {"a", "x"}));
  EXPECT_FALSE(follow_path(doc, {"a", std::nullopt}));
  EXPECT_FALSE(object_member(doc, 0, "missing"));
  EXPECT_FALSE(array_element(doc, 0, 0));  // an object has no elements
}

TEST(JsonDocument, DuplicateKeysFindTheLastAndTextIsDecoded) {
  const json_document doc = read(R"({"a": 1, "a": "\ud83d\ude00 \n\"q\""})");
  EXPECT_EQ(value(value_text(doc, *object_member(doc, 0, "a"))), std::optional<std::string>("\xF0\x9F\x98\x80 \n\"q\""));
  const json_document null_doc = read(R"({"a": null})");
  EXPECT_EQ(value(value_text(null_doc, *object_member(null_doc, 0, "a"))), std::nullopt);
  auto zero = decode_json_string(R"("\u0000")");
  ASSERT_FALSE(zero);
  EXPECT_EQ(zero.error().sqlstate, "22P05");
  EXPECT_FALSE(decode_json_string(R"("\udc00")"));
}

TEST(JsonbOperations, ContainmentAsPostgres) {
  EXPECT_TRUE(value(jsonb_contains(R"({"a": [1, 2], "b": {"c": 1.0}})", R"({"b": {"c": 1}})")));
  EXPECT_TRUE(value(jsonb_contains("[1, [2]]", "[[2]]")));
  EXPECT_TRUE(value(jsonb_contains("[1, 2]", "1")));   // a raw scalar in an array
  EXPECT_FALSE(value(jsonb_contains("1", "[1]")));     // but no array in a scalar
  EXPECT_FALSE(value(jsonb_contains("[1, 2]", "[3]")));
  EXPECT_FALSE(value(jsonb_contains(R"({"a": 1})", "[1]")));
  EXPECT_TRUE(value(jsonb_contains("[]", "[]")));
}

TEST(JsonbOperations, ExistenceOfKeysAndStringElements) {
  EXPECT_TRUE(value(jsonb_exists(R"({"a": 1})", {"a"}, false)));
  EXPECT_TRUE(value(jsonb_exists(R"(["x", 1])", {"x"}, false)));
  EXPECT_FALSE(value(jsonb_exists("[1, 2]", {"1"}, true)));
  EXPECT_TRUE(value(jsonb_exists(R"("x")", {"x"}, false)));
  EXPECT_FALSE(value(jsonb_exists(R"({"a": 1, "b": 2})", {"a", "c"}, false)));
  EXPECT_TRUE(value(jsonb_exists(R"({"a": 1, "b": 2})", {"a", "c"}, true)));
}

TEST(JsonbOperations, ConcatenationAndDeletion) {
  EXPECT_EQ(value(jsonb_concat(R"({"a": 1, "b": 2})", R"({"b": 3})")), R"({"a": 1, "b": 3})");
  EXPECT_EQ(value(jsonb_concat(R"({"a": 1})", "1")), R"([{"a": 1}, 1])");
  EXPECT_EQ(value(jsonb_concat("1", "[2]")), "[1, 2]");
  EXPECT_EQ(value(jsonb_delete_keys(R"({"a": 1, "b": 2})", {"a"})), R"({"b": 2})");
  EXPECT_EQ(value(jsonb_delete_keys(R"(["a", 1, "a"])", {"a"})), "[1]");
  EXPECT_EQ(value(jsonb_delete_index("[1, 2, 3]", -1)), "[1, 2]");
  EXPECT_EQ(value(jsonb_delete_index("[1, 2]", 5)), "[1, 2]");
  auto scalar = jsonb_delete_keys("1", {"a"});
  ASSERT_FALSE(scalar);
  EXPECT_EQ(scalar.error().message, "cannot delete from scalar");
  auto object = jsonb_delete_index(R"({"a": 1})", 0);
  ASSERT_FALSE(object);
  EXPECT_EQ(object.error().message, "cannot delete from object using integer index");
}

TEST(JsonbOperations, DeletePathRemovesTheLastStepOnly) {
  EXPECT_EQ(value(jsonb_delete_path(R"({"a": 1, "b": {"c": 2, "d": 3}})", {"b", "c"})), R"({"a": 1, "b": {"d": 3}})");
  EXPECT_EQ(value(jsonb_delete_path("[1, [2, 3], 4]", {"1", "0"})), "[1, [3], 4]");
  EXPECT_EQ(value(jsonb_delete_path("[1, 2, 3]", {"-1"})), "[1, 2]");
  EXPECT_EQ(value(jsonb_delete_path("[1, 2]", {"5"})), "[1, 2]");
  EXPECT_EQ(value(jsonb_delete_path(R"({"a": 1})", {"x", "y"})), R"({"a": 1})");
  auto scalar = jsonb_delete_path("1", {"a"});
  ASSERT_FALSE(scalar);
  EXPECT_EQ(scalar.error().message, "cannot delete path in scalar");
  auto null_step = jsonb_delete_path(R"({"a": 1})", {"a", std::nullopt});
  ASSERT_FALSE(null_step);
  EXPECT_EQ(null_step.error().message, "path element at position 2 is null");
}

TEST(JsonbOperations, SetPathCreatesOnlyTheLastStep) {
  EXPECT_EQ(value(jsonb_set_path(R"({"a": 1})", {"b"}, "[2]", true)), R"({"a": 1, "b": [2]})");
  EXPECT_EQ(value(jsonb_set_path(R"({"a": 1})", {"b"}, "2", false)), R"({"a": 1})");
  EXPECT_EQ(value(jsonb_set_path(R"({"a": 1})", {"b", "c"}, "3", true)), R"({"a": 1})");
  EXPECT_EQ(value(jsonb_set_path("[1, 2]", {"9"}, "3", true)), "[1, 2, 3]");
  EXPECT_EQ(value(jsonb_set_path("[1, 2]", {"-9"}, "3", true)), "[3, 1, 2]");
  EXPECT_EQ(value(jsonb_set_path(R"({"a": [1, {"b": 1}]})", {"a", "1", "b"}, "\"x\"", true)),
            R"({"a": [1, {"b": "x"}]})");
  auto not_integer = jsonb_set_path("[1]", {"x"}, "3", true);
  ASSERT_FALSE(not_integer);
  EXPECT_EQ(not_integer.error().message, "path element at position 1 is not an integer: \"x\"");
  EXPECT_FALSE(jsonb_set_path("1", {"a"}, "2", true));
}

TEST(JsonBuilding, FragmentsAndBuiltValues) {
  EXPECT_EQ(json_fragment("NaN", fragment_kind::number), "\"NaN\"");
  EXPECT_EQ(json_fragment("1.50", fragment_kind::number), "1.50");
  EXPECT_EQ(json_fragment("a\"b", fragment_kind::string), "\"a\\\"b\"");
  EXPECT_EQ(json_fragment("2024-02-29 06:45:30-05", fragment_kind::timestamp), "\"2024-02-29T06:45:30-05:00\"");
  EXPECT_EQ(json_fragment("2024-02-29 06:45:30.5+05:30", fragment_kind::timestamp), "\"2024-02-29T06:45:30.5+05:30\"");
  EXPECT_EQ(json_fragment("infinity", fragment_kind::timestamp), "\"infinity\"");
  EXPECT_EQ(value(build_object({"b", "1", "a", std::nullopt}, false)), R"({"b" : 1, "a" : null})");
  EXPECT_EQ(value(build_object({"b", "1", "a", "2"}, true)), R"({"a": 2, "b": 1})");
  EXPECT_EQ(value(build_array({"1", "\"x\"", "null"}, false)), R"([1, "x", null])");
  auto null_key = build_object({std::nullopt, "1"}, true);
  ASSERT_FALSE(null_key);
  EXPECT_EQ(null_key.error().message, "argument 1: key must not be null");
}

TEST(JsonOperations, JsonbInsertPutsTheValueBeforeOrAfterAnElementAndRefusesAnExistingKey) {
  EXPECT_EQ(value(jsonb_insert_path(R"({"a": [1, 2]})", {"a", "1"}, "9", false)), R"({"a": [1, 9, 2]})");
  EXPECT_EQ(value(jsonb_insert_path(R"({"a": [1, 2]})", {"a", "1"}, "9", true)), R"({"a": [1, 2, 9]})");
  EXPECT_EQ(value(jsonb_insert_path(R"({"a": [1, 2]})", {"a", "-5"}, "9", false)), R"({"a": [9, 1, 2]})");
  EXPECT_EQ(value(jsonb_insert_path(R"({"a": [1, 2]})", {"a", "5"}, "9", false)), R"({"a": [1, 2, 9]})");
  EXPECT_EQ(value(jsonb_insert_path(R"({"a": 1})", {"b"}, "2", false)), R"({"a": 1, "b": 2})");
  auto existing = jsonb_insert_path(R"({"a": 1})", {"a"}, "2", false);
  ASSERT_FALSE(existing);
  EXPECT_EQ(existing.error().sqlstate, "22023");
  EXPECT_EQ(existing.error().message, "cannot replace existing key");
  EXPECT_EQ(jsonb_insert_path("5", {"a"}, "2", false).error().message, "cannot set path in scalar");
}

TEST(JsonOperations, StripNullsAndPrettyWriteAsPostgres) {
  EXPECT_EQ(value(strip_nulls(R"({"a": 1, "b": null, "c": {"d": null, "e": [null]}})", true)),
            R"({"a": 1, "c": {"e": [null]}})");
  EXPECT_EQ(value(strip_nulls(R"({ "a" : null, "b" : [ 1 , null ] })", false)), R"({"b":[1,null]})");
  EXPECT_EQ(value(jsonb_pretty("{}")), "{\n}");
  EXPECT_EQ(value(jsonb_pretty(R"({"a": {"b": []}, "c": [1, "x"]})")),
            "{\n    \"a\": {\n        \"b\": [\n        ]\n    },\n    \"c\": [\n        1,\n        \"x\"\n    ]\n}");
}

TEST(JsonOperations, ArraysBecomeJsonArraysByDimension) {
  EXPECT_EQ(value(array_json("{1,2}", fragment_kind::number)), "[1,2]");
  EXPECT_EQ(value(array_json("{{1,2},{3,NULL}}", fragment_kind::number)), "[[1,2],[3,null]]");
  EXPECT_EQ(value(array_json(R"({a,"b c",NULL})", fragment_kind::string)), R"(["a","b c",null])");
  EXPECT_EQ(value(array_json("{t,f}", fragment_kind::boolean)), "[true,false]");
  EXPECT_EQ(value(array_json("{}", fragment_kind::number)), "[]");
}

TEST(JsonPath, LaxPathsUnwrapArraysAndFiltersCompareByType) {
  const std::string doc = R"({"a": [1, 2, 3], "b": {"c": "x"}, "n": null})";
  EXPECT_EQ(value(json_path_query(doc, "$.a[*] ? (@ > 1)", "")), (std::vector<std::string>{"2", "3"}));
  EXPECT_EQ(value(json_path_query(doc, "$.a ? (@ >= $min)", R"({"min": 3})")), (std::vector<std::string>{"3"}));
  EXPECT_EQ(value(json_path_query(doc, "$.a[0 to 1, last]", "")), (std::vector<std::string>{"1", "2", "3"}));
  EXPECT_EQ(value(json_path_query(doc, "$.*.c", "")), (std::vector<std::string>{"\"x\""}));
  EXPECT_EQ(value(json_path_query(doc, "$.missing.x", "")), (std::vector<std::string>{}));
  EXPECT_EQ(value(json_path_query(doc, "$.a[0] == 1", "")), (std::vector<std::string>{"true"}));
  EXPECT_EQ(value(json_path_match(doc, "$.b.c == 1", "")), std::nullopt);  // string vs number: unknown
  EXPECT_EQ(value(json_path_match(doc, "$.n == null && !($.a[0] == 2)", "")), std::optional<bool>(true));
  EXPECT_TRUE(value(json_path_exists(doc, "$.a ? (@ == 3)", "")));
  EXPECT_FALSE(value(json_path_exists(doc, "$ ? (exists (@.zz))", "")));
}

TEST(JsonPath, UnsupportedFormsAndMissingVariablesAreErrors) {
  EXPECT_EQ(json_path_query("{}", "strict $.a", "").error().sqlstate, "0A000");
  EXPECT_EQ(json_path_query("{}", "$.a.size()", "").error().sqlstate, "0A000");
  EXPECT_EQ(json_path_query("{}", "$.a + 1", "").error().sqlstate, "0A000");
  auto missing = json_path_query("{}", "$x", "{}");
  EXPECT_EQ(missing.error().sqlstate, "42704");
  EXPECT_EQ(missing.error().message, "could not find jsonpath variable \"x\"");
  EXPECT_EQ(json_path_match("[1]", "$[*]", "").error().sqlstate, "22038");
}

TEST(JsonObject, PairsFromOneArrayOrKeysAndValues) {
  EXPECT_EQ(*json_object_of_array("{a,1,b,2}"), R"({"a" : "1", "b" : "2"})");
  EXPECT_EQ(*json_object_of_array("{{a,1},{b,NULL}}"), R"({"a" : "1", "b" : null})");
  EXPECT_EQ(*json_object_of_array("{}"), "{}");
  EXPECT_EQ(*json_object_of_array(R"({"a\"b",c})"), R"({"a\"b" : "c"})");
  EXPECT_EQ(*json_object_of_arrays("{a,b}", "{1,NULL}"), R"({"a" : "1", "b" : null})");
}

TEST(JsonObject, MalformedShapesAreErrors) {
  EXPECT_EQ(json_object_of_array("{a}").error().message, "array must have even number of elements");
  EXPECT_EQ(json_object_of_array("{{a,b,c}}").error().message, "array must have two columns");
  EXPECT_EQ(json_object_of_array("{{{a,b}}}").error().message, "wrong number of array subscripts");
  EXPECT_EQ(json_object_of_array("{{{a,b}}}").error().sqlstate, "2202E");
  EXPECT_EQ(json_object_of_array("{NULL,a}").error().sqlstate, "22004");
  EXPECT_EQ(json_object_of_arrays("{a,b}", "{1}").error().message, "mismatched array dimensions");
  EXPECT_EQ(json_object_of_arrays("{{a,b}}", "{{1,2}}").error().message, "wrong number of array subscripts");
  EXPECT_EQ(json_object_of_array("{a").error().sqlstate, "22P02");
}

}  // namespace
}  // namespace tributary::json_values
