// array_text: array_in's grammar and array_out's printing, as PostgreSQL 15
// does them. Every expected result and error below is what a PostgreSQL 15
// server printed for the same literal (cast to text[] or int[]).
#include <gtest/gtest.h>

#include "stages/types/verbatim/array_text.hpp"

namespace tributary {
namespace {

using element = std::optional<std::string>;

array_literal read_ok(std::string_view text, char delimiter = ',') {
  auto r = read_array_literal(text, delimiter);
  EXPECT_TRUE(r.ok()) << text << ": " << (r.ok() ? "" : r.error().detail);
  return r.ok() ? *r : array_literal{};
}

TEST(ArrayLiteral, ReadsQuotedUnquotedEscapedAndNullElements) {
  auto a = read_ok(R"({ a , "b" , NULL, \NULL, "NULL", a\ b , " x "  , nUlL})");
  EXPECT_EQ(a.lengths, (std::vector<int32_t>{8}));
  EXPECT_EQ(a.lower_bounds, (std::vector<int32_t>{1}));
  EXPECT_EQ(a.elements, (std::vector<element>{"a", "b", std::nullopt, "NULL", "NULL", "a b", " x ",
                                              std::nullopt}));
  EXPECT_EQ(write_array_literal(a), R"({a,b,NULL,"NULL","NULL","a b"," x ",NULL})");
}

TEST(ArrayLiteral, KeepsInnerWhitespaceAndCutsTrailingUnquotedWhitespace) {
  EXPECT_EQ(read_ok("{a b  c}").elements, (std::vector<element>{"a b  c"}));
  EXPECT_EQ(read_ok("{a\\ }").elements, (std::vector<element>{"a "}));
  EXPECT_EQ(read_ok(R"({"\\N"})").elements, (std::vector<element>{"\\N"}));
  EXPECT_EQ(read_ok(R"({a\\})").elements, (std::vector<element>{"a\\"}));
}

TEST(ArrayLiteral, ReadsNestingAndExplicitBounds) {
  auto nested = read_ok("{ {1} , {2} }");
  EXPECT_EQ(nested.lengths, (std::vector<int32_t>{2, 1}));
  EXPECT_EQ(write_array_literal(nested), "{{1},{2}}");
  EXPECT_EQ(read_ok("{{{1,2},{3,4}},{{5,6},{7,8}}}").lengths, (std::vector<int32_t>{2, 2, 2}));
  auto bounded = read_ok(" [1:2][3:3] = {{1},{2}}");
  EXPECT_EQ(bounded.lower_bounds, (std::vector<int32_t>{1, 3}));
  EXPECT_EQ(write_array_literal(bounded), "[1:2][3:3]={{1},{2}}");
  auto ones = read_ok("[1:1][1:1]={{1}}");
  EXPECT_EQ(write_array_literal(ones), "{{1}}");
  auto shifted = read_ok("[-1:0]= {a,b} ");
  EXPECT_EQ(shifted.lower_bounds, (std::vector<int32_t>{-1}));
  EXPECT_EQ(write_array_literal(shifted), "[-1:0]={a,b}");
  EXPECT_EQ(read_ok("[2]={x,y}").lower_bounds, (std::vector<int32_t>{1}));
}

TEST(ArrayLiteral, EmptyArrayHasNoDimensions) {
  for (std::string_view text : {"{}", "{  }", " {} "}) {
    auto a = read_ok(text);
    EXPECT_TRUE(a.lengths.empty()) << text;
    EXPECT_TRUE(a.elements.empty()) << text;
    EXPECT_EQ(write_array_literal(a), "{}");
  }
}

struct malformed_case {
  std::string_view text;
  std::string_view sqlstate;
  std::string_view message;
  std::string_view detail;
};

TEST(ArrayLiteral, RejectsWhatArrayInRejectsWithItsDetail) {
  const malformed_case cases[] = {
      {"", "22P02", "malformed array literal: \"\"",
       "Array value must start with \"{\" or dimension information."},
      {"x", "22P02", "malformed array literal: \"x\"",
       "Array value must start with \"{\" or dimension information."},
      {R"({a"b"})", "22P02", R"(malformed array literal: "{a"b"}")", "Unexpected array element."},
      {R"({"a"b})", "22P02", R"(malformed array literal: "{"a"b}")", "Unexpected array element."},
      {R"({"a""b"})", "22P02", R"(malformed array literal: "{"a""b"}")", "Unexpected array element."},
      {"{{1},2}", "22P02", "malformed array literal: \"{{1},2}\"", "Unexpected array element."},
      {"{1,{2}}", "22P02", "malformed array literal: \"{1,{2}}\"", "Unexpected \"{\" character."},
      {"{{1},{2,3}}", "22P02", "malformed array literal: \"{{1},{2,3}}\"",
       "Multidimensional arrays must have sub-arrays with matching dimensions."},
      {"{{1,2},{3}}", "22P02", "malformed array literal: \"{{1,2},{3}}\"",
       "Multidimensional arrays must have sub-arrays with matching dimensions."},
      {"{1,2", "22P02", "malformed array literal: \"{1,2\"", "Unexpected end of input."},
      {"{1,2}x", "22P02", "malformed array literal: \"{1,2}x\"", "Junk after closing right brace."},
      {"{}}", "22P02", "malformed array literal: \"{}}\"", "Junk after closing right brace."},
      {"{{1},{2}}}", "22P02", "malformed array literal: \"{{1},{2}}}\"",
       "Junk after closing right brace."},
      {"{{}}", "22P02", "malformed array literal: \"{{}}\"", "Unexpected \"}\" character."},
      {"{{},{}}", "22P02", "malformed array literal: \"{{},{}}\"", "Unexpected \"}\" character."},
      {"{,}", "22P02", "malformed array literal: \"{,}\"", "Unexpected \",\" character."},
      {"{1,}", "22P02", "malformed array literal: \"{1,}\"", "Unexpected \"}\" character."},
      {R"({"a})", "22P02", R"(malformed array literal: "{"a}")", "Unexpected end of input."},
      {R"({a\})", "22P02", R"(malformed array literal: "{a\}")", "Unexpected end of input."},
      {"[1:2]{1,2}", "22P02", "malformed array literal: \"[1:2]{1,2}\"",
       "Missing \"=\" after array dimensions."},
      {"[1:3]={1,2}", "22P02", "malformed array literal: \"[1:3]={1,2}\"",
       "Specified array dimensions do not match array contents."},
      {"[0:0]={}", "22P02", "malformed array literal: \"[0:0]={}\"",
       "Specified array dimensions do not match array contents."},
      {"[1:2][1:2]={1,2}", "22P02", "malformed array literal: \"[1:2][1:2]={1,2}\"",
       "Specified array dimensions do not match array contents."},
      {"[1:1]={{1}}", "22P02", "malformed array literal: \"[1:1]={{1}}\"",
       "Specified array dimensions do not match array contents."},
      {"[a]={1}", "22P02", "malformed array literal: \"[a]={1}\"",
       "\"[\" must introduce explicitly-specified array dimensions."},
      {"[1:]={1}", "22P02", "malformed array literal: \"[1:]={1}\"", "Missing array dimension value."},
      {"[1", "22P02", "malformed array literal: \"[1\"", "Missing \"]\" after array dimensions."},
      {"[2:1]={}", "2202E", "upper bound cannot be less than lower bound", ""},
      {"{{{{{{{1}}}}}}}", "54000", "number of array dimensions (7) exceeds the maximum allowed (6)", ""},
      {"[1:2][1:2][1:2][1:2][1:2][1:2][1:2]={1}", "54000",
       "number of array dimensions (7) exceeds the maximum allowed (6)", ""},
      {"[2147483647:2147483647]={1}", "54000", "array lower bound is too large: 2147483647", ""},
  };
  for (const auto& c : cases) {
    auto r = read_array_literal(c.text);
    ASSERT_FALSE(r.ok()) << c.text;
    EXPECT_EQ(r.error().sqlstate, c.sqlstate) << c.text;
    EXPECT_EQ(r.error().message, c.message) << c.text;
    EXPECT_EQ(r.error().detail, c.detail) << c.text;
  }
}

// PostgreSQL 15 accepts these by accident ({{{1}},{{2}}} and {}); PostgreSQL 17
// rejects them, and so does this reader.
TEST(ArrayLiteral, RejectsIrregularNestingThatPostgres15AcceptsByAccident) {
  for (std::string_view text : {"{{1},{{2}}}", "{{{1}},{2}}"}) {
    auto r = read_array_literal(text);
    ASSERT_FALSE(r.ok()) << text;
    EXPECT_EQ(r.error().detail,
              "Multidimensional arrays must have sub-arrays with matching dimensions.");
  }
}

TEST(ArrayLiteral, WriterQuotesLikeArrayOut) {
  array_literal a;
  a.lengths = {12};
  a.lower_bounds = {1};
  a.elements = {"", "null", "a b", "x\"y", "c\\d", "{", "}", "a,b", "a\vb", "\f", "(1)", "é"};
  EXPECT_EQ(write_array_literal(a),
            "{\"\",\"null\",\"a b\",\"x\\\"y\",\"c\\\\d\",\"{\",\"}\",\"a,b\",\"a\vb\",\"\f\",(1),é}");
}

TEST(ArrayLiteral, BoxArraysUseSemicolons) {
  EXPECT_EQ(array_delimiter(603), ';');
  EXPECT_EQ(array_delimiter(23), ',');
  auto boxes = read_ok("{(1,2),(0,0);(3,4),(1,1)}", ';');
  EXPECT_EQ(boxes.elements, (std::vector<element>{"(1,2),(0,0)", "(3,4),(1,1)"}));
  EXPECT_EQ(write_array_literal(boxes, ';'), "{(1,2),(0,0);(3,4),(1,1)}");
}

}  // namespace
}  // namespace tributary
