// Unit tests of value_codec_binary (with pg_numeric_format and pg_datetime_format):
// binary-format values (pgoutput 'b', COPY binary) -> sql_value.
//
// The central check: the binary form of a value decodes to exactly the sql_value
// that its text form decodes to. The vectors below pair the text PostgreSQL 15
// prints (datestyle=ISO, intervalstyle=postgres, extra_float_digits=3,
// TimeZone=UTC) with the bytes its send function writes for the same value
// (SELECT v::text, encode(<type>send(v), 'hex')). Error paths build their bytes
// by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "stages/types/pg_type_oids.hpp"
#include "stages/types/legacy/value_codec.hpp"

namespace tributary {
namespace {

namespace oids = pg_type_oid;

struct server_vector {
  oid_t type_oid;
  const char* text;
  const char* send_hex;
};

// clang-format off
const server_vector server_vectors[] = {
    {oids::int2, "0", "0000"},
    {oids::int2, "-32768", "8000"},
    {oids::int2, "32767", "7fff"},
    {oids::int2, "-1", "ffff"},
    {oids::int4, "0", "00000000"},
    {oids::int4, "-2147483648", "80000000"},
    {oids::int4, "2147483647", "7fffffff"},
    {oids::int4, "42", "0000002a"},
    {oids::int8, "0", "0000000000000000"},
    {oids::int8, "-9223372036854775808", "8000000000000000"},
    {oids::int8, "9223372036854775807", "7fffffffffffffff"},
    {oids::int8, "-5", "fffffffffffffffb"},
    {oids::oid, "0", "00000000"},
    {oids::oid, "4294967295", "ffffffff"},
    {oids::oid, "16384", "00004000"},
    {oids::float4, "1.1", "3f8ccccd"},
    {oids::float4, "NaN", "7fc00000"},
    {oids::float4, "Infinity", "7f800000"},
    {oids::float4, "-Infinity", "ff800000"},
    {oids::float4, "3.4028235e+38", "7f7fffff"},
    {oids::float4, "1e-45", "00000001"},
    {oids::float4, "-0", "80000000"},
    {oids::float4, "0.1", "3dcccccd"},
    {oids::float4, "1.2345679e+08", "4ceb79a3"},
    {oids::float4, "-2.5e-10", "af89705f"},
    // The shortest decimals 4.996316e+08 and 6.884904e+08 lie exactly halfway
    // between two floats; PostgreSQL never prints such a decimal.
    {oids::float4, "4.9963162e+08", "4dee3e30"},
    {oids::float4, "6.8849037e+08", "4e24261e"},
    {oids::float4, "7.5230403e+09", "4fe0343e"},
    {oids::float8, "1.1", "3ff199999999999a"},
    {oids::float8, "NaN", "7ff8000000000000"},
    {oids::float8, "Infinity", "7ff0000000000000"},
    {oids::float8, "-Infinity", "fff0000000000000"},
    {oids::float8, "1.7976931348623157e+308", "7fefffffffffffff"},
    {oids::float8, "5e-324", "0000000000000001"},
    {oids::float8, "0.1", "3fb999999999999a"},
    {oids::float8, "-0", "8000000000000000"},
    {oids::float8, "1e+100", "54b249ad2594c37d"},
    {oids::boolean, "true", "01"},
    {oids::boolean, "false", "00"},
    {oids::numeric, "1.10", "0002000000000002000103e8"},
    {oids::numeric, "-0.0001", "0001ffff400000040001"},
    {oids::numeric, "NaN", "00000000c0000000"},
    {oids::numeric, "Infinity", "00000000d0000020"},
    {oids::numeric, "-Infinity", "00000000f0000020"},
    {oids::numeric, "0", "0000000000000000"},
    {oids::numeric, "0.000", "0000000000000003"},
    {oids::numeric, "1234567890123456789012345678901234567890", "000a00090000000004d2162e23340d801ed204d2162e23340d801ed2"},
    {oids::numeric, "-1234567890123456789012345678901234567890.0123456789", "000d00094000000a04d2162e23340d801ed204d2162e23340d801ed2007b11d722c4"},
    {oids::numeric, "-1234567890.0987654321", "000600024000000a000c0d801ed203db198f0834"},
    {oids::numeric, "10000", "00010001000000000001"},
    {oids::numeric, "0.1", "0001ffff0000000103e8"},
    {oids::numeric, "100000000.00000001", "000500020000000800010000000000000001"},
    {oids::numeric, "12345.678", "0003000100000003000109291a7c"},
    {oids::numeric, "-7", "00010000400000000007"},
    {oids::numeric, "0.00000000000000000001", "0001fffb000000140001"},
    {oids::numeric, "99990000", "0001000100000000270f"},
    {oids::date, "2000-01-01", "00000000"},
    {oids::date, "1999-12-31", "ffffffff"},
    {oids::date, "2000-02-29", "0000003b"},
    {oids::date, "2000-03-01", "0000003c"},
    {oids::date, "1900-03-01", "ffff718f"},
    {oids::date, "1600-02-29", "fffdc58a"},
    {oids::date, "0001-01-01", "fff4dbf9"},
    {oids::date, "0001-12-31 BC", "fff4dbf8"},
    {oids::date, "0044-03-15 BC", "fff49d7b"},
    {oids::date, "4714-11-24 BC", "ffda97a7"},
    {oids::date, "5874897-12-31", "7fda970c"},
    {oids::date, "infinity", "7fffffff"},
    {oids::date, "-infinity", "80000000"},
    {oids::date, "1970-01-01", "ffffd533"},
    {oids::date, "2024-12-31", "000023ab"},
    {oids::date, "2100-02-28", "00008ee7"},
    {oids::time, "00:00:00", "0000000000000000"},
    {oids::time, "24:00:00", "000000141dd76000"},
    {oids::time, "12:34:56.0001", "0000000a8bda1c64"},
    {oids::time, "23:59:59.999999", "000000141dd75fff"},
    {oids::time, "01:02:03.12", "00000000ddea4d80"},
    {oids::timetz, "00:00:00+00", "000000000000000000000000"},
    {oids::timetz, "12:34:56.5-05", "0000000a8be1bd2000004650"},
    {oids::timetz, "01:02:03+05:30", "00000000dde878c0ffffb2a8"},
    {oids::timetz, "01:02:03-00:00:07", "00000000dde878c000000007"},
    {oids::timetz, "23:59:59.999999+15:59", "000000141dd75fffffff1f3c"},
    {oids::timetz, "24:00:00-15:59:59", "000000141dd760000000e0ff"},
    {oids::timestamp, "2000-01-01 00:00:00", "0000000000000000"},
    {oids::timestamp, "1999-12-31 23:59:59.999999", "ffffffffffffffff"},
    {oids::timestamp, "1969-07-20 20:17:40", "fffc96188bae6100"},
    {oids::timestamp, "0001-01-01 00:00:00", "ff1fe2ffc59c6000"},
    {oids::timestamp, "0001-12-31 23:59:59.5 BC", "ff1fe2ffc594bee0"},
    {oids::timestamp, "4714-11-24 00:00:00 BC", "fd0f7cc1411fa000"},
    {oids::timestamp, "294276-12-31 23:59:59.999999", "7fffff5bb3b29fff"},
    {oids::timestamp, "infinity", "7fffffffffffffff"},
    {oids::timestamp, "-infinity", "8000000000000000"},
    {oids::timestamp, "2024-02-29 12:34:56.12", "0002b583416850c0"},
    {oids::timestamptz, "2000-01-01 00:00:00+00", "0000000000000000"},
    {oids::timestamptz, "1999-12-31 23:59:59.999999+00", "ffffffffffffffff"},
    {oids::timestamptz, "0001-12-31 23:59:59.5+00 BC", "ff1fe2ffc594bee0"},
    {oids::timestamptz, "infinity", "7fffffffffffffff"},
    {oids::timestamptz, "-infinity", "8000000000000000"},
    {oids::timestamptz, "2024-02-29 07:04:56.12+00", "0002b57ea53c4ac0"},
    {oids::interval, "1 year 2 mons 3 days 04:05:06.5", "000000036c9361a0000000030000000e"},
    {oids::interval, "-1 days", "0000000000000000ffffffff00000000"},
    {oids::interval, "00:00:00", "00000000000000000000000000000000"},
    {oids::interval, "-00:00:01", "fffffffffff0bdc00000000000000000"},
    {oids::interval, "3 mons -00:00:01", "fffffffffff0bdc00000000000000003"},
    {oids::interval, "-1 years", "000000000000000000000000fffffff4"},
    {oids::interval, "10 mons 3 days", "0000000000000000000000030000000a"},
    {oids::interval, "-1 days +02:00:00", "00000001ad274800ffffffff00000000"},
    {oids::interval, "1 day -02:00:00", "fffffffe52d8b8000000000100000000"},
    {oids::interval, "-1 mons", "000000000000000000000000ffffffff"},
    {oids::interval, "1 mon", "00000000000000000000000000000001"},
    {oids::interval, "-1 years -2 mons", "000000000000000000000000fffffff2"},
    {oids::interval, "-00:00:00.000001", "ffffffffffffffff0000000000000000"},
    {oids::interval, "100000:00:00", "0001476b081e80000000000000000000"},
    {oids::interval, "-1 days -00:00:00.5", "fffffffffff85ee0ffffffff00000000"},
    {oids::interval, "1 day", "00000000000000000000000100000000"},
    {oids::interval, "-1 years +1 day -00:00:01", "fffffffffff0bdc000000001fffffff4"},
    {oids::uuid, "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "a0eebc999c0b4ef8bb6d6bb9bd380a11"},
    {oids::uuid, "00000000-0000-0000-0000-000000000000", "00000000000000000000000000000000"},
    {oids::jsonb, "{\"a\": [1, 2], \"b\": 1}", "017b2261223a205b312c20325d2c202262223a20317d"},
    {oids::char_type, "a", "61"},
    {oids::char_type, "", "00"},
    {oids::char_type, "\\303", "c3"},
    {oids::text, "héllo", "68c3a96c6c6f"},
    {oids::text, "", ""},
    {oids::bpchar, "ab  ", "61622020"},
    {oids::bytea, "\\x00ff5c", "00ff5c"},
    {oids::bytea, "\\x", ""},
};
// clang-format on

std::string from_hex(std::string_view hex) {
  auto nibble = [](char c) { return c <= '9' ? c - '0' : c - 'a' + 10; };
  std::string out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2)
    out += static_cast<char>(nibble(hex[i]) * 16 + nibble(hex[i + 1]));
  return out;
}

// Big-endian byte strings for hand-built values.
struct be_bytes {
  std::string out;
  be_bytes& u8(uint8_t v) { return put(v, 1); }
  be_bytes& i16(int16_t v) { return put(static_cast<uint16_t>(v), 2); }
  be_bytes& u16(uint16_t v) { return put(v, 2); }
  be_bytes& i32(int32_t v) { return put(static_cast<uint32_t>(v), 4); }
  be_bytes& i64(int64_t v) { return put(static_cast<uint64_t>(v), 8); }
  be_bytes& put(uint64_t v, int size) {
    for (int i = size - 1; i >= 0; --i)
      out += static_cast<char>((v >> (8 * i)) & 0xff);
    return *this;
  }
};

// numeric_send layout: ndigits, weight, sign, dscale, digits.
std::string numeric_bytes(int16_t weight, uint16_t sign, uint16_t dscale,
                          std::vector<int16_t> digits) {
  be_bytes b;
  b.u16(static_cast<uint16_t>(digits.size())).i16(weight).u16(sign).u16(dscale);
  for (int16_t d : digits)
    b.i16(d);
  return b.out;
}

sql_value decoded_binary(oid_t type_oid, std::string_view bytes) {
  auto r = decode_binary_value(type_oid, bytes);
  EXPECT_TRUE(r.ok()) << pg_type_name(type_oid) << ": " << (r.ok() ? "" : r.error().message);
  return r.ok() ? r.value() : sql_value{sql_null{}};
}

std::string binary_error(oid_t type_oid, std::string_view bytes) {
  auto r = decode_binary_value(type_oid, bytes);
  EXPECT_FALSE(r.ok()) << pg_type_name(type_oid) << " bytes should not decode";
  return r.ok() ? std::string() : r.error().message;
}

sql_value text(std::string v) { return sql_value{std::move(v)}; }

// Every server vector of the type: binary decode == text decode, both succeed.
void expect_binary_matches_text(oid_t type_oid) {
  int checked = 0;
  for (const auto& v : server_vectors) {
    if (v.type_oid != type_oid)
      continue;
    SCOPED_TRACE(std::string(pg_type_name(type_oid)) + " \"" + v.text + "\"");
    auto from_text = decode_text_value(type_oid, v.text);
    auto from_binary = decode_binary_value(type_oid, from_hex(v.send_hex));
    ASSERT_TRUE(from_text.ok()) << from_text.error().message;
    ASSERT_TRUE(from_binary.ok()) << from_binary.error().message;
    EXPECT_EQ(from_binary.value(), from_text.value());
    ++checked;
  }
  EXPECT_GT(checked, 0) << "no vectors for " << pg_type_name(type_oid);
}

// --- every type: binary equals text -------------------------------------------

TEST(ValueCodecBinary, Int2MatchesText) { expect_binary_matches_text(oids::int2); }
TEST(ValueCodecBinary, Int4MatchesText) { expect_binary_matches_text(oids::int4); }
TEST(ValueCodecBinary, Int8MinAndMaxMatchText) { expect_binary_matches_text(oids::int8); }
TEST(ValueCodecBinary, OidMatchesTextAsUnsigned) { expect_binary_matches_text(oids::oid); }
TEST(ValueCodecBinary, Float4MatchesTextIncludingNaNAndInfinities) {
  expect_binary_matches_text(oids::float4);
}
TEST(ValueCodecBinary, Float8MatchesTextIncludingNaNAndInfinities) {
  expect_binary_matches_text(oids::float8);
}
TEST(ValueCodecBinary, BoolMatchesText) { expect_binary_matches_text(oids::boolean); }
TEST(ValueCodecBinary, NumericMatchesText) { expect_binary_matches_text(oids::numeric); }
TEST(ValueCodecBinary, DateMatchesTextIncludingBcAndInfinity) {
  expect_binary_matches_text(oids::date);
}
TEST(ValueCodecBinary, TimeMatchesText) { expect_binary_matches_text(oids::time); }
TEST(ValueCodecBinary, TimetzMatchesText) { expect_binary_matches_text(oids::timetz); }
TEST(ValueCodecBinary, TimestampMatchesTextIncludingBcAndInfinity) {
  expect_binary_matches_text(oids::timestamp);
}
TEST(ValueCodecBinary, TimestamptzMatchesTextInUtc) {
  expect_binary_matches_text(oids::timestamptz);
}
TEST(ValueCodecBinary, IntervalMatchesTextWithMixedSigns) {
  expect_binary_matches_text(oids::interval);
}
TEST(ValueCodecBinary, UuidMatchesText) { expect_binary_matches_text(oids::uuid); }
TEST(ValueCodecBinary, JsonbMatchesText) { expect_binary_matches_text(oids::jsonb); }
TEST(ValueCodecBinary, CharMatchesTextIncludingHighBitAndZero) {
  expect_binary_matches_text(oids::char_type);
}
TEST(ValueCodecBinary, TextAndBpcharMatchText) {
  expect_binary_matches_text(oids::text);
  expect_binary_matches_text(oids::bpchar);
}
TEST(ValueCodecBinary, ByteaMatchesText) { expect_binary_matches_text(oids::bytea); }

// --- values spelled out ------------------------------------------------------

TEST(ValueCodecBinary, ValuesHaveTheExpectedStorageClass) {
  EXPECT_EQ(decoded_binary(oids::int8, from_hex("8000000000000000")),
            sql_value{std::numeric_limits<int64_t>::min()});
  EXPECT_EQ(decoded_binary(oids::oid, from_hex("ffffffff")), sql_value{int64_t{4294967295}});
  EXPECT_EQ(decoded_binary(oids::float4, from_hex("3f8ccccd")), sql_value{1.1});
  EXPECT_EQ(decoded_binary(oids::float4, from_hex("7fc00000")), text("NaN"));
  EXPECT_EQ(decoded_binary(oids::float8, from_hex("fff0000000000000")),
            sql_value{-std::numeric_limits<double>::infinity()});
  EXPECT_EQ(decoded_binary(oids::boolean, from_hex("02")), sql_value{int64_t{1}});
  EXPECT_EQ(decoded_binary(oids::bytea, from_hex("00ff")),
            sql_value{sql_blob{std::string("\x00\xff", 2)}});
  EXPECT_EQ(decoded_binary(oids::varchar, "abc"), text("abc"));
  EXPECT_EQ(decoded_binary(oids::name, "pg_class"), text("pg_class"));
  EXPECT_EQ(decoded_binary(oids::json, "{\"a\":1}"), text("{\"a\":1}"));
}

TEST(ValueCodecBinary, NumericPrintsExactlyDscaleFractionDigits) {
  EXPECT_EQ(decoded_binary(oids::numeric, from_hex("0002000000000002000103e8")), text("1.10"));
  EXPECT_EQ(decoded_binary(oids::numeric, from_hex("0001ffff400000040001")), text("-0.0001"));
  EXPECT_EQ(decoded_binary(oids::numeric, numeric_bytes(0, 0x0000, 6, {1})), text("1.000000"));
  EXPECT_EQ(decoded_binary(oids::numeric, numeric_bytes(2, 0x0000, 0, {1})), text("100000000"));
  EXPECT_EQ(decoded_binary(oids::numeric, numeric_bytes(-3, 0x4000, 12, {5})),
            text("-0.000000000005"));
}

TEST(ValueCodecBinary, NumericDigitsPastDscaleAreCutAndLeadingZeroGroupsDropped) {
  // 1.2345 sent with dscale 2: numeric_recv truncates to 1.23.
  EXPECT_EQ(decoded_binary(oids::numeric, numeric_bytes(0, 0x0000, 2, {1, 2345})), text("1.23"));
  // Unnormalized leading zero group: 0000|0005 with weight 1 is 5.
  EXPECT_EQ(decoded_binary(oids::numeric, numeric_bytes(1, 0x0000, 0, {0, 5})), text("5"));
  // -0.00001 cut to dscale 4 is zero, and zero has no sign.
  EXPECT_EQ(decoded_binary(oids::numeric, numeric_bytes(-2, 0x4000, 4, {1000})), text("0.0000"));
  EXPECT_EQ(decoded_binary(oids::numeric, numeric_bytes(0, 0x4000, 0, {})), text("0"));
}

TEST(ValueCodecBinary, NumericSpecialValues) {
  EXPECT_EQ(decoded_binary(oids::numeric, numeric_bytes(0, 0xC000, 0, {})), text("NaN"));
  EXPECT_EQ(decoded_binary(oids::numeric, numeric_bytes(0, 0xD000, 0, {})), text("Infinity"));
  EXPECT_EQ(decoded_binary(oids::numeric, numeric_bytes(0, 0xF000, 0, {})), text("-Infinity"));
}

TEST(ValueCodecBinary, IntervalExtremes) {
  // PostgreSQL 17 infinite intervals: all three fields at MIN or MAX.
  EXPECT_EQ(decoded_binary(oids::interval, from_hex("7fffffffffffffff7fffffff7fffffff")),
            text("infinity"));
  EXPECT_EQ(decoded_binary(oids::interval, from_hex("80000000000000008000000080000000")),
            text("-infinity"));
  // Only the time at INT64_MIN: a finite interval whose magnitude needs care.
  EXPECT_EQ(decoded_binary(oids::interval, from_hex("80000000000000000000000000000000")),
            text("-2562047788:00:54.775808"));
  EXPECT_EQ(decoded_binary(oids::interval,
                           be_bytes{}.i64(0).i32(std::numeric_limits<int32_t>::min()).i32(-1).out),
            text("-1 mons -2147483648 days"));
  EXPECT_EQ(decoded_binary(oids::interval, be_bytes{}.i64(1).i32(-1).i32(1).out),
            text("1 mon -1 days +00:00:00.000001"));
}

TEST(ValueCodecBinary, TimestampsAroundTheEpochAndYearOne) {
  EXPECT_EQ(decoded_binary(oids::timestamp, be_bytes{}.i64(-1).out),
            text("1999-12-31 23:59:59.999999"));
  EXPECT_EQ(decoded_binary(oids::timestamptz, be_bytes{}.i64(-1).out),
            text("1999-12-31 23:59:59.999999+00"));
  EXPECT_EQ(decoded_binary(oids::timestamp, from_hex("ff1fe2ffc594bee0")),
            text("0001-12-31 23:59:59.5 BC"));
  EXPECT_EQ(decoded_binary(oids::timestamptz, from_hex("ff1fe2ffc594bee0")),
            text("0001-12-31 23:59:59.5+00 BC"));
}

// Walks day by day through stretches of the calendar that hold every rule (the
// first day PostgreSQL knows, year 0 and the centuries around it, 1900 / 2000 /
// 2100) and checks that each date is the calendar successor of the one before.
struct civil_day {
  int64_t year;  // astronomical: 0 = 1 BC
  int month;
  int day;
  friend bool operator==(const civil_day&, const civil_day&) = default;
};

civil_day parse_printed_date(const std::string& s) {
  const size_t dash = s.find('-');
  civil_day d{std::stoll(s.substr(0, dash)), std::stoi(s.substr(dash + 1, 2)),
              std::stoi(s.substr(dash + 4, 2))};
  if (s.size() > 3 && s.compare(s.size() - 3, 3, " BC") == 0)
    d.year = 1 - d.year;
  return d;
}

civil_day next_day(civil_day d) {
  static constexpr int lengths[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (d.year % 4 == 0 && d.year % 100 != 0) || d.year % 400 == 0;
  const int month_length = d.month == 2 && leap ? 29 : lengths[d.month - 1];
  if (++d.day > month_length) {
    d.day = 1;
    if (++d.month > 12) {
      d.month = 1;
      ++d.year;
    }
  }
  return d;
}

void expect_consecutive_dates(int32_t first_day, civil_day expected, int32_t count) {
  for (int32_t day = first_day; day < first_day + count; ++day) {
    auto r = decode_binary_value(oids::date, be_bytes{}.i32(day).out);
    ASSERT_TRUE(r.ok()) << "day " << day;
    const std::string& printed = std::get<std::string>(r.value());
    ASSERT_EQ(parse_printed_date(printed), expected) << "day " << day << " printed " << printed;
    expected = next_day(expected);
  }
}

TEST(ValueCodecBinary, DatesFollowTheProlepticGregorianCalendarDayByDay) {
  expect_consecutive_dates(-2451545, {-4713, 11, 24}, 3700);    // 4714-11-24 BC, 10 years
  expect_consecutive_dates(-767009, {-100, 1, 1}, 73100);       // 0101-01-01 BC .. about 100 AD
  expect_consecutive_dates(-37985, {1896, 1, 1}, 76000);        // 1896 .. about 2104
}

// --- malformed input ---------------------------------------------------------

TEST(ValueCodecBinary, WrongLengthIsIncorrectBinaryDataFormat) {
  EXPECT_EQ(binary_error(oids::int4, "\x01\x02\x03"),
            "incorrect binary data format for type int4 (length 3)");
  EXPECT_EQ(binary_error(oids::int2, std::string(4, '\0')),
            "incorrect binary data format for type int2 (length 4)");
  EXPECT_EQ(binary_error(oids::int8, std::string(7, '\0')),
            "incorrect binary data format for type int8 (length 7)");
  EXPECT_EQ(binary_error(oids::oid, ""), "incorrect binary data format for type oid (length 0)");
  EXPECT_EQ(binary_error(oids::float4, std::string(8, '\0')),
            "incorrect binary data format for type float4 (length 8)");
  EXPECT_EQ(binary_error(oids::float8, std::string(4, '\0')),
            "incorrect binary data format for type float8 (length 4)");
  EXPECT_EQ(binary_error(oids::boolean, std::string(2, '\1')),
            "incorrect binary data format for type bool (length 2)");
  EXPECT_EQ(binary_error(oids::char_type, ""),
            "incorrect binary data format for type char (length 0)");
  EXPECT_EQ(binary_error(oids::uuid, std::string(15, 'a')),
            "incorrect binary data format for type uuid (length 15)");
  EXPECT_EQ(binary_error(oids::date, std::string(3, '\0')),
            "incorrect binary data format for type date (length 3)");
  EXPECT_EQ(binary_error(oids::time, std::string(7, '\0')),
            "incorrect binary data format for type time (length 7)");
  EXPECT_EQ(binary_error(oids::timetz, std::string(8, '\0')),
            "incorrect binary data format for type timetz (length 8)");
  EXPECT_EQ(binary_error(oids::timestamp, std::string(9, '\0')),
            "incorrect binary data format for type timestamp (length 9)");
  EXPECT_EQ(binary_error(oids::timestamptz, ""),
            "incorrect binary data format for type timestamptz (length 0)");
  EXPECT_EQ(binary_error(oids::interval, std::string(12, '\0')),
            "incorrect binary data format for type interval (length 12)");
  EXPECT_EQ(binary_error(oids::jsonb, ""), "incorrect binary data format for type jsonb (length 0)");
}

TEST(ValueCodecBinary, MalformedNumericIsAnError) {
  EXPECT_EQ(binary_error(oids::numeric, numeric_bytes(0, 0x1234, 0, {1})),
            "invalid sign in external \"numeric\" value");
  EXPECT_EQ(binary_error(oids::numeric, numeric_bytes(0, 0x0000, 0x4000, {1})),
            "invalid scale in external \"numeric\" value");
  EXPECT_EQ(binary_error(oids::numeric, numeric_bytes(0, 0x0000, 0, {10000})),
            "invalid digit in external \"numeric\" value");
  EXPECT_EQ(binary_error(oids::numeric, numeric_bytes(0, 0x0000, 0, {-1})),
            "invalid digit in external \"numeric\" value");
  EXPECT_EQ(binary_error(oids::numeric, numeric_bytes(0, 0x0000, 0, std::vector<int16_t>(3001, 1))),
            "invalid length in external \"numeric\" value");
  // ndigits says 2, one digit follows; and a header cut short.
  EXPECT_EQ(binary_error(oids::numeric, be_bytes{}.u16(2).i16(0).u16(0).u16(0).i16(1).out),
            "incorrect binary data format for type numeric (length 10)");
  EXPECT_EQ(binary_error(oids::numeric, be_bytes{}.u16(0).i16(0).u16(0).out),
            "incorrect binary data format for type numeric (length 6)");
  // Trailing bytes after the digits.
  EXPECT_EQ(binary_error(oids::numeric, numeric_bytes(0, 0x0000, 0, {1}) + "x"),
            "incorrect binary data format for type numeric (length 11)");
}

TEST(ValueCodecBinary, DateTimeOutsidePostgresRangeIsAnError) {
  EXPECT_EQ(binary_error(oids::date, be_bytes{}.i32(-2451546).out), "date out of range");
  EXPECT_EQ(binary_error(oids::date, be_bytes{}.i32(2145031949).out), "date out of range");
  EXPECT_EQ(decoded_binary(oids::date, be_bytes{}.i32(2145031948).out), text("5874897-12-31"));
  EXPECT_EQ(binary_error(oids::time, be_bytes{}.i64(-1).out), "time out of range");
  EXPECT_EQ(binary_error(oids::time, be_bytes{}.i64(86400000001).out), "time out of range");
  EXPECT_EQ(binary_error(oids::timetz, be_bytes{}.i64(0).i32(57600).out),
            "time zone displacement out of range");
  EXPECT_EQ(binary_error(oids::timetz, be_bytes{}.i64(0).i32(-57600).out),
            "time zone displacement out of range");
  EXPECT_EQ(binary_error(oids::timetz, be_bytes{}.i64(86400000001).i32(0).out),
            "time out of range");
  EXPECT_EQ(binary_error(oids::timestamp, be_bytes{}.i64(-211813488000000001).out),
            "timestamp out of range");
  EXPECT_EQ(binary_error(oids::timestamptz, be_bytes{}.i64(9223371331200000000).out),
            "timestamp out of range");
  EXPECT_EQ(decoded_binary(oids::timestamp, be_bytes{}.i64(-211813488000000000).out),
            text("4714-11-24 00:00:00 BC"));
}

TEST(ValueCodecBinary, JsonbWithUnknownVersionIsAnError) {
  EXPECT_EQ(binary_error(oids::jsonb, "\x02{}"), "unsupported jsonb version number 2");
}

TEST(ValueCodecBinary, UnsupportedTypeIsAnError) {
  EXPECT_EQ(binary_error(1007, from_hex("00000001")),
            "binary format is not supported for type with OID 1007");
  EXPECT_EQ(binary_error(oids::money, std::string(8, '\0')),
            "binary format is not supported for type with OID 790");
  EXPECT_EQ(binary_error(98765, "x"), "binary format is not supported for type with OID 98765");
}

// A cut-short value of a fixed-size or length-prefixed type is a length error,
// never a read past its bytes. (Text-like types have no wrong length.)
TEST(ValueCodecBinary, EveryCutShortVectorIsALengthError) {
  for (const auto& v : server_vectors) {
    if (v.type_oid == oids::text || v.type_oid == oids::bpchar || v.type_oid == oids::bytea ||
        v.type_oid == oids::jsonb)
      continue;
    const std::string bytes = from_hex(v.send_hex);
    for (size_t n = 0; n < bytes.size(); ++n) {
      SCOPED_TRACE(pg_type_name(v.type_oid) + " \"" + v.text + "\" cut to " + std::to_string(n));
      EXPECT_EQ(binary_error(v.type_oid, std::string_view(bytes).substr(0, n)),
                "incorrect binary data format for type " + pg_type_name(v.type_oid) +
                    " (length " + std::to_string(n) + ")");
    }
  }
}

}  // namespace
}  // namespace tributary
