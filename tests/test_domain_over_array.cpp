// domain_over_array: an array of a domain over an array (il[], il a domain over
// int[]) holds whole int[] values as its elements, as PostgreSQL 15's. The
// expected texts, bytes and order below are PostgreSQL 15's answers (array_in /
// array_out of il[], array_send of il[] with il's OID 16433 there, dense_rank()
// over ORDER BY).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "stages/types/stored_order.hpp"
#include "stages/types/user/domain_over_array.hpp"
#include "stages/types/value_io.hpp"
#include "stages/types/verbatim/array_order.hpp"
#include "tests/verbatim_codec_test_support.hpp"

namespace tributary {
namespace {

constexpr oid_t il_oid = 16433;
constexpr oid_t il_array_oid = 16432;

column_type il_array() {
  return domain_over_array_column_type(il_array_oid, il_oid, "il", builtin_column_type(1007));
}

std::string stored_text(const std::string& literal) {
  auto stored = parse_text_value(il_array(), literal, publisher_type_settings());
  if (!stored)
    return "ERROR " + stored.error().sqlstate + ": " + stored.error().message;
  return *format_text_value(il_array(), *stored, publisher_type_settings());
}

TEST(DomainOverArray, ItsColumnTypeIsTheDomainsArrayTypeWithTheBaseArrayAsElement) {
  const column_type type = il_array();
  EXPECT_EQ(type.client_oid(), il_array_oid);
  EXPECT_EQ(type.name, "il[]");
  ASSERT_NE(domain_over_array_element(type), nullptr);
  EXPECT_EQ(domain_over_array_element(type)->oid, 1007u);
  EXPECT_EQ(domain_over_array_collation(type), "pg_array__int4");
  // price[] (a domain over numeric: numeric[] seen as _price) is not one.
  column_type price_array = builtin_column_type(1231);
  price_array.domain_array = std::make_shared<const domain_array_type>(domain_array_type{16440, 16441, "price"});
  EXPECT_EQ(domain_over_array_element(price_array), nullptr);
  EXPECT_EQ(domain_over_array_element(builtin_column_type(1007)), nullptr);
}

TEST(DomainOverArray, EachElementIsReadAndPrintedByTheBaseArraysInputAndOutput) {
  EXPECT_EQ(stored_text("{\"{1,2}\",\"{3,4}\"}"), "{\"{1,2}\",\"{3,4}\"}");
  EXPECT_EQ(stored_text("{\" { 1 , NULL } \",\"{}\"}"), "{\"{1,NULL}\",\"{}\"}");
  EXPECT_EQ(stored_text("{\"[0:1]={1,2}\",\"{{1,2},{3,4}}\"}"), "{\"[0:1]={1,2}\",\"{{1,2},{3,4}}\"}");
  EXPECT_EQ(stored_text("{{\"{-1}\",\"{2147483647}\"},{\"{}\",NULL}}"),
            "{{\"{-1}\",\"{2147483647}\"},{\"{}\",NULL}}");
  EXPECT_EQ(stored_text("{}"), "{}");
  // Not a 2-D int[]: an element "1" is not an int[] literal.
  EXPECT_EQ(stored_text("{{1,2},{3,4}}"), "ERROR 22P02: malformed array literal: \"1\"");
  EXPECT_EQ(stored_text("{\"{1,2}\",\"{x}\"}"), "ERROR 22P02: invalid input syntax for type integer: \"x\"");
}

TEST(DomainOverArray, BinaryIsArraySendWithTheDomainAsElementTypeAndEachElementAnInt4ArraySend) {
  const std::string postgres =
      "000000010000000100004031000000030000000100000024000000010000000000000017000000020000000100000004000000"
      "010000000400000002ffffffff0000000c000000000000000000000017";
  auto stored = parse_text_value(il_array(), "{\"{1,2}\",NULL,\"{}\"}", publisher_type_settings());
  ASSERT_TRUE(stored.ok());
  auto sent = format_binary_value(il_array(), *stored);
  ASSERT_TRUE(sent.ok());
  EXPECT_EQ(to_hex(**sent), postgres);
  auto received = parse_binary_value(il_array(), from_hex(postgres));
  ASSERT_TRUE(received.ok()) << received.error().message;
  EXPECT_EQ(*format_text_value(il_array(), *received, publisher_type_settings()), "{\"{1,2}\",NULL,\"{}\"}");
  // An element that is an int8[] array_send: int4[]'s array_recv refuses it.
  auto wrong = parse_binary_value(il_array(), from_hex("000000010000000000004031000000010000000100000020"
                                                    "000000010000000000000014000000010000000100000008"
                                                    "0000000000000001"));
  ASSERT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.error().sqlstate, "42804");
  EXPECT_EQ(wrong.error().message, "binary data has array element type 20 (bigint) instead of expected 23 (integer)");
}

TEST(DomainOverArray, OrderIsArrayCmpOverTheElementsOwnArrayCmp) {
  struct ranked {
    int rank;
    const char* stored;
  };
  const std::vector<ranked> values = {
      {1, "{}"},           {2, "{\"{}\"}"},           {3, "{\"{1}\"}"},
      {4, "{{\"{1}\"}}"},  {5, "{\"[0:1]={1,2}\"}"},  {6, "{\"{1,2}\"}"},
      {7, "{\"{1,2}\",\"{3}\"}"}, {8, "{\"{1,2}\",\"{3,4}\"}"}, {9, "{\"{{1,2},{3,4}}\"}"},
      {10, "{\"{1,NULL}\"}"}, {11, "{\"{9}\"}"},   {12, "{NULL,\"{5}\"}"}};
  int (*compare)(std::string_view, std::string_view) = nullptr;
  for (const stored_collation& c : stored_collations())
    if (c.name == domain_over_array_collation(il_array()))
      compare = c.compare;
  ASSERT_NE(compare, nullptr);
  const auto sign = [](int v) { return v < 0 ? -1 : (v > 0 ? 1 : 0); };
  for (const auto& a : values)
    for (const auto& b : values)
      EXPECT_EQ(sign(compare(a.stored, b.stored)), sign(a.rank - b.rank)) << a.stored << " vs " << b.stored;
  EXPECT_EQ(compare("{\"{01,2}\"}", "{\"{1,2}\"}"), 0);
}

}  // namespace
}  // namespace tributary
