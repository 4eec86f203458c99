// Specifications of the numeric codec and the pg_numeric collation. Every
// expected text, byte string, error and order below is what PostgreSQL 15.18
// prints for the same input (numeric_in / numeric(p,s) / numeric_send /
// numeric_recv through COPY BINARY / numeric_cmp / ORDER BY).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "stages/types/stored_order.hpp"
#include "stages/types/type_codec.hpp"
#include "stages/types/numeric/type_numeric.hpp"

namespace tributary {
namespace {

constexpr oid_t numeric_oid = 1700;

int32_t numeric_typmod(int precision, int scale) {
  return ((precision << 16) | (scale & 0x7FF)) + 4;
}

column_type numeric_type(int32_t typmod = -1) { return builtin_column_type(numeric_oid, typmod); }

std::string from_hex(std::string_view hex) {
  std::string out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2)
    out += static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16));
  return out;
}

result<sql_value, pg_error> parse(std::string_view text, int32_t typmod = -1) {
  return numeric_codec().parse_text(numeric_type(typmod), text, publisher_type_settings());
}

result<sql_value, pg_error> receive(std::string_view hex, int32_t typmod = -1) {
  return numeric_codec().parse_binary(numeric_type(typmod), from_hex(hex));
}

std::string stored_text(const result<sql_value, pg_error>& parsed) {
  EXPECT_TRUE(parsed.ok()) << (parsed.ok() ? "" : parsed.error().message);
  if (!parsed.ok())
    return "<error>";
  return std::get<std::string>(*parsed);
}

std::string text_of(std::string_view input, int32_t typmod = -1) {
  return stored_text(parse(input, typmod));
}

std::string send(const sql_value& stored) {
  return numeric_codec().format_binary(numeric_type(), stored);
}

void expect_error(const result<sql_value, pg_error>& parsed, std::string_view sqlstate,
                  std::string_view message, std::string_view detail = {}) {
  ASSERT_FALSE(parsed.ok()) << std::get<std::string>(*parsed);
  EXPECT_EQ(parsed.error().sqlstate, sqlstate);
  EXPECT_EQ(parsed.error().message, message);
  EXPECT_EQ(parsed.error().detail, detail);
}

// ---- text input ----

TEST(NumericType, TextInputKeepsTheScaleItWasWrittenWith) {
  EXPECT_EQ(text_of("1.50"), "1.50");
  EXPECT_EQ(text_of("00012.3400"), "12.3400");
  EXPECT_EQ(text_of("0.00"), "0.00");
  EXPECT_EQ(text_of(".5"), "0.5");
  EXPECT_EQ(text_of("1.e5"), "100000");
  EXPECT_EQ(text_of("000"), "0");
}

TEST(NumericType, TextInputTrimsWhitespaceAndTakesASign) {
  EXPECT_EQ(text_of(" \t1\n"), "1");
  EXPECT_EQ(text_of("+.5e-3"), "0.0005");
  EXPECT_EQ(text_of("  -1e+0003"), "-1000");
  EXPECT_EQ(text_of("1e-3 "), "0.001");
}

TEST(NumericType, ExponentMovesThePointAndScaleIsFractionDigitsMinusExponent) {
  EXPECT_EQ(text_of("1.5e-2"), "0.015");
  EXPECT_EQ(text_of("12e-3"), "0.012");
  EXPECT_EQ(text_of("1.23e1"), "12.3");
  EXPECT_EQ(text_of("1e3"), "1000");
  EXPECT_EQ(text_of("0.0e5"), "0");
  EXPECT_EQ(text_of("1e20"), "100000000000000000000");
  // strtol reads the exponent: whitespace may precede it.
  EXPECT_EQ(text_of(" 1e 5 "), "100000");
}

TEST(NumericType, SpecialWordsAreCaseInsensitive) {
  EXPECT_EQ(text_of("   NaN  "), "NaN");
  EXPECT_EQ(text_of("nan"), "NaN");
  EXPECT_EQ(text_of("iNf"), "Infinity");
  EXPECT_EQ(text_of("+infinity"), "Infinity");
  EXPECT_EQ(text_of("-inf"), "-Infinity");
  EXPECT_EQ(text_of("-Infinity"), "-Infinity");
}

TEST(NumericType, ThereIsNoNegativeZero) {
  EXPECT_EQ(text_of("-0"), "0");
  EXPECT_EQ(text_of("-0.000"), "0.000");
  EXPECT_EQ(text_of("-0.001", numeric_typmod(5, 2)), "0.00");
  EXPECT_EQ(text_of("-000.000", numeric_typmod(3, 1)), "0.0");
}

TEST(NumericType, MalformedTextIsInvalidSyntaxQuotingTheWholeInput) {
  for (const char* bad : {"abc", "", "-", ".", "1e", "1..2", "1.2.3", "1 2", "0x10", "1_000",
                          "1e5.5", "infinityx", "nanx", "+nan", "- 1", "1e+-5", "1e--5", " abc "})
    expect_error(parse(bad), "22P02",
                 std::string("invalid input syntax for type numeric: \"") + bad + "\"");
}

TEST(NumericType, ValuesBeyondTheStorageLimitsOverflowTheFormat) {
  EXPECT_EQ(text_of("1e131071").size(), 131072u);
  EXPECT_EQ(text_of("1e-16383").size(), 16385u);
  for (const char* big : {"1e131072", "1e200000", "1e-16384", "1e-20000", "1e1073741822",
                          "1e1073741823", "1e-1073741823", "1e2000000000",
                          "1e99999999999999999999"})
    expect_error(parse(big), "22003", "value overflows numeric format");
}

TEST(NumericType, SyntaxErrorsComeBeforeOverflowAndTypmodBeforeStorageLimits) {
  expect_error(parse("1e99999999999x"), "22003", "value overflows numeric format");
  expect_error(parse("1.2.3e99999999999"), "22P02",
               "invalid input syntax for type numeric: \"1.2.3e99999999999\"");
  // numeric_in with a typmod (as COPY calls it) rounds before checking the scale.
  EXPECT_EQ(text_of("1e-20000", numeric_typmod(5, 2)), "0.00");
  expect_error(parse("1e200000", numeric_typmod(5, 2)), "22003", "numeric field overflow",
               "A field with precision 5, scale 2 must round to an absolute value less than 10^3.");
  expect_error(parse("1e-1073741823", numeric_typmod(5, 2)), "22003",
               "value overflows numeric format");
}

// ---- typmod ----

TEST(NumericType, TypmodPadsToTheColumnScale) {
  EXPECT_EQ(text_of("1234.5", numeric_typmod(12, 2)), "1234.50");
  for (const char* same : {"1234.50", "-0.10", "3.00"})
    EXPECT_EQ(text_of(same, numeric_typmod(12, 2)), same);
  EXPECT_EQ(text_of("0", numeric_typmod(5, 2)), "0.00");
}

TEST(NumericType, TypmodKeepsWideValuesExact) {
  EXPECT_EQ(text_of("12345678901234567890.0123456789", numeric_typmod(30, 10)),
            "12345678901234567890.0123456789");
  EXPECT_EQ(text_of("-99999999999999999999.9999999999", numeric_typmod(30, 10)),
            "-99999999999999999999.9999999999");
}

TEST(NumericType, TypmodRoundsHalfAwayFromZero) {
  EXPECT_EQ(text_of("999.994", numeric_typmod(5, 2)), "999.99");
  EXPECT_EQ(text_of("0.5", numeric_typmod(1, 0)), "1");
  EXPECT_EQ(text_of("-1.5", numeric_typmod(1, 0)), "-2");
  EXPECT_EQ(text_of("-2.5", numeric_typmod(2, 0)), "-3");
  EXPECT_EQ(text_of("5e-1", numeric_typmod(1, 0)), "1");
  EXPECT_EQ(text_of("-5e-1", numeric_typmod(1, 0)), "-1");
  EXPECT_EQ(text_of("4.9e-1", numeric_typmod(1, 0)), "0");
  EXPECT_EQ(text_of("0.0125", numeric_typmod(2, 3)), "0.013");
}

TEST(NumericType, TypmodWithNegativeScaleRoundsBeforeThePoint) {
  EXPECT_EQ(text_of("12345", numeric_typmod(5, -2)), "12300");
  EXPECT_EQ(text_of("12350", numeric_typmod(3, -2)), "12400");
  expect_error(parse("99950", numeric_typmod(3, -2)), "22003", "numeric field overflow",
               "A field with precision 3, scale -2"
               " must round to an absolute value less than 10^5.");
}

TEST(NumericType, TypmodWithScaleAbovePrecisionTakesOnlySmallFractions) {
  EXPECT_EQ(text_of("0.012", numeric_typmod(2, 3)), "0.012");
  expect_error(parse("0.123", numeric_typmod(2, 3)), "22003", "numeric field overflow",
               "A field with precision 2, scale 3"
               " must round to an absolute value less than 10^-1.");
  expect_error(parse("1e-5", numeric_typmod(2, 7)), "22003", "numeric field overflow",
               "A field with precision 2, scale 7"
               " must round to an absolute value less than 10^-5.");
}

TEST(NumericType, TypmodOverflowNamesTheBoundAfterRounding) {
  const char* detail =
      "A field with precision 5, scale 2 must round to an absolute value less than 10^3.";
  expect_error(parse("1000", numeric_typmod(5, 2)), "22003", "numeric field overflow", detail);
  expect_error(parse("999.995", numeric_typmod(5, 2)), "22003", "numeric field overflow", detail);
  expect_error(parse("9.5", numeric_typmod(1, 0)), "22003", "numeric field overflow",
               "A field with precision 1, scale 0 must round to an absolute value less than 10^1.");
  expect_error(parse("1", numeric_typmod(3, 3)), "22003", "numeric field overflow",
               "A field with precision 3, scale 3 must round to an absolute value less than 1.");
}

TEST(NumericType, TypmodTakesNaNButNoInfinity) {
  EXPECT_EQ(text_of("NaN", numeric_typmod(5, 2)), "NaN");
  const char* detail = "A field with precision 5, scale 2 cannot hold an infinite value.";
  expect_error(parse("Infinity", numeric_typmod(5, 2)), "22003", "numeric field overflow", detail);
  expect_error(parse("-inf", numeric_typmod(5, 2)), "22003", "numeric field overflow", detail);
}

// ---- binary ----

struct sent_value {
  const char* text;
  const char* send_hex;  // select numeric_send('<text>'::numeric)
};

const sent_value sent_values[] = {
    {"12345.678", "0003000100000003000109291a7c"},
    {"0", "0000000000000000"},
    {"0.00", "0000000000000002"},
    {"NaN", "00000000c0000000"},
    {"Infinity", "00000000d0000020"},
    {"-Infinity", "00000000f0000020"},
    {"0.0001", "0001ffff000000040001"},
    {"100000000000000000000", "00010005000000000001"},
    {"-1", "00010000400000000001"},
    {"-12345.678", "0003000140000003000109291a7c"},
    {"1234.5678", "000200000000000404d2162e"},
    {"0.001", "0001ffff00000003000a"},
    {"10000", "00010001000000000001"},
    {"100000000.000", "00010002000000030001"},
    {"-0.00000001", "0001fffe400000080001"},
    {"99999999999999999999.9999999999", "000800040000000a270f270f270f270f270f270f270f26ac"},
    {"12345678901234567890.0123456789", "000800040000000a04d2162e23340d801ed2007b11d722c4"},
    {"1.10", "0002000000000002000103e8"},
    {"0.1000000000000000001", "0005ffff0000001303e8000000000000000a"},
    {"123456789", "0003000200000000000109291a85"},
    {"0.5", "0001ffff000000011388"},
    {"1234.50", "000200000000000204d21388"},
    {"-0.10", "0001ffff4000000203e8"},
};

TEST(NumericType, BinaryOutputIsNumericSendStripped) {
  for (const auto& value : sent_values)
    EXPECT_EQ(send(sql_value{std::string(value.text)}), from_hex(value.send_hex)) << value.text;
  EXPECT_EQ(send(sql_value{std::string(text_of("1e-100"))}), from_hex("0001ffe7000000640001"));
  EXPECT_EQ(send(sql_value{std::string(text_of("1e131071"))}), from_hex("00017fff0000000003e8"));
  EXPECT_EQ(send(sql_value{std::string(text_of("1e-16383"))}), from_hex("0001f00000003fff000a"));
}

TEST(NumericType, BinaryInputRoundTripsNumericSend) {
  for (const auto& value : sent_values) {
    const auto received = receive(value.send_hex);
    EXPECT_EQ(stored_text(received), value.text);
    if (received.ok()) {
      EXPECT_EQ(send(*received), from_hex(value.send_hex)) << value.text;
    }
  }
}

TEST(NumericType, BinaryInputToleratesUnstrippedDigitsAndCutsThemAtTheScale) {
  EXPECT_EQ(stored_text(receive("0003000200000000000000010002")), "10002");
  EXPECT_EQ(stored_text(receive("00020000000000010001000f")), "1.0");
  EXPECT_EQ(stored_text(receive("0002ffff0000000000010002")), "0");
  EXPECT_EQ(stored_text(receive("0002ffff0000000700010002")), "0.0001000");
  EXPECT_EQ(stored_text(receive("0000000040000002")), "0.00");
  EXPECT_EQ(stored_text(receive("00010000400000000000")), "0");
  EXPECT_EQ(stored_text(receive("0001800000000000000a")), "0");
  EXPECT_EQ(stored_text(receive("00000000d0000005")), "Infinity");
  EXPECT_EQ(stored_text(receive("00010000c00000050001")), "NaN");
  const std::string big = stored_text(receive("00027fff0000000000010001"));
  EXPECT_EQ(big.size(), 131069u);
  EXPECT_EQ(big.substr(0, 6), "100010");
}

TEST(NumericType, BinaryInputAppliesTheTypmod) {
  EXPECT_EQ(stored_text(receive("0002000000000004000113ec", numeric_typmod(5, 2))), "1.51");
  EXPECT_EQ(stored_text(receive("000200004000000400632648", numeric_typmod(4, 1))), "-100.0");
  EXPECT_EQ(stored_text(receive("00000000c0000000", numeric_typmod(5, 2))), "NaN");
  expect_error(receive("000200004000000400632648", numeric_typmod(3, 1)), "22003",
               "numeric field overflow",
               "A field with precision 3, scale 1 must round to an absolute value less than 10^2.");
  expect_error(receive("0001000100000000000a", numeric_typmod(5, 2)), "22003",
               "numeric field overflow",
               "A field with precision 5, scale 2 must round to an absolute value less than 10^3.");
  expect_error(receive("00000000d0000000", numeric_typmod(5, 2)), "22003",
               "numeric field overflow",
               "A field with precision 5, scale 2 cannot hold an infinite value.");
}

TEST(NumericType, MalformedBinaryIsRejectedAsNumericRecvWordsIt) {
  expect_error(receive("0001000012340000"), "22P03", "invalid sign in external \"numeric\" value");
  expect_error(receive("0000000000004000"), "22P03", "invalid scale in external \"numeric\" value");
  expect_error(receive("00000000c0004000"), "22P03", "invalid scale in external \"numeric\" value");
  expect_error(receive("00010000000000002710"), "22P03",
               "invalid digit in external \"numeric\" value");
  expect_error(receive("0001000000000000ffff"), "22P03",
               "invalid digit in external \"numeric\" value");
  expect_error(receive("0001000000000000000100"), "22P03", "incorrect binary data format");
  for (const char* short_hex : {"", "0000", "00010000", "000100000000", "0bb9000000000000"})
    expect_error(receive(short_hex), "08P01", "insufficient data left in message");
}

TEST(NumericType, BinaryInputTakesAnyDigitCount) {
  std::string bytes = from_hex("ffff000000000000");
  for (int i = 0; i < 0xFFFF; ++i)
    bytes += from_hex("0001");
  const auto received = numeric_codec().parse_binary(numeric_type(), bytes);
  EXPECT_EQ(stored_text(received), "1");
}

// ---- output of stored values ----

TEST(NumericType, TextOutputIsTheStoredText) {
  const auto& codec = numeric_codec();
  const auto settings = type_settings{};
  EXPECT_EQ(codec.format_text(numeric_type(), sql_value{std::string("1234.50")}, settings),
            "1234.50");
  EXPECT_EQ(codec.format_text(numeric_type(), sql_value{std::string("NaN")}, settings), "NaN");
}

TEST(NumericType, OtherStorageClassesPrintAsNumerics) {
  const auto& codec = numeric_codec();
  const auto settings = type_settings{};
  EXPECT_EQ(codec.format_text(numeric_type(), sql_value{int64_t{-42}}, settings), "-42");
  EXPECT_EQ(codec.format_text(numeric_type(), sql_value{0.1}, settings), "0.1");
  EXPECT_EQ(codec.format_text(numeric_type(), sql_value{1e20}, settings), "100000000000000000000");
  EXPECT_EQ(send(sql_value{int64_t{-1}}), from_hex("00010000400000000001"));
  EXPECT_EQ(send(sql_value{std::string("abc")}), from_hex("00000000c0000000"));
}

// ---- order ----

TEST(NumericType, ComparesByValueIgnoringScale) {
  EXPECT_EQ(compare_stored_numeric("1.0", "1.00"), 0);
  EXPECT_EQ(compare_stored_numeric("0", "0.00"), 0);
  EXPECT_LT(compare_stored_numeric("0.1000000000000000001", "0.1000000000000000002"), 0);
  EXPECT_GT(compare_stored_numeric("0.1000000000000000002", "0.1000000000000000001"), 0);
  EXPECT_LT(compare_stored_numeric("-10", "-9.99"), 0);
  EXPECT_LT(compare_stored_numeric("9.99", "10"), 0);
  EXPECT_GT(compare_stored_numeric("1.01", "1.0"), 0);
  EXPECT_EQ(compare_stored_numeric("NaN", "NaN"), 0);
  EXPECT_EQ(compare_stored_numeric("Infinity", "Infinity"), 0);
}

TEST(NumericType, TextThatIsNotANumericSortsLastThenByBytes) {
  EXPECT_LT(compare_stored_numeric("NaN", "abc"), 0);
  EXPECT_GT(compare_stored_numeric("1.", "Infinity"), 0);
  EXPECT_LT(compare_stored_numeric("1e5", "abc"), 0);
  EXPECT_EQ(compare_stored_numeric("abc", "abc"), 0);
  EXPECT_GT(compare_stored_numeric("", "NaN"), 0);
}

// The same list and its numeric_cmp matrix, taken from PostgreSQL.
const std::vector<std::string> ordered_list_input = {
    "0.1000000000000000002", "-Infinity", "1.00", "NaN", "-0.001", "100",
    "12345678901234567890.0123456789", "0", "Infinity", "-99999999999999999999.9999999999",
    "0.1000000000000000001", "9.99", "-10", "1.0", "0.00", "99.999", "-9.99", "1", "0.5",
    "1000000", "-0.5", "0.001", "NaN", "10", "0.000001", "-1", "100000000000000000000",
    "-100000000000000000000", "0.1", "-12345.678", "12345.678", "1.01",
    "0.999999999999999999999"};

// row i, column j: sign of numeric_cmp(list[i], list[j]).
const char* const numeric_cmp_matrix[] = {
    "0+--+--+-++-+-+-+---++--++-+++---", "-0-------------------------------",
    "++0-+--+-++-+0+-+0+-++--++-+++--+", "+++0++++++++++++++++++0++++++++++",
    "-+--0----+--+---+---+----+-+-+---", "+++-+0-+-++++++++++-++-+++-+++-++",
    "+++-++0+-+++++++++++++-+++-++++++", "-+--+--0-+--+-0-+---+----+-+-+---",
    "+++-++++0+++++++++++++-++++++++++", "-+-------0-----------------+-----",
    "-+--+--+-+0-+-+-+---++--++-+++---", "+++-+--+-++0+++-+++-++--++-+++-++",
    "-+-------+--0--------------+-+---", "++0-+--+-++-+0+-+0+-++--++-+++--+",
    "-+--+--0-+--+-0-+---+----+-+-+---", "+++-+--+-++++++0+++-++-+++-+++-++",
    "-+-------+--+---0----------+-+---", "++0-+--+-++-+0+-+0+-++--++-+++--+",
    "++--+--+-++-+-+-+-0-++--++-+++---", "+++-++-+-++++++++++0++-+++-++++++",
    "-+-------+--+---+---0----+-+-+---", "-+--+--+-+--+-+-+---+0--++-+-+---",
    "+++0++++++++++++++++++0++++++++++", "+++-+--+-++++++-+++-++-0++-+++-++",
    "-+--+--+-+--+-+-+---+---0+-+-+---", "-+-------+--+---+--------0-+-+---",
    "+++-++++-+++++++++++++-+++0++++++", "-+-------------------------0-----",
    "-+--+--+-+--+-+-+---++--++-+0+---", "-+-------+-----------------+-0---",
    "+++-++-+-++++++++++-++-+++-+++0++", "+++-+--+-++-+++-+++-++--++-+++-0+",
    "++--+--+-++-+-+-+-+-++--++-+++--0"};

TEST(NumericType, CompareAgreesWithNumericCmpOnEveryPair) {
  ASSERT_EQ(std::size(numeric_cmp_matrix), ordered_list_input.size());
  for (size_t i = 0; i < ordered_list_input.size(); ++i)
    for (size_t j = 0; j < ordered_list_input.size(); ++j) {
      const char expected = numeric_cmp_matrix[i][j];
      const int got = compare_stored_numeric(ordered_list_input[i], ordered_list_input[j]);
      EXPECT_EQ(got < 0 ? '-' : got > 0 ? '+' : '0', expected)
          << ordered_list_input[i] << " vs " << ordered_list_input[j];
    }
}

TEST(NumericType, SortingAShuffledListMatchesOrderBy) {
  // select v from unnest(array[...]::numeric[]) v order by v, v::text
  const std::vector<std::string> postgres_order = {
      "-Infinity", "-100000000000000000000", "-99999999999999999999.9999999999", "-12345.678",
      "-10", "-9.99", "-1", "-0.5", "-0.001", "0", "0.00", "0.000001", "0.001", "0.1",
      "0.1000000000000000001", "0.1000000000000000002", "0.5", "0.999999999999999999999", "1",
      "1.0", "1.00", "1.01", "9.99", "10", "99.999", "100", "12345.678", "1000000",
      "12345678901234567890.0123456789", "100000000000000000000", "Infinity", "NaN", "NaN"};
  std::vector<std::string> list = ordered_list_input;
  std::mt19937 shuffle_source(15);
  for (int round = 0; round < 5; ++round) {
    std::shuffle(list.begin(), list.end(), shuffle_source);
    std::sort(list.begin(), list.end(), [](const std::string& a, const std::string& b) {
      const int by_value = compare_stored_numeric(a, b);
      return by_value != 0 ? by_value < 0 : a < b;
    });
    EXPECT_EQ(list, postgres_order);
  }
}

TEST(NumericType, CompareIsATotalOrderOverMixedTexts) {
  const std::vector<std::string> texts = {"1", "01", "-0", "0", "-0.0", "x", "", "1.", "-",
                                          "NaN", "nan", "-Infinity", "2.50", "2.5"};
  for (const auto& a : texts)
    for (const auto& b : texts) {
      EXPECT_EQ(compare_stored_numeric(a, b), -compare_stored_numeric(b, a)) << a << " " << b;
      for (const auto& c : texts)
        if (compare_stored_numeric(a, b) <= 0 && compare_stored_numeric(b, c) <= 0) {
          EXPECT_LE(compare_stored_numeric(a, c), 0) << a << " " << b << " " << c;
        }
    }
}

// The apply path stores a numeric text as received when numeric_out would print
// it unchanged for the column: what a publisher sends for the same type.
TEST(NumericCanonicalText, IsWhatNumericOutPrintsForTheTypmod) {
  EXPECT_TRUE(numeric_text_is_canonical("0"));
  EXPECT_TRUE(numeric_text_is_canonical("12.50"));
  EXPECT_TRUE(numeric_text_is_canonical("-0.001"));
  EXPECT_TRUE(numeric_text_is_canonical("1234.56", numeric_typmod(12, 2)));
  EXPECT_TRUE(numeric_text_is_canonical("0.50", numeric_typmod(2, 2)));
  EXPECT_TRUE(numeric_text_is_canonical("-99", numeric_typmod(2, 0)));
  // numeric_out would print these differently, or numeric_in would refuse them
  for (const char* text : {"", "-", "+1", " 1", "1 ", "01", "-0", "-0.00", "1.", ".5", "1e3", "NaN", "Infinity",
                           "-Infinity", "1.2.3", "1,5", "١"})
    EXPECT_FALSE(numeric_text_is_canonical(text)) << text;
  EXPECT_FALSE(numeric_text_is_canonical("1.5", numeric_typmod(12, 2)));    // numeric_out prints 1.50
  EXPECT_FALSE(numeric_text_is_canonical("1.505", numeric_typmod(12, 2)));  // rounds
  EXPECT_FALSE(numeric_text_is_canonical("100.00", numeric_typmod(4, 2)));  // numeric field overflow
  EXPECT_FALSE(numeric_text_is_canonical("5", numeric_typmod(3, -1)));      // a negative scale rounds
  EXPECT_FALSE(numeric_text_is_canonical("0.123", numeric_typmod(2, 3)));   // numeric field overflow
  EXPECT_FALSE(numeric_text_is_canonical(std::string(80, '9')));            // long: parsed, limits checked
}

TEST(NumericCanonicalText, StoresTheSameTextAsParsingWould) {
  std::mt19937 random(10);
  const std::vector<int32_t> typmods = {-1, numeric_typmod(12, 2), numeric_typmod(5, 5), numeric_typmod(3, 0),
                                        numeric_typmod(10, 4), numeric_typmod(2, 3)};
  const std::string alphabet = "0123456789.-";
  for (int n = 0; n < 20000; ++n) {
    std::string text;
    const size_t length = 1 + random() % 9;
    for (size_t i = 0; i < length; ++i)
      text += alphabet[random() % alphabet.size()];
    for (int32_t typmod : typmods) {
      if (!numeric_text_is_canonical(text, typmod))
        continue;
      auto stored = parse_numeric_text(text, typmod);
      ASSERT_TRUE(stored) << text << " typmod " << typmod;
      EXPECT_EQ(format_numeric_text(*stored), text) << "typmod " << typmod;
    }
  }
}

}  // namespace
}  // namespace tributary
