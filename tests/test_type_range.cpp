// The built-in range and multirange types (int4range, int8range, numrange,
// tsrange, tstzrange, daterange and their multiranges): range_in /
// multirange_in's canonical text, their errors, range_send / range_recv's
// bytes, the text shown under a session's settings, and range_cmp /
// multirange_cmp's order. Every text, hex, error and order below is what a
// PostgreSQL 15 server printed: texts with DateStyle ISO, TimeZone UTC,
// extra_float_digits 3 (the publisher's settings) unless a case names its own;
// send bytes from encode(range_send(v), 'hex') / multirange_send; receive
// results and errors from COPY ... FROM a file (FORMAT binary); orders from
// dense_rank() OVER (ORDER BY v). The tests of texts PostgreSQL never stores
// or receives (another tool's stored text, a NUL in the text) and of the
// direct reading of stored bounds check Tributary's own contract.
#include <gtest/gtest.h>

#include <algorithm>
#include <span>
#include <string>
#include <string_view>

#include "stages/types/verbatim/range_value.hpp"
#include "stages/types/stored_order.hpp"
#include "stages/types/type_codec.hpp"
#include "tests/range_test_cases.hpp"
#include "tests/verbatim_codec_test_support.hpp"

namespace tributary {
namespace {

using namespace range_test;

const type_codec& codec() { return range_codec(); }

result<sql_value, pg_error> parse(oid_t oid, std::string_view text,
                                  const type_settings& settings = publisher_type_settings()) {
  return codec().parse_text(builtin_column_type(oid), text, settings);
}

std::string error_of(const result<sql_value, pg_error>& r) {
  if (r.ok())
    return "no error: " + stored_string(r);
  return r.error().sqlstate + " " + r.error().message + " | " + r.error().detail;
}

int sign(int n) { return (n > 0) - (n < 0); }

TEST(RangeType, TextInputIsCanonicalizedAsRangeIn) {
  for (const auto& c : canonical_cases)
    EXPECT_EQ(stored_string(parse(c.oid, c.input)), c.stored) << c.oid << " " << c.input;
}

TEST(RangeType, PublisherTextIsStoredExactlyAsReceived) {
  const auto expect_kept = [](oid_t oid, std::string_view text) {
    EXPECT_EQ(stored_string(parse(oid, text)), text) << oid;
  };
  for (const auto& c : canonical_cases)
    expect_kept(c.oid, c.stored);
  for (const auto& c : send_cases)
    expect_kept(c.oid, c.text);
  for (const auto& list : ordered_lists)
    for (const auto& v : list.values)
      expect_kept(list.oid, v.text);
}

TEST(RangeType, TextInputErrorsAreRangeInsAndMultirangeIns) {
  for (const auto& c : input_errors) {
    const auto r = parse(c.oid, c.input);
    ASSERT_FALSE(r.ok()) << c.oid << " " << c.input << " gave " << stored_string(r);
    EXPECT_EQ(r.error().sqlstate, c.sqlstate) << c.input;
    EXPECT_EQ(r.error().message, c.message) << c.input;
    EXPECT_EQ(r.error().detail, c.detail) << c.input;
  }
}

TEST(RangeType, TextInputStopsAtNulAsCstringInputDoes) {
  EXPECT_EQ(stored_string(parse(3904, std::string_view("[1,2]\0junk", 10))), "[1,3)");
  EXPECT_EQ(error_of(parse(3904, std::string_view("[1,\0 2]", 7))),
            "22P02 malformed range literal: \"[1,\" | Unexpected end of input.");
}

TEST(RangeType, BoundsAreReadWithTheSessionSettings) {
  for (const auto& c : session_inputs) {
    type_settings settings;
    settings.time_zone = std::string(c.time_zone);
    settings.order = c.order;
    EXPECT_EQ(stored_string(parse(c.oid, c.input, settings)), c.stored) << c.input;
  }
}

TEST(RangeType, TstzBoundsAreShownInTheSessionTimeZone) {
  for (const auto& c : session_outputs) {
    type_settings settings;
    settings.time_zone = std::string(c.time_zone);
    EXPECT_EQ(codec().format_text(builtin_column_type(c.oid), sql_value{std::string(c.stored)},
                                  settings),
              c.shown)
        << c.stored << " in " << c.time_zone;
  }
}

TEST(RangeType, StoredTextOfAnotherToolIsShownAsItIs) {
  type_settings tokyo;
  tokyo.time_zone = "Asia/Tokyo";
  const column_type tstzrange = builtin_column_type(3910);
  EXPECT_EQ(codec().format_text(tstzrange, sql_value{std::string("not a range")}, tokyo),
            "not a range");
  EXPECT_EQ(codec().format_text(builtin_column_type(3904), sql_value{int64_t{5}}, tokyo), "5");
  EXPECT_EQ(codec().format_text(builtin_column_type(3904), sql_value{std::string("[1,5]")}, tokyo),
            "[1,5]");
}

TEST(RangeType, BinaryIsRangeSendAndMultirangeSend) {
  for (const auto& c : send_cases) {
    const column_type type = builtin_column_type(c.oid);
    EXPECT_EQ(to_hex(codec().format_binary(type, sql_value{std::string(c.text)})), c.hex)
        << c.oid << " " << c.text;
    EXPECT_EQ(stored_string(codec().parse_binary(type, from_hex(c.hex))), c.text)
        << c.oid << " " << c.hex;
  }
}

TEST(RangeType, BinaryInputIsRangeRecvWithItsErrors) {
  for (const auto& c : receive_cases) {
    const auto r = codec().parse_binary(builtin_column_type(c.oid), from_hex(c.hex));
    if (c.text.empty()) {
      ASSERT_FALSE(r.ok()) << c.oid << " " << c.hex << " gave " << stored_string(r);
      EXPECT_EQ(r.error().sqlstate, c.sqlstate) << c.hex;
      EXPECT_EQ(r.error().message, c.message) << c.hex;
    } else {
      EXPECT_EQ(stored_string(r), c.text) << c.oid << " " << c.hex;
    }
  }
}

TEST(RangeType, BinaryOutputOfAnotherToolsTextIsEmpty) {
  EXPECT_EQ(to_hex(codec().format_binary(builtin_column_type(3904),
                                         sql_value{std::string("garbage")})),
            "01");
  EXPECT_EQ(to_hex(codec().format_binary(builtin_column_type(4451),
                                         sql_value{std::string("{garbage}")})),
            "00000000");
}

TEST(RangeOrder, StoredRangesSortAsRangeCmpAndMultirangeCmp) {
  for (const auto& list : ordered_lists)
    for (const auto& a : list.values)
      for (const auto& b : list.values)
        EXPECT_EQ(sign(compare_stored_range(list.oid, a.text, b.text)), sign(a.rank - b.rank))
            << list.oid << ": " << a.text << " vs " << b.text;
}

TEST(RangeOrder, TextThatIsNotARangeSortsAfterEveryRangeThenByBytes) {
  EXPECT_GT(compare_stored_range(3904, "garbage", "[1,2)"), 0);
  EXPECT_LT(compare_stored_range(3904, "[1,2)", "garbage"), 0);
  EXPECT_LT(compare_stored_range(3904, "[5,1)", "zzz"), 0);  // both invalid: bytes
  EXPECT_EQ(compare_stored_range(3904, "junk", "junk"), 0);
  EXPECT_GT(compare_stored_range(4451, "[1,2)", "{}"), 0);
  EXPECT_GT(compare_stored_range(3906, "[x,1)", "(,)"), 0);
}

TEST(RangeOrder, NonCanonicalStoredTextComparesByItsValue) {
  EXPECT_EQ(compare_stored_range(3904, "[1,5]", "[1,6)"), 0);
  EXPECT_EQ(compare_stored_range(4451, "{[3,4),[1,2)}", "{[1,2),[3,4)}"), 0);
  EXPECT_EQ(compare_stored_range(3910, "[\"2020-01-01 10:00:00+01\",)",
                                 "[\"2020-01-01 09:00:00+00\",)"),
            0);
}

// read_stored_bound's direct reading of canonical bounds gives what the
// subtype's own input function gives.
TEST(RangeStoredBounds, CanonicalBoundsReadAsTheSubtypeCodecReadsThem) {
  const std::pair<oid_t, std::string_view> bounds[] = {
      {3904, "0"}, {3904, "-2147483648"}, {3904, "2147483647"}, {3904, "007"},
      {3926, "-9223372036854775808"}, {3926, "9223372036854775807"},
      {3906, "1.50"}, {3906, "-0.001"}, {3906, "NaN"}, {3906, "-Infinity"},
      {3906, "1e3"}, {3906, "  2 "},
      {3912, "2020-02-29"}, {3912, "4714-11-24 BC"}, {3912, "0001-02-29 BC"},
      {3912, "5874897-12-31"}, {3912, "infinity"}, {3912, "-infinity"}, {3912, "10000-01-01"},
      {3908, "2020-01-01 10:00:00"}, {3908, "2020-01-01 10:00:00.5"},
      {3908, "2020-01-01 10:00:00.000001 BC"}, {3908, "294276-12-31 23:59:59.999999"},
      {3908, "4714-11-24 00:00:00 BC"}, {3908, "infinity"}, {3908, "0001-02-29 12:00:00 BC"},
      {3910, "2020-01-01 10:00:00+00"}, {3910, "2020-01-01 10:00:00.25+00 BC"},
      {3910, "2020-01-01 10:00:00+05:30"}, {3910, "-infinity"},
  };
  for (const auto& [oid, text] : bounds) {
    const auto type = find_range_type(oid);
    ASSERT_TRUE(type.has_value());
    const auto direct = read_stored_bound(*type, text);
    const auto by_codec =
        type->subtype_codec->parse_text(type->subtype_column(), text, publisher_type_settings());
    ASSERT_TRUE(direct.ok() && by_codec.ok()) << text;
    EXPECT_EQ(*direct, *by_codec) << oid << " " << text;
  }
}

// range_parse_bound's unquoting, as lower(r) and upper(r) of a range of text
// show it (CREATE TYPE textrange AS RANGE (subtype = text) on PostgreSQL 15).
TEST(RangeType, LiteralBoundsAreUnquotedAsRangeParseBoundDoes) {
  struct literal_case {
    std::string_view literal, lower, upper;
  };
  const literal_case cases[] = {
      {"[\"a\"\"b\",)", "a\"b", ""}, {"[a\\\"b,)", "a\"b", ""},
      {"[ x y ,z)", " x y ", "z"},     {"[\"x\" y,\"z\")", "x y", "z"},
      {"[a\"b,c\"d,e)", "ab,cd", "e"},   {"[\\),\\,)", ")", ","},
      {"[\\\\,\\\\]", "\\", "\\"},     {"[\"\",)", "", ""},
      {"(\"\"x,)", "x", ""},
  };
  for (const auto& c : cases) {
    const auto literal = read_range_literal(c.literal);
    ASSERT_TRUE(literal.ok()) << c.literal;
    EXPECT_EQ(literal->flags & range_lower_infinite_flag, 0) << c.literal;
    EXPECT_EQ(literal->lower_text, c.lower) << c.literal;
    EXPECT_EQ(literal->upper_text, c.upper) << c.literal;
  }
}

// range_bound_escape, as a range of text prints it (textrange(x, NULL) on a
// PostgreSQL 15 server with CREATE TYPE textrange AS RANGE (subtype = text)).
TEST(RangeType, BoundsAreQuotedAsRangeBoundEscapeQuotesThem) {
  const std::pair<std::string_view, std::string_view> cases[] = {
      {"a\"b", "\"a\"\"b\""}, {"c\\d", "\"c\\\\d\""}, {"", "\"\""},
      {"x y", "\"x y\""},     {"p(q", "\"p(q\""},      {"r]s", "\"r]s\""},
      {"t,u", "\"t,u\""},     {"plain", "plain"},      {"tab\there", "\"tab\there\""},
      {"\xc3\xa9", "\xc3\xa9"},
  };
  for (const auto& [bound, printed] : cases) {
    std::string out;
    append_range_bound(out, bound);
    EXPECT_EQ(out, printed) << bound;
  }
}

TEST(RangeType, OnlyTheBuiltInRangeTypesAreKnown) {
  for (oid_t oid : {3904u, 3906u, 3908u, 3910u, 3912u, 3926u})
    EXPECT_TRUE(find_range_type(oid).has_value() && !find_range_type(oid)->multirange) << oid;
  for (oid_t oid : {4451u, 4532u, 4533u, 4534u, 4535u, 4536u})
    EXPECT_TRUE(find_range_type(oid).has_value() && find_range_type(oid)->multirange) << oid;
  EXPECT_FALSE(find_range_type(23).has_value());
  EXPECT_FALSE(find_range_type(3905).has_value());  // _int4range is an array
}

}  // namespace
}  // namespace tributary
