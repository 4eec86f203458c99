// Arrays of every type with a codec: array_recv's bytes -> array_out's text
// with each element printed as the publisher prints it, and the stored text ->
// array_send's bytes. Every text, hex and error below is what a PostgreSQL 15
// server printed (format('%s', v) and array_send(v) with DateStyle ISO,
// TimeZone UTC, extra_float_digits 3; errors from COPY ... (FORMAT binary)).
// The text input and output cases below are PostgreSQL 15's casts and INSERTs
// of the same literals, and its output after SET TimeZone / IntervalStyle /
// bytea_output / extra_float_digits.
#include <gtest/gtest.h>

#include "stages/types/type_codec.hpp"
#include "stages/types/value_io.hpp"
#include "tests/verbatim_codec_test_support.hpp"

namespace tributary {
namespace {

const verbatim_case int_array_cases[] = {
    {1007, "{1,NULL,3}", "00000001000000010000001700000003000000010000000400000001ffffffff0000000400000003"},
    {1007, "{}", "000000000000000000000017"},
    {1007, "[0:1]={5,6}", "000000010000000000000017000000020000000000000004000000050000000400000006"},
    {1007, "{{1,2},{3,4}}", "000000020000000000000017000000020000000100000002000000010000000400000001000000040000000200000004000000030000000400000004"},
    {1007, "[2:3][-1:0]={{1,2},{3,4}}", "000000020000000000000017000000020000000200000002ffffffff0000000400000001000000040000000200000004000000030000000400000004"},
    {1007, "{-2147483648,2147483647}", "00000001000000000000001700000002000000010000000480000000000000047fffffff"},
    {1007, "{NULL}", "0000000100000001000000170000000100000001ffffffff"},
    {1007, "{{NULL,NULL}}", "00000002000000010000001700000001000000010000000200000001ffffffffffffffff"},
    {1007, "{{{1,2},{3,4}},{{5,6},{7,8}}}", "00000003000000000000001700000002000000010000000200000001000000020000000100000004000000010000000400000002000000040000000300000004000000040000000400000005000000040000000600000004000000070000000400000008"},
    {1007, "[-5:-5]={7}", "00000001000000000000001700000001fffffffb0000000400000007"},
    {1016, "{9223372036854775807,-9223372036854775808,0}", "0000000100000000000000140000000300000001000000087fffffffffffffff000000088000000000000000000000080000000000000000"},
    {1016, "{}", "000000000000000000000014"},
    {1005, "{1,-1,32767}", "000000010000000000000015000000030000000100000002000100000002ffff000000027fff"},
    {1028, "{0,4294967295}", "00000001000000000000001a0000000200000001000000040000000000000004ffffffff"},
};

const verbatim_case text_array_cases[] = {
    {1009, "{\"a b\",\"\",\"NULL\",NULL,\"x\\\"y\",\"c\\\\d\",plain,\"null\",\" \",\"a,b\",\"{x}\",\"tab\011here\",Nulls,\303\251,\"new\012line\",a;b,(1),\"\\\\\",\"\\\"\",\"nULl\",\"x y \",\"\015\014v\",[1:2],=}", "00000001000000010000001900000018000000010000000361206200000000000000044e554c4cffffffff0000000378227900000003635c6400000005706c61696e000000046e756c6c000000012000000003612c62000000037b787d000000087461620968657265000000054e756c6c7300000002c3a9000000086e65770a6c696e6500000003613b6200000003283129000000015c0000000122000000046e554c6c0000000478207920000000030d0c76000000055b313a325d000000013d"},
    {1009, "{{a,NULL},{\"b c\",\"\"}}", "000000020000000100000019000000020000000100000002000000010000000161ffffffff0000000362206300000000"},
    {1009, "{}", "000000000000000000000019"},
    {1015, "{a,\"b c\",\"\"}", "000000010000000000000413000000030000000100000001610000000362206300000000"},
    {1014, "{\"a  \",\"bc \",NULL}", "00000001000000010000041200000003000000010000000361202000000003626320ffffffff"},
    {1003, "{x,\"NULL\",\"a b\"}", "00000001000000000000001300000003000000010000000178000000044e554c4c00000003612062"},
    {1002, "{a,\"\\\"\",\" \",\"\\\\\"}", "0000000100000000000000120000000400000001000000016100000001220000000120000000015c"},
    {1009, "[0:2]={x,y,z}", "000000010000000000000019000000030000000000000001780000000179000000017a"},
};

const verbatim_case numeric_array_cases[] = {
    {1231, "{1.50,NaN,0,Infinity,-Infinity,-0.000000000000000000015,123456789.000000001,0.0}", "0000000100000000000006a400000008000000010000000c0002000000000002000113880000000800000000c00000000000000800000000000000000000000800000000d00000200000000800000000f00000200000000c0002fffb4000001500011388000000140006000200000009000109291a850000000003e8000000080000000000000001"},
    {1231, "{1.50,NULL}", "0000000100000001000006a400000002000000010000000c000200000000000200011388ffffffff"},
};

const verbatim_case float_array_cases[] = {
    {1022, "{NaN,-0,1.5,0.1,Infinity,-Infinity,1e+300,5e-324,1e+22,9.999999999999999e+22}", "0000000100000000000002bd0000000a00000001000000087ff8000000000000000000088000000000000000000000083ff8000000000000000000083fb999999999999a000000087ff000000000000000000008fff0000000000000000000087e37e43c8800759c000000080000000000000001000000084480f0cf064dd5920000000844b52d02c7e14af6"},
    {1021, "{1.1,NaN,-0,3.4028235e+38,1e-45}", "0000000100000000000002bc0000000500000001000000043f8ccccd000000047fc000000000000480000000000000047f7fffff0000000400000001"},
};

const verbatim_case bool_array_cases[] = {
    {1000, "{t,f,NULL}", "000000010000000100000010000000030000000100000001010000000100ffffffff"},
    {1000, "{{t},{f}}", "0000000200000000000000100000000200000001000000010000000100000001010000000100"},
};

const verbatim_case datetime_array_cases[] = {
    {1185, "{\"2024-01-01 00:00:00+00\",infinity,-infinity,\"1999-12-31 23:59:59.5+00\",\"0044-03-15 12:00:00+00 BC\",NULL}", "0000000100000001000004a00000000600000001000000080002b0d5d4e94000000000087fffffffffffffff00000008800000000000000000000008fffffffffff85ee000000008ff1af9e8fb46d000ffffffff"},
    {1182, "{2024-02-29,infinity,-infinity,\"4714-11-24 BC\",2000-01-01}", "00000001000000000000043a00000005000000010000000400002279000000047fffffff000000048000000000000004ffda97a70000000400000000"},
    {1115, "{\"2024-01-01 12:34:56.789\",infinity}", "00000001000000000000045a0000000200000001000000080002b0e060cf6608000000087fffffffffffffff"},
    {1183, "{00:00:00,23:59:59.999999,24:00:00}", "00000001000000000000043b000000030000000100000008000000000000000000000008000000141dd75fff00000008000000141dd76000"},
    {1270, "{00:00:00+00,12:00:00-05:30}", "0000000100000000000004f200000002000000010000000c0000000000000000000000000000000c0000000a0eebb00000004d58"},
    {1187, "{\"1 day 02:00:00\",\"-1 mons\",\"1 year 2 mons 3 days 04:05:06.7\",00:00:00}", "0000000100000000000004a200000004000000010000001000000001ad274800000000010000000000000010000000000000000000000000ffffffff00000010000000036c966ee0000000030000000e0000001000000000000000000000000000000000"},
};

const verbatim_case misc_array_cases[] = {
    {2951, "{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11,NULL,00000000-0000-0000-0000-000000000000}", "000000010000000100000b86000000030000000100000010a0eebc999c0b4ef8bb6d6bb9bd380a11ffffffff0000001000000000000000000000000000000000"},
    {1001, "{\"\\\\x\",\"\\\\x00ff\",\"\\\\x616263\",NULL}", "0000000100000001000000110000000400000001000000000000000200ff00000003616263ffffffff"},
    {791, "{$1.00,-$2.50,\"$1,000.00\"}", "000000010000000000000316000000030000000100000008000000000000006400000008ffffffffffffff060000000800000000000186a0"},
    {1563, "{101,1,\"\"}", "00000001000000000000061a00000003000000010000000500000003a00000000500000001800000000400000000"},
    {1561, "{101,010}", "00000001000000000000061800000002000000010000000500000003a0000000050000000340"},
    {3807, "{\"{\\\"b\\\": 1, \\\"aa\\\": [1, 2.50]}\",[],\"null\",\"\\\"s\\\"\"}", "000000010000000000000eda00000004000000010000001a017b2262223a20312c20226161223a205b312c20322e35305d7d00000003015b5d00000005016e756c6c0000000401227322"},
    {199, "{\"{\\\"a\\\":1 }\",[]}", "0000000100000000000000720000000200000001000000087b2261223a31207d000000025b5d"},
    {143, "{\"<a>x y</a>\"}", "00000001000000000000008e00000001000000010000000a3c613e7820793c2f613e"},
    {1041, "{192.168.1.5/24,::1,NULL}", "00000001000000010000036500000003000000010000000802180004c0a80105000000140380001000000000000000000000000000000001ffffffff"},
    {651, "{10.0.0.0/8,::/0}", "00000001000000000000028a000000020000000100000008020801040a000000000000140300011000000000000000000000000000000000"},
    {1040, "{08:00:2b:01:02:03}", "00000001000000000000033d00000001000000010000000608002b010203"},
    {775, "{08:00:2b:01:02:03:04:05}", "00000001000000000000030600000001000000010000000808002b0102030405"},
    {3221, "{0/0,16/B374D848}", "000000010000000000000c9400000002000000010000000800000000000000000000000800000016b374d848"},
    {1017, "{\"(1,2)\",\"(NaN,-0)\",NULL}", "0000000100000001000002580000000300000001000000103ff00000000000004000000000000000000000107ff80000000000008000000000000000ffffffff"},
};

void expect_error(const pg_error& e, std::string_view sqlstate, std::string_view message) {
  EXPECT_EQ(e.sqlstate, sqlstate) << e.message;
  EXPECT_EQ(e.message, message);
}

std::string sent_hex(oid_t oid, std::string_view stored_text) {
  return to_hex(array_codec().format_binary(builtin_column_type(oid),
                                            sql_value{std::string(stored_text)}));
}

TEST(ArrayType, IntegerArraysWithNullsBoundsAndDimensions) {
  expect_binary_matches_postgres(int_array_cases);
}

TEST(ArrayType, TextArraysQuoteAndEscapeLikeArrayOut) {
  expect_binary_matches_postgres(text_array_cases);
}

TEST(ArrayType, NumericArrays) { expect_binary_matches_postgres(numeric_array_cases); }

TEST(ArrayType, FloatArraysPrintShortestWithNaNAndMinusZero) {
  expect_binary_matches_postgres(float_array_cases);
}

TEST(ArrayType, BoolArrays) { expect_binary_matches_postgres(bool_array_cases); }

TEST(ArrayType, DateTimeArraysPrintWithThePublisherSettings) {
  expect_binary_matches_postgres(datetime_array_cases);
}

TEST(ArrayType, ArraysOfUuidByteaMoneyBitJsonNetworkLsnAndPoint) {
  expect_binary_matches_postgres(misc_array_cases);
}

TEST(ArrayType, SendReadsAnyArrayInSpelling) {
  EXPECT_EQ(sent_hex(1007, " { 1 , null , 3 } "),
            "00000001000000010000001700000003000000010000000400000001ffffffff0000000400000003");
  EXPECT_EQ(sent_hex(1007, "[0:1] = {\"5\",6}"),
            "000000010000000000000017000000020000000000000004000000050000000400000006");
  EXPECT_EQ(sent_hex(1022, "{1.50}"),  // element text read by the float codec
            "0000000100000000000002bd0000000100000001000000083ff8000000000000");
}

TEST(ArrayType, SendsAnEmptyArrayForAStoredTextThatIsNoArray) {
  EXPECT_EQ(sent_hex(1007, "not an array"), "000000000000000000000017");
  EXPECT_EQ(sent_hex(1009, "{a,{b}}"), "000000000000000000000019");
}

TEST(ArrayType, ReceiveAppliesTheArrayTypmodToEachElement) {
  expect_error(receive_error(1015, "00000001000000000000041300000001000000010000000361626364", 6),
               "22001", "value too long for type character varying(2)");
}

TEST(ArrayType, ReceiveRejectsMalformedHeadersLikeArrayRecv) {
  expect_error(receive_error(1007, "000000010000000000000014000000010000000100000008000000000000000100"),
               "42804", "binary data has array element type 20 (bigint) instead of expected 23 (integer)");
  expect_error(receive_error(1007, "0000000000000000000000ff"), "42804",
               "binary data has array element type 255 (?\?\?) instead of expected 23 (integer)");
  expect_error(receive_error(1007, "000000010000000200000017000000010000000100000004000001"), "22P03",
               "invalid array flags");
  expect_error(receive_error(1007, "ffffffff0000000000000017"), "22P03",
               "invalid number of dimensions: -1");
  expect_error(receive_error(1007, "000000070000000000000017"), "54000",
               "number of array dimensions (7) exceeds the maximum allowed (6)");
  expect_error(receive_error(1007, "000000010000000000000017ffffffff00000005"), "54000",
               "array size exceeds the maximum allowed (134217727)");
  expect_error(receive_error(1007, "00000002000000000000001700000001000000017fffffff00000001"),
               "54000", "array size exceeds the maximum allowed (134217727)");
  expect_error(receive_error(1007, "000000010000000000000017000000017fffffff0000000400000001"),
               "54000", "array lower bound is too large: 2147483647");
  expect_error(receive_error(1007, "0000000000000000"), "08P01", "insufficient data left in message");
  expect_error(receive_error(1007, "00000001000000000000001700000001"), "08P01",
               "insufficient data left in message");
  expect_error(receive_error(1007, "0000000100000000000000170000000100000001"), "08P01",
               "insufficient data left in message");
}

TEST(ArrayType, ReceiveRejectsBadElementLengthsAndTrailingBytes) {
  expect_error(receive_error(1007, "0000000100000000000000170000000100000001fffffffe"), "22P03",
               "insufficient data left in message");
  expect_error(receive_error(1007, "00000001000000000000001700000001000000010000000500000001"),
               "22P03", "insufficient data left in message");
  expect_error(receive_error(1007, "0000000100000000000000170000000100000001000000050000000100"),
               "22P03", "improper binary format in array element 1");
  expect_error(receive_error(1007, "00000001000000000000001700000001000000010000000400000001ff"),
               "22P03", "incorrect binary data format");
  expect_error(receive_error(1007, "00000000000000000000001700"), "22P03",
               "incorrect binary data format");
}

TEST(ArrayType, ReceiveAcceptsZeroLengthDimensionsAndUnflaggedNulls) {
  EXPECT_EQ(stored_string(array_codec().parse_binary(
                builtin_column_type(1007), from_hex("0000000100000000000000170000000000000005"))),
            "{}");
  EXPECT_EQ(stored_string(array_codec().parse_binary(
                builtin_column_type(1007), from_hex("0000000100000000000000170000000100000001ffffffff"))),
            "{NULL}");
}

TEST(ArrayType, ArraysOfTypesWithACodecHaveOne) {
  // int4[] text[] numeric[] timestamptz[] uuid[] inet[] jsonb[] point[] json[] "char"[]
  // box[] tsvector[] int4range[] tsquery[]
  for (oid_t oid : {1007u, 1009u, 1231u, 1185u, 2951u, 1041u, 3807u, 1017u, 199u, 1002u, 1020u,
                    3643u, 3905u, 3645u}) {
    EXPECT_EQ(find_type_codec(oid), &array_codec()) << oid;
    EXPECT_TRUE(has_binary_output(builtin_column_type(oid))) << oid;
    EXPECT_TRUE(text_is_stored_as_received(builtin_column_type(oid))) << oid;
  }
}

// parse_text: array_in with the session's settings, then array_out with the
// publisher's (DateStyle ISO, TimeZone UTC, extra_float_digits 3).
type_settings session_in(std::string time_zone) {
  type_settings s = publisher_type_settings();
  s.time_zone = std::move(time_zone);
  return s;
}

std::string parsed(oid_t oid, std::string_view text, int32_t typmod = -1,
                   const type_settings& settings = publisher_type_settings()) {
  return stored_string(array_codec().parse_text(builtin_column_type(oid, typmod), text, settings));
}

pg_error parse_error(oid_t oid, std::string_view text, int32_t typmod = -1) {
  auto r = array_codec().parse_text(builtin_column_type(oid, typmod), text,
                                    publisher_type_settings());
  return r.ok() ? make_pg_error("", "accepted: " + stored_string(r)) : r.error();
}

std::string printed(oid_t oid, std::string_view stored, const type_settings& settings) {
  return array_codec().format_text(builtin_column_type(oid), sql_value{std::string(stored)},
                                   settings);
}

TEST(ArrayTextInput, NormalizesSpacingQuotesNullsAndDefaultBounds) {
  EXPECT_EQ(parsed(1007, " { 1 , NULL , 3 } "), "{1,NULL,3}");
  EXPECT_EQ(parsed(1007, "[1:2]={1,2}"), "{1,2}");
  EXPECT_EQ(parsed(1007, "[0:1]={1,2}"), "[0:1]={1,2}");
  EXPECT_EQ(parsed(1007, "{ {1,2} , {3,4} }"), "{{1,2},{3,4}}");
  EXPECT_EQ(parsed(1007, "{}"), "{}");
  EXPECT_EQ(parsed(1009, "{ \"a\" , NULL}"), "{a,NULL}");
  EXPECT_EQ(parsed(1009, "{\"x\", \"NULL\", null, \"\", \" b \", a\\ b}"),
            "{x,\"NULL\",NULL,\"\",\" b \",\"a b\"}");
}

TEST(ArrayTextInput, PrintsEachElementAsItsOutputFunctionDoes) {
  EXPECT_EQ(parsed(1005, "{+007,-0}"), "{7,0}");
  EXPECT_EQ(parsed(1231, "{1.500, 1e3, -0.0, nan, \"Infinity\"}"), "{1.500,1000,0.0,NaN,Infinity}");
  EXPECT_EQ(parsed(1021, "{3.4028235e38, 0.1}"), "{3.4028235e+38,0.1}");
  EXPECT_EQ(parsed(1000, "{t, yes, off, 0}"), "{t,t,f,f}");
  EXPECT_EQ(parsed(2951, "{A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11}"),
            "{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}");
  EXPECT_EQ(parsed(1001, "{\"\\\\x00FF\", abc}"), "{\"\\\\x00ff\",\"\\\\x616263\"}");
  EXPECT_EQ(parsed(1187, "{\"1 day 3 hours\", P1Y2M, -1 min}"),
            "{\"1 day 03:00:00\",\"1 year 2 mons\",-00:01:00}");
  EXPECT_EQ(parsed(1183, "{12:00:00.5}"), "{12:00:00.5}");
  EXPECT_EQ(parsed(3807, "{\"{\\\"b\\\":1,  \\\"a\\\":[1, 2.50]}\", null}"),
            "{\"{\\\"a\\\": [1, 2.50], \\\"b\\\": 1}\",NULL}");
  EXPECT_EQ(parsed(791, "{12.345}"), "{$12.35}");
  EXPECT_EQ(parsed(1563, "{1010, 0}"), "{1010,0}");
}

TEST(ArrayTextInput, ReadsTimesInTheSessionTimeZoneAndStoresThemInUtc) {
  EXPECT_EQ(parsed(1185, "{2024-01-01 10:00+02, 2024-06-01 12:00, epoch, infinity}"),
            "{\"2024-01-01 08:00:00+00\",\"2024-06-01 12:00:00+00\",\"1970-01-01 00:00:00+00\","
            "infinity}");
  EXPECT_EQ(parsed(1185, "{2024-01-01 10:00}", -1, session_in("America/New_York")),
            "{\"2024-01-01 15:00:00+00\"}");
  type_settings dmy = publisher_type_settings();
  dmy.order = date_order::dmy;
  EXPECT_EQ(parsed(1182, "{01/02/2024}", -1, dmy), "{2024-02-01}");
  EXPECT_EQ(parsed(1115, "{\"01/02/2024 10:00\"}", -1, dmy), "{\"2024-02-01 10:00:00\"}");
}

TEST(ArrayTextInput, AppliesTheArrayTypmodToEachElement) {
  EXPECT_EQ(parsed(1231, "{1.25,3.14159,NULL}", (5 << 16 | 1) + 4), "{1.3,3.1,NULL}");
  EXPECT_EQ(parsed(1014, "{a  ,\"b \"}", 3 + 4), "{\"a  \",\"b  \"}");
  EXPECT_EQ(parsed(1015, "{\"abc   \",ab}", 3 + 4), "{abc,ab}");
  EXPECT_EQ(parsed(1115, "{\"2024-01-01 10:00:00.123456\"}", 2), "{\"2024-01-01 10:00:00.12\"}");
  expect_error(parse_error(1015, "{ab,NULL,abcd}", 3 + 4), "22001",
               "value too long for type character varying(3)");
  auto overflow = parse_error(1231, "{1,99999}", (5 << 16 | 1) + 4);
  expect_error(overflow, "22003", "numeric field overflow");
  EXPECT_EQ(overflow.detail,
            "A field with precision 5, scale 1 must round to an absolute value less than 10^4.");
}

TEST(ArrayTextInput, ReportsTheFirstBadElementAfterCheckingTheWholeLiteral) {
  expect_error(parse_error(1007, "{abc,{1}}"), "22P02", "malformed array literal: \"{abc,{1}}\"");
  EXPECT_EQ(parse_error(1007, "{abc,{1}}").detail, "Unexpected \"{\" character.");
  expect_error(parse_error(1007, "{abc,99999999999}"), "22P02",
               "invalid input syntax for type integer: \"abc\"");
  expect_error(parse_error(1007, "{1,99999999999}"), "22003",
               "value \"99999999999\" is out of range for type integer");
  expect_error(parse_error(1007, "{1.5}"), "22P02", "invalid input syntax for type integer: \"1.5\"");
  expect_error(parse_error(1022, "{1.1, 1e-400}"), "22003",
               "\"1e-400\" is out of range for type double precision");
  expect_error(parse_error(1182, "{2024-13-01}"), "22008",
               "date/time field value out of range: \"2024-13-01\"");
  expect_error(parse_error(1001, "{\"\\\\xZZ\"}"), "22023", "invalid hexadecimal digit: \"Z\"");
  expect_error(parse_error(2951, "{not-a-uuid}"), "22P02",
               "invalid input syntax for type uuid: \"not-a-uuid\"");
  expect_error(parse_error(3807, "{\"{\\\"a\\\":}\"}"), "22P02", "invalid input syntax for type json");
}

TEST(ArrayTextInput, RejectsMalformedLiteralsAsArrayIn) {
  auto no_brace = parse_error(1007, "1,2");
  expect_error(no_brace, "22P02", "malformed array literal: \"1,2\"");
  EXPECT_EQ(no_brace.detail, "Array value must start with \"{\" or dimension information.");
  auto open = parse_error(1007, "{1,2");
  expect_error(open, "22P02", "malformed array literal: \"{1,2\"");
  EXPECT_EQ(open.detail, "Unexpected end of input.");
  auto empty_subarrays = parse_error(1007, "{{},{}}");
  expect_error(empty_subarrays, "22P02", "malformed array literal: \"{{},{}}\"");
  EXPECT_EQ(empty_subarrays.detail, "Unexpected \"}\" character.");
  expect_error(parse_error(1007, "[2:1]={}"), "2202E", "upper bound cannot be less than lower bound");
}

// format_text: array_out under the session's settings (PostgreSQL 15 with
// SET TimeZone / IntervalStyle / bytea_output / extra_float_digits).
TEST(ArrayTextOutput, ShowsTimestamptzElementsInTheSessionTimeZone) {
  EXPECT_EQ(printed(1185, "{\"2024-02-29 11:45:30+00\",\"2024-07-01 04:00:00+00\",NULL,infinity}",
                    session_in("America/New_York")),
            "{\"2024-02-29 06:45:30-05\",\"2024-07-01 00:00:00-04\",NULL,infinity}");
  EXPECT_EQ(printed(1185, "{\"2024-02-29 11:45:30+00\",\"0044-03-15 12:00:00+00 BC\"}",
                    session_in("Asia/Kolkata")),
            "{\"2024-02-29 17:15:30+05:30\",\"0044-03-15 17:53:28+05:53:28 BC\"}");
}

TEST(ArrayTextOutput, FollowsIntervalStyleByteaOutputAndExtraFloatDigits) {
  const std::string intervals = "{\"1 day 02:00:00\",\"-1 mons\",\"1 year 2 mons 3 days 04:05:06.7\",00:00:00}";
  type_settings s = publisher_type_settings();
  s.intervals = interval_style::sql_standard;
  EXPECT_EQ(printed(1187, intervals, s), "{\"1 2:00:00\",-0-1,\"+1-2 +3 +4:05:06.7\",0}");
  s.intervals = interval_style::iso_8601;
  EXPECT_EQ(printed(1187, intervals, s), "{P1DT2H,P-1M,P1Y2M3DT4H5M6.7S,PT0S}");
  s.intervals = interval_style::postgres_verbose;
  EXPECT_EQ(printed(1187, intervals, s),
            "{\"@ 1 day 2 hours\",\"@ 1 mon ago\",\"@ 1 year 2 mons 3 days 4 hours 5 mins 6.7 secs\","
            "\"@ 0\"}");
  s = publisher_type_settings();
  s.bytea_output_hex = false;
  EXPECT_EQ(printed(1001, "{\"\\\\x00ff\",\"\\\\x616263\",\"\\\\x\",\"\\\\x5c22207b\"}", s),
            "{\"\\\\000\\\\377\",abc,\"\",\"\\\\\\\\\\\" {\"}");
  s = publisher_type_settings();
  s.extra_float_digits = 0;
  EXPECT_EQ(printed(1022, "{0.1,1e+300,NaN,-0,3.14159265358979}", s),
            "{0.1,1e+300,NaN,-0,3.14159265358979}");
  EXPECT_EQ(printed(1021, "{1.1,3.4028235e+38}", s), "{1.1,3.40282e+38}");
  s.extra_float_digits = -3;
  EXPECT_EQ(printed(1022, "{0.1,1e+300,NaN,-0,3.14159265358979}", s),
            "{0.1,1e+300,NaN,-0,3.14159265359}");
  EXPECT_EQ(printed(1021, "{1.1,3.4028235e+38}", s), "{1.1,3.4e+38}");
}

TEST(ArrayTextOutput, ReturnsTheStoredTextWhenTheSessionPrintsLikeThePublisher) {
  type_settings s = session_in("America/New_York");
  s.order = date_order::dmy;
  s.extra_float_digits = 1;
  EXPECT_EQ(printed(1182, "{2024-02-01}", s), "{2024-02-01}");
  EXPECT_EQ(printed(1115, "{\"2024-02-01 10:00:00\"}", s), "{\"2024-02-01 10:00:00\"}");
  EXPECT_EQ(printed(1022, "{0.1,3.14159265358979}", s), "{0.1,3.14159265358979}");
  // Another tool's text (no PostgreSQL equivalent): printed as stored.
  EXPECT_EQ(printed(1185, "not an array", s), "not an array");
  EXPECT_EQ(printed(1185, "{\"2024-02-29 11:45:30+00\",bad}", s), "{\"2024-02-29 06:45:30-05\",bad}");
}

}  // namespace
}  // namespace tributary
