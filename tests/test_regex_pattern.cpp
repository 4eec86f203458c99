// regex_pattern: PostgreSQL's regular expressions become the ECMAScript patterns that
// match the same characters.
#include <gtest/gtest.h>

#include "stages/sql/regex_pattern.hpp"

namespace tributary {
namespace {

std::string pattern(const char* postgres, const char* flags = "") {
  auto options = read_regex_flags(flags);
  EXPECT_TRUE(options.ok()) << flags;
  return narrow(ecmascript_pattern(widen(postgres), options.ok() ? *options : regex_options{}));
}

bool matches(const char* text, const char* postgres, const char* flags = "") {
  return std::regex_search(widen(text), std::wregex(widen(pattern(postgres, flags)), std::wregex::ECMAScript));
}

TEST(RegexPattern, TextAndPatternsAreCharacters) {
  EXPECT_EQ(narrow(widen("héllo 日本")), "héllo 日本");
  EXPECT_EQ(widen("é").size(), 1u);
  EXPECT_TRUE(matches("wör", "^w.r$"));
}

TEST(RegexPattern, DotMatchesANewlineUnlessNewlineSensitive) {
  EXPECT_EQ(pattern("a.b"), "a[\\s\\S]b");
  EXPECT_EQ(pattern("a.b", "n"), "a[^\\n]b");
  EXPECT_EQ(pattern("a\\.b[.]"), "a\\.b[.]");
  EXPECT_EQ(pattern("[^a]", "n"), "[^\\na]");
  EXPECT_TRUE(matches("a\nb", "a.b"));
  EXPECT_FALSE(matches("a\nb", "a.b", "n"));
}

TEST(RegexPattern, ALeadingBracketIsALiteral) {
  EXPECT_EQ(pattern("[]a]"), "[\\]a]");
  EXPECT_TRUE(matches("]", "^[]]$"));
  EXPECT_FALSE(matches("]", "^[^]a]$"));
}

TEST(RegexPattern, ExpandedAndQuotedForms) {
  EXPECT_EQ(pattern("a b # comment\nc", "x"), "abc");
  EXPECT_EQ(pattern("[ ] \\ x", "x"), "[ ]\\ x");
  EXPECT_EQ(pattern("a+b.", "q"), "a\\+b\\.");
}

TEST(RegexPattern, FlagsAreReadAsPostgresReadsThem) {
  auto o = read_regex_flags("gicnx");
  ASSERT_TRUE(o.ok());
  EXPECT_TRUE(o->global);
  EXPECT_FALSE(o->fold);  // c after i
  EXPECT_TRUE(o->newline_dot);
  EXPECT_TRUE(o->newline_anchors);
  EXPECT_TRUE(o->expanded);
  EXPECT_EQ(read_regex_flags("z").error().message, "invalid regular expression option: \"z\"");
  EXPECT_EQ(read_regex_flags("z").error().sqlstate, "22023");
  EXPECT_EQ(read_regex_flags("qb")->flavor, regex_flavor::basic);
  EXPECT_FALSE(read_regex_flags("qb")->quoted);  // the last of q, b, e wins
  EXPECT_TRUE(read_regex_flags("eq")->quoted);
}

TEST(RegexPattern, PartialNewlineSensitivityIsHalfOfN) {
  EXPECT_TRUE(read_regex_flags("p")->newline_dot);
  EXPECT_FALSE(read_regex_flags("p")->newline_anchors);
  EXPECT_FALSE(read_regex_flags("w")->newline_dot);
  EXPECT_TRUE(read_regex_flags("w")->newline_anchors);
  EXPECT_FALSE(read_regex_flags("ns")->newline_dot);
  EXPECT_EQ(pattern("a.b", "p"), "a[^\\n]b");
  EXPECT_EQ(pattern("a.b", "w"), "a[\\s\\S]b");
}

TEST(RegexPattern, BasicSyntaxGroupsWithBackslashedParentheses) {
  EXPECT_EQ(pattern("a+b", "b"), "a\\+b");
  EXPECT_EQ(pattern("\\(ab\\)*", "b"), "(ab)*");
  EXPECT_EQ(pattern("(a|b){2}?", "b"), "\\(a\\|b\\)\\{2\\}\\?");
  EXPECT_EQ(pattern("a\\{2\\}", "b"), "a{2}");
  EXPECT_EQ(pattern("*a*", "b"), "\\*a*");
  EXPECT_EQ(pattern("^*a", "b"), "^\\*a");
  EXPECT_EQ(pattern("a^b$c$", "b"), "a\\^b\\$c$");
  EXPECT_EQ(pattern("[+(]x", "b"), "[+(]x");
  EXPECT_EQ(pattern("a.c\\.", "b"), "a[\\s\\S]c\\.");
  EXPECT_TRUE(matches("x(a|b)", "(a|b)", "b"));
  EXPECT_FALSE(matches("a", "(a|b)", "b"));
}

TEST(RegexPattern, FlagEIsReadAsBasicAsPostgres15ReadsIt) {
  EXPECT_EQ(pattern("b+", "e"), "b\\+");
  EXPECT_EQ(pattern("\\(b\\)", "e"), "(b)");
  EXPECT_FALSE(matches("abc", "b|c", "e"));
}

}  // namespace
}  // namespace tributary
