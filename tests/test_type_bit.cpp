// bit / varbit codec: bit_in / varbit_in (with the column's typmod, as COPY and
// logical replication call them), bit_out, bit_recv / varbit_recv and bit_send
// as PostgreSQL 15 does them. Every expected text and error below is what a
// PostgreSQL 15 server printed for the same input.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "stages/types/type_codec.hpp"

namespace tributary {
namespace {

column_type bit_type(int32_t n = -1) { return builtin_column_type(1560, n); }
column_type varbit_type(int32_t n = -1) { return builtin_column_type(1562, n); }

result<sql_value, pg_error> parse(const column_type& type, std::string_view text) {
  return bit_codec().parse_text(type, text, type_settings{});
}

std::string round_trip(const column_type& type, std::string_view text) {
  auto parsed = parse(type, text);
  EXPECT_TRUE(parsed.ok()) << text << ": " << parsed.error().message;
  return parsed ? bit_codec().format_text(type, *parsed, type_settings{}) : std::string{};
}

void expect_error(const result<sql_value, pg_error>& parsed, std::string_view sqlstate,
                  std::string_view message) {
  ASSERT_FALSE(parsed.ok()) << message;
  EXPECT_EQ(parsed.error().sqlstate, sqlstate);
  EXPECT_EQ(parsed.error().message, message);
}

sql_value bits(std::string text) { return sql_value{std::move(text)}; }

TEST(BitType, StoresOneCharacterPerBit) {
  auto parsed = parse(bit_type(8), "00001111");
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(*parsed, bits("00001111"));
  EXPECT_EQ(bit_codec().format_text(bit_type(8), *parsed, type_settings{}), "00001111");
}

TEST(BitType, LeadingZerosMakeADistinctVarbit) {
  EXPECT_EQ(round_trip(varbit_type(), "101"), "101");
  EXPECT_EQ(round_trip(varbit_type(), "0101"), "0101");
}

TEST(BitType, AcceptsABinaryOrHexPrefix) {
  EXPECT_EQ(round_trip(varbit_type(), "b1011"), "1011");
  EXPECT_EQ(round_trip(varbit_type(), "B1011"), "1011");
  EXPECT_EQ(round_trip(varbit_type(), "X1F"), "00011111");
  EXPECT_EQ(round_trip(varbit_type(), "x1f"), "00011111");
  EXPECT_EQ(round_trip(bit_type(8), "xAb"), "10101011");
  EXPECT_EQ(round_trip(bit_type(8), "X1F"), "00011111");
}

TEST(BitType, APrefixAloneOrNothingIsTheEmptyString) {
  EXPECT_EQ(round_trip(varbit_type(), "b"), "");
  EXPECT_EQ(round_trip(varbit_type(), "x"), "");
  EXPECT_EQ(round_trip(varbit_type(), ""), "");
  EXPECT_EQ(round_trip(bit_type(), ""), "");
}

TEST(BitType, RejectsAnyOtherBinaryDigit) {
  expect_error(parse(varbit_type(), "2"), "22P02", "\"2\" is not a valid binary digit");
  expect_error(parse(varbit_type(), "1012"), "22P02", "\"2\" is not a valid binary digit");
  expect_error(parse(varbit_type(), " 101"), "22P02", "\" \" is not a valid binary digit");
  expect_error(parse(varbit_type(), "101 "), "22P02", "\" \" is not a valid binary digit");
  expect_error(parse(varbit_type(), "1x"), "22P02", "\"x\" is not a valid binary digit");
  expect_error(parse(varbit_type(), "\xc3\xa9"), "22P02",
               "\"\xc3\xa9\" is not a valid binary digit");
}

TEST(BitType, RejectsAnyOtherHexDigit) {
  expect_error(parse(varbit_type(), "X1G"), "22P02", "\"G\" is not a valid hexadecimal digit");
  expect_error(parse(varbit_type(), "X\xc3\xa9"), "22P02",
               "\"\xc3\xa9\" is not a valid hexadecimal digit");
}

TEST(BitType, BitLengthMustMatchTheTypmod) {
  // select bit_in('1012', 0, 3); COPY of '1012' into a bit(3) column.
  expect_error(parse(bit_type(8), "101"), "22026", "bit string length 3 does not match type bit(8)");
  expect_error(parse(bit_type(8), "xfff"), "22026",
               "bit string length 12 does not match type bit(8)");
  expect_error(parse(bit_type(1), "10"), "22026", "bit string length 2 does not match type bit(1)");
  expect_error(parse(bit_type(1), ""), "22026", "bit string length 0 does not match type bit(1)");
  EXPECT_EQ(round_trip(bit_type(1), "1"), "1");
}

TEST(BitType, LengthIsCheckedBeforeDigitsAndCountsBytes) {
  expect_error(parse(bit_type(3), "1012"), "22026", "bit string length 4 does not match type bit(3)");
  expect_error(parse(bit_type(2), "\xc3\xa9" "1"), "22026",
               "bit string length 3 does not match type bit(2)");
  expect_error(parse(bit_type(3), "\xc3\xa9" "1"), "22P02",
               "\"\xc3\xa9\" is not a valid binary digit");
  expect_error(parse(varbit_type(3), "1012"), "22001", "bit string too long for type bit varying(3)");
  expect_error(parse(varbit_type(4), "x1G"), "22001", "bit string too long for type bit varying(4)");
}

TEST(BitType, VarbitMayBeShorterThanItsTypmod) {
  EXPECT_EQ(round_trip(varbit_type(3), "101"), "101");
  EXPECT_EQ(round_trip(varbit_type(3), "1"), "1");
  expect_error(parse(varbit_type(3), "1010"), "22001", "bit string too long for type bit varying(3)");
  expect_error(parse(varbit_type(3), "x1"), "22001", "bit string too long for type bit varying(3)");
}

TEST(BitType, BinaryIsBitLengthThenPaddedBytes) {
  // select varbit_send(B'101'), varbit_send(B''), bit_send(B'00001111'::bit(8)),
  //        varbit_send(B'111111111'), varbit_send(B'1000000001'), varbit_send(B'0101')
  const auto send = [](std::string text) {
    return bit_codec().format_binary(varbit_type(), bits(std::move(text)));
  };
  EXPECT_EQ(send("101"), std::string("\0\0\0\x03\xa0", 5));
  EXPECT_EQ(send(""), std::string("\0\0\0\0", 4));
  EXPECT_EQ(bit_codec().format_binary(bit_type(8), bits("00001111")),
            std::string("\0\0\0\x08\x0f", 5));
  EXPECT_EQ(send("111111111"), std::string("\0\0\0\x09\xff\x80", 6));
  EXPECT_EQ(send("1000000001"), std::string("\0\0\0\x0a\x80\x40", 6));
  EXPECT_EQ(send("0101"), std::string("\0\0\0\x04\x50", 5));
}

TEST(BitType, BinaryReceiveZeroesThePadBits) {
  // COPY (format binary) of 00000003 ff into a varbit column stores 111.
  auto received = bit_codec().parse_binary(varbit_type(), std::string_view("\0\0\0\x03\xff", 5));
  ASSERT_TRUE(received.ok());
  EXPECT_EQ(*received, bits("111"));
  received = bit_codec().parse_binary(bit_type(8), std::string_view("\0\0\0\x08\x01", 5));
  ASSERT_TRUE(received.ok());
  EXPECT_EQ(*received, bits("00000001"));
}

TEST(BitType, BinaryReceiveChecksLengthsAndTypmod) {
  // Each as COPY (format binary) reported it.
  expect_error(bit_codec().parse_binary(varbit_type(3), std::string_view("\0\0\0\x04\xff", 5)),
               "22001", "bit string too long for type bit varying(3)");
  expect_error(bit_codec().parse_binary(bit_type(8), std::string_view("\0\0\0\x03\xff", 5)),
               "22026", "bit string length 3 does not match type bit(8)");
  expect_error(bit_codec().parse_binary(varbit_type(), std::string_view("\0\0\0\x09\xff", 5)),
               "08P01", "insufficient data left in message");
  expect_error(bit_codec().parse_binary(varbit_type(), std::string_view("\0\0\x03", 3)),
               "08P01", "insufficient data left in message");
  expect_error(bit_codec().parse_binary(varbit_type(), std::string_view("\0\0\0\x09\xff\xff\xff", 7)),
               "22P03", "incorrect binary data format");
  expect_error(bit_codec().parse_binary(varbit_type(), std::string_view("\xff\xff\xff\xff", 4)),
               "22P03", "invalid length in external bit string");
}

TEST(BitType, StoredTextByteOrderIsPostgresVarbitOrder) {
  // The server's `order by` of these varbit values (700 random ones, and 300
  // bit(12) ones, were also checked): prefixes first, '1' < '10' < '101'.
  const std::vector<std::string_view> server_order = {
      "",         "0",         "00",         "0000000", "00000000", "000000001", "01",
      "0101",     "011",       "1",          "10",      "10000000", "100000000", "1000000001",
      "101",      "1010",      "1011",       "11111111", "111111111"};
  std::vector<std::string> stored;
  for (std::string_view text : {"101", "1", "0101", "", "10", "000000001", "01", "1000000001",
                                "00000000", "0", "11111111", "100000000", "0000000",
                                "111111111", "10000000", "00", "1010", "011", "1011"}) {
    auto parsed = parse(varbit_type(), text);
    ASSERT_TRUE(parsed.ok());
    stored.push_back(std::get<std::string>(*parsed));
  }
  std::sort(stored.begin(), stored.end());
  EXPECT_EQ(std::vector<std::string_view>(stored.begin(), stored.end()), server_order);
}

TEST(BitType, StoredTextByteOrderIsPostgresBitOrder) {
  const std::vector<std::string_view> server_order = {"00000000", "00000001", "00001111",
                                                      "01111111", "10000000", "11110000",
                                                      "11111111"};
  std::vector<std::string> stored(server_order.rbegin(), server_order.rend());
  std::rotate(stored.begin(), stored.begin() + 3, stored.end());
  std::sort(stored.begin(), stored.end());
  EXPECT_EQ(std::vector<std::string_view>(stored.begin(), stored.end()), server_order);
}

}  // namespace
}  // namespace tributary
