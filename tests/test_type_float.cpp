// float4 / float8 codec and the pg_float collation: input with PostgreSQL 15's
// rules and errors, the stored text (float4out / float8out with
// extra_float_digits > 0), output with extra_float_digits <= 0, binary formats
// and float8_cmp order. Every expected text, error and byte string below is
// what a PostgreSQL 15 server printed for the same input.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <random>
#include <vector>

#include "stages/types/numeric/pg_float_format.hpp"
#include "stages/types/stored_order.hpp"
#include "stages/types/type_codec.hpp"

namespace tributary {
namespace {

const column_type float4 = builtin_column_type(700);
const column_type float8 = builtin_column_type(701);

type_settings with_extra_float_digits(int digits) {
  type_settings settings;
  settings.extra_float_digits = digits;
  return settings;
}

std::string stored(const column_type& type, std::string_view text) {
  auto parsed = float_codec().parse_text(type, text, type_settings{});
  EXPECT_TRUE(parsed.ok()) << text << ": " << (parsed ? "" : parsed.error().message);
  if (!parsed)
    return {};
  EXPECT_TRUE(std::holds_alternative<std::string>(*parsed)) << text;
  return std::holds_alternative<std::string>(*parsed) ? std::get<std::string>(*parsed) : "";
}

pg_error parse_error(const column_type& type, std::string_view text) {
  auto parsed = float_codec().parse_text(type, text, type_settings{});
  EXPECT_FALSE(parsed.ok()) << text;
  return parsed ? pg_error{} : parsed.error();
}

std::string printed(const column_type& type, std::string_view text, int extra_float_digits) {
  return float_codec().format_text(type, sql_value{stored(type, text)},
                                   with_extra_float_digits(extra_float_digits));
}

std::string bytes(std::initializer_list<unsigned char> values) {
  return std::string(values.begin(), values.end());
}

std::string binary_of(const column_type& type, std::string_view text) {
  return float_codec().format_binary(type, sql_value{stored(type, text)});
}

struct io_case {
  const char* input;
  const char* output;
};

TEST(FloatType, Float8StoresTheShortestExactText) {
  for (const auto& [input, output] : std::initializer_list<io_case>{
           {"1", "1"}, {"0.1", "0.1"}, {"0.3333333333333333", "0.3333333333333333"},
           {"0.30000000000000004", "0.30000000000000004"}, {"0.0001", "0.0001"},
           {"0.00001", "1e-05"}, {"0.00009999", "9.999e-05"}, {"-1.5e-7", "-1.5e-07"},
           {"123456", "123456"}, {"1234567", "1234567"}, {"1e6", "1000000"},
           {"1e10", "10000000000"}, {"1e14", "100000000000000"},
           {"99999999999999.9", "99999999999999.9"}, {"123456789012345", "123456789012345"},
           {"1e15", "1e+15"}, {"1e100", "1e+100"}, {"1.5e300", "1.5e+300"},
           {"9223372036854775808", "9.223372036854776e+18"},
           {"1.7976931348623157e308", "1.7976931348623157e+308"},
           {"2.2250738585072014e-308", "2.2250738585072014e-308"}, {"1e+5", "100000"},
           {"1E5", "100000"}, {"1.e5", "100000"}, {".5", "0.5"}, {"5.", "5"}, {"+1", "1"},
           {"0e400", "0"}, {"0.0000e-500", "0"}})
    EXPECT_EQ(stored(float8, input), output) << input;
}

TEST(FloatType, Float4StoresTheShortestExactTextOfTheFloat) {
  for (const auto& [input, output] : std::initializer_list<io_case>{
           {"1", "1"}, {"0.1", "0.1"}, {"1.1", "1.1"}, {"0.3333333333333333", "0.33333334"},
           {"0.30000000000000004", "0.3"}, {"0.0001", "0.0001"}, {"0.00001", "1e-05"},
           {"123456", "123456"}, {"999999.9", "999999.9"}, {"1234567", "1.234567e+06"},
           {"1e6", "1e+06"}, {"1e10", "1e+10"}, {"99999999999999.9", "1e+14"},
           {"123456789012345", "1.2345679e+14"}, {"9223372036854775808", "9.223372e+18"},
           {"3.4028235e38", "3.4028235e+38"}, {"3.40282356e38", "3.4028235e+38"},
           {"-1.5e-7", "-1.5e-07"}, {"0.001234", "0.001234"}})
    EXPECT_EQ(stored(float4, input), output) << input;
}

TEST(FloatType, NegativeZeroStaysNegativeZero) {
  EXPECT_EQ(stored(float8, "-0"), "-0");
  EXPECT_EQ(stored(float4, " -0 "), "-0");
  EXPECT_EQ(stored(float8, "-0.0e10"), "-0");
  EXPECT_EQ(stored(float8, "0"), "0");
}

TEST(FloatType, SpecialValuesAreSpelledAsPostgresDoes) {
  for (const column_type& type : {float4, float8}) {
    for (const char* nan : {"NaN", "nan", "-nan", "+NaN", "nan(123)", "nan(a_b)"})
      EXPECT_EQ(stored(type, nan), "NaN") << nan;
    for (const char* infinity : {"Infinity", "inf", "+inf", "INFINITY", "Inf", " +Infinity "})
      EXPECT_EQ(stored(type, infinity), "Infinity") << infinity;
    for (const char* infinity : {"-Infinity", "-inf", "-INF"})
      EXPECT_EQ(stored(type, infinity), "-Infinity") << infinity;
  }
}

TEST(FloatType, SurroundingWhitespaceIsIgnored) {
  EXPECT_EQ(stored(float8, "  1.5  "), "1.5");
  EXPECT_EQ(stored(float8, "\t1\n"), "1");
  EXPECT_EQ(stored(float8, "\f1\r"), "1");
  EXPECT_EQ(stored(float4, " \v2.5\v "), "2.5");
}

TEST(FloatType, HexInputIsReadAsGlibcStrtodDoes) {
  EXPECT_EQ(stored(float8, "0x1p3"), "8");
  EXPECT_EQ(stored(float8, "0X1P3"), "8");
  EXPECT_EQ(stored(float8, "0x10"), "16");
  EXPECT_EQ(stored(float8, "0x1.8p1"), "3");
  EXPECT_EQ(stored(float8, "0x.8"), "0.5");
  EXPECT_EQ(stored(float8, "0x1P-1074"), "5e-324");
  EXPECT_EQ(stored(float4, "-0x1p3"), "-8");
}

TEST(FloatType, SubnormalsAreAccepted) {
  EXPECT_EQ(stored(float8, "4.9e-324"), "5e-324");
  EXPECT_EQ(stored(float8, "2.5e-324"), "5e-324");
  EXPECT_EQ(stored(float8, "1e-310"), "1e-310");
  EXPECT_EQ(stored(float4, "1e-45"), "1e-45");
  EXPECT_EQ(stored(float4, "1.4e-45"), "1e-45");
  EXPECT_EQ(stored(float4, "7.1e-46"), "1e-45");
}

TEST(FloatType, DecimalsHalfwayBetweenTwoFloatsAreNeverPrinted) {
  // 1e23 lies exactly between two doubles; PostgreSQL's Ryu prints the longer
  // decimal inside the nearer one's interval.
  EXPECT_EQ(stored(float8, "1e23"), "9.999999999999999e+22");
  EXPECT_EQ(stored(float4, "1e23"), "1e+23");
  EXPECT_EQ(stored(float4, "499631616"), "4.9963162e+08");
  EXPECT_EQ(stored(float4, "3e10"), "3.0000001e+10");
  EXPECT_EQ(stored(float4, "6e10"), "6.0000002e+10");
  EXPECT_EQ(stored(float4, "9e9"), "8.999999e+09");
}

TEST(FloatType, Float4TextIsTheDecimalPgFloatFormatFinds) {
  std::mt19937 random(7);
  for (int i = 0; i < 20000; ++i) {
    const uint32_t bits = random();
    const auto value = std::bit_cast<float>(bits);
    if (!std::isfinite(value))
      continue;
    const std::string sent{static_cast<char>(bits >> 24), static_cast<char>(bits >> 16),
                           static_cast<char>(bits >> 8), static_cast<char>(bits)};
    auto parsed = float_codec().parse_binary(float4, sent);
    ASSERT_TRUE(parsed.ok());
    const std::string& text = std::get<std::string>(*parsed);
    EXPECT_EQ(std::stod(text), float4_printed_value(value)) << text;
  }
}

TEST(FloatType, SyntaxErrorsAre22P02WithTheWholeInput) {
  for (const char* text : {"abc", "", " ", ".", "1e", "1e+", ".e5", "e5", "1_000", "- 1", "1 2",
                           "--1", "+-1", "infinite", "infinity1", "nanx", "nan(abc", "0x", "0x1p",
                           "0xinf", "0x-1", "0x+1", " 1.5x "}) {
    auto error = parse_error(float8, text);
    EXPECT_EQ(error.sqlstate, "22P02") << text;
    EXPECT_EQ(error.message,
              "invalid input syntax for type double precision: \"" + std::string(text) + "\"");
  }
  for (const char* text : {"abc", "", "1,5"}) {
    auto error = parse_error(float4, text);
    EXPECT_EQ(error.sqlstate, "22P02") << text;
    EXPECT_EQ(error.message, "invalid input syntax for type real: \"" + std::string(text) + "\"");
  }
}

TEST(FloatType, Float8OutOfRangeIs22003QuotingTheNumberOnly) {
  for (const auto& [input, number] : std::initializer_list<io_case>{
           {"1e400", "1e400"}, {"-1e400", "-1e400"}, {"1e-400", "1e-400"},
           {"  1e400abc", "1e400"}, {" 1e-400x", "1e-400"}, {"2e-324", "2e-324"},
           {"0x1p5000", "0x1p5000"}, {"0x1p-5000", "0x1p-5000"},
           {"1e-2147483649", "1e-2147483649"}, {"1e5000000000", "1e5000000000"}}) {
    auto error = parse_error(float8, input);
    EXPECT_EQ(error.sqlstate, "22003") << input;
    EXPECT_EQ(error.message,
              "\"" + std::string(number) + "\" is out of range for type double precision");
  }
}

TEST(FloatType, Float4OutOfRangeIs22003QuotingTheWholeInput) {
  for (const char* input : {" 1e400 ", "1e39", "1e-46", "7e-46", "3.4028236e38",
                            "3.40282357e38", "1.5e300", "4.9e-324", "0x1p1000"}) {
    auto error = parse_error(float4, input);
    EXPECT_EQ(error.sqlstate, "22003") << input;
    EXPECT_EQ(error.message, "\"" + std::string(input) + "\" is out of range for type real");
  }
}

TEST(FloatType, PositiveExtraFloatDigitsPrintTheStoredText) {
  for (int digits : {1, 2, 3}) {
    EXPECT_EQ(printed(float8, "0.30000000000000004", digits), "0.30000000000000004");
    EXPECT_EQ(printed(float8, "Infinity", digits), "Infinity");
    EXPECT_EQ(printed(float8, "-0", digits), "-0");
    EXPECT_EQ(printed(float4, "0.33333334", digits), "0.33333334");
  }
}

struct rounded_case {
  const column_type& type;
  const char* input;
  const char* at_0;
  const char* at_minus_3;
  const char* at_minus_15;
};

TEST(FloatType, ZeroOrNegativeExtraFloatDigitsPrintPercentG) {
  for (const auto& c : std::initializer_list<rounded_case>{
           {float8, "0.30000000000000004", "0.3", "0.3", "0.3"},
           {float8, "1e15", "1e+15", "1e+15", "1e+15"},
           {float8, "123456789.123", "123456789.123", "123456789.123", "1e+08"},
           {float8, "-0", "-0", "-0", "-0"},
           {float8, "NaN", "NaN", "NaN", "NaN"},
           {float8, "-inf", "-Infinity", "-Infinity", "-Infinity"},
           {float8, "1e-5", "1e-05", "1e-05", "1e-05"},
           {float8, "4.9e-324", "4.94065645841247e-324", "4.94065645841e-324", "5e-324"},
           {float8, "1e100", "1e+100", "1e+100", "1e+100"},
           {float8, "100000", "100000", "100000", "1e+05"},
           {float8, "123456789012345", "123456789012345", "1.23456789012e+14", "1e+14"},
           {float8, "1.5", "1.5", "1.5", "2"},
           {float8, "2.5", "2.5", "2.5", "2"},
           {float8, "9.5", "9.5", "9.5", "1e+01"},
           {float8, "1e23", "1e+23", "1e+23", "1e+23"},
           {float4, "1234567", "1.23457e+06", "1.23e+06", "1e+06"},
           {float4, "0.33333334", "0.333333", "0.333", "0.3"},
           {float4, "-0", "-0", "-0", "-0"},
           {float4, "inf", "Infinity", "Infinity", "Infinity"},
           {float4, "3.4028235e38", "3.40282e+38", "3.4e+38", "3e+38"},
           {float4, "0.5", "0.5", "0.5", "0.5"}}) {
    EXPECT_EQ(printed(c.type, c.input, 0), c.at_0) << c.input;
    EXPECT_EQ(printed(c.type, c.input, -3), c.at_minus_3) << c.input;
    EXPECT_EQ(printed(c.type, c.input, -15), c.at_minus_15) << c.input;
  }
}

TEST(FloatType, BinaryIsTheIeeeBitsBigEndian) {
  EXPECT_EQ(binary_of(float8, "0.30000000000000004"),
            bytes({0x3f, 0xd3, 0x33, 0x33, 0x33, 0x33, 0x33, 0x34}));
  EXPECT_EQ(binary_of(float8, "-1e15"), bytes({0xc3, 0x0c, 0x6b, 0xf5, 0x26, 0x34, 0x00, 0x00}));
  EXPECT_EQ(binary_of(float8, "123456789012345"),
            bytes({0x42, 0xdc, 0x12, 0x21, 0x83, 0x77, 0xde, 0x40}));
  EXPECT_EQ(binary_of(float8, "-5e-324"), bytes({0x80, 0, 0, 0, 0, 0, 0, 0x01}));
  EXPECT_EQ(binary_of(float8, "1e23"), bytes({0x44, 0xb5, 0x2d, 0x02, 0xc7, 0xe1, 0x4a, 0xf6}));
  EXPECT_EQ(binary_of(float8, "-0"), bytes({0x80, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(binary_of(float8, "-inf"), bytes({0xff, 0xf0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(binary_of(float8, "nan"), bytes({0x7f, 0xf8, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(binary_of(float4, "0.33333334"), bytes({0x3e, 0xaa, 0xaa, 0xab}));
  EXPECT_EQ(binary_of(float4, "1.234567e+06"), bytes({0x49, 0x96, 0xb4, 0x38}));
  EXPECT_EQ(binary_of(float4, "4.9963162e+08"), bytes({0x4d, 0xee, 0x3e, 0x30}));
  EXPECT_EQ(binary_of(float4, "1e-45"), bytes({0, 0, 0, 0x01}));
  EXPECT_EQ(binary_of(float4, "0.1"), bytes({0x3d, 0xcc, 0xcc, 0xcd}));
  EXPECT_EQ(binary_of(float4, "-1.5e-07"), bytes({0xb4, 0x21, 0x0f, 0xb0}));
  EXPECT_EQ(binary_of(float4, "nan"), bytes({0x7f, 0xc0, 0, 0}));
  EXPECT_EQ(binary_of(float4, "inf"), bytes({0x7f, 0x80, 0, 0}));
}

TEST(FloatType, BinaryInputStoresThePrintedText) {
  auto read = [](const column_type& type, const std::string& bits) {
    auto parsed = float_codec().parse_binary(type, bits);
    EXPECT_TRUE(parsed.ok());
    return parsed ? std::get<std::string>(*parsed) : "";
  };
  EXPECT_EQ(read(float8, bytes({0x3f, 0xb9, 0x99, 0x99, 0x99, 0x99, 0x99, 0x9a})), "0.1");
  EXPECT_EQ(read(float8, bytes({0x00, 0x10, 0, 0, 0, 0, 0, 0})), "2.2250738585072014e-308");
  EXPECT_EQ(read(float8, bytes({0xff, 0xef, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})),
            "-1.7976931348623157e+308");
  EXPECT_EQ(read(float8, bytes({0xff, 0xf8, 0, 0, 0, 0, 0, 0})), "NaN");  // '-nan'
  EXPECT_EQ(read(float8, bytes({0x80, 0, 0, 0, 0, 0, 0, 0})), "-0");
  EXPECT_EQ(read(float4, bytes({0x4d, 0xee, 0x3e, 0x30})), "4.9963162e+08");
  EXPECT_EQ(read(float4, bytes({0x7f, 0x7f, 0xff, 0xff})), "3.4028235e+38");
  EXPECT_EQ(read(float4, bytes({0xff, 0xc0, 0, 0})), "NaN");
}

TEST(FloatType, BinaryOfTheWrongLengthIs22P03) {
  for (const auto& [type, length] : std::initializer_list<std::pair<column_type, size_t>>{
           {float4, 0}, {float4, 3}, {float4, 8}, {float8, 4}, {float8, 7}, {float8, 9}}) {
    auto parsed = float_codec().parse_binary(type, std::string(length, '\0'));
    ASSERT_FALSE(parsed.ok()) << length;
    EXPECT_EQ(parsed.error().sqlstate, "22P03");
    EXPECT_EQ(parsed.error().message, "incorrect binary data format");
  }
}

TEST(FloatType, TextAndBinaryRoundTripEveryValue) {
  std::mt19937_64 random(11);
  for (int i = 0; i < 20000; ++i) {
    const uint64_t bits = random();
    for (const column_type& type : {float4, float8}) {
      const size_t size = type == float4 ? 4 : 8;
      std::string sent(size, '\0');
      for (size_t b = 0; b < size; ++b)
        sent[b] = static_cast<char>(bits >> (8 * (size - 1 - b)));
      auto received = float_codec().parse_binary(type, sent);
      ASSERT_TRUE(received.ok());
      const std::string text = std::get<std::string>(*received);
      EXPECT_EQ(stored(type, text), text);
      if (text != "NaN") {  // NaN payloads are not kept
        EXPECT_EQ(float_codec().format_binary(type, *received), sent) << text;
      }
    }
  }
}

TEST(FloatType, ValuesStoredByOtherToolsArePrintedAsBestTheyCanBe) {
  const type_settings settings;
  EXPECT_EQ(float_codec().format_text(float8, sql_value{0.1}, settings), "0.1");
  EXPECT_EQ(float_codec().format_text(float4, sql_value{0.1}, settings), "0.1");
  EXPECT_EQ(float_codec().format_text(float8, sql_value{int64_t{3}}, settings), "3");
  EXPECT_EQ(float_codec().format_text(float8, sql_value{1e15}, with_extra_float_digits(0)),
            "1e+15");
  EXPECT_EQ(float_codec().format_text(float8, sql_value{std::string("n/a")}, settings), "n/a");
  EXPECT_EQ(float_codec().format_text(float8, sql_value{std::string("n/a")},
                                      with_extra_float_digits(0)),
            "n/a");
  EXPECT_EQ(float_codec().format_binary(float8, sql_value{std::string("n/a")}),
            bytes({0x7f, 0xf8, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(float_codec().format_binary(float8, sql_value{int64_t{1}}),
            bytes({0x3f, 0xf0, 0, 0, 0, 0, 0, 0}));
}

TEST(FloatCollation, OrdersAsPostgresOrderBy) {
  std::vector<std::string> values{"3",       "NaN",   "-0",     "Infinity", "-1e+300", "0",
                                  "1e-300",  "-Infinity", "5e-324", "-5e-324", "2.5", "NaN",
                                  "-2.5",    "1e+300", "0.1",    "-0.1"};
  // select string_agg(v::text, ',' order by v) from unnest(array[...]::float8[]) v
  const std::vector<std::string> postgres{"-Infinity", "-1e+300", "-2.5", "-0.1",   "-5e-324",
                                          "-0",        "0",       "5e-324", "1e-300", "0.1",
                                          "2.5",       "3",       "1e+300", "Infinity", "NaN",
                                          "NaN"};
  std::mt19937 random(3);
  for (int round = 0; round < 10; ++round) {
    std::shuffle(values.begin(), values.end(), random);
    std::sort(values.begin(), values.end(), [](const std::string& a, const std::string& b) {
      return compare_stored_float(a, b) < 0;
    });
    for (size_t i = 0; i < values.size(); ++i)
      EXPECT_EQ(compare_stored_float(values[i], postgres[i]), 0) << values[i] << " " << postgres[i];
  }
}

TEST(FloatCollation, FollowsFloat8Cmp) {
  EXPECT_EQ(compare_stored_float("-0", "0"), 0);
  EXPECT_EQ(compare_stored_float("NaN", "NaN"), 0);
  EXPECT_GT(compare_stored_float("NaN", "Infinity"), 0);
  EXPECT_LT(compare_stored_float("Infinity", "NaN"), 0);
  EXPECT_LT(compare_stored_float("-Infinity", "-1.7976931348623157e+308"), 0);
  EXPECT_LT(compare_stored_float("9.999999999999999e+22", "1.0000000000000001e+23"), 0);
  EXPECT_LT(compare_stored_float("0.33333334", "0.33333337"), 0);  // float4 neighbours
  EXPECT_GT(compare_stored_float("1e+15", "999999999999999"), 0);
}

TEST(FloatCollation, TextsWithoutAFloatValueSortLastThenByBytes) {
  EXPECT_GT(compare_stored_float("n/a", "NaN"), 0);
  EXPECT_LT(compare_stored_float("Infinity", ""), 0);
  EXPECT_LT(compare_stored_float("abc", "abd"), 0);
  EXPECT_GT(compare_stored_float(" 1", "1"), 0);
  EXPECT_EQ(compare_stored_float("abc", "abc"), 0);
}

}  // namespace
}  // namespace tributary
