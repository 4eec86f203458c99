// String functions and LIKE / ILIKE in translated SQL: characters, not bytes, and
// PostgreSQL's errors (string_functions.cpp, storage/sql_functions_text.cpp).
#include <gtest/gtest.h>

#include "stages/types/pg_type_oids.hpp"
#include "tests/translated_query_harness.hpp"

namespace tributary {
namespace {

using testing::translated_query_harness;

TEST(TranslatedStringFunctions, LikeMatchesAsPostgres) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT 'abc' LIKE 'a_c'"), "t");
  EXPECT_EQ(h.value("SELECT 'abc' LIKE 'A%'"), "f");  // case-sensitive
  EXPECT_EQ(h.value("SELECT 'abc' ILIKE 'A%'"), "t");
  EXPECT_EQ(h.value("SELECT 'ÉCOLE' ILIKE 'école'"), "f");  // ASCII folding only (C locale)
  EXPECT_EQ(h.value("SELECT 'é' LIKE '_'"), "t");           // one character, two bytes
  EXPECT_EQ(h.value("SELECT 'a%c' LIKE 'a\\%c'"), "t");     // backslash escapes by default
  EXPECT_EQ(h.value("SELECT 'abc' LIKE 'a\\%c'"), "f");
  EXPECT_EQ(h.value("SELECT 'a_c' LIKE 'a#_c' ESCAPE '#'"), "t");
  EXPECT_EQ(h.value("SELECT 'a\\c' LIKE 'a\\c' ESCAPE ''"), "t");
  EXPECT_EQ(h.value("SELECT 'aXbXc' LIKE '%b%c'"), "t");
  EXPECT_EQ(h.value("SELECT 'abc' NOT LIKE 'b%'"), "t");
  EXPECT_EQ(h.value("SELECT NULL LIKE 'a'"), "NULL");
}

TEST(TranslatedStringFunctions, LikeErrorsArePostgres) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT 'abc' LIKE 'ab\\'"),
            "ERROR 22025: LIKE pattern must not end with escape character");
  EXPECT_EQ(h.value("SELECT 'abc' LIKE 'abc' ESCAPE 'xy'"), "ERROR 22025: invalid escape string");
}

TEST(TranslatedStringFunctions, PiecesCountCharacters) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT substring('héllo' from 2 for 3)"), "éll");
  EXPECT_EQ(h.value("SELECT substring('hello' from -1 for 3)"), "h");
  EXPECT_EQ(h.value("SELECT substr('hello', 2, -1)"), "ERROR 22011: negative substring length not allowed");
  EXPECT_EQ(h.value("SELECT position('l' in 'héllo')"), "3");
  EXPECT_EQ(h.value("SELECT strpos('hello', 'x')"), "0");
  EXPECT_EQ(h.value("SELECT left('héllo', -1) || right('héllo', 1)"), "héllo");
  EXPECT_EQ(h.value("SELECT lpad('hi', 5, 'xy') || rpad('é', 3, '.')"), "xyxhié..");
  EXPECT_EQ(h.value("SELECT lpad('hello', 2)"), "he");
  EXPECT_EQ(h.value("SELECT split_part('a,b,c', ',', -1)"), "c");
  EXPECT_EQ(h.value("SELECT split_part('a,b,c', ',', 0)"), "ERROR 22023: field position must not be zero");
  EXPECT_EQ(h.value("SELECT reverse('héllo')"), "olléh");
}

TEST(TranslatedStringFunctions, ConcatUsesOutputTextAndSkipsNulls) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT concat('a', NULL, 1, true, 2.50)"), "a1t2.50");
  EXPECT_EQ(h.value("SELECT concat_ws('-', 'a', NULL, 'b')"), "a-b");
  EXPECT_EQ(h.value("SELECT concat_ws(NULL, 'a')"), "NULL");
}

TEST(TranslatedStringFunctions, Md5AndInitcap) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT md5('')"), "d41d8cd98f00b204e9800998ecf8427e");
  EXPECT_EQ(h.value("SELECT md5('The quick brown fox jumps over the lazy dog')"),
            "9e107d9d372bb6826bd81d3542a419d6");
  EXPECT_EQ(h.value("SELECT initcap('hello wORLD 3rd')"), "Hello World 3rd");
}

TEST(TranslatedStringFunctions, ResultTypesArePostgres) {
  translated_query_harness h;
  auto a = h.run("SELECT strpos('a', 'a'), starts_with('ab', 'a'), octet_length('é'), trim(' a ')");
  ASSERT_FALSE(a.error) << a.error->message;
  EXPECT_EQ(a.types, (std::vector<oid_t>{pg_type_oid::int4, pg_type_oid::boolean, pg_type_oid::int4,
                                         pg_type_oid::text}));
  EXPECT_EQ(a.names, (std::vector<std::string>{"strpos", "starts_with", "octet_length", "btrim"}));
}

TEST(TranslatedStringFunctions, StringAggOrdersByItsKeysInTheirTypesOrder) {
  translated_query_harness h;
  h.insert({"1", "b", "10", {}, {}, "10.5", {}});
  h.insert({"2", "a", "9", {}, {}, "9.25", {}});
  h.insert({"3", {}, {}, {}, {}, {}, {}});
  h.insert({"4", "c", {}, {}, {}, "100", {}});
  EXPECT_EQ(h.value("SELECT string_agg(s, ',' ORDER BY s) FROM t"), "a,b,c");
  EXPECT_EQ(h.value("SELECT string_agg(s, ',' ORDER BY x) FROM t"), "a,b,c");  // numeric, not text order
  EXPECT_EQ(h.value("SELECT string_agg(s, ',' ORDER BY n DESC) FROM t"), "c,b,a");  // DESC: NULLS FIRST
  EXPECT_EQ(h.value("SELECT string_agg(s, ',' ORDER BY n NULLS FIRST) FROM t"), "c,a,b");
  EXPECT_EQ(h.value("SELECT string_agg(s, NULL ORDER BY s) FROM t"), "abc");
  EXPECT_EQ(h.value("SELECT string_agg(s, ',' ORDER BY s) FILTER (WHERE id < 3) FROM t"), "a,b");
  EXPECT_EQ(h.value("SELECT string_agg(s, ',') FROM t WHERE id > 100"), "NULL");
}

TEST(TranslatedStringFunctions, RegularExpressionOperatorsMatchAsPostgreSQL) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT 'abc' ~ '^a.c$'"), "t");
  EXPECT_EQ(h.value("SELECT 'abc' ~ 'B'"), "f");
  EXPECT_EQ(h.value("SELECT 'abc' ~* 'B'"), "t");
  EXPECT_EQ(h.value("SELECT 'abc' !~ 'x'"), "t");
  EXPECT_EQ(h.value("SELECT 'abc' !~* 'A'"), "f");
  EXPECT_EQ(h.value("SELECT 'pg_toast' OPERATOR(pg_catalog.~) '^(pg_toast)$' COLLATE pg_catalog.default"), "t");
}

TEST(TranslatedStringFunctions, AnInvalidRegularExpressionIs2201B) {
  translated_query_harness h;
  EXPECT_NE(h.value("SELECT 'abc' ~ '('").find("2201B"), std::string::npos);
}

TEST(TranslatedStringFunctions, TranslateChrAndAsciiCountCharacters) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT translate('hello', 'el', 'ip')"), "hippo");
  EXPECT_EQ(h.value("SELECT translate('abcabc', 'abc', 'x')"), "xx");  // past `to`'s end: deleted
  EXPECT_EQ(h.value("SELECT translate('aé', 'é', 'ü')"), "aü");
  EXPECT_EQ(h.value("SELECT chr(233) || chr(128512)"), "é😀");
  EXPECT_EQ(h.value("SELECT ascii('é')"), "233");
  EXPECT_EQ(h.value("SELECT ascii('')"), "0");
  EXPECT_EQ(h.value("SELECT chr(0)"), "ERROR 54000: null character not permitted");
  EXPECT_EQ(h.value("SELECT chr(-1)"), "ERROR 22023: character number must be positive");
  EXPECT_EQ(h.value("SELECT chr(1114112)"), "ERROR 54000: requested character too large for encoding: 1114112");
  EXPECT_EQ(h.value("SELECT chr(55296)"), "ERROR 54000: requested character not valid for encoding: 55296");
}

TEST(TranslatedStringFunctions, StringToArrayAndRegexpSplits) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT string_to_array('a,b,,c', ',')"), "{a,b,\"\",c}");
  EXPECT_EQ(h.value("SELECT string_to_array('abc', NULL)"), "{a,b,c}");
  EXPECT_EQ(h.value("SELECT string_to_array('abc', '')"), "{abc}");
  EXPECT_EQ(h.value("SELECT string_to_array('', ',')"), "{}");
  EXPECT_EQ(h.value("SELECT string_to_array('a,*,c', ',', '*')"), "{a,NULL,c}");
  EXPECT_EQ(h.value("SELECT regexp_split_to_array('a1b22c', '[0-9]+')"), "{a,b,c}");
  EXPECT_EQ(h.value("SELECT regexp_split_to_array('abc', '')"), "{a,b,c}");
  EXPECT_EQ(h.value("SELECT regexp_split_to_array('a,b', ',', 'g')"),
            "ERROR 22023: regexp_split_to_array() does not support the \"global\" option");
}

TEST(TranslatedStringFunctions, SubstringByPatternGivesTheFirstParenthesizedMatchElseTheWholeMatch) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT substring('baaac' from 'a+')"), "aaa");
  EXPECT_EQ(h.value("SELECT substring('baaac' from 'a(a)(c)')"), "a");
  EXPECT_EQ(h.value("SELECT substring('baaac' from 'z')"), "NULL");
  EXPECT_EQ(h.value("SELECT substring('baaac' from 2)"), "aaac");  // an integer start is not a pattern
}

}  // namespace
}  // namespace tributary
