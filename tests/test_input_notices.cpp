// input_notices: the NOTICEs of the types' input functions, as PostgreSQL 15 sends
// them (checked with psql).
#include <gtest/gtest.h>

#include "stages/types/input_notices.hpp"

namespace tributary {
namespace {

std::vector<std::string> messages(oid_t oid, std::string_view text) {
  std::vector<std::string> out;
  for (const pg_error& notice : text_input_notices(builtin_column_type(oid), text)) {
    EXPECT_EQ(notice.severity, "NOTICE");
    EXPECT_EQ(notice.sqlstate, "00000");
    out.push_back(notice.message);
  }
  return out;
}

TEST(InputNotices, ATsqueryWithoutLexemesIsANotice) {
  EXPECT_EQ(messages(3615, ""), std::vector<std::string>{"text-search query doesn't contain lexemes: \"\""});
  EXPECT_EQ(messages(3615, " \t"), std::vector<std::string>{"text-search query doesn't contain lexemes: \" \t\""});
  EXPECT_TRUE(messages(3615, "a & b").empty());
  EXPECT_TRUE(messages(3615, "!").empty()) << "an input error, no notice";
  EXPECT_TRUE(messages(25, "").empty()) << "text";
}

TEST(InputNotices, EachEmptyElementOfATsqueryArrayIsANotice) {
  EXPECT_EQ(messages(3645, "{\"\", \" \",a,NULL}"),
            (std::vector<std::string>{"text-search query doesn't contain lexemes: \"\"",
                                      "text-search query doesn't contain lexemes: \" \""}));
  EXPECT_TRUE(messages(3645, "{").empty()) << "a malformed array: its error, no notice";
}

}  // namespace
}  // namespace tributary
