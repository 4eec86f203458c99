// qualified_names: relations written schema.table become the local tables that
// hold them ("sales.orders"), with the bare name kept where a query may use it.
#include <gtest/gtest.h>

#include <pg_query.h>

#include <nlohmann/json.hpp>

#include "stages/sql/qualified_names.hpp"

namespace tributary {
namespace {

std::optional<qualified_names_rewrite> rewrite(const std::string& sql) {
  PgQueryParseResult parsed = pg_query_parse(sql.c_str());
  EXPECT_EQ(parsed.error, nullptr) << sql;
  auto tree = nlohmann::json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  return rewrite_qualified_names(tree["stmts"][0]["stmt"], sql, 0, sql.size());
}

std::string rewritten(const std::string& sql) {
  auto r = rewrite(sql);
  return r ? r->text : "(unchanged)";
}

TEST(QualifiedNames, FromAndJoinUseTheLocalTableUnderItsBareName) {
  EXPECT_EQ(rewritten("SELECT orders.id FROM sales.orders WHERE id > 1"),
            "SELECT orders.id FROM \"sales.orders\" AS \"orders\" WHERE id > 1");
  EXPECT_EQ(rewritten("SELECT * FROM sales.orders o JOIN crm.customers c ON o.c = c.id"),
            "SELECT * FROM \"sales.orders\" o JOIN \"crm.customers\" c ON o.c = c.id");
  EXPECT_EQ(rewritten("SELECT * FROM (SELECT * FROM sales.orders) s"),
            "SELECT * FROM (SELECT * FROM \"sales.orders\" AS \"orders\") s");
}

TEST(QualifiedNames, QuotedAndSpacedNamesAreReadAsPostgreSQLReadsThem) {
  EXPECT_EQ(rewritten("SELECT * FROM \"Sales\" . \"Order\"\"s\""),
            "SELECT * FROM \"Sales.Order\"\"s\" AS \"Order\"\"s\"");
  EXPECT_EQ(rewritten("SELECT * FROM SALES.Orders"),
            "SELECT * FROM \"sales.orders\" AS \"orders\"");
}

TEST(QualifiedNames, ThePgTempSchemaIsTheSessionsTemporaryRelationByItsBareName) {
  // SQLite resolves a bare name in the connection's temp schema first.
  EXPECT_EQ(rewritten("SELECT * FROM pg_temp.t WHERE a > 1"), "SELECT * FROM \"t\" WHERE a > 1");
  EXPECT_EQ(rewritten("INSERT INTO pg_temp.t VALUES (1)"), "INSERT INTO \"t\" VALUES (1)");
  // A new relation keeps it: it makes the relation temporary.
  EXPECT_EQ(rewritten("CREATE TABLE pg_temp.t (a int)"), "(unchanged)");
  EXPECT_EQ(rewritten("CREATE TABLE pg_temp.t AS SELECT 1"), "(unchanged)");
  EXPECT_EQ(rewritten("SELECT * FROM pg_temp_3.t"), "(unchanged)");
  // A temporary table in a named schema is PostgreSQL's 42P16 as written.
  EXPECT_EQ(rewritten("CREATE TEMP TABLE public.t (a int)"), "(unchanged)");
  EXPECT_EQ(rewritten("CREATE TEMP TABLE s.t AS SELECT 1"), "(unchanged)");
}

TEST(QualifiedNames, StatementTargetsTakeTheLocalNameWithoutAlias) {
  EXPECT_EQ(rewritten("CREATE TABLE sales.orders (id int)"),
            "CREATE TABLE \"sales.orders\" (id int)");
  EXPECT_EQ(rewritten("INSERT INTO sales.orders VALUES (1)"),
            "INSERT INTO \"sales.orders\" VALUES (1)");
  EXPECT_EQ(rewritten("ALTER TABLE sales.orders ADD COLUMN a int"),
            "ALTER TABLE \"sales.orders\" ADD COLUMN a int");
  EXPECT_EQ(rewritten("CREATE INDEX ON sales.orders (id)"),
            "CREATE INDEX ON \"sales.orders\" (id)");
  EXPECT_EQ(rewritten("TRUNCATE sales.orders, public.t"), "TRUNCATE \"sales.orders\", \"t\"");
}

TEST(QualifiedNames, UpdateAndDeleteTargetsKeepTheirBareName) {
  EXPECT_EQ(rewritten("UPDATE sales.orders SET a = 1 WHERE orders.id = 2"),
            "UPDATE \"sales.orders\" AS \"orders\" SET a = 1 WHERE orders.id = 2");
  EXPECT_EQ(rewritten("DELETE FROM sales.orders o WHERE o.id = 2"),
            "DELETE FROM \"sales.orders\" o WHERE o.id = 2");
}

TEST(QualifiedNames, ThreePartColumnReferencesLoseTheirSchema) {
  EXPECT_EQ(rewritten("SELECT sales.orders.id, sales.orders.* FROM sales.orders"),
            "SELECT \"orders\".id, \"orders\".* FROM \"sales.orders\" AS \"orders\"");
}

TEST(QualifiedNames, PublicIsTheBareNameAndNamesNoSchema) {
  auto r = rewrite("SELECT public.t.a FROM public.t");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->text, "SELECT \"t\".a FROM \"t\"");
  EXPECT_TRUE(r->schemas.empty());
  // ... but the relations written public.x are listed (USAGE on public is checked for them).
  EXPECT_EQ(r->public_relations, (std::vector<std::string>{"t"}));
  auto mixed = rewrite("SELECT * FROM public.t, u, s.v");
  ASSERT_TRUE(mixed);
  EXPECT_EQ(mixed->public_relations, (std::vector<std::string>{"t"}));
}

TEST(QualifiedNames, ReportsEachSchemaOnceInOrder) {
  auto r = rewrite("SELECT * FROM b.x, a.y, b.z");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->schemas, (std::vector<std::string>{"b", "a"}));
}

TEST(QualifiedNames, UnqualifiedAndSystemNamesAreLeftAlone) {
  EXPECT_FALSE(rewrite("SELECT * FROM orders"));
  EXPECT_FALSE(rewrite("SELECT * FROM pg_catalog.pg_class"));
  EXPECT_FALSE(rewrite("SELECT * FROM information_schema.tables"));
  EXPECT_FALSE(rewrite("SELECT 'sales.orders' FROM t"));
}

TEST(QualifiedNames, OnlyTheStatementsRangeOfTheTextIsRewritten) {
  const std::string text = "SELECT 1; SELECT * FROM s.t";
  PgQueryParseResult parsed = pg_query_parse(text.c_str());
  auto tree = nlohmann::json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  auto r = rewrite_qualified_names(tree["stmts"][1]["stmt"], text, 10, text.size());
  ASSERT_TRUE(r);
  EXPECT_EQ(r->text, "SELECT * FROM \"s.t\" AS \"t\"");
}

}  // namespace
}  // namespace tributary
