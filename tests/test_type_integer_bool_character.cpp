// The integer, boolean and character families of the type layer: input with
// PostgreSQL 15's rules and errors, stored forms, output and binary formats.
#include <gtest/gtest.h>

#include "stages/types/stored_order.hpp"
#include "stages/types/type_codec.hpp"

namespace tributary {
namespace {

const type_settings settings;

sql_value parse(const type_codec& codec, column_type type, std::string_view text) {
  auto v = codec.parse_text(type, text, settings);
  EXPECT_TRUE(v.ok()) << text << ": " << (v.ok() ? "" : v.error().message);
  return v.ok() ? *v : sql_value{};
}

pg_error parse_error(const type_codec& codec, column_type type, std::string_view text) {
  auto v = codec.parse_text(type, text, settings);
  EXPECT_FALSE(v.ok()) << text;
  return v.ok() ? pg_error{} : v.error();
}

TEST(IntegerType, ReadsDecimalWithSignAndSurroundingSpaces) {
  EXPECT_EQ(parse(integer_codec(), builtin_column_type(23), " -42 "), sql_value{int64_t{-42}});
  EXPECT_EQ(parse(integer_codec(), builtin_column_type(23), "+7"), sql_value{int64_t{7}});
  EXPECT_EQ(parse(integer_codec(), builtin_column_type(20), "-9223372036854775808"),
            sql_value{INT64_MIN});
}

TEST(IntegerType, OutOfRangeIs22003WithPostgresWording) {
  auto e = parse_error(integer_codec(), builtin_column_type(23), "3000000000");
  EXPECT_EQ(e.sqlstate, "22003");
  EXPECT_EQ(e.message, "value \"3000000000\" is out of range for type integer");
  EXPECT_EQ(parse_error(integer_codec(), builtin_column_type(21), "32768").message,
            "value \"32768\" is out of range for type smallint");
  EXPECT_EQ(parse_error(integer_codec(), builtin_column_type(20), "9223372036854775808").sqlstate,
            "22003");
}

TEST(IntegerType, GarbageIs22P02) {
  for (const char* text : {"abc", "", "1.5", "12a", "- 1"}) {
    auto e = parse_error(integer_codec(), builtin_column_type(23), text);
    EXPECT_EQ(e.sqlstate, "22P02") << text;
    EXPECT_EQ(e.message, "invalid input syntax for type integer: \"" + std::string(text) + "\"");
  }
}

TEST(IntegerType, OidWrapsNegativeInput) {
  EXPECT_EQ(parse(integer_codec(), builtin_column_type(26), "-1"), sql_value{int64_t{4294967295}});
  EXPECT_EQ(parse_error(integer_codec(), builtin_column_type(26), "4294967296").sqlstate, "22003");
}

TEST(IntegerType, BinaryIsBigEndianOfTheTypesWidth) {
  const auto& c = integer_codec();
  EXPECT_EQ(c.format_binary(builtin_column_type(23), sql_value{int64_t{-2}}),
            std::string("\xff\xff\xff\xfe", 4));
  EXPECT_EQ(*c.parse_binary(builtin_column_type(21), std::string("\xff\xfe", 2)),
            sql_value{int64_t{-2}});
  EXPECT_EQ(*c.parse_binary(builtin_column_type(26), std::string("\xff\xff\xff\xff", 4)),
            sql_value{int64_t{4294967295}});
  EXPECT_EQ(c.parse_binary(builtin_column_type(23), std::string("\0\0", 2)).error().sqlstate,
            "22P03");
}

TEST(BoolType, AcceptsBoolinSpellingsAndStoresOneOrZero) {
  for (const char* t : {"t", "TRUE", "tr", "y", "yes", "on", "1", " true "})
    EXPECT_EQ(parse(bool_codec(), builtin_column_type(16), t), sql_value{int64_t{1}}) << t;
  for (const char* f : {"f", "false", "n", "no", "off", "of", "0"})
    EXPECT_EQ(parse(bool_codec(), builtin_column_type(16), f), sql_value{int64_t{0}}) << f;
}

TEST(BoolType, RejectsOtherWordsWith22P02) {
  for (const char* text : {"o", "2", "yess", "", "nope"}) {
    auto e = parse_error(bool_codec(), builtin_column_type(16), text);
    EXPECT_EQ(e.sqlstate, "22P02");
    EXPECT_EQ(e.message, "invalid input syntax for type boolean: \"" + std::string(text) + "\"");
  }
}

TEST(BoolType, PrintsTOrF) {
  EXPECT_EQ(bool_codec().format_text(builtin_column_type(16), sql_value{int64_t{1}}, settings), "t");
  EXPECT_EQ(bool_codec().format_text(builtin_column_type(16), sql_value{int64_t{0}}, settings), "f");
  EXPECT_EQ(bool_codec().format_binary(builtin_column_type(16), sql_value{int64_t{1}}),
            std::string(1, '\1'));
}

TEST(CharacterType, VarcharRejectsTooLongUnlessTheExcessIsSpaces) {
  const column_type varchar3 = builtin_column_type(1043, 3 + 4);
  EXPECT_EQ(parse(character_codec(), varchar3, "abc  "), sql_value{std::string("abc")});
  auto e = parse_error(character_codec(), varchar3, "abcd");
  EXPECT_EQ(e.sqlstate, "22001");
  EXPECT_EQ(e.message, "value too long for type character varying(3)");
  // Characters, not bytes.
  EXPECT_EQ(parse(character_codec(), varchar3, "äöü"), sql_value{std::string("äöü")});
}

TEST(CharacterType, BpcharIsPaddedAndComparedWithoutTrailingSpaces) {
  const column_type char4 = builtin_column_type(1042, 4 + 4);
  EXPECT_EQ(parse(character_codec(), char4, "ab"), sql_value{std::string("ab  ")});
  EXPECT_EQ(parse_error(character_codec(), char4, "abcde").message,
            "value too long for type character(4)");
  EXPECT_EQ(compare_stored_bpchar("a  ", "a"), 0);
  EXPECT_LT(compare_stored_bpchar("a", "a b"), 0);
}

TEST(CharacterType, NameIsCutAt63BytesOnACharacterBoundary) {
  const std::string long_name(70, 'x');
  EXPECT_EQ(parse(character_codec(), builtin_column_type(19), long_name),
            sql_value{std::string(63, 'x')});
}

TEST(CharacterType, QuotedCharKeepsOneByteAndPrintsHighBytesInOctal) {
  const column_type ch = builtin_column_type(18);
  EXPECT_EQ(parse(character_codec(), ch, "abc"), sql_value{std::string("a")});
  const sql_value high = parse(character_codec(), ch, "\\377");
  EXPECT_EQ(character_codec().format_text(ch, high, settings), "\\377");
  EXPECT_EQ(character_codec().format_text(ch, parse(character_codec(), ch, ""), settings), "");
}

TEST(CharacterType, TextIsKeptVerbatim) {
  EXPECT_EQ(parse(character_codec(), builtin_column_type(25), "  x\ty  "),
            sql_value{std::string("  x\ty  ")});
  EXPECT_EQ(parse(character_codec(), builtin_column_type(114), "{\"a\": 123.4500}"),
            sql_value{std::string("{\"a\": 123.4500}")});
}

}  // namespace
}  // namespace tributary
