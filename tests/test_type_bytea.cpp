// bytea codec: byteain / byteaout / bytearecv / byteasend as PostgreSQL 15 does
// them. Every expected text and error below is what a PostgreSQL 15 server
// printed for the same input.
#include <gtest/gtest.h>

#include "stages/types/type_codec.hpp"

namespace tributary {
namespace {

const column_type bytea_type = builtin_column_type(17);

sql_value blob(std::string bytes) { return sql_value{sql_blob{std::move(bytes)}}; }

result<sql_value, pg_error> parse(std::string_view text) {
  return bytea_codec().parse_text(bytea_type, text, type_settings{});
}

std::string as_hex(const sql_value& stored) {
  return bytea_codec().format_text(bytea_type, stored, type_settings{});
}

std::string as_escape(const sql_value& stored) {
  type_settings settings;
  settings.bytea_output_hex = false;
  return bytea_codec().format_text(bytea_type, stored, settings);
}

// Parses and prints in hex, as `select '<text>'::bytea` does.
std::string round_trip(std::string_view text) {
  auto parsed = parse(text);
  EXPECT_TRUE(parsed.ok()) << text << ": " << parsed.error().message;
  return parsed ? as_hex(*parsed) : std::string{};
}

void expect_error(std::string_view text, std::string_view sqlstate, std::string_view message) {
  auto parsed = parse(text);
  ASSERT_FALSE(parsed.ok()) << text;
  EXPECT_EQ(parsed.error().sqlstate, sqlstate) << text;
  EXPECT_EQ(parsed.error().message, message) << text;
}

TEST(ByteaType, HexInputIsStoredAsTheBytes) {
  auto parsed = parse("\\xDEad");
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(*parsed, blob("\xde\xad"));
}

TEST(ByteaType, HexInputTakesEitherCaseAndPrintsLowercase) {
  EXPECT_EQ(round_trip("\\xDEad"), "\\xdead");
  EXPECT_EQ(round_trip("\\x"), "\\x");
}

TEST(ByteaType, HexInputAllowsWhitespaceBetweenPairs) {
  EXPECT_EQ(round_trip("\\x de ad "), "\\xdead");
  EXPECT_EQ(round_trip("\\x\t41\n42\r 43"), "\\x414243");
  EXPECT_EQ(round_trip("\\x41 "), "\\x41");
}

TEST(ByteaType, HexInputRejectsWhitespaceInsideAPair) {
  expect_error("\\xd e", "22023", "invalid hexadecimal digit: \" \"");
  expect_error("\\x 41 4 2", "22023", "invalid hexadecimal digit: \" \"");
}

TEST(ByteaType, HexInputRejectsNonHexDigits) {
  expect_error("\\xdg", "22023", "invalid hexadecimal digit: \"g\"");
  expect_error("\\x\v41", "22023", "invalid hexadecimal digit: \"\v\"");
  expect_error("\\x\f41", "22023", "invalid hexadecimal digit: \"\f\"");
  expect_error("\\x41\\x42", "22023", "invalid hexadecimal digit: \"\\\"");
}

TEST(ByteaType, HexInputNamesTheWholeMultibyteCharacter) {
  expect_error("\\x\xc3\xa9", "22023", "invalid hexadecimal digit: \"\xc3\xa9\"");
  expect_error("\\x4\xc3\xa9", "22023", "invalid hexadecimal digit: \"\xc3\xa9\"");
}

TEST(ByteaType, HexInputRejectsAnOddNumberOfDigits) {
  expect_error("\\xded", "22023", "invalid hexadecimal data: odd number of digits");
  expect_error("\\x4", "22023", "invalid hexadecimal data: odd number of digits");
}

TEST(ByteaType, OnlyLowercaseXStartsHex) {
  expect_error("\\Xdead", "22P02", "invalid input syntax for type bytea");
  // Not at the start: escape format, where \x is not an escape.
  expect_error(" \\x41", "22P02", "invalid input syntax for type bytea");
}

TEST(ByteaType, EscapeInputReadsBackslashesAndOctal) {
  EXPECT_EQ(round_trip("a\\\\b\\101\\001\\377"), "\\x615c624101ff");
  EXPECT_EQ(round_trip("\\\\"), "\\x5c");
  EXPECT_EQ(round_trip("\\\\\\\\"), "\\x5c5c");
  EXPECT_EQ(round_trip("a\\000b"), "\\x610062");
  EXPECT_EQ(round_trip("\\3770"), "\\xff30");
  EXPECT_EQ(round_trip("\\\\x41"), "\\x5c783431");
  EXPECT_EQ(round_trip("\xc3\xa9"), "\\xc3a9");
  EXPECT_EQ(round_trip(""), "\\x");
}

TEST(ByteaType, EscapeInputRejectsAnyOtherBackslash) {
  for (std::string_view text : {"a\\b", "ab\\", "\\400", "\\08", "\\1", "\\377\\1", "abc\\"})
    expect_error(text, "22P02", "invalid input syntax for type bytea");
}

TEST(ByteaType, EscapeOutputEscapesBackslashAndNonPrintableBytes) {
  EXPECT_EQ(as_escape(blob(std::string("\x00\x01\x5c\x7f\x80\xff\x20\x7e\x41\x27\x5c\x5c\x0a\x1f", 14))),
            "\\000\\001\\\\\\177\\200\\377 ~A'\\\\\\\\\\012\\037");
  EXPECT_EQ(as_escape(blob("")), "");
  EXPECT_EQ(as_escape(blob("\xc3\xa9")), "\\303\\251");
}

TEST(ByteaType, EscapeOutputReadsBackAsTheSameBytes) {
  std::string every_byte;
  for (int i = 0; i < 256; ++i)
    every_byte += static_cast<char>(i);
  auto parsed = parse(as_escape(blob(every_byte)));
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(*parsed, blob(every_byte));
}

TEST(ByteaType, BinaryIsTheRawBytesBothWays) {
  // select byteasend('\xdead'::bytea), byteasend(''::bytea) -> \xdead | \x
  auto received = bytea_codec().parse_binary(bytea_type, std::string_view("\xde\x00\xad", 3));
  ASSERT_TRUE(received.ok());
  EXPECT_EQ(*received, blob(std::string("\xde\x00\xad", 3)));
  EXPECT_EQ(bytea_codec().format_binary(bytea_type, blob("\xde\xad")), "\xde\xad");
  EXPECT_EQ(bytea_codec().format_binary(bytea_type, blob("")), "");
}

TEST(ByteaType, AnotherToolsTextIsPrintedAsItsBytes) {
  EXPECT_EQ(as_hex(sql_value{std::string("AB")}), "\\x4142");
  EXPECT_EQ(as_hex(sql_value{int64_t{12}}), "\\x3132");
}

}  // namespace
}  // namespace tributary
