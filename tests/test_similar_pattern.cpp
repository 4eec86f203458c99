// similar_to_regex: SIMILAR TO's pattern becomes the regular expression PostgreSQL's
// similar_to_escape makes of it (the results below are PostgreSQL 15's
// similar_to_escape(pattern [, escape]) output).
#include <gtest/gtest.h>

#include "stages/sql/similar_pattern.hpp"

namespace tributary {
namespace {

std::string regex_of(const std::string& pattern, std::optional<std::string> escape = std::nullopt) {
  auto r = similar_to_regex(pattern, escape);
  EXPECT_TRUE(r) << (r ? "" : r.error().message);
  return r ? *r : "";
}

TEST(SimilarPattern, WildcardsBecomeRegexAndTheWholeStringIsAnchored) {
  EXPECT_EQ(regex_of("a%"), "^(?:a.*)$");
  EXPECT_EQ(regex_of("_b_"), "^(?:.b.)$");
  EXPECT_EQ(regex_of("(b|c)%"), "^(?:(?:b|c).*)$");
  EXPECT_EQ(regex_of("a.b^c$"), "^(?:a\\.b\\^c\\$)$");
}

TEST(SimilarPattern, EscapeMakesTheNextCharacterLiteral) {
  EXPECT_EQ(regex_of("100\\%"), "^(?:100\\%)$");
  EXPECT_EQ(regex_of("a#_b", std::string("#")), "^(?:a\\_b)$");
  EXPECT_EQ(regex_of("a\\b", std::string("")), "^(?:a\\\\b)$");  // no escape: a backslash is literal
}

TEST(SimilarPattern, BracketClassesPassThrough) {
  EXPECT_EQ(regex_of("[a-c%_]x"), "^(?:[a-c%_]x)$");
}

TEST(SimilarPattern, EscapeDoubleQuotesSplitThePattern) {
  EXPECT_EQ(regex_of("a\\\"b\\\"c"), "^(?:a){1,1}?(b){1,1}(?:c)$");
  auto third = similar_to_regex("a\\\"b\\\"c\\\"d", std::nullopt);
  ASSERT_FALSE(third);
  EXPECT_EQ(third.error().sqlstate, "2200B");
}

TEST(SimilarPattern, LongEscapeIsInvalid) {
  auto r = similar_to_regex("a", std::string("##"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().sqlstate, "22025");
  EXPECT_EQ(r.error().message, "invalid escape string");
  EXPECT_EQ(r.error().hint, "Escape string must be empty or one character.");
}

}  // namespace
}  // namespace tributary
