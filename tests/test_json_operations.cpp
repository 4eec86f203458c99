// json_document / json_operations: the JSON operators on stored json and jsonb
// texts, as PostgreSQL 15 answers them (expected values read from PostgreSQL).
#include <gtest/gtest.h>

#include "stages/sql/json/json_document.hpp"
#include "stages/sql/json/json_operations.hpp"

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

}  // namespace
}  // namespace tributary::json_values
