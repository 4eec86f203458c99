// type_casts: which casts PostgreSQL has between column types, in which context,
// and how stored values convert (ALTER COLUMN ... TYPE).
#include <gtest/gtest.h>

#include "stages/types/type_casts.hpp"
#include "stages/types/value_io.hpp"

namespace tributary {
namespace {

const column_type int2 = builtin_column_type(21), int4 = builtin_column_type(23),
                  int8 = builtin_column_type(20), text = builtin_column_type(25),
                  numeric = builtin_column_type(1700), float4 = builtin_column_type(700),
                  float8 = builtin_column_type(701), boolean = builtin_column_type(16),
                  date = builtin_column_type(1082), bpchar5 = builtin_column_type(1042, 9),
                  varchar3 = builtin_column_type(1043, 7);

// `text_in` read as `from`, cast to `to`, printed as `to`.
result<std::string, pg_error> cast(const column_type& from, const std::string& text_in,
                                   const column_type& to, bool explicit_cast = false) {
  auto stored = parse_text_value(from, text_in, type_settings{});
  if (!stored)
    return fail(stored.error());
  auto rule = find_cast(from, to);
  if (!rule)
    return fail(make_pg_error("42846", "no cast"));
  auto converted = cast_stored_value(*stored, from, to, rule->method, explicit_cast, type_settings{});
  if (!converted)
    return fail(converted.error());
  return *format_text_value(to, *converted, type_settings{});
}

TEST(TypeCasts, ContextsArePgCasts) {
  EXPECT_EQ(find_cast(int4, numeric)->context, cast_context::implicit);
  EXPECT_EQ(find_cast(numeric, int4)->context, cast_context::assignment);
  EXPECT_EQ(find_cast(text, int4)->context, cast_context::explicit_only);
  EXPECT_EQ(find_cast(date, int4), std::nullopt);
  EXPECT_EQ(find_cast(date, text)->context, cast_context::assignment);
  EXPECT_EQ(find_cast(int4, boolean)->context, cast_context::explicit_only);
  EXPECT_EQ(find_cast(builtin_column_type(1007), builtin_column_type(1016))->context,
            cast_context::implicit);  // int4[] -> int8[]
  EXPECT_EQ(find_cast(builtin_column_type(869), builtin_column_type(650))->method,
            stored_cast::not_supported);  // inet -> cidr
}

TEST(TypeCasts, NumericToIntegerRoundsHalfAwayFromZero) {
  EXPECT_EQ(*cast(numeric, "2.5", int4), "3");
  EXPECT_EQ(*cast(numeric, "-2.5", int4), "-3");
  EXPECT_EQ(*cast(numeric, "2.49", int4), "2");
  EXPECT_EQ(cast(numeric, "2147483647.5", int4).error().message, "integer out of range");
  EXPECT_EQ(cast(numeric, "99999999999999999999999", int8).error().message, "bigint out of range");
  auto nan = cast(numeric, "NaN", int2);
  EXPECT_EQ(nan.error().sqlstate, "0A000");
  EXPECT_EQ(nan.error().message, "cannot convert NaN to smallint");
  EXPECT_EQ(cast(numeric, "-Infinity", int4).error().message, "cannot convert infinity to integer");
}

// numeric[] -> int8[] (and float8[] -> int4[]): each element by its element
// types' cast, the array's shape and NULLs kept, an element's error the array's.
TEST(TypeCasts, ArraysCastEachElement) {
  const column_type numerics = builtin_column_type(1231), int8s = builtin_column_type(1016),
                    float8s = builtin_column_type(1022), int4s = builtin_column_type(1007);
  EXPECT_EQ(find_cast(numerics, int8s)->method, stored_cast::array_elements);
  EXPECT_EQ(find_cast(numerics, int8s)->context, cast_context::assignment);
  EXPECT_EQ(*cast(numerics, "{1.5,-2.5,NULL,2.49}", int8s), "{2,-3,NULL,2}");
  EXPECT_EQ(*cast(numerics, "[0:1][2:2]={{0.5},{1.5}}", int8s), "[0:1][2:2]={{1},{2}}");
  EXPECT_EQ(*cast(numerics, "{}", int8s), "{}");
  EXPECT_EQ(*cast(float8s, "{2.5,3.5}", int4s), "{2,4}");
  EXPECT_EQ(cast(numerics, "{1,NaN}", int4s).error().message, "cannot convert NaN to integer");
  EXPECT_EQ(cast(numerics, "{9223372036854775808}", int8s).error().message, "bigint out of range");
}

TEST(TypeCasts, FloatsConvertAsPostgresFunctionsDo) {
  EXPECT_EQ(*cast(float8, "2.5", int4), "2");  // rint: half to even
  EXPECT_EQ(*cast(float8, "3.5", int4), "4");
  EXPECT_EQ(cast(float8, "NaN", int4).error().message, "integer out of range");
  EXPECT_EQ(*cast(float4, "0.1", float8), "0.10000000149011612");
  EXPECT_EQ(*cast(float8, "0.1", numeric), "0.1");
  EXPECT_EQ(*cast(float4, "1e-07", numeric), "0.0000001");
  EXPECT_EQ(cast(float8, "1e300", float4).error().message, "value out of range: overflow");
  EXPECT_EQ(cast(float8, "1e-300", float4).error().message, "value out of range: underflow");
}

TEST(TypeCasts, IntegersNarrowWithPostgresMessage) {
  EXPECT_EQ(*cast(int8, "5", int4), "5");
  auto big = cast(int8, "3000000000", int4);
  EXPECT_EQ(big.error().sqlstate, "22003");
  EXPECT_EQ(big.error().message, "integer out of range");
  EXPECT_EQ(cast(int4, "70000", int2).error().message, "smallint out of range");
}

// Values as PostgreSQL 15 answers `SELECT '...'::bit(n)::int4`, `5::bit(8)`, ...
TEST(TypeCasts, BitStringsAndIntegersAreTwosComplementAsBittoint4) {
  const column_type bit8 = builtin_column_type(1560, 8), bit64 = builtin_column_type(1560, 64),
                    bit40 = builtin_column_type(1560, 40), bit1 = builtin_column_type(1560, -1);
  EXPECT_EQ(*cast(bit8, "00000101", int4), "5");
  EXPECT_EQ(*cast(bit8, "11111111", int4), "255") << "8 bits read unsigned";
  EXPECT_EQ(*cast(builtin_column_type(1560, 32), std::string(32, '1'), int4), "-1");
  EXPECT_EQ(*cast(bit64, "x0cc175b9c0f1b6a8", int8), "919145239626757800");
  EXPECT_EQ(*cast(bit64, "xffffffffffffffff", int8), "-1");
  auto too_long = cast(bit40, std::string(40, '0'), int4);
  ASSERT_FALSE(too_long);
  EXPECT_EQ(too_long.error().message, "integer out of range");
  EXPECT_EQ(*cast(int4, "5", bit8), "00000101");
  EXPECT_EQ(*cast(int4, "-2", bit40), "1111111111111111111111111111111111111110") << "sign-extended";
  EXPECT_EQ(*cast(int8, "6", builtin_column_type(1560, 2)), "10") << "the rightmost bits";
  EXPECT_EQ(*cast(int4, "3", bit1), "1") << "bit without a length is bit(1)";
  EXPECT_EQ(find_cast(int4, bit8)->context, cast_context::explicit_only);
}

TEST(TypeCasts, CharacterTypesAndBooleans) {
  EXPECT_EQ(*cast(boolean, "t", text), "true");
  EXPECT_EQ(*cast(bpchar5, "ab", text), "ab");  // trailing blanks go
  EXPECT_EQ(*cast(int4, "0", boolean, true), "f");
  EXPECT_EQ(*cast(boolean, "yes", int4, true), "1");
  EXPECT_EQ(cast(text, "hello", varchar3).error().sqlstate, "22001");
  EXPECT_EQ(*cast(text, "hello", varchar3, true), "hel");  // an explicit cast truncates
  EXPECT_EQ(cast(text, "abc", int4, true).error().message,
            "invalid input syntax for type integer: \"abc\"");
}

// An explicit cast to an array of a type with a length applies the length to
// each element as the element's explicit cast does (PostgreSQL's array length
// coercion); an assignment refuses the element instead.
TEST(TypeCasts, ExplicitCastsCutOrPadEachElementOfAnArray) {
  const column_type varchar_array = builtin_column_type(1015), text_array = builtin_column_type(1009);
  const column_type varchar2_array = builtin_column_type(1015, 6), bpchar3_array = builtin_column_type(1014, 7),
                    bit2_array = builtin_column_type(1561, 2), varbit2_array = builtin_column_type(1563, 2);
  EXPECT_EQ(*cast(varchar_array, "{abcd,ab,NULL}", varchar2_array, true), "{ab,ab,NULL}");
  EXPECT_EQ(*cast(text_array, "[0:1][1:1]={{abcd},{\"x y z\"}}", varchar2_array, true), "[0:1][1:1]={{ab},{\"x \"}}");
  EXPECT_EQ(*cast(text_array, "{abcd,a}", bpchar3_array, true), "{abc,\"a  \"}");
  EXPECT_EQ(*cast(builtin_column_type(1563), "{101,1}", bit2_array, true), "{10,10}");
  EXPECT_EQ(*cast(builtin_column_type(1563), "{101,1}", varbit2_array, true), "{10,1}");
  ASSERT_FALSE(cast(text_array, "{abcd}", varchar2_array));
  EXPECT_EQ(cast(text_array, "{abcd}", varchar2_array).error().message,
            "value too long for type character varying(2)");
  ASSERT_FALSE(cast(builtin_column_type(1563), "{1}", bit2_array));
  EXPECT_EQ(cast(builtin_column_type(1563), "{1}", bit2_array).error().message,
            "bit string length 1 does not match type bit(2)");
  EXPECT_TRUE(explicit_cast_cuts(varchar2_array));
  EXPECT_TRUE(explicit_cast_cuts(bit2_array));
  EXPECT_FALSE(explicit_cast_cuts(varchar_array)) << "no length";
  EXPECT_FALSE(explicit_cast_cuts(builtin_column_type(1231, (5 << 16) + 4))) << "numeric[] rounds either way";
}

}  // namespace
}  // namespace tributary
