#include <gtest/gtest.h>

#include "stages/core/pg_text_array.hpp"

using namespace tributary;
using strings = std::vector<std::string>;

TEST(PgTextArray, ParsesPlainAndQuotedElements) {
  EXPECT_EQ(parse_text_array("{}"), strings{});
  EXPECT_EQ(parse_text_array("{a,b}"), (strings{"a", "b"}));
  EXPECT_EQ(parse_text_array(R"({"c d","e,f","g\"h","i\\j",""})"),
            (strings{"c d", "e,f", "g\"h", "i\\j", ""}));
}

TEST(PgTextArray, RejectsMalformedText) {
  for (auto bad : {"", "{", "a,b", "{a,,b}", "{\"a}", "{a,NULL}", "{a\"b}", "{a}x"})
    EXPECT_FALSE(parse_text_array(bad).has_value()) << bad;
}

TEST(PgTextArray, FormatQuotesOnlyWhatNeedsIt) {
  EXPECT_EQ(format_text_array({}), "{}");
  EXPECT_EQ(format_text_array({"pub_a", "pub_b"}), "{pub_a,pub_b}");
  EXPECT_EQ(format_text_array({"Pub A", "x\"y", "", "NULL"}), R"({"Pub A","x\"y","","NULL"})");
}

TEST(PgTextArray, FormatThenParseRoundTrips) {
  strings xs{"a", "b c", "d,e", "f\\g", "{h}"};
  EXPECT_EQ(parse_text_array(format_text_array(xs)), xs);
}
