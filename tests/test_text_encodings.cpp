// text_encodings: convert_to / convert_from / convert between UTF8, LATIN1 and
// SQL_ASCII, with PostgreSQL 15's names and errors.
#include <gtest/gtest.h>

#include "stages/core/text_encodings.hpp"

namespace tributary {
namespace {

named_encoding named(const char* name) {
  auto e = find_encoding(name);
  EXPECT_TRUE(e.has_value()) << name;
  return e.value_or(named_encoding{text_encoding::unsupported, ""});
}

TEST(TextEncodings, NamesAreReadAsPgCharToEncodingReadsThem) {
  EXPECT_EQ(named("utf-8").name, "UTF8");
  EXPECT_EQ(named("Unicode").encoding, text_encoding::utf8);
  EXPECT_EQ(named("ISO_8859_1").name, "LATIN1");
  EXPECT_EQ(named("sql_ascii").encoding, text_encoding::sql_ascii);
  EXPECT_EQ(named("win1252").encoding, text_encoding::unsupported);
  EXPECT_EQ(named("EUC-JP").name, "EUC_JP");
  EXPECT_FALSE(find_encoding("nosuch").has_value());
  EXPECT_FALSE(find_encoding("").has_value());
}

TEST(TextEncodings, Latin1AndUtf8ConvertBothWays) {
  EXPECT_EQ(*convert_encoding("h\xc3\xa9llo", named("UTF8"), named("LATIN1")), "h\xe9llo");
  EXPECT_EQ(*convert_encoding("h\xe9llo", named("LATIN1"), named("UTF8")), "h\xc3\xa9llo");
  EXPECT_EQ(*convert_encoding("\xff", named("LATIN1"), named("UTF8")), "\xc3\xbf");
  EXPECT_EQ(*convert_encoding("abc", named("UTF8"), named("UTF8")), "abc");
  EXPECT_EQ(*convert_encoding("h\xc3\xa9", named("UTF8"), named("SQL_ASCII")), "h\xc3\xa9");
}

TEST(TextEncodings, ACharacterLatin1LacksIs22P05) {
  auto r = convert_encoding("a\xe6\x97\xa5", named("UTF8"), named("LATIN1"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().sqlstate, "22P05");
  EXPECT_EQ(r.error().message,
            "character with byte sequence 0xe6 0x97 0xa5 in encoding \"UTF8\" has no equivalent in encoding \"LATIN1\"");
}

TEST(TextEncodings, AnInvalidSourceIs22021) {
  auto bad_utf8 = convert_encoding("a\xff", named("UTF8"), named("LATIN1"));
  ASSERT_FALSE(bad_utf8.ok());
  EXPECT_EQ(bad_utf8.error().sqlstate, "22021");
  EXPECT_EQ(bad_utf8.error().message, "invalid byte sequence for encoding \"UTF8\": 0xff");
  auto nul = convert_encoding(std::string_view("a\0b", 3), named("LATIN1"), named("UTF8"));
  ASSERT_FALSE(nul.ok());
  EXPECT_EQ(nul.error().message, "invalid byte sequence for encoding \"LATIN1\": 0x00");
}

}  // namespace
}  // namespace tributary
