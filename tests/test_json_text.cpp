// Specifications of json / jsonb text input (json_text.hpp). Every expected
// canonical text, SQLSTATE, message, DETAIL and CONTEXT below is what
// PostgreSQL 15.18 prints for `select '<input>'::json` / `'<input>'::jsonb`
// (and `::jsonb::text`), checked case by case on a real server.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "stages/types/verbatim/json_text.hpp"

namespace tributary {
namespace {

std::string canonical(std::string_view input) {
  auto text = canonical_jsonb_text(input);
  EXPECT_TRUE(text.ok()) << input << ": " << (text.ok() ? "" : text.error().detail);
  return text.ok() ? *text : "<error>";
}

struct expected_error {
  std::string_view sqlstate;
  std::string_view message;
  std::string_view detail;
  std::string_view context;
};

constexpr std::string_view json_syntax = "invalid input syntax for type json";

void expect_json_error(std::string_view input, const expected_error& expected) {
  std::string context;
  auto validated = validate_json_text(input, &context);
  ASSERT_FALSE(validated.ok()) << input;
  EXPECT_EQ(validated.error().sqlstate, expected.sqlstate) << input;
  EXPECT_EQ(validated.error().message, expected.message) << input;
  EXPECT_EQ(validated.error().detail, expected.detail) << input;
  EXPECT_EQ(context, expected.context) << input;
}

void expect_jsonb_error(std::string_view input, const expected_error& expected) {
  std::string context = "stale";
  auto canonical_text = canonical_jsonb_text(input, &context);
  ASSERT_FALSE(canonical_text.ok()) << input << " -> " << *canonical_text;
  EXPECT_EQ(canonical_text.error().sqlstate, expected.sqlstate) << input;
  EXPECT_EQ(canonical_text.error().message, expected.message) << input;
  EXPECT_EQ(canonical_text.error().detail, expected.detail) << input;
  EXPECT_EQ(context, expected.context) << input;
}

// An input both types reject the same way.
void expect_error(std::string_view input, std::string_view detail, std::string_view context) {
  const expected_error expected{"22P02", json_syntax, detail, context};
  expect_json_error(input, expected);
  expect_jsonb_error(input, expected);
}

struct canonical_case {
  std::string_view input;
  std::string_view output;
};

TEST(JsonbText, ObjectKeysSortByLengthThenBytesAndTheLastDuplicateWins) {
  const canonical_case cases[] = {
      {R"({"b":1,"a":2})", R"({"a": 2, "b": 1})"},
      {R"({"aa":1,"b":2,"a":3})", R"({"a": 3, "b": 2, "aa": 1})"},
      {R"({"a":1,"a":2})", R"({"a": 2})"},
      {R"({"a":1,"b":2,"a":3})", R"({"a": 3, "b": 2})"},
      {R"({"ab":1,"B":2,"a":3,"":4})", R"({"": 4, "B": 2, "a": 3, "ab": 1})"},
      {R"({"é":1,"z":2,"zz":3})", R"({"z": 2, "zz": 3, "é": 1})"},
      {R"({"a":1,"b":{"a":2,"a":3},"a":4})", R"({"a": 4, "b": {"a": 3}})"},
      {R"({"\u0061":1,"a":2})", R"({"a": 2})"},
      {R"({"a":"x","\u00e9":null})", R"({"a": "x", "é": null})"},
  };
  for (const auto& c : cases)
    EXPECT_EQ(canonical(c.input), c.output) << c.input;
}

TEST(JsonbText, WhitespaceIsDroppedAndSeparatorsAreCommaSpaceAndColonSpace) {
  const canonical_case cases[] = {
      {"  {  \"a\"  :  1  ,  \"b\" : [ 1 , 2 ]  }  ", R"({"a": 1, "b": [1, 2]})"},
      {"\t\n\r [ \t\n\r 1 \t\n\r ] \t\n\r", "[1]"},
      {"[]", "[]"},
      {"{}", "{}"},
      {" [ ] ", "[]"},
      {"[[],{}]", "[[], {}]"},
      {R"({"a":{},"b":[]})", R"({"a": {}, "b": []})"},
      {"[1,[2,[3,[4]]]]", "[1, [2, [3, [4]]]]"},
      {R"({"a":[{"b":{"c":[1,{"d":"e"}]}}]})", R"({"a": [{"b": {"c": [1, {"d": "e"}]}}]})"},
      {"[true,false,null]", "[true, false, null]"},
      {"true", "true"},
      {"false", "false"},
      {"null", "null"},
  };
  for (const auto& c : cases)
    EXPECT_EQ(canonical(c.input), c.output) << c.input;
}

TEST(JsonbText, NumbersPrintAsNumericOutPrintsThem) {
  const canonical_case cases[] = {
      {"1.0", "1.0"},
      {"1e2", "100"},
      {"-0", "0"},
      {"1E-2", "0.01"},
      {"-0.0", "0.0"},
      {"0.00", "0.00"},
      {"-1.5e-3", "-0.0015"},
      {"1E+2", "100"},
      {"0e10", "0"},
      {"12.3400", "12.3400"},
      {"12345678901234567890123456789012345678901234567890.123456789",
       "12345678901234567890123456789012345678901234567890.123456789"},
      {"1e-20", "0.00000000000000000001"},
      {"-12e30", "-12000000000000000000000000000000"},
  };
  for (const auto& c : cases)
    EXPECT_EQ(canonical(c.input), c.output) << c.input;
  EXPECT_EQ(canonical("[1e1000]"), "[1" + std::string(1000, '0') + "]");
}

TEST(JsonbText, StringsAreDecodedThenEscapedAsEscapeJsonDoes) {
  const canonical_case cases[] = {
      {R"("\"\\\/\b\f\n\r\t")", R"("\"\\/\b\f\n\r\t")"},
      {R"("\u0001\u001f\u007f\u0080")", "\"\\u0001\\u001f\x7f\xc2\x80\""},
      {R"("\u00e9\ud83d\ude00")", "\"é😀\""},
      {R"("\u00E9\uD83D\uDE00")", "\"é😀\""},
      {"\"é😀中\"", "\"é😀中\""},
      {R"("a/b")", R"("a/b")"},
      {"\"\x7f\"", "\"\x7f\""},
      {R"("\u0041")", R"("A")"},
      {R"("\u2028")", "\"\xe2\x80\xa8\""},
  };
  for (const auto& c : cases)
    EXPECT_EQ(canonical(c.input), c.output) << c.input;
}

TEST(JsonbText, PublisherTextIsReturnedByteForByte) {
  const std::string_view published[] = {
      R"({"a": 2, "b": 1})", R"({"": 4, "B": 2, "a": 3, "ab": 1})", R"({"z": 2, "zz": 3, "é": 1})",
      R"({"a": [{"b": {"c": [1, {"d": "e"}]}}]})", "[[], {}]", "1.0", "0.00", "-0.0015",
      R"("\"\\/\b\f\n\r\t")", "\"\\u0001\\u001f\x7f\xc2\x80\"", "\"é😀\"", "[true, false, null]",
      "12345678901234567890123456789012345678901234567890.123456789", "{}", "null"};
  for (std::string_view text : published)
    EXPECT_EQ(canonical(text), text);
}

TEST(JsonbText, TreeHoldsSortedUniqueMembersAndDecodedScalars) {
  auto tree = parse_jsonb_text(R"({"b":[1.50,"\u00e9"],"a":true,"b":null})");
  ASSERT_TRUE(tree.ok());
  const jsonb_node& root = tree->nodes[0];
  ASSERT_EQ(root.what, jsonb_node::kind::object);
  ASSERT_EQ(root.members.size(), 2u);
  EXPECT_EQ(root.members[0].first, "a");
  EXPECT_EQ(tree->nodes[root.members[0].second].what, jsonb_node::kind::boolean_true);
  EXPECT_EQ(root.members[1].first, "b");
  EXPECT_EQ(tree->nodes[root.members[1].second].what, jsonb_node::kind::null);
  EXPECT_EQ(format_jsonb_text(*tree), R"({"a": true, "b": null})");

  auto array = parse_jsonb_text(R"([1.50,"\u00e9"])");
  ASSERT_TRUE(array.ok());
  ASSERT_EQ(array->nodes[0].elements.size(), 2u);
  EXPECT_EQ(array->nodes[array->nodes[0].elements[0]].scalar, "1.50");
  EXPECT_EQ(array->nodes[array->nodes[0].elements[1]].scalar, "é");
}

TEST(JsonbText, DeepNestingNeedsNoRecursion) {
  const size_t depth = 200000;
  const std::string nested = std::string(depth, '[') + std::string(depth, ']');
  EXPECT_TRUE(validate_json_text(nested).ok());
  EXPECT_EQ(canonical(nested), nested);
  std::string objects;
  for (size_t i = 0; i < depth; ++i)
    objects += R"({"k":)";
  objects += "1" + std::string(depth, '}');
  auto text = canonical_jsonb_text(objects);
  ASSERT_TRUE(text.ok());
  EXPECT_EQ(text->size(), objects.size() + depth);  // one space after each colon
}

TEST(JsonText, ValidInputIsAcceptedAndDeescapingChecksAreJsonbOnly) {
  for (std::string_view input :
       {R"({"b":1,"a":2,"a":3})", "  [1, 2.50, -0, 1e2, true, false, null]  ", R"("\u0000")",
        R"("\ud800")", R"("\udc00")", R"("\ud800\ud800")", R"("\ud800x")", "\"é😀\"", "{}"}) {
    std::string context = "stale";
    EXPECT_TRUE(validate_json_text(input, &context).ok()) << input;
    EXPECT_EQ(context, "");
  }
}

TEST(JsonText, BadTokensAreNamedWholeWords) {
  expect_error("x", R"(Token "x" is invalid.)", "JSON data, line 1: x");
  expect_error(R"({"a":x})", R"(Token "x" is invalid.)", R"(JSON data, line 1: {"a":x...)");
  expect_error("tru", R"(Token "tru" is invalid.)", "JSON data, line 1: tru");
  expect_error("truex", R"(Token "truex" is invalid.)", "JSON data, line 1: truex");
  expect_error("NULL", R"(Token "NULL" is invalid.)", "JSON data, line 1: NULL");
  expect_error("@", R"(Token "@" is invalid.)", "JSON data, line 1: @");
  expect_error(".5", R"(Token "." is invalid.)", "JSON data, line 1: ....");
  expect_error("+1", R"(Token "+" is invalid.)", "JSON data, line 1: +...");
  expect_error("[é]", R"(Token "é" is invalid.)", "JSON data, line 1: [é...");
  expect_error(R"("a"b)", R"(Token "b" is invalid.)", R"(JSON data, line 1: "a"b)");
  expect_error(R"("abc)", R"(Token ""abc" is invalid.)", R"(JSON data, line 1: "abc)");
  expect_error(R"("\u)", R"(Token ""\u" is invalid.)", R"(JSON data, line 1: "\u)");
}

TEST(JsonText, BadNumbersAreInvalidTokens) {
  expect_error("01", R"(Token "01" is invalid.)", "JSON data, line 1: 01");
  expect_error("1.", R"(Token "1." is invalid.)", "JSON data, line 1: 1.");
  expect_error("-", R"(Token "-" is invalid.)", "JSON data, line 1: -");
  expect_error("-x", R"(Token "-x" is invalid.)", "JSON data, line 1: -x");
  expect_error("1.e5", R"(Token "1.e5" is invalid.)", "JSON data, line 1: 1.e5");
  expect_error("1e+", R"(Token "1e+" is invalid.)", "JSON data, line 1: 1e+");
  expect_error("1_000", R"(Token "1_000" is invalid.)", "JSON data, line 1: 1_000");
}

TEST(JsonText, InputEndingEarlyIsReported) {
  const std::string_view ended = "The input string ended unexpectedly.";
  expect_error("", ended, "JSON data, line 1: ");
  expect_error("   ", ended, "JSON data, line 1:    ");
  expect_error("[1,2", ended, "JSON data, line 1: [1,2");
  expect_error(R"({"a":1)", ended, R"(JSON data, line 1: {"a":1)");
  expect_error(R"({"a")", ended, R"(JSON data, line 1: {"a")");
  expect_error("{\"a\":\n", ended, "JSON data, line 2: ");
}

TEST(JsonText, UnexpectedTokensNameWhatWasExpected) {
  expect_error(R"({"a" 1})", R"(Expected ":", but found "1".)", R"(JSON data, line 1: {"a" 1...)");
  expect_error(R"({"a",1})", R"(Expected ":", but found ",".)", R"(JSON data, line 1: {"a",...)");
  expect_error(R"({"a":1 "b":2})", R"(Expected "," or "}", but found ""b"".)",
               R"(JSON data, line 1: {"a":1 "b"...)");
  expect_error(R"({"a":1])", R"(Expected "," or "}", but found "]".)",
               R"(JSON data, line 1: {"a":1])");
  expect_error("[1 2]", R"(Expected "," or "]", but found "2".)", "JSON data, line 1: [1 2...");
  expect_error("[1,2}", R"(Expected "," or "]", but found "}".)", "JSON data, line 1: [1,2}");
  expect_error("{1:2}", R"(Expected string or "}", but found "1".)", "JSON data, line 1: {1...");
  expect_error(R"({"a":1,})", R"(Expected string, but found "}".)",
               R"(JSON data, line 1: {"a":1,})");
  expect_error("[1,]", R"(Expected JSON value, but found "]".)", "JSON data, line 1: [1,]");
  expect_error("[1,,2]", R"(Expected JSON value, but found ",".)", "JSON data, line 1: [1,,...");
  expect_error(R"({"a":})", R"(Expected JSON value, but found "}".)",
               R"(JSON data, line 1: {"a":})");
  expect_error("1 2", R"(Expected end of input, but found "2".)", "JSON data, line 1: 1 2");
  expect_error(R"({"a":1}})", R"(Expected end of input, but found "}".)",
               R"(JSON data, line 1: {"a":1}})");
}

TEST(JsonText, BadEscapesAndRawControlCharactersAreRejected) {
  expect_error(R"("\q")", R"(Escape sequence "\q" is invalid.)", R"(JSON data, line 1: "\q...)");
  expect_error(R"("aé\q")", R"(Escape sequence "\q" is invalid.)",
               R"(JSON data, line 1: "aé\q...)");
  expect_error(R"("\é")", R"(Escape sequence "\é" is invalid.)", R"(JSON data, line 1: "\é...)");
  expect_error(R"("\u12")", R"("\u" must be followed by four hexadecimal digits.)",
               R"(JSON data, line 1: "\u12")");
  expect_error(R"("\u12x4")", R"("\u" must be followed by four hexadecimal digits.)",
               R"(JSON data, line 1: "\u12x...)");
  expect_error("\"a\tb\"", "Character with value 0x09 must be escaped.",
               "JSON data, line 1: \"a...");
  expect_error("\"a\nb\"", "Character with value 0x0a must be escaped.", "JSON data, line 1: \"a");
}

TEST(JsonbText, UnicodeEscapesMustFormValidCharacters) {
  const auto surrogate_error = [](std::string_view input, std::string_view detail,
                                  std::string_view context) {
    expect_jsonb_error(input, {"22P02", json_syntax, detail, context});
  };
  const std::string_view low = "Unicode low surrogate must follow a high surrogate.";
  surrogate_error(R"("\ud800")", low, R"(JSON data, line 1: "\ud800")");
  surrogate_error(R"("\udc00")", low, R"(JSON data, line 1: "\udc00...)");
  surrogate_error(R"("\ud800x")", low, R"(JSON data, line 1: "\ud800x...)");
  surrogate_error(R"("\ud800\n")", low, R"(JSON data, line 1: "\ud800\n...)");
  surrogate_error(R"("\ud800\u0041")", low, R"(JSON data, line 1: "\ud800\u0041...)");
  surrogate_error(R"("\ud800\q")", low, R"(JSON data, line 1: "\ud800\q...)");
  surrogate_error(R"("\ud800\ud800")", "Unicode high surrogate must not follow a high surrogate.",
                  R"(JSON data, line 1: "\ud800\ud800...)");
  expect_json_error(R"("\ud800\q")", {"22P02", json_syntax, R"(Escape sequence "\q" is invalid.)",
                                      R"(JSON data, line 1: "\ud800\q...)"});
}

TEST(JsonbText, NulCharacterEscapeIsAnUnsupportedUnicodeEscape) {
  const expected_error zero{"22P05", "unsupported Unicode escape sequence",
                            "\\u0000 cannot be converted to text.",
                            R"(JSON data, line 1: "\u0000...)"};
  expect_jsonb_error(R"("\u0000")", zero);
  expect_jsonb_error(R"({"\u0000":1})", {"22P05", "unsupported Unicode escape sequence",
                                          "\\u0000 cannot be converted to text.",
                                          R"(JSON data, line 1: {"\u0000...)"});
}

TEST(JsonbText, NumbersNumericCannotHoldOverflowWithoutContext) {
  const expected_error overflow{"22003", "value overflows numeric format", "", ""};
  expect_jsonb_error("1e200000", overflow);
  expect_jsonb_error("[1e131072]", overflow);
  expect_jsonb_error("1e-16384", overflow);
  expect_jsonb_error("[1e200000, x]", overflow);
  EXPECT_TRUE(validate_json_text("1e200000").ok());
  EXPECT_EQ(canonical("1e-16383").size(), 16385u);
}

TEST(JsonbText, ATokenErrorAfterABadNumberComesFirst) {
  expect_jsonb_error("[1e200000 x]", {"22P02", json_syntax, R"(Token "x" is invalid.)",
                                      "JSON data, line 1: [1e200000 x..."});
}

TEST(JsonText, ContextShowsTheErrorLineAndAtMostAboutFiftyBytes) {
  expect_error("{\n\"a\":\n  x}", R"(Token "x" is invalid.)", "JSON data, line 3:   x...");
  expect_error("{\"a\":1}\n x", R"(Token "x" is invalid.)", "JSON data, line 2:  x");
  expect_error("[1,\n2,\r\n x]", R"(Token "x" is invalid.)", "JSON data, line 3:  x...");
  expect_error("[1, 2\n,x]", R"(Token "x" is invalid.)", "JSON data, line 2: ,x...");
  expect_error("[1 2\n]", R"(Expected "," or "]", but found "2".)", "JSON data, line 1: [1 2");
  expect_error("[1 2\r]", R"(Expected "," or "]", but found "2".)", "JSON data, line 1: [1 2");
  expect_error(R"({"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":x, "b": 2})",
               R"(Token "x" is invalid.)",
               R"(JSON data, line 1: {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":x...)");
  expect_error("{\"" + std::string(72, 'a') + R"(":x, "b": 2})", R"(Token "x" is invalid.)",
               "JSON data, line 1: ..." + std::string(46, 'a') + R"(":x...)");
  expect_error(R"({"ééééééééééééééééééééééééééééééééééé":x, "b": 2})", R"(Token "x" is invalid.)",
               R"(JSON data, line 1: ...ééééééééééééééééééééééé":x...)");
  expect_error(R"({"😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀":x, "b": 2})",
               R"(Token "x" is invalid.)", R"(JSON data, line 1: ...😀😀😀😀😀😀😀😀😀😀😀":x...)");
}

}  // namespace
}  // namespace tributary
