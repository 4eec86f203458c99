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
  EXPECT_TRUE(o->newline);
  EXPECT_TRUE(o->expanded);
  EXPECT_EQ(read_regex_flags("z").error().message, "invalid regular expression option: \"z\"");
  EXPECT_EQ(read_regex_flags("z").error().sqlstate, "22023");
  EXPECT_EQ(read_regex_flags("p").error().sqlstate, "0A000");
}

}  // namespace
}  // namespace tributary
