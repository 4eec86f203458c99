// Running statements in SQLite: column type inference, PostgreSQL's text output,
// command tags with counts, $n parameters, and SQLite errors as SQLSTATEs.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <unistd.h>

#include "cli/server/query_executor.hpp"
#include "cli/server/result_types.hpp"
#include "cli/server/statement_router.hpp"
#include "stages/types/pg_type_oids.hpp"

using namespace tributary;

namespace {

class QueryExecutorTest : public ::testing::Test {
protected:
  void SetUp() override {
    path_ = std::filesystem::temp_directory_path() /
            ("tributary_executor_" + std::to_string(::getpid()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".db");
    std::filesystem::remove(path_);
    auto db = sqlite_connection::open(path_.string());
    ASSERT_TRUE(db.ok()) << db.error().message;
    db_.emplace(std::move(*db));
    executor_.emplace(*db_);
  }
  void TearDown() override {
    executor_.reset();
    db_.reset();
    for (const char* suffix : {"", "-wal", "-shm"})
      std::filesystem::remove(path_.string() + suffix);
  }

  command_outcome run(const std::string& sql, const std::vector<sql_value>& params = {}) {
    routed_query q = route_query(sql);
    EXPECT_EQ(q.statements.size(), 1u);
    const routed_statement& s = q.statements.at(0);
    auto r = executor_->run(s.text, s.tag, params,
                            s.kind == statement_kind::sqlite_only ? &s.parse_error : nullptr);
    EXPECT_TRUE(r.ok()) << sql << ": " << (r.ok() ? "" : r.error().message);
    return r.ok() ? *r : command_outcome{};
  }

  pg_error run_error(const std::string& sql) {
    routed_query q = route_query(sql);
    const routed_statement& s = q.statements.at(0);
    auto r = executor_->run(s.text, s.tag, {},
                            s.kind == statement_kind::sqlite_only ? &s.parse_error : nullptr);
    EXPECT_FALSE(r.ok()) << sql;
    return r.ok() ? pg_error{} : r.error();
  }

  std::filesystem::path path_;
  std::optional<sqlite_connection> db_;
  std::optional<query_executor> executor_;
};

uint32_t infer(std::string_view declared, std::vector<sql_value> values) {
  std::vector<const sql_value*> pointers;
  for (const auto& v : values)
    pointers.push_back(&v);
  return infer_column_type(declared, pointers);
}

}  // namespace

TEST(ResultTypes, OnlyIntegersAreInt8) {
  EXPECT_EQ(infer("", {int64_t{1}, sql_null{}, int64_t{-5}}), pg_type_oid::int8);
}

TEST(ResultTypes, DeclaredBoolWithZeroAndOneIsBool) {
  EXPECT_EQ(infer("BOOLEAN", {int64_t{1}, int64_t{0}}), pg_type_oid::boolean);
  EXPECT_EQ(infer("bool", {int64_t{2}}), pg_type_oid::int8);
}

TEST(ResultTypes, IntegersAndRealsAreFloat8) {
  EXPECT_EQ(infer("", {int64_t{1}, 2.5}), pg_type_oid::float8);
}

TEST(ResultTypes, DeclaredNumericWithNumbersOrNumericTextIsNumeric) {
  EXPECT_EQ(infer("NUMERIC(10,2)", {int64_t{1}, 2.5, std::string("12345678901234567890.5")}),
            pg_type_oid::numeric);
  EXPECT_EQ(infer("decimal", {std::string("abc")}), pg_type_oid::text);
}

TEST(ResultTypes, OnlyBlobsAreBytea) {
  EXPECT_EQ(infer("", {sql_blob{"\x01"}}), pg_type_oid::bytea);
  EXPECT_EQ(infer("", {sql_blob{"\x01"}, std::string("x")}), pg_type_oid::text);
}

TEST(ResultTypes, MixedValuesAreText) {
  EXPECT_EQ(infer("int", {int64_t{1}, std::string("x")}), pg_type_oid::text);
}

TEST(ResultTypes, ColumnWithoutValuesTakesTheDeclaredType) {
  EXPECT_EQ(infer("BIGINT", {sql_null{}}), pg_type_oid::int8);
  EXPECT_EQ(infer("integer", {}), pg_type_oid::int8);
  EXPECT_EQ(infer("DOUBLE PRECISION", {}), pg_type_oid::float8);
  EXPECT_EQ(infer("real", {}), pg_type_oid::float8);
  EXPECT_EQ(infer("boolean", {}), pg_type_oid::boolean);
  EXPECT_EQ(infer("numeric", {}), pg_type_oid::numeric);
  EXPECT_EQ(infer("bytea", {}), pg_type_oid::bytea);
  EXPECT_EQ(infer("BLOB", {}), pg_type_oid::bytea);
  EXPECT_EQ(infer("varchar(20)", {}), pg_type_oid::text);
  EXPECT_EQ(infer("interval", {}), pg_type_oid::text);
  EXPECT_EQ(infer("", {}), pg_type_oid::text);
}

TEST(ResultTypes, Float8PrintsLikePostgres) {
  EXPECT_EQ(format_float8(0.1), "0.1");
  EXPECT_EQ(format_float8(1.5), "1.5");
  EXPECT_EQ(format_float8(-2), "-2");
  EXPECT_EQ(format_float8(1e20), "1e+20");
  EXPECT_EQ(format_float8(1e15), "1e+15");
  EXPECT_EQ(format_float8(123456789012345.0), "123456789012345");
  EXPECT_EQ(format_float8(0.0001), "0.0001");
  EXPECT_EQ(format_float8(0.00001), "1e-05");
  EXPECT_EQ(format_float8(1.0 / 3), "0.3333333333333333");
  EXPECT_EQ(format_float8(-1.2345678901234567e-300), "-1.2345678901234568e-300");
  EXPECT_EQ(format_float8(0.0), "0");
  EXPECT_EQ(format_float8(-0.0), "-0");
  EXPECT_EQ(format_float8(std::numeric_limits<double>::infinity()), "Infinity");
  EXPECT_EQ(format_float8(-std::numeric_limits<double>::infinity()), "-Infinity");
  EXPECT_EQ(format_float8(std::nan("")), "NaN");
}

TEST(ResultTypes, NumericPrintsWithoutExponent) {
  EXPECT_EQ(format_numeric(1e20), "100000000000000000000");
  EXPECT_EQ(format_numeric(0.25), "0.25");
  EXPECT_EQ(format_numeric(0.00001), "0.00001");
}

TEST(ResultTypes, ValuesFormatByColumnType) {
  EXPECT_EQ(format_value(int64_t{1}, pg_type_oid::boolean), "t");
  EXPECT_EQ(format_value(int64_t{0}, pg_type_oid::boolean), "f");
  EXPECT_EQ(format_value(int64_t{-42}, pg_type_oid::int8), "-42");
  EXPECT_EQ(format_value(sql_blob{std::string("\x00\xff\x10", 3)}, pg_type_oid::bytea), "\\x00ff10");
  EXPECT_EQ(format_value(std::string("héllo"), pg_type_oid::text), "héllo");
  EXPECT_EQ(format_value(0.5, pg_type_oid::numeric), "0.5");
  EXPECT_FALSE(format_value(sql_null{}, pg_type_oid::text).has_value());
}

TEST(ResultTypes, TypeSizesMatchPgType) {
  EXPECT_EQ(type_size(pg_type_oid::int8), 8);
  EXPECT_EQ(type_size(pg_type_oid::float8), 8);
  EXPECT_EQ(type_size(pg_type_oid::boolean), 1);
  EXPECT_EQ(type_size(pg_type_oid::text), -1);
  EXPECT_EQ(type_size(pg_type_oid::numeric), -1);
}

TEST_F(QueryExecutorTest, SelectReturnsTypedTextRowsAndCount) {
  run("CREATE TABLE t(a int PRIMARY KEY, b text, c real, d boolean, e blob)");
  run("INSERT INTO t VALUES (1, 'x', 0.1, 1, x'0aff'), (2, NULL, 2, 0, NULL)");
  command_outcome o = run("SELECT a, b, c, d, e FROM t ORDER BY a");
  EXPECT_TRUE(o.returns_rows);
  EXPECT_EQ(o.tag, "SELECT 2");
  ASSERT_EQ(o.columns.size(), 5u);
  EXPECT_EQ(o.columns[0].name, "a");
  EXPECT_EQ(o.columns[0].type_oid, pg_type_oid::int8);
  EXPECT_EQ(o.columns[1].type_oid, pg_type_oid::text);
  EXPECT_EQ(o.columns[2].type_oid, pg_type_oid::float4);  // "real", as in PostgreSQL
  EXPECT_EQ(o.columns[3].type_oid, pg_type_oid::boolean);
  EXPECT_EQ(o.columns[4].type_oid, pg_type_oid::bytea);
  ASSERT_EQ(o.rows.size(), 2u);
  EXPECT_EQ(o.rows[0], (text_row{"1", "x", "0.1", "t", "\\x0aff"}));
  EXPECT_EQ(o.rows[1], (text_row{"2", std::nullopt, "2", "f", std::nullopt}));
}

TEST_F(QueryExecutorTest, EmptySelectStillDescribesItsColumns) {
  run("CREATE TABLE t(a bigint, b text)");
  command_outcome o = run("SELECT a, b FROM t");
  EXPECT_TRUE(o.returns_rows);
  EXPECT_EQ(o.tag, "SELECT 0");
  ASSERT_EQ(o.columns.size(), 2u);
  EXPECT_EQ(o.columns[0].type_oid, pg_type_oid::int8);
}

TEST_F(QueryExecutorTest, DmlTagsCountChangedRows) {
  EXPECT_EQ(run("CREATE TABLE t(a int)").tag, "CREATE TABLE");
  EXPECT_FALSE(run("CREATE TABLE u(a int)").returns_rows);
  EXPECT_EQ(run("INSERT INTO t VALUES (1), (2), (3)").tag, "INSERT 0 3");
  EXPECT_EQ(run("UPDATE t SET a = a + 10 WHERE a > 1").tag, "UPDATE 2");
  EXPECT_EQ(run("DELETE FROM t").tag, "DELETE 3");
  EXPECT_EQ(run("CREATE INDEX i ON u(a)").tag, "CREATE INDEX");
  EXPECT_EQ(run("DROP TABLE u").tag, "DROP TABLE");
}

TEST_F(QueryExecutorTest, InsertReturningSendsRowsAndInsertTag) {
  run("CREATE TABLE t(a integer primary key, b text)");
  command_outcome o = run("INSERT INTO t(b) VALUES ('x'), ('y') RETURNING a");
  EXPECT_TRUE(o.returns_rows);
  EXPECT_EQ(o.tag, "INSERT 0 2");
  EXPECT_EQ(o.rows.size(), 2u);
}

TEST_F(QueryExecutorTest, SqliteOnlyStatementsRun) {
  run("CREATE TABLE t(a int primary key, b text)");
  EXPECT_EQ(run("INSERT OR REPLACE INTO t VALUES (1, 'x')").tag, "INSERT 0 1");
  command_outcome o = run("PRAGMA table_info(t)");
  EXPECT_TRUE(o.returns_rows);
  EXPECT_EQ(o.rows.size(), 2u);
  EXPECT_EQ(o.tag, "PRAGMA");
}

TEST_F(QueryExecutorTest, ParametersBindByNumberWhateverTheirOrder) {
  command_outcome o = run("SELECT $2, $1", {std::string("first"), int64_t{2}});
  ASSERT_EQ(o.rows.size(), 1u);
  EXPECT_EQ(o.rows[0], (text_row{"2", "first"}));
}

TEST_F(QueryExecutorTest, TextParametersTakeTheColumnAffinity) {
  run("CREATE TABLE t(a integer, b text)");
  run("INSERT INTO t VALUES ($1, $2)", {std::string("42"), std::string("42")});
  command_outcome o = run("SELECT typeof(a), typeof(b) FROM t");
  EXPECT_EQ(o.rows.at(0), (text_row{"integer", "text"}));
}

TEST_F(QueryExecutorTest, MissingParameterIsAnError) {
  routed_query q = route_query("SELECT $1");
  auto r = executor_->run(q.statements[0].text, "SELECT");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().sqlstate, "42P02");
  EXPECT_EQ(r.error().message, "there is no parameter $1");
}

TEST_F(QueryExecutorTest, PostgresSyntaxErrorWinsWhenSqliteRejectsToo) {
  pg_error e = run_error("SELECT 1 FROM FROM");
  EXPECT_EQ(e.sqlstate, "42601");
  EXPECT_EQ(e.message, "syntax error at or near \"FROM\"");
  EXPECT_EQ(e.position, 15);
}

TEST_F(QueryExecutorTest, SqliteErrorWinsForSqliteSyntaxItUnderstands) {
  pg_error e = run_error("INSERT OR REPLACE INTO missing VALUES (1)");
  EXPECT_EQ(e.sqlstate, "42P01");
  EXPECT_EQ(e.message, "relation \"missing\" does not exist");
}

TEST_F(QueryExecutorTest, SqlPostgresAcceptsThatSqliteRejectsIsNotSupportedAtSqlitesPosition) {
  // PostgreSQL accepts the cast; SQLite stops at "::": not a syntax error for the client.
  auto r = executor_->run("SELECT 2::int", "SELECT", {}, nullptr, 10);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().sqlstate, "0A000");
  EXPECT_EQ(r.error().message, "this form of the statement is not supported yet (at or near \":\")");
  EXPECT_EQ(r.error().position, 10 + 9);
  auto end = executor_->describe("SELECT 1 FROM t WHERE a IS", nullptr, 0);
  ASSERT_FALSE(end.ok());
  EXPECT_EQ(end.error().sqlstate, "0A000");
  EXPECT_EQ(end.error().message, "this form of the statement is not supported yet (at its end)");
}

TEST_F(QueryExecutorTest, CheckGrammarOnlyFailsOnSyntax) {
  pg_error grammar = make_pg_error("42601", "syntax error at or near \"x\"");
  EXPECT_FALSE(executor_->check_grammar("selec 1", grammar).ok());
  EXPECT_TRUE(executor_->check_grammar("INSERT OR REPLACE INTO missing VALUES (1)", grammar).ok());
}

TEST_F(QueryExecutorTest, DescribeUsesDeclaredTypesAndHighestParameter) {
  run("CREATE TABLE t(a int, b double, c text)");
  auto shape = executor_->describe("SELECT a, b, c FROM t WHERE a = $3 OR c = $1");
  ASSERT_TRUE(shape.ok());
  EXPECT_EQ(shape->parameter_count, 3);
  ASSERT_EQ(shape->columns.size(), 3u);
  EXPECT_EQ(shape->columns[0].type_oid, pg_type_oid::int8);
  EXPECT_EQ(shape->columns[1].type_oid, pg_type_oid::float8);
  EXPECT_EQ(shape->columns[2].type_oid, pg_type_oid::text);
  auto none = executor_->describe("INSERT INTO t VALUES (1, 2, 'x')");
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(none->columns.empty());
}

TEST_F(QueryExecutorTest, ConstraintViolationsMapToPostgresStates) {
  run("CREATE TABLE t(a int PRIMARY KEY, b text NOT NULL, c int CHECK (c > 0), d text UNIQUE)");
  run("INSERT INTO t VALUES (1, 'x', 1, 'u')");
  pg_error pk = run_error("INSERT INTO t VALUES (1, 'y', 1, 'v')");
  EXPECT_EQ(pk.sqlstate, "23505");
  EXPECT_EQ(pk.message, "duplicate key value violates unique constraint \"t_pkey\"");
  pg_error unique = run_error("INSERT INTO t VALUES (2, 'y', 1, 'u')");
  EXPECT_EQ(unique.sqlstate, "23505");
  EXPECT_EQ(unique.message, "duplicate key value violates unique constraint \"t_d_key\"");
  pg_error not_null = run_error("INSERT INTO t VALUES (3, NULL, 1, 'w')");
  EXPECT_EQ(not_null.sqlstate, "23502");
  EXPECT_EQ(not_null.message, "null value in column \"b\" of relation \"t\" violates not-null constraint");
  pg_error check = run_error("INSERT INTO t VALUES (4, 'z', 0, 'q')");
  EXPECT_EQ(check.sqlstate, "23514");
}

TEST_F(QueryExecutorTest, ForeignKeyViolationIs23503) {
  ASSERT_TRUE(db_->exec("PRAGMA foreign_keys=ON").ok());
  run("CREATE TABLE p(id int PRIMARY KEY)");
  run("CREATE TABLE c(p int REFERENCES p(id))");
  pg_error fk = run_error("INSERT INTO c VALUES (9)");
  EXPECT_EQ(fk.sqlstate, "23503");
}

TEST_F(QueryExecutorTest, NameErrorsMapToPostgresStates) {
  run("CREATE TABLE t(a int)");
  EXPECT_EQ(run_error("SELECT * FROM nope").sqlstate, "42P01");
  pg_error column = run_error("SELECT nope FROM t");
  EXPECT_EQ(column.sqlstate, "42703");
  EXPECT_EQ(column.message, "column \"nope\" does not exist");
  pg_error exists = run_error("CREATE TABLE t(b int)");
  EXPECT_EQ(exists.sqlstate, "42P07");
  EXPECT_EQ(exists.message, "relation \"t\" already exists");
  EXPECT_EQ(run_error("SELECT no_such_function(1)").sqlstate, "42883");
}

