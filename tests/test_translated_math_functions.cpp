// Rounding and arithmetic functions and GREATEST / LEAST in translated SQL
// (math_functions.cpp, storage/sql_functions_math.cpp).
#include <gtest/gtest.h>

#include "stages/types/pg_type_oids.hpp"
#include "tests/translated_query_harness.hpp"

namespace tributary {
namespace {

using testing::translated_query_harness;

TEST(TranslatedMathFunctions, NumericRoundsHalfAwayFromZeroFloatToEven) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT round(2.5)"), "3");
  EXPECT_EQ(h.value("SELECT round(-2.5)"), "-3");
  EXPECT_EQ(h.value("SELECT round(2.5::float8)"), "2");
  EXPECT_EQ(h.value("SELECT round(1234.5678, 2)"), "1234.57");
  EXPECT_EQ(h.value("SELECT round(1250, -2)"), "1300");
  EXPECT_EQ(h.value("SELECT trunc(-2.567, 1)"), "-2.5");
  EXPECT_EQ(h.value("SELECT trunc(0.04, 1)"), "0.0");
  EXPECT_EQ(h.value("SELECT ceil(-2.1)"), "-2");
  EXPECT_EQ(h.value("SELECT floor(-2.1)"), "-3");
  EXPECT_EQ(h.value("SELECT ceil(-0.5::float8)"), "-0");
  EXPECT_EQ(h.value("SELECT sign(-2.5)"), "-1");
}

TEST(TranslatedMathFunctions, ResultTypesFollowPostgresResolution) {
  translated_query_harness h;
  auto a = h.run("SELECT round(5), round(5, 1), ceil(2.5), sqrt(2), power(2, 3), mod(7, 2), mod(7, 2.5), random()");
  ASSERT_FALSE(a.error) << a.error->message;
  EXPECT_EQ(a.types, (std::vector<oid_t>{pg_type_oid::float8, pg_type_oid::numeric, pg_type_oid::numeric,
                                         pg_type_oid::float8, pg_type_oid::float8, pg_type_oid::int4,
                                         pg_type_oid::numeric, pg_type_oid::float8}));
}

TEST(TranslatedMathFunctions, ErrorsArePostgres) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT sqrt(-1::float8)"), "ERROR 2201F: cannot take square root of a negative number");
  EXPECT_EQ(h.value("SELECT mod(5, 0)"), "ERROR 22012: division by zero");
  EXPECT_EQ(h.value("SELECT power(0, -1)"), "ERROR 2201F: zero raised to a negative power is undefined");
}

TEST(TranslatedMathFunctions, GreatestAndLeastIgnoreNullsInTheCommonType) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT greatest(1, NULL, 3)"), "3");
  EXPECT_EQ(h.value("SELECT least(NULL, 2, 1.5)"), "1.5");
  EXPECT_EQ(h.value("SELECT greatest(NULL::int, NULL)"), "NULL");
  EXPECT_EQ(h.value("SELECT greatest(10.0, 9.5)"), "10.0");  // numeric order, not text order
  EXPECT_EQ(h.value("SELECT least('b', 'a')"), "a");
}

TEST(TranslatedMathFunctions, BitwiseAndOrXorOfIntegersInTheWiderType) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT 12 & 10"), "8");
  EXPECT_EQ(h.value("SELECT 12 | 10"), "14");
  EXPECT_EQ(h.value("SELECT 12 # 10"), "6");
  EXPECT_EQ(h.value("SELECT -1 # 0"), "-1");
  EXPECT_EQ(h.value("SELECT (-9223372036854775808)::int8 # 9223372036854775807"), "-1");
  EXPECT_EQ(h.value("SELECT (-32768)::int2 | 32767::int2"), "-1");
  EXPECT_EQ(h.value("SELECT 6::int2 & 3::smallint"), "2");
  EXPECT_EQ(h.value("SELECT 5 & NULL"), "NULL");
  auto a = h.run("SELECT 1::int2 & 3::int2, 1::int2 & 3, 1 | 3::int8, 1::int2 # '3'");
  ASSERT_FALSE(a.error) << a.error->message;
  EXPECT_EQ(a.types, (std::vector<oid_t>{pg_type_oid::int2, pg_type_oid::int4, pg_type_oid::int8, pg_type_oid::int2}));
}

TEST(TranslatedMathFunctions, RandomIsAFloatBetweenZeroAndOne) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT random() >= 0 AND random() < 1"), "t");
  EXPECT_EQ(h.value("SELECT random() = random()"), "f");
}

TEST(TranslatedMathFunctions, NumericPowerIsNumericAtPostgresScale) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT power(2.0, 0.5)"), "1.4142135623730950");
  EXPECT_EQ(h.value("SELECT 2 ^ 0.5"), "1.4142135623730950");
  EXPECT_EQ(h.value("SELECT 2.0 ^ 3"), "8.0000000000000000");
  EXPECT_EQ(h.value("SELECT 0.0 ^ -1"), "ERROR 2201F: zero raised to a negative power is undefined");
}

TEST(TranslatedMathFunctions, LogarithmsAndExpAreFloat8WithPostgresErrors) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT log(100) + log10(1000) + ln(1) + exp(0)"), "6");
  EXPECT_EQ(h.value("SELECT degrees(pi())"), "180");
  EXPECT_EQ(h.value("SELECT ln(0)"), "ERROR 2201E: cannot take logarithm of zero");
  EXPECT_EQ(h.value("SELECT log(-1)"), "ERROR 2201E: cannot take logarithm of a negative number");
  EXPECT_EQ(h.value("SELECT exp(1000)"), "ERROR 22003: value out of range: overflow");
  EXPECT_EQ(h.value("SELECT ln(2.0)"), "0.6931471805599453");  // numeric ln: numeric's digits
  EXPECT_EQ(h.value("SELECT ln(0.0)"), "ERROR 2201E: cannot take logarithm of zero");
}

}  // namespace
}  // namespace tributary
