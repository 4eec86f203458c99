// record_text: record_in's reading of a composite literal, each case checked on
// PostgreSQL 15 with a type (a int, b text).
#include <gtest/gtest.h>

#include "stages/types/type_codec.hpp"
#include "stages/types/verbatim/record_order.hpp"
#include "stages/types/verbatim/record_text.hpp"

namespace tributary {
namespace {

using fields = std::vector<std::optional<std::string>>;

fields read_ok(std::string_view text, size_t columns = 2) {
  auto read = read_record_literal(text, columns);
  EXPECT_FALSE(read.error) << text << ": " << read.error->message;
  return read.fields;
}

std::string detail_of(std::string_view text, size_t columns = 2) {
  auto read = read_record_literal(text, columns);
  if (!read.error)
    return "<no error>";
  EXPECT_EQ(read.error->sqlstate, "22P02");
  EXPECT_EQ(read.error->message, "malformed record literal: \"" + std::string(text) + "\"");
  return read.error->detail;
}

TEST(RecordText, FieldsAreReadAsRecordInReadsThem) {
  EXPECT_EQ(read_ok("(1,a)"), (fields{"1", "a"}));
  EXPECT_EQ(read_ok("(,)"), (fields{std::nullopt, std::nullopt})) << "empty unquoted: NULL";
  EXPECT_EQ(read_ok("(1,\"\")"), (fields{"1", ""})) << "quoted empty: an empty text";
  EXPECT_EQ(read_ok(" ( 1 , \"x y\" ) "), (fields{" 1 ", " x y "})) << "whitespace in fields kept";
  EXPECT_EQ(read_ok("(1,\"a,b\\\"c\")"), (fields{"1", "a,b\"c"}));
  EXPECT_EQ(read_ok("(1,a\\,b)"), (fields{"1", "a,b"}));
  EXPECT_EQ(read_ok("(1,a\"\"b)"), (fields{"1", "ab"})) << "an empty quoted part";
  EXPECT_EQ(read_ok("(1,\"a\"\"b\")"), (fields{"1", "a\"b"})) << "a doubled quote inside quotes";
  EXPECT_EQ(read_ok("(\"(1,2)\")", 1), (fields{"(1,2)"}));
  EXPECT_EQ(read_ok("()", 0), fields{});
}

TEST(RecordText, MalformedLiteralsHavePostgresDetails) {
  EXPECT_EQ(detail_of("(1)"), "Too few columns.");
  EXPECT_EQ(detail_of("()"), "Too few columns.");
  EXPECT_EQ(detail_of("(1,a,b)"), "Too many columns.");
  EXPECT_EQ(detail_of("1,a"), "Missing left parenthesis.");
  EXPECT_EQ(detail_of(""), "Missing left parenthesis.");
  EXPECT_EQ(detail_of("(1,a"), "Unexpected end of input.");
  EXPECT_EQ(detail_of("(1,\"a)"), "Unexpected end of input.");
  EXPECT_EQ(detail_of("(1,a\\"), "Unexpected end of input.");
  EXPECT_EQ(detail_of("(1,a) x"), "Junk after right parenthesis.");
}

// The fields before the error are kept: record_in converts each as it reads it,
// so their input errors come first.
TEST(RecordText, FieldsReadBeforeAnErrorAreKept) {
  auto read = read_record_literal("(x)", 2);
  ASSERT_TRUE(read.error);
  EXPECT_EQ(read.fields, fields{"x"});
}

}  // namespace
}  // namespace tributary

namespace tributary {
namespace {

TEST(RecordText, WrittenAsRecordOutPrintsIt) {
  EXPECT_EQ(write_record_text({"1", "x"}), "(1,x)");
  EXPECT_EQ(write_record_text({std::nullopt, std::nullopt}), "(,)") << "NULL fields empty";
  EXPECT_EQ(write_record_text({"1", ""}), "(1,\"\")") << "an empty text quoted";
  EXPECT_EQ(write_record_text({"a b", "a,b", "(x)"}), "(\"a b\",\"a,b\",\"(x)\")");
  EXPECT_EQ(write_record_text({"q\"r", "a\\b"}), "(\"q\"\"r\",\"a\\\\b\")") << "quote and backslash doubled";
  EXPECT_EQ(write_record_text({}), "()");
}

// record_cmp's order, each case checked on PostgreSQL 15 with (a int, b text) and
// (n numeric, m int[]).
TEST(RecordOrder, FieldByFieldInEachTypesOrderNullsLast) {
  const record_order pair({23, 25});
  EXPECT_LT(pair.compare("(9,b)", "(10,a)"), 0) << "integers by value, not by text";
  EXPECT_LT(pair.compare("(-1,z)", "(1,\"\")"), 0);
  EXPECT_LT(pair.compare("(1,\"\")", "(1,x)"), 0);
  EXPECT_LT(pair.compare("(10,a)", "(,a)"), 0) << "a NULL field after any value";
  EXPECT_LT(pair.compare("(,a)", "(,)"), 0);
  EXPECT_EQ(pair.compare("(,)", "(,)"), 0) << "NULL fields equal";
  EXPECT_GT(pair.compare("(2,a)", "(1,z)"), 0) << "the first field that differs decides";
  const record_order numbers({1700, 1007});
  EXPECT_EQ(numbers.compare("(1.0,\"{1,2}\")", "(1.00,\"{1,2}\")"), 0) << "numeric 1.0 = 1.00";
  EXPECT_LT(numbers.compare("(1,\"{1,2}\")", "(1,\"{1,10}\")"), 0) << "an array field as array_cmp";
}

TEST(RecordOrder, TextsThatAreNotRecordsSortLast) {
  const record_order pair({23, 25});
  EXPECT_LT(pair.compare("(1,x)", "junk"), 0);
  EXPECT_GT(pair.compare("(1)", "(2,y)"), 0) << "too few fields";
  EXPECT_LT(pair.compare("a", "b"), 0) << "two invalid texts by bytes";
}

}  // namespace
}  // namespace tributary

namespace tributary {
namespace {

// record_recv / record_send of a column of (a int, b text), as PostgreSQL 15 writes them.
column_type pair_type() {
  column_type type;
  type.name = "pair";
  type.record_fields = std::make_shared<const std::vector<record_field>>(
      std::vector<record_field>{{"a", 23, -1}, {"b", 25, -1}});
  return type;
}

std::string be32(uint32_t v) {
  return {static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8), static_cast<char>(v)};
}

TEST(RecordCodec, BinaryFieldsAreDecodedByTheirTypesAndSentBack) {
  const std::string sent = be32(2) + be32(23) + be32(4) + be32(7) + be32(25) + be32(3) + "a b";
  auto stored = record_codec().parse_binary(pair_type(), sent);
  ASSERT_TRUE(stored.ok()) << stored.error().message;
  EXPECT_EQ(std::get<std::string>(*stored), "(7,\"a b\")");
  EXPECT_EQ(record_codec().format_binary(pair_type(), *stored), sent);
  const std::string nulls = be32(2) + be32(23) + be32(0xFFFFFFFFu) + be32(25) + be32(0xFFFFFFFFu);
  EXPECT_EQ(std::get<std::string>(*record_codec().parse_binary(pair_type(), nulls)), "(,)");
}

TEST(RecordCodec, BinaryErrorsAreThoseOfRecordRecv) {
  auto count = record_codec().parse_binary(pair_type(), be32(1) + be32(23) + be32(4) + be32(7));
  ASSERT_FALSE(count.ok());
  EXPECT_EQ(count.error().sqlstate, "42804");
  EXPECT_EQ(count.error().message, "wrong number of columns: 1, expected 2");
  auto type = record_codec().parse_binary(pair_type(), be32(2) + be32(25) + be32(1) + "x" + be32(25) + be32(1) + "y");
  ASSERT_FALSE(type.ok());
  EXPECT_EQ(type.error().message, "binary data has type 25 (text) instead of expected 23 (integer) in record column 1");
  auto short_data = record_codec().parse_binary(pair_type(), be32(2) + be32(23) + be32(4) + "12");
  ASSERT_FALSE(short_data.ok());
  EXPECT_EQ(short_data.error().sqlstate, "08P01");
}

TEST(RecordCodec, TextIsReadAsRecordInAndKeptAsRecordOut) {
  auto stored = record_codec().parse_text(pair_type(), " ( 7 , x y )", publisher_type_settings());
  ASSERT_TRUE(stored.ok());
  EXPECT_EQ(std::get<std::string>(*stored), "(7,\" x y \")");
  auto bad = record_codec().parse_text(pair_type(), "(x,y)", publisher_type_settings());
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message, "invalid input syntax for type integer: \"x\"");
}

}  // namespace
}  // namespace tributary
