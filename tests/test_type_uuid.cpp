// uuid codec: uuid_in / uuid_out / uuid_recv / uuid_send as PostgreSQL 15 does
// them. Every expected text and error below is what a PostgreSQL 15 server
// printed for the same input.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "stages/types/type_codec.hpp"

namespace tributary {
namespace {

const column_type uuid_type = builtin_column_type(2950);
constexpr std::string_view canonical = "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11";

result<sql_value, pg_error> parse(std::string_view text) {
  return uuid_codec().parse_text(uuid_type, text, type_settings{});
}

std::string stored_text(std::string_view text) {
  auto parsed = parse(text);
  EXPECT_TRUE(parsed.ok()) << text;
  return parsed ? std::get<std::string>(*parsed) : std::string{};
}

TEST(UuidType, StoresTheCanonicalLowercaseText) {
  auto parsed = parse("A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11");
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(*parsed, sql_value{std::string(canonical)});
  EXPECT_EQ(uuid_codec().format_text(uuid_type, *parsed, type_settings{}), canonical);
}

TEST(UuidType, AcceptsBracesAndAHyphenAfterAnyGroupOfFour) {
  for (std::string_view text : {"{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}",
                                "a0eebc999c0b4ef8bb6d6bb9bd380a11",
                                "{a0eebc999c0b4ef8bb6d6bb9bd380a11}",
                                "a0ee-bc99-9c0b-4ef8-bb6d-6bb9-bd38-0a11",
                                "a0eebc99-9c0b4ef8-bb6d6bb9-bd380a11"})
    EXPECT_EQ(stored_text(text), canonical) << text;
}

TEST(UuidType, RejectsEveryOtherForm) {
  for (std::string_view text : {"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11-",
                                "a0eebc99--9c0b-4ef8-bb6d-6bb9bd380a11",
                                "a0e-ebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
                                "{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
                                "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}",
                                " a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
                                "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11 ",
                                "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1",
                                "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a111",
                                "-a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
                                "g0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
                                "{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11-}",
                                ""}) {
    auto parsed = parse(text);
    ASSERT_FALSE(parsed.ok()) << text;
    EXPECT_EQ(parsed.error().sqlstate, "22P02");
    EXPECT_EQ(parsed.error().message,
              "invalid input syntax for type uuid: \"" + std::string(text) + "\"");
  }
}

TEST(UuidType, BinaryIsTheSixteenBytes) {
  // select uuid_send('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11') -> \xa0eebc999c0b4ef8bb6d6bb9bd380a11
  const std::string bytes = "\xa0\xee\xbc\x99\x9c\x0b\x4e\xf8\xbb\x6d\x6b\xb9\xbd\x38\x0a\x11";
  EXPECT_EQ(uuid_codec().format_binary(uuid_type, sql_value{std::string(canonical)}), bytes);
  auto received = uuid_codec().parse_binary(uuid_type, bytes);
  ASSERT_TRUE(received.ok());
  EXPECT_EQ(*received, sql_value{std::string(canonical)});
  // select uuid_send('00000000-0000-0000-0000-000000000001')
  EXPECT_EQ(uuid_codec().format_binary(
                uuid_type, sql_value{std::string("00000000-0000-0000-0000-000000000001")}),
            std::string("\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\x01", 16));
}

TEST(UuidType, BinaryOfTheWrongLengthIsAnError) {
  // COPY ... (format binary) of a 2-byte and a 17-byte uuid field.
  auto short_value = uuid_codec().parse_binary(uuid_type, std::string_view("\x00\x01", 2));
  ASSERT_FALSE(short_value.ok());
  EXPECT_EQ(short_value.error().sqlstate, "08P01");
  EXPECT_EQ(short_value.error().message, "insufficient data left in message");
  auto long_value = uuid_codec().parse_binary(uuid_type, std::string(17, '\x01'));
  ASSERT_FALSE(long_value.ok());
  EXPECT_EQ(long_value.error().sqlstate, "22P03");
  EXPECT_EQ(long_value.error().message, "incorrect binary data format");
}

TEST(UuidType, StoredTextByteOrderIsPostgresOrder) {
  // This list, shuffled, in the order `select v from (values ...) t(v) order by v`
  // returned it (500 random uuids were also checked against the server).
  const std::vector<std::string_view> server_order = {
      "00000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-000000000001",
      "00000000-0000-0000-0000-000000000100", "0000ffff-0000-0000-0000-000000000000",
      "7fffffff-ffff-ffff-ffff-ffffffffffff", "80000000-0000-0000-0000-000000000000",
      "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a12",
      "a0eebc99-9c0c-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-fffffffffffe",
      "ffffffff-ffff-ffff-ffff-ffffffffffff"};
  std::vector<std::string> stored;
  for (std::string_view text : {"FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
                                "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a12",
                                "{00000000000000000000000000000100}",
                                "80000000-0000-0000-0000-000000000000",
                                "a0eebc99-9c0c-0000-0000-000000000000",
                                "00000000-0000-0000-0000-000000000001",
                                "7FFFFFFF-ffff-ffff-ffff-ffffffffffff",
                                "A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11",
                                "0000ffff-0000-0000-0000-000000000000",
                                "ffffffff-ffff-ffff-ffff-fffffffffffe",
                                "00000000-0000-0000-0000-000000000000"})
    stored.push_back(stored_text(text));
  std::sort(stored.begin(), stored.end());
  EXPECT_EQ(std::vector<std::string_view>(stored.begin(), stored.end()), server_order);
}

TEST(UuidType, AnotherToolsTextIsPrintedAsItIs) {
  EXPECT_EQ(uuid_codec().format_text(uuid_type, sql_value{std::string("not a uuid")},
                                     type_settings{}),
            "not a uuid");
  // Its binary form is its hex digits, zero-filled.
  EXPECT_EQ(uuid_codec().format_binary(uuid_type, sql_value{std::string("ab")}),
            std::string("\xab") + std::string(15, '\0'));
}

}  // namespace
}  // namespace tributary
