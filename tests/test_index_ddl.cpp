// index_ddl: CREATE INDEX planned from the parse tree: PostgreSQL's generated
// names for indexes on columns and on expressions, the SQLite index with the
// translated expressions and WHERE, the text kept for the catalogs, and
// PostgreSQL's refusals (compared with PostgreSQL 15 by hand and in the
// integration corpus expression_indexes.sql).
#include <gtest/gtest.h>

#include <pg_query.h>

#include <nlohmann/json.hpp>

#include "stages/sql/index_ddl.hpp"

namespace tributary {
namespace {

std::vector<column_definition> table_columns() {
  std::vector<column_definition> columns(3);
  columns[0].name = "a";
  columns[0].type = builtin_column_type(23);
  columns[1].name = "b";
  columns[1].type = builtin_column_type(23);
  columns[2].name = "v";
  columns[2].type = builtin_column_type(25);
  return columns;
}

result<create_index_plan, pg_error> plan(const std::string& sql, std::vector<std::string> taken = {}) {
  PgQueryParseResult parsed = pg_query_parse(sql.c_str());
  EXPECT_EQ(parsed.error, nullptr) << sql;
  auto tree = nlohmann::json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  return plan_create_index(tree["stmts"][0]["stmt"]["IndexStmt"], sql, table_columns(), type_settings{},
                           [&](const std::string& name) {
                             return std::find(taken.begin(), taken.end(), name) != taken.end();
                           });
}

std::string name_of(const std::string& sql, std::vector<std::string> taken = {}) {
  auto p = plan(sql, std::move(taken));
  EXPECT_TRUE(p.ok()) << sql << ": " << (p.ok() ? "" : p.error().message);
  return p.ok() ? p->name : "";
}

TEST(IndexDdl, UnnamedIndexesAreNamedAsPostgresNamesThem) {
  EXPECT_EQ(name_of("CREATE INDEX ON t (lower(v))"), "t_lower_idx");
  EXPECT_EQ(name_of("CREATE INDEX ON t ((a + b))"), "t_expr_idx");
  EXPECT_EQ(name_of("CREATE INDEX ON t (lower(v), a)"), "t_lower_a_idx");
  EXPECT_EQ(name_of("CREATE INDEX ON t (a) WHERE b > 0"), "t_a_idx");
  EXPECT_EQ(name_of("CREATE INDEX ON t ((a + 1), (a + 2))"), "t_expr_expr1_idx");
  EXPECT_EQ(name_of("CREATE INDEX ON t (upper(v), upper(v))"), "t_upper_upper1_idx");
  EXPECT_EQ(name_of("CREATE INDEX ON t (a, a)"), "t_a_a1_idx");
  EXPECT_EQ(name_of("CREATE INDEX ON t ((a::text))"), "t_a_idx");
  EXPECT_EQ(name_of("CREATE INDEX ON t (((a + b)::text))"), "t_text_idx");
  EXPECT_EQ(name_of("CREATE INDEX ON t ((a))", {"t_a_idx"}), "t_a_idx1");
}

TEST(IndexDdl, ExpressionsAndPredicatesAreTranslatedAndKeptAsPostgresPrintsThem) {
  auto p = plan("CREATE UNIQUE INDEX i ON t ((a + b), lower(v) DESC, a) WHERE b > 0 AND v IS NOT NULL");
  ASSERT_TRUE(p.ok()) << p.error().message;
  EXPECT_TRUE(p->unique);
  EXPECT_EQ(p->sql.rfind("CREATE UNIQUE INDEX \"i\" ON \"t\" ((", 0), 0u) << p->sql;
  EXPECT_NE(p->sql.find("(lower(\"v\")) DESC, \"a\") WHERE "), std::string::npos) << p->sql;
  EXPECT_EQ(p->columns, std::vector<std::string>{"a"});
  EXPECT_EQ(p->key_texts, (std::vector<std::string>{"(a + b)", "lower(v)", ""}));
  EXPECT_EQ(p->pretty_key_texts, (std::vector<std::string>{"a + b", "lower(v)", ""}));
  EXPECT_EQ(p->predicate_text, "((b > 0) AND (v IS NOT NULL))");
  EXPECT_EQ(p->pretty_predicate_text, "b > 0 AND v IS NOT NULL");
  EXPECT_TRUE(p->has_expressions());
  auto plain = plan("CREATE INDEX ON t ((a), b)");  // "(a)" is the column a
  ASSERT_TRUE(plain.ok());
  EXPECT_FALSE(plain->has_expressions());
  EXPECT_EQ(plain->sql, "CREATE INDEX \"t_a_b_idx\" ON \"t\" (\"a\", \"b\")");
}

TEST(IndexDdl, RefusesWhatPostgresRefuses) {
  auto error_of = [](const std::string& sql) {
    auto p = plan(sql);
    EXPECT_FALSE(p.ok()) << sql;
    return p.ok() ? pg_error{} : p.error();
  };
  auto e = error_of("CREATE INDEX ON t ((now()))");
  EXPECT_EQ(e.sqlstate, "42P17");
  EXPECT_EQ(e.message, "functions in index expression must be marked IMMUTABLE");
  EXPECT_FALSE(e.position);
  e = error_of("CREATE INDEX ON t (a) WHERE random() > 0.5");
  EXPECT_EQ(e.sqlstate, "42P17");
  EXPECT_EQ(e.message, "functions in index predicate must be marked IMMUTABLE");
  e = error_of("CREATE INDEX ON t ((a)) WHERE current_date > '2020-01-01'");
  EXPECT_EQ(e.sqlstate, "42P17");
  e = error_of("CREATE INDEX ON t ((count(a)))");
  EXPECT_EQ(e.sqlstate, "42803");
  EXPECT_EQ(e.message, "aggregate functions are not allowed in index expressions");
  EXPECT_EQ(e.position, 21);
  e = error_of("CREATE INDEX ON t ((a)) WHERE (SELECT true)");
  EXPECT_EQ(e.sqlstate, "0A000");
  EXPECT_EQ(e.message, "cannot use subquery in index predicate");
  e = error_of("CREATE INDEX ON t ((a + 1)) WHERE a");
  EXPECT_EQ(e.sqlstate, "42804");
  EXPECT_EQ(e.message, "argument of WHERE must be type boolean, not type integer");
  EXPECT_EQ(e.position, 35);
  e = error_of("CREATE INDEX ON t ((nosuch + 1))");
  EXPECT_EQ(e.sqlstate, "42703");
  EXPECT_EQ(e.position, 21);
}

}  // namespace
}  // namespace tributary
