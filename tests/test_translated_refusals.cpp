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
  EXPECT_EQ(h.value("SELECT jsonb_agg(DISTINCT s ORDER BY s) FROM t"),
            "ERROR 0A000: DISTINCT with ORDER BY in jsonb_agg is not supported yet");
  EXPECT_EQ(h.value("SELECT regexp_count('aaa', 'a')"), "ERROR 0A000: function regexp_count is not supported yet");
  EXPECT_EQ(h.value("SELECT count(*) FROM t JOIN t u USING (id) AS j"),
            "ERROR 0A000: aliased join is not supported yet");
  EXPECT_EQ(h.value("SELECT ROW(1, 2) IS NULL"), "ERROR 0A000: ROW(...) is not supported yet");
  EXPECT_EQ(h.value("SELECT u FROM t u"), "ERROR 0A000: a whole-row reference (u) is not supported yet");
  EXPECT_EQ(h.value("SELECT id FROM t FOR UPDATE"),
            "ERROR 0A000: SELECT ... FOR UPDATE / FOR SHARE is not supported yet");
  EXPECT_EQ(h.value("SELECT nosuch FROM t"), "ERROR 42703: column \"nosuch\" does not exist");
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
  EXPECT_EQ(h.value("SELECT format_type(23, -1), regexp_count('a', 'a')"), "UNTRANSLATED: function regexp_count");
  EXPECT_EQ(h.value("SELECT extract(timezone from ts) FROM t"),  // pg_catalog.extract, but SQL syntax
            "ERROR 0A000: extract of field timezone is not supported yet");
  // Without refusal (defaults, checks, triggers decide themselves): nullopt as before.
  h.refuse_untranslated = false;
  EXPECT_EQ(h.value("SELECT regexp_count('aaa', 'a')"), "UNTRANSLATED: function regexp_count");
}

}  // namespace
}  // namespace tributary
