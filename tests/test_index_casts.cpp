// The casts of an index expression SQLite may index (index_casts.hpp): those whose
// result the value alone decides become pg_cast_fixed; date/time, float-to-text,
// bytea and money casts, which read the session's settings, stay pg_cast.
#include <gtest/gtest.h>

#include "stages/sql/translator/index_casts.hpp"

namespace tributary {
namespace {

TEST(IndexCasts, NumbersStringsAndBooleansReadNoSetting) {
  EXPECT_TRUE(cast_reads_no_setting(23, 25));      // int4 -> text
  EXPECT_TRUE(cast_reads_no_setting(23, 1700));    // int4 -> numeric
  EXPECT_TRUE(cast_reads_no_setting(25, 3802));    // text -> jsonb
  EXPECT_TRUE(cast_reads_no_setting(701, 1700));   // float8 -> numeric
  EXPECT_TRUE(cast_reads_no_setting(20, 701));     // int8 -> float8
}

TEST(IndexCasts, DateTimeFloatTextByteaAndMoneyReadSettings) {
  EXPECT_FALSE(cast_reads_no_setting(1184, 25));   // timestamptz -> text: TimeZone, DateStyle
  EXPECT_FALSE(cast_reads_no_setting(25, 1082));   // text -> date: DateStyle
  EXPECT_FALSE(cast_reads_no_setting(701, 25));    // float8 -> text: extra_float_digits
  EXPECT_FALSE(cast_reads_no_setting(17, 25));     // bytea -> text: bytea_output
  EXPECT_FALSE(cast_reads_no_setting(790, 25));    // money: lc_monetary
  EXPECT_FALSE(cast_reads_no_setting(25, 142));    // text -> xml: xmloption
}

TEST(IndexCasts, RenamesOnlyTheCastsThatReadNoSetting) {
  EXPECT_EQ(with_fixed_casts("(\"t\" || pg_cast(\"id\", 23, -1, 25, -1))"),
            "(\"t\" || pg_cast_fixed(\"id\", 23, -1, 25, -1))");
  EXPECT_EQ(with_fixed_casts("pg_cast(\"d\", 1082, -1, 25, -1)"), "pg_cast(\"d\", 1082, -1, 25, -1)");
  // nested, with quoted commas and parentheses in the value
  EXPECT_EQ(with_fixed_casts("pg_cast(pg_cast('a,(b', 25, -1, 23, -1, 1), 23, -1, 1184, -1)"),
            "pg_cast(pg_cast_fixed('a,(b', 25, -1, 23, -1, 1), 23, -1, 1184, -1)");
  EXPECT_EQ(with_fixed_casts("my_pg_cast(\"a\", 23, -1, 25, -1)"), "my_pg_cast(\"a\", 23, -1, 25, -1)");
  EXPECT_EQ(with_fixed_casts("pg_cast(\"a\""), "pg_cast(\"a\"");  // unclosed: left alone
}

}  // namespace
}  // namespace tributary
