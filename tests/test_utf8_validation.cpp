// Specification of utf8_validation: which client bytes PostgreSQL 15 refuses as
// UTF8 and how report_invalid_encoding names them. Every expected message was
// taken from PostgreSQL 15 answering a Query with the same bytes.
#include <gtest/gtest.h>

#include "stages/core/utf8_validation.hpp"

namespace tributary {
namespace {

std::string message_for(std::string_view text) {
  auto r = check_utf8(text);
  if (r)
    return "ok";
  EXPECT_EQ(r.error().sqlstate, "22021");
  return r.error().message;
}

const std::string prefix = "invalid byte sequence for encoding \"UTF8\": ";

TEST(Utf8Validation, ValidTextOfEveryLengthPasses) {
  EXPECT_EQ(message_for("SELECT 'plain ascii'"), "ok");
  EXPECT_EQ(message_for("SELECT 'Gr\xc3\xbc\xc3\x9f \xe2\x82\xac \xf0\x9f\x98\x80'"), "ok");
  EXPECT_EQ(message_for("\xf4\x8f\xbf\xbf"), "ok");  // U+10FFFF, the last code point
  EXPECT_EQ(message_for(""), "ok");
}

TEST(Utf8Validation, AStrayByteIsNamedAlone) {
  EXPECT_EQ(message_for("SELECT 'a\xff'"), prefix + "0xff");
  EXPECT_EQ(message_for("\x80"), prefix + "0x80");
}

TEST(Utf8Validation, ABadSequenceShowsAsManyBytesAsItsLeadAnnounces) {
  EXPECT_EQ(message_for("SELECT '\xc3('"), prefix + "0xc3 0x28");
  EXPECT_EQ(message_for("SELECT 'x\xe2\x82'"), prefix + "0xe2 0x82 0x27");
  EXPECT_EQ(message_for("SELECT '\xf0\x9f\x98'"), prefix + "0xf0 0x9f 0x98 0x27");
}

TEST(Utf8Validation, ATruncatedSequenceAtTheEndShowsWhatIsLeft) {
  EXPECT_EQ(message_for("SELECT '\xe2\x82"), prefix + "0xe2 0x82");
}

TEST(Utf8Validation, OverlongSurrogateAndOutOfRangeFormsAreRefused) {
  EXPECT_EQ(message_for("SELECT '\xc0\xaf'"), prefix + "0xc0 0xaf");
  EXPECT_EQ(message_for("SELECT '\xe0\x80\x80'"), prefix + "0xe0 0x80 0x80");
  EXPECT_EQ(message_for("SELECT '\xed\xa0\x80'"), prefix + "0xed 0xa0 0x80");
  EXPECT_EQ(message_for("SELECT '\xf4\x90\x80\x80'"), prefix + "0xf4 0x90 0x80 0x80");
}

TEST(Utf8Validation, ANulByteIsInvalidInClientText) {
  EXPECT_EQ(message_for(std::string_view("a\0b", 3)), prefix + "0x00");
}

TEST(Utf8Validation, FirstInvalidPointsAtTheStartOfTheBadSequence) {
  EXPECT_EQ(first_invalid_utf8("ab\xc3\xa9z"), 5u);
  EXPECT_EQ(first_invalid_utf8("ab\xc3z"), 2u);
  EXPECT_EQ(utf8_sequence_length(0xf0), 4u);
  EXPECT_EQ(utf8_sequence_length(0xff), 1u);
}

}  // namespace
}  // namespace tributary
