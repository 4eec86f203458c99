// record_text: record_in's reading of a composite literal, each case checked on
// PostgreSQL 15 with a type (a int, b text).
#include <gtest/gtest.h>

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
