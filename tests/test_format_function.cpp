// format_text: format() as PostgreSQL 15 answers it (expected values read from
// PostgreSQL's format() over the same arguments).
#include <gtest/gtest.h>

#include "stages/sql/format_function.hpp"

namespace tributary {
namespace {

using args = std::vector<std::optional<std::string>>;

std::string formatted(const std::string& format, const args& a) {
  auto r = format_text(format, a);
  EXPECT_TRUE(r) << (r ? "" : r.error().message);
  return r ? *r : "";
}

TEST(FormatFunction, SpecifiersQuoteAsQuoteIdentAndQuoteLiteral) {
  EXPECT_EQ(formatted("Hello %s, %I, %L", {"world", "My Col", "it's"}), "Hello world, \"My Col\", 'it''s'");
  EXPECT_EQ(formatted("%I.%I", {"public", "select"}), "public.\"select\"");
  EXPECT_EQ(formatted("%s|%L", {std::nullopt, std::nullopt}), "|NULL");
  EXPECT_EQ(formatted("%L", {"a\\b"}), "E'a\\\\b'");
  EXPECT_EQ(formatted("100%%", {}), "100%");
}

TEST(FormatFunction, PositionsAndWidths) {
  EXPECT_EQ(formatted("%3$s %1$s", {"a", "b", "c"}), "c a");
  EXPECT_EQ(formatted("%1$s %s %1$s", {"a", "b"}), "a b a");  // the argument after the last used
  EXPECT_FALSE(format_text("%2$s %s", {"a", "b"}));             // after $2 comes $3: too few
}

TEST(FormatFunction, WidthsPadInCharacters) {
  EXPECT_EQ(formatted("|%5s|%-5s|", {"ab", "ab"}), "|   ab|ab   |");
  EXPECT_EQ(formatted("|%*s|%-*s|", {"4", "x", "4", "y"}), "|   x|y   |");
  EXPECT_EQ(formatted("|%*s|", {"-3", "z"}), "|z  |");
  EXPECT_EQ(formatted("|%3s|", {"é"}), "|  é|");
}

TEST(FormatFunction, ErrorsAreThoseOfPostgreSQL) {
  auto few = format_text("%s", {});
  ASSERT_FALSE(few);
  EXPECT_EQ(few.error().sqlstate, "22023");
  EXPECT_EQ(few.error().message, "too few arguments for format()");
  auto unknown = format_text("%x", {"1"});
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().message, "unrecognized format() type specifier \"x\"");
  EXPECT_EQ(unknown.error().hint, "For a single \"%\" use \"%%\".");
  EXPECT_EQ(format_text("abc %", {}).error().message, "unterminated format() type specifier");
  EXPECT_EQ(format_text("%I", {std::nullopt}).error().sqlstate, "22004");
  EXPECT_EQ(format_text("%0$s", {"a"}).error().message,
            "format specifies argument 0, but arguments are numbered from 1");
}

}  // namespace
}  // namespace tributary
