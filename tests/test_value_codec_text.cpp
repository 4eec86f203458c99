// Unit tests of value_codec_text: text-format values (pgoutput 't', COPY text)
// -> sql_value, the tuple_value entry point, and type names for messages.
// Expected texts and error messages were checked against PostgreSQL 15.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "stages/types/pg_type_oids.hpp"
#include "stages/types/legacy/value_codec.hpp"

namespace tributary {
namespace {

namespace oids = pg_type_oid;

sql_value decoded_text(oid_t type_oid, std::string_view text) {
  auto r = decode_text_value(type_oid, text);
  EXPECT_TRUE(r.ok()) << "decoding \"" << text << "\" as " << pg_type_name(type_oid) << ": "
                      << (r.ok() ? "" : r.error().message);
  return r.ok() ? r.value() : sql_value{sql_null{}};
}

std::string text_error(oid_t type_oid, std::string_view text) {
  auto r = decode_text_value(type_oid, text);
  EXPECT_FALSE(r.ok()) << "\"" << text << "\" as " << pg_type_name(type_oid)
                       << " should not decode";
  return r.ok() ? std::string() : r.error().message;
}

sql_value integer(int64_t v) { return sql_value{v}; }
sql_value text(std::string v) { return sql_value{std::move(v)}; }
sql_value blob(std::string v) { return sql_value{sql_blob{std::move(v)}}; }

// --- integers ----------------------------------------------------------------

TEST(ValueCodecText, IntegersBecomeSqliteIntegers) {
  EXPECT_EQ(decoded_text(oids::int2, "-32768"), integer(-32768));
  EXPECT_EQ(decoded_text(oids::int2, "32767"), integer(32767));
  EXPECT_EQ(decoded_text(oids::int4, "42"), integer(42));
  EXPECT_EQ(decoded_text(oids::int4, "-2147483648"), integer(-2147483648LL));
  EXPECT_EQ(decoded_text(oids::int4, "0"), integer(0));
  EXPECT_EQ(decoded_text(oids::oid, "4294967295"), integer(4294967295LL));
}

TEST(ValueCodecText, Int8MinAndMaxAreExact) {
  EXPECT_EQ(decoded_text(oids::int8, "-9223372036854775808"),
            integer(std::numeric_limits<int64_t>::min()));
  EXPECT_EQ(decoded_text(oids::int8, "9223372036854775807"),
            integer(std::numeric_limits<int64_t>::max()));
}

TEST(ValueCodecText, IntegerOutsideItsTypeIsOutOfRange) {
  EXPECT_EQ(text_error(oids::int2, "32768"), "value \"32768\" is out of range for type smallint");
  EXPECT_EQ(text_error(oids::int4, "99999999999"),
            "value \"99999999999\" is out of range for type integer");
  EXPECT_EQ(text_error(oids::int4, "-2147483649"),
            "value \"-2147483649\" is out of range for type integer");
  EXPECT_EQ(text_error(oids::int8, "9223372036854775808"),
            "value \"9223372036854775808\" is out of range for type bigint");
  EXPECT_EQ(text_error(oids::int8, "-9223372036854775809"),
            "value \"-9223372036854775809\" is out of range for type bigint");
  EXPECT_EQ(text_error(oids::oid, "4294967296"), "value \"4294967296\" is out of range for type oid");
  EXPECT_EQ(text_error(oids::oid, "-1"), "value \"-1\" is out of range for type oid");
}

TEST(ValueCodecText, MalformedIntegerIsInvalidSyntax) {
  EXPECT_EQ(text_error(oids::int4, "abc"), "invalid input syntax for type integer: \"abc\"");
  for (std::string_view bad : {"", "-", "12a", " 1", "1 ", "+1", "1.0", "0x10", "--1"})
    EXPECT_EQ(text_error(oids::int4, bad),
              "invalid input syntax for type integer: \"" + std::string(bad) + "\"");
  EXPECT_EQ(text_error(oids::int2, "x"), "invalid input syntax for type smallint: \"x\"");
  EXPECT_EQ(text_error(oids::int8, "1e3"), "invalid input syntax for type bigint: \"1e3\"");
}

// --- floats ------------------------------------------------------------------

TEST(ValueCodecText, FloatsBecomeSqliteReals) {
  EXPECT_EQ(decoded_text(oids::float8, "1.1"), sql_value{1.1});
  EXPECT_EQ(decoded_text(oids::float8, "-2.5e-10"), sql_value{-2.5e-10});
  EXPECT_EQ(decoded_text(oids::float8, "1.7976931348623157e+308"),
            sql_value{std::numeric_limits<double>::max()});
  EXPECT_EQ(decoded_text(oids::float8, "5e-324"),
            sql_value{std::numeric_limits<double>::denorm_min()});
  const auto negative_zero = decoded_text(oids::float8, "-0");
  ASSERT_TRUE(std::holds_alternative<double>(negative_zero));
  EXPECT_TRUE(std::signbit(std::get<double>(negative_zero)));
}

TEST(ValueCodecText, Float4TextIsReadAsDoubleSoItKeepsItsDecimalValue) {
  EXPECT_EQ(decoded_text(oids::float4, "1.1"), sql_value{1.1});
  EXPECT_EQ(decoded_text(oids::float4, "3.4028235e+38"), sql_value{3.4028235e+38});
  EXPECT_EQ(decoded_text(oids::float4, "1e-45"), sql_value{1e-45});
}

TEST(ValueCodecText, FloatNaNBecomesTextBecauseSqliteWouldStoreNull) {
  EXPECT_EQ(decoded_text(oids::float8, "NaN"), text("NaN"));
  EXPECT_EQ(decoded_text(oids::float4, "NaN"), text("NaN"));
}

TEST(ValueCodecText, FloatInfinitiesStayReals) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(decoded_text(oids::float8, "Infinity"), sql_value{inf});
  EXPECT_EQ(decoded_text(oids::float8, "-Infinity"), sql_value{-inf});
  EXPECT_EQ(decoded_text(oids::float4, "Infinity"), sql_value{inf});
  EXPECT_EQ(decoded_text(oids::float4, "-Infinity"), sql_value{-inf});
}

TEST(ValueCodecText, FloatBeyondItsTypeIsOutOfRange) {
  EXPECT_EQ(text_error(oids::float8, "1e400"),
            "\"1e400\" is out of range for type double precision");
  EXPECT_EQ(text_error(oids::float4, "1e39"), "\"1e39\" is out of range for type real");
  EXPECT_EQ(text_error(oids::float4, "1e-50"), "\"1e-50\" is out of range for type real");
}

TEST(ValueCodecText, MalformedFloatIsInvalidSyntax) {
  EXPECT_EQ(text_error(oids::float8, "abc"),
            "invalid input syntax for type double precision: \"abc\"");
  for (std::string_view bad : {"", "1.5x", "+1", " 1", "1,5"})
    EXPECT_EQ(text_error(oids::float4, bad),
              "invalid input syntax for type real: \"" + std::string(bad) + "\"");
}

// --- bool --------------------------------------------------------------------

TEST(ValueCodecText, BoolBecomesOneOrZero) {
  EXPECT_EQ(decoded_text(oids::boolean, "t"), integer(1));
  EXPECT_EQ(decoded_text(oids::boolean, "f"), integer(0));
  EXPECT_EQ(decoded_text(oids::boolean, "TRUE"), integer(1));
  EXPECT_EQ(decoded_text(oids::boolean, "off"), integer(0));
}

TEST(ValueCodecText, MalformedBoolIsInvalidSyntax) {
  EXPECT_EQ(text_error(oids::boolean, "maybe"), "invalid input syntax for type boolean: \"maybe\"");
  EXPECT_EQ(text_error(oids::boolean, ""), "invalid input syntax for type boolean: \"\"");
}

// --- bytea -------------------------------------------------------------------

TEST(ValueCodecText, ByteaHexBecomesBlob) {
  EXPECT_EQ(decoded_text(oids::bytea, "\\x0a0b"), blob("\x0a\x0b"));
  EXPECT_EQ(decoded_text(oids::bytea, "\\x00FF5c"), blob(std::string("\x00\xff\x5c", 3)));
  EXPECT_EQ(decoded_text(oids::bytea, "\\x"), blob(""));
  EXPECT_EQ(decoded_text(oids::bytea, "\\x0a 0b\n"), blob("\x0a\x0b"));
}

TEST(ValueCodecText, ByteaEscapeFormatBecomesBlob) {
  EXPECT_EQ(decoded_text(oids::bytea, "abc"), blob("abc"));
  EXPECT_EQ(decoded_text(oids::bytea, "a\\\\b\\001"), blob("a\\b\x01"));
  EXPECT_EQ(decoded_text(oids::bytea, "\\000\\377"), blob(std::string("\x00\xff", 2)));
  EXPECT_EQ(decoded_text(oids::bytea, ""), blob(""));
}

TEST(ValueCodecText, MalformedByteaIsAnError) {
  EXPECT_EQ(text_error(oids::bytea, "\\xzz"), "invalid hexadecimal digit: \"z\"");
  EXPECT_EQ(text_error(oids::bytea, "\\x0g"), "invalid hexadecimal digit: \"g\"");
  EXPECT_EQ(text_error(oids::bytea, "\\x0"), "invalid hexadecimal data: odd number of digits");
  EXPECT_EQ(text_error(oids::bytea, "\\9"), "invalid input syntax for type bytea");
  EXPECT_EQ(text_error(oids::bytea, "\\40"), "invalid input syntax for type bytea");
  EXPECT_EQ(text_error(oids::bytea, "\\400"), "invalid input syntax for type bytea");
  EXPECT_EQ(text_error(oids::bytea, "ends with \\"), "invalid input syntax for type bytea");
}

// --- numeric -----------------------------------------------------------------

TEST(ValueCodecText, NumericKeepsItsExactDecimalText) {
  EXPECT_EQ(decoded_text(oids::numeric, "1.10"), text("1.10"));
  EXPECT_EQ(decoded_text(oids::numeric, "-0.0001"), text("-0.0001"));
  EXPECT_EQ(decoded_text(oids::numeric, "0"), text("0"));
  EXPECT_EQ(decoded_text(oids::numeric, "1234567890123456789012345678901234567890"),
            text("1234567890123456789012345678901234567890"));
  EXPECT_EQ(decoded_text(oids::numeric, "-1234567890123456789012345678901234567890.0123456789"),
            text("-1234567890123456789012345678901234567890.0123456789"));
}

TEST(ValueCodecText, NumericSpecialValuesStayText) {
  EXPECT_EQ(decoded_text(oids::numeric, "NaN"), text("NaN"));
  EXPECT_EQ(decoded_text(oids::numeric, "Infinity"), text("Infinity"));
  EXPECT_EQ(decoded_text(oids::numeric, "-Infinity"), text("-Infinity"));
}

TEST(ValueCodecText, MalformedNumericIsInvalidSyntax) {
  EXPECT_EQ(text_error(oids::numeric, "1.2.3"), "invalid input syntax for type numeric: \"1.2.3\"");
  for (std::string_view bad : {"", "-", "1.", ".5", "1e5", "abc", "+1", "nan", "1 "})
    EXPECT_EQ(text_error(oids::numeric, bad),
              "invalid input syntax for type numeric: \"" + std::string(bad) + "\"");
}

// --- everything else is text as is ------------------------------------------

TEST(ValueCodecText, OtherTypesAreKeptAsText) {
  EXPECT_EQ(decoded_text(oids::text, "héllo"), text("héllo"));
  EXPECT_EQ(decoded_text(oids::text, ""), text(""));
  EXPECT_EQ(decoded_text(oids::varchar, "x"), text("x"));
  EXPECT_EQ(decoded_text(oids::bpchar, "ab  "), text("ab  "));
  EXPECT_EQ(decoded_text(oids::name, "pg_class"), text("pg_class"));
  EXPECT_EQ(decoded_text(oids::char_type, "\\303"), text("\\303"));
  EXPECT_EQ(decoded_text(oids::date, "0044-03-15 BC"), text("0044-03-15 BC"));
  EXPECT_EQ(decoded_text(oids::time, "24:00:00"), text("24:00:00"));
  EXPECT_EQ(decoded_text(oids::timestamp, "-infinity"), text("-infinity"));
  EXPECT_EQ(decoded_text(oids::timestamptz, "2024-02-29 07:04:56.12+00"),
            text("2024-02-29 07:04:56.12+00"));
  EXPECT_EQ(decoded_text(oids::interval, "3 mons -00:00:01"), text("3 mons -00:00:01"));
  EXPECT_EQ(decoded_text(oids::uuid, "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"),
            text("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"));
  EXPECT_EQ(decoded_text(oids::json, "{\"a\":1}"), text("{\"a\":1}"));
  EXPECT_EQ(decoded_text(oids::jsonb, "{\"a\": 1}"), text("{\"a\": 1}"));
  EXPECT_EQ(decoded_text(1007, "{1,2,3}"), text("{1,2,3}"));    // int4[]
  EXPECT_EQ(decoded_text(98765, "happy"), text("happy"));       // a user enum
}

// --- tuple values ------------------------------------------------------------

TEST(ValueCodecTuple, NullKindIsSqlNull) {
  tuple_value v;
  v.k = tuple_value::kind::null;
  auto r = decode_tuple_value(oids::int4, v);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(is_null(r.value()));
}

TEST(ValueCodecTuple, TextAndBinaryKindsUseTheirFormats) {
  tuple_value t{tuple_value::kind::text, "42"};
  auto from_text = decode_tuple_value(oids::int4, t);
  ASSERT_TRUE(from_text.ok());
  EXPECT_EQ(from_text.value(), integer(42));

  tuple_value b{tuple_value::kind::binary, std::string("\x00\x00\x00\x2a", 4)};
  auto from_binary = decode_tuple_value(oids::int4, b);
  ASSERT_TRUE(from_binary.ok());
  EXPECT_EQ(from_binary.value(), integer(42));

  tuple_value bad{tuple_value::kind::text, "forty-two"};
  auto failed = decode_tuple_value(oids::int4, bad);
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.error().message, "invalid input syntax for type integer: \"forty-two\"");
}

TEST(ValueCodecTuple, UnchangedToastIsTheCallersJob) {
  tuple_value v{tuple_value::kind::unchanged_toast, ""};
  auto r = decode_tuple_value(oids::text, v);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("unchanged TOAST value of type text"), std::string::npos);
}

TEST(ValueCodecTuple, UnknownKindIsAnError) {
  tuple_value v{static_cast<tuple_value::kind>('x'), "1"};
  auto r = decode_tuple_value(oids::int4, v);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "invalid tuple value kind 'x'");
}

// --- names and helpers -------------------------------------------------------

TEST(ValueCodecNames, BuiltinTypesUseTypnameOthersTheirOid) {
  EXPECT_EQ(pg_type_name(oids::int4), "int4");
  EXPECT_EQ(pg_type_name(oids::timestamptz), "timestamptz");
  EXPECT_EQ(pg_type_name(oids::boolean), "bool");
  EXPECT_EQ(pg_type_name(oids::char_type), "char");
  EXPECT_EQ(pg_type_name(98765), "OID 98765");
}

TEST(ValueCodecNames, SqlValueFromDoubleOnlyTurnsNaNIntoText) {
  EXPECT_EQ(sql_value_from_double(std::nan("")), text("NaN"));
  EXPECT_EQ(sql_value_from_double(2.5), sql_value{2.5});
  EXPECT_EQ(sql_value_from_double(-std::numeric_limits<double>::infinity()),
            sql_value{-std::numeric_limits<double>::infinity()});
}

}  // namespace
}  // namespace tributary
