// What the translator does not cover, in a session: refused with 0A000 naming the
// construct — never left to SQLite's own SQL, unless the statement reads the
// catalogs, a view or a SQLite table, or calls a function PostgreSQL does not have
// (untranslated_statement.hpp).
#include <gtest/gtest.h>

#include "tests/translated_query_harness.hpp"

namespace tributary {
namespace {

using testing::translated_query_harness;

TEST(TranslatedRefusals, UncoveredConstructsAre0A000NamingThem) {
  translated_query_harness h;
  h.refuse_untranslated = true;
  EXPECT_EQ(h.value("SELECT acosd(0.5)"), "ERROR 0A000: function acosd is not supported yet");
  EXPECT_EQ(h.value("SELECT ROW(1, 2) = '(1,2)'"),
            "ERROR 0A000: a row compared with an untyped value is not supported yet");
  EXPECT_EQ(h.value("SELECT array_agg(DISTINCT ROW(id, s) ORDER BY ROW(id, s)) FROM t"),
            "ERROR 0A000: array_agg(DISTINCT ...) of this row is not supported yet");
  EXPECT_EQ(h.value("SELECT nosuch FROM t"), "ERROR 42703: column \"nosuch\" does not exist");
}

TEST(TranslatedRefusals, FormerRefusalsAnswerAsPostgres) {
  translated_query_harness h;
  h.refuse_untranslated = true;
  h.insert({"1", "b", "10", std::nullopt, "2024-03-10 12:00+00", "1.50", "0.5"});
  h.insert({"2", "a", std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt});
  h.insert({"3", "a", "7", std::nullopt, std::nullopt, std::nullopt, std::nullopt});
  EXPECT_EQ(h.value("SELECT string_agg(DISTINCT s, ',' ORDER BY s DESC) FROM t"), "b,a");
  EXPECT_EQ(h.value("SELECT jsonb_agg(DISTINCT s ORDER BY s) FROM t"), "[\"a\", \"b\"]");
  EXPECT_EQ(h.value("SELECT string_agg(DISTINCT s, ',' ORDER BY id) FROM t"),
            "ERROR 42P10: in an aggregate with DISTINCT, ORDER BY expressions must appear in argument list");
  EXPECT_EQ(h.value("SELECT count(*) FROM t JOIN t u USING (id) AS j WHERE j.id > 1"), "2");
  EXPECT_EQ(h.value("SELECT ROW(1, 2) IS NULL"), "f");
  EXPECT_EQ(h.value("SELECT count(*) FROM t WHERE (id, s) = (1, 'b') OR (id, s) > (2, 'a')"), "2");
  EXPECT_EQ(h.value("SELECT j.s FROM t JOIN t u USING (id) AS j"), "ERROR 42703: column j.s does not exist");
  EXPECT_EQ(h.value("SELECT count(*) FROM (t JOIN t u ON true) AS j"), "9");
  EXPECT_EQ(h.value("SELECT j.b FROM (t JOIN t u USING (id)) AS j(a, b) WHERE a = 1"), "b");
  EXPECT_EQ(h.value("SELECT j.s_1 FROM (t JOIN t u USING (id)) j"), "ERROR 42703: column j.s_1 does not exist");
  EXPECT_EQ(h.value("SELECT j.s FROM (t JOIN t u USING (id)) j"), "ERROR 42702: column reference \"s\" is ambiguous");
  EXPECT_EQ(h.value("SELECT 1 FROM (t JOIN t u USING (id)) j, t j"),
            "ERROR 42712: table name \"j\" specified more than once");
  EXPECT_EQ(h.value("SELECT u.s FROM (t JOIN t u USING (id)) j"),
            "ERROR 42P01: invalid reference to FROM-clause entry for table \"u\"");
  EXPECT_EQ(h.value("SELECT row_to_json(u) FROM t u WHERE id = 1"),
            "{\"id\":1,\"s\":\"b\",\"n\":10,\"d\":null,\"ts\":\"2024-03-10T12:00:00+00:00\",\"x\":1.50,\"f\":0.5}");
  EXPECT_EQ(h.value("SELECT id FROM t WHERE id = 2 FOR UPDATE"), "2");
  EXPECT_EQ(h.value("SELECT count(*) FROM t FOR UPDATE"),
            "ERROR 0A000: FOR UPDATE is not allowed with aggregate functions");
  EXPECT_EQ(h.value("SELECT id FROM t FOR SHARE OF nosuch"),
            "ERROR 42P01: relation \"nosuch\" in FOR SHARE clause not found in FROM clause");
  EXPECT_EQ(h.value("SELECT ts AT TIME ZONE 'Asia/Tokyo' FROM t WHERE id = 1"), "2024-03-10 21:00:00");
  EXPECT_EQ(h.value("SELECT make_timestamptz(2024, 1, 1, 0, 0, 0, '+05')"), "2023-12-31 19:00:00+00");
}

TEST(TranslatedRefusals, ACatalogFunctionBesideAnUncoveredConstructIsThatConstructs0A000) {
  translated_query_harness h;
  h.refuse_untranslated = true;
  // SQLite would read the statement by its own grammar (a syntax error for SQL that
  // PostgreSQL accepts): the construct the translator stopped at is named instead.
  EXPECT_EQ(h.value("SELECT pg_typeof(id) FROM t TABLESAMPLE SYSTEM (50)"),
            "ERROR 0A000: TABLESAMPLE is not supported yet");
  EXPECT_EQ(h.value("SELECT format_type(23, -1), xmlcomment('a')"), "ERROR 0A000: function xmlcomment is not supported yet");
  EXPECT_EQ(h.value("SELECT has_table_privilege('t', 'SELECT') FROM t TABLESAMPLE BERNOULLI (10) WHERE s SIMILAR TO 'a%'"),
            "ERROR 0A000: TABLESAMPLE is not supported yet");
  EXPECT_EQ(h.value("SELECT group_concat(s, ',') FROM t TABLESAMPLE SYSTEM (50)"),
            "ERROR 0A000: TABLESAMPLE is not supported yet");
}

TEST(TranslatedRefusals, FunctionsPostgresDoesNotHaveStayWithSqlite) {
  translated_query_harness h;
  h.refuse_untranslated = true;
  // SQLite's own functions (an extension; one SQLite lacks too is its 42883 there).
  EXPECT_EQ(h.value("SELECT group_concat(s, ',') FROM t"), "UNTRANSLATED: function group_concat");
  EXPECT_EQ(h.value("SELECT typeof(n) FROM t"), "UNTRANSLATED: function typeof");
}

TEST(TranslatedRefusals, CatalogsAndUnrecordedTablesStayWithSqlite) {
  translated_query_harness h;
  h.refuse_untranslated = true;
  // A relation without recorded types (a view, a catalog, a SQLite table), a catalog
  // function: the caller runs them as before.
  EXPECT_EQ(h.value("SELECT translate_me(1) FROM some_view"), "UNTRANSLATED: table without recorded types");
  EXPECT_EQ(h.value("SELECT 1 FROM t WHERE EXISTS (SELECT regexp_count(s, 'a') FROM some_view)"),
            "UNTRANSLATED: table without recorded types");
  EXPECT_EQ(h.value("SELECT regexp_count(relname, 'a') FROM pg_catalog.pg_class"),
            "UNTRANSLATED: table without recorded types");
  // A catalog function the translator does not know: SQLite serves it.
  EXPECT_EQ(h.value("SELECT pg_no_such_catalog_function(id) FROM t"),
            "UNTRANSLATED: function pg_no_such_catalog_function");
  EXPECT_EQ(h.value("SELECT extract(timezone from ts) FROM t"),  // pg_catalog.extract, but SQL syntax
            "ERROR 0A000: extract of field timezone is not supported yet");
  // Without refusal (defaults, checks, triggers decide themselves): nullopt as before.
  h.refuse_untranslated = false;
  EXPECT_EQ(h.value("SELECT acosd(0.5)"), "UNTRANSLATED: function acosd");
}

}  // namespace
}  // namespace tributary
