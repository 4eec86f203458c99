// check_constraints: CHECK constraints as SQLite items, PostgreSQL's names for
// them, and the translation of their expressions with PostgreSQL's refusals.
#include <gtest/gtest.h>

#include <pg_query.h>

#include <nlohmann/json.hpp>

#include "stages/sql/check_constraints.hpp"
#include "stages/sql/create_table.hpp"
#include "stages/sql/domain_checks.hpp"
#include "stages/sql/translator/check_translation.hpp"

namespace tributary {
namespace {

nlohmann::json statement(const std::string& sql, const char* node) {
  PgQueryParseResult parsed = pg_query_parse(sql.c_str());
  EXPECT_EQ(parsed.error, nullptr) << sql;
  auto tree = nlohmann::json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  return tree["stmts"][0]["stmt"][node];
}

result<table_definition, pg_error> create(const std::string& sql) {
  return translate_create_table(statement(sql, "CreateStmt"), sql, type_settings{});
}

// The names of the CHECK items of a translated CREATE TABLE, in their order.
std::vector<std::string> check_names(const table_definition& table) {
  std::vector<std::string> names;
  const std::string marker = "CONSTRAINT \"";
  for (size_t at = table.sqlite_ddl.find(marker); at != std::string::npos;
       at = table.sqlite_ddl.find(marker, at + 1)) {
    auto check = read_check_item(std::string_view(table.sqlite_ddl).substr(at));
    if (check)
      names.push_back(check->name);
  }
  return names;
}

// The expression of `SELECT <expression>` translated as a CHECK over a, b.
result<translated_check, located_error> check_of(const std::string& expression) {
  const std::string sql = "SELECT " + expression;
  const auto select = statement(sql, "SelectStmt");
  const auto& target = select["targetList"][0]["ResTarget"]["val"];
  std::vector<column_definition> columns(2);
  columns[0].name = "a";
  columns[0].type = builtin_column_type(23);
  columns[1].name = "b";
  columns[1].type = builtin_column_type(25);
  return translate_check_expression(target, sql, table_check_columns(columns), type_settings{});
}

TEST(CheckConstraints, UnnamedChecksAreNamedAsPostgresNamesThem) {
  auto t = create(
      "CREATE TABLE t (a int CHECK (a > 0), b text CHECK (a < 10), c int CONSTRAINT named CHECK (c > 0), "
      "CHECK (a < c), CHECK (true), CHECK (b <> ''))");
  ASSERT_TRUE(t.ok()) << t.error().message;
  // Evaluated in name order, as PostgreSQL does.
  EXPECT_EQ(check_names(*t), (std::vector<std::string>{"named", "t_a_check", "t_a_check1", "t_b_check",
                                                        "t_check", "t_check1"}));
}

TEST(CheckConstraints, AnItemCarriesTheRowAndReadsBack) {
  std::vector<column_definition> columns(2);
  columns[0].name = "id";
  columns[0].type = builtin_column_type(1700, (8 << 16 | 2) + 4);
  columns[1].name = "we\"ird";
  columns[1].type = column_type{0, -1, "hstore", nullptr};
  const std::string item = check_item("it's", {"c\"1", "(\"id\" > 0)"}, columns);
  EXPECT_EQ(item, "CONSTRAINT \"c\"\"1\" CHECK (pg_check_row(((\"id\" > 0)), 'it''s', 'c\"1', "
                  "'1700/524294,0/-1', \"id\", \"we\"\"ird\"))");
  auto check = read_check_item(item);
  ASSERT_TRUE(check.has_value());
  EXPECT_EQ(check->name, "c\"1");
  EXPECT_EQ(check->expression_sql, "(\"id\" > 0)");
  EXPECT_FALSE(read_check_item("CONSTRAINT \"fk\" FOREIGN KEY (\"a\") REFERENCES \"p\"").has_value());
  EXPECT_FALSE(read_check_item("UNIQUE (\"a\")").has_value());
}

TEST(CheckConstraints, NamesAreCutTo63BytesAndNumberedWhenTaken) {
  EXPECT_EQ(choose_check_name("t", {"a"}, {}), "t_a_check");
  EXPECT_EQ(choose_check_name("t", {"a", "b"}, {}), "t_check");
  EXPECT_EQ(choose_check_name("t", {}, {"t_check", "t_check1"}), "t_check2");
  const std::string long_table(60, 'x');
  const std::string name = make_object_name(long_table, "column", "check");
  EXPECT_EQ(name.size(), 63u);
  EXPECT_EQ(name, std::string(50, 'x') + "_column_check");
  // Never inside a UTF-8 character.
  std::string accented;
  for (int i = 0; i < 40; ++i)
    accented += "\xc3\xa9";
  EXPECT_EQ(make_object_name(accented, "", "check").size(), 62u);
}

TEST(CheckConstraints, ExpressionsAreTranslatedOverBareColumns) {
  auto check = check_of("a > 0 AND b <> ''");
  ASSERT_TRUE(check.ok()) << check.error().error.message;
  EXPECT_EQ(check->referenced, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(check->sql.find("\"t\"."), std::string::npos) << check->sql;
  EXPECT_NE(check->sql.find("\"a\""), std::string::npos) << check->sql;
}

TEST(CheckConstraints, WhatPostgresRefusesInACheckIsRefusedWithItsError) {
  struct refusal {
    const char* expression;
    const char* sqlstate;
    const char* message;
  };
  for (const refusal& r : {
           refusal{"a > (SELECT 1)", "0A000", "cannot use subquery in check constraint"},
           refusal{"count(*) > 1", "42803", "aggregate functions are not allowed in check constraints"},
           refusal{"max(a) > 1", "42803", "aggregate functions are not allowed in check constraints"},
           refusal{"row_number() OVER () > 1", "42P20",
                   "window functions are not allowed in check constraints"},
           refusal{"a > $1", "42P02", "there is no parameter $1"},
           refusal{"c > 1", "42703", "column \"c\" does not exist"},
           refusal{"a + 1", "42804", "argument of CHECK must be type boolean, not type integer"},
       }) {
    auto check = check_of(r.expression);
    ASSERT_FALSE(check.ok()) << r.expression;
    EXPECT_EQ(check.error().error.sqlstate, r.sqlstate) << r.expression;
    EXPECT_EQ(check.error().error.message, r.message) << r.expression;
    EXPECT_GE(check.error().location, 0) << r.expression;
  }
  auto untranslated = check_of("a::xml IS DOCUMENT");
  ASSERT_FALSE(untranslated.ok());
  EXPECT_EQ(untranslated.error().error.sqlstate, "0A000");
}

TEST(CheckConstraints, ADomainClauseIsRemovedWholeFromItsColumn) {
  user_type domain{16390, 0, "sales", "pos", 'd'};
  const std::string clause = domain_clause(domain, "p", "(\"n\" > ')')");
  EXPECT_EQ(clause, " CONSTRAINT \"domain_check:sales.pos:p\" CHECK (pg_domain_check(((\"n\" > ')')), "
                    "'sales.pos', 'p'))");
  const std::string item = "\"n\" INTEGER" + clause + " NOT NULL";
  EXPECT_EQ(without_domain_clause(item, domain, "p"), "\"n\" INTEGER NOT NULL");
  EXPECT_EQ(without_domain_clause(item, domain, "other"), item);
}

}  // namespace
}  // namespace tributary
