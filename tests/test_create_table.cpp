// create_table: PostgreSQL's CREATE TABLE -> SQLite STRICT DDL + the column type catalog.
#include <gtest/gtest.h>

#include <pg_query.h>

#include <nlohmann/json.hpp>

#include "stages/sql/create_table.hpp"

namespace tributary {
namespace {

nlohmann::json create_stmt(const std::string& sql) {
  PgQueryParseResult parsed = pg_query_parse(sql.c_str());
  EXPECT_EQ(parsed.error, nullptr) << sql;
  auto tree = nlohmann::json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  return tree["stmts"][0]["stmt"]["CreateStmt"];
}

result<table_definition, pg_error> translate(const std::string& sql) {
  return translate_create_table(create_stmt(sql), sql, type_settings{});
}

TEST(CreateTable, EveryColumnGetsTheStorageClassAndCollationOfItsType) {
  auto t = translate(
      "CREATE TABLE t (id bigint PRIMARY KEY, price numeric(12,2) NOT NULL, f float8, "
      "b boolean, c char(3), ts timestamptz, d bytea, u uuid, x citext, a int[])");
  ASSERT_TRUE(t.ok()) << t.error().message;
  EXPECT_EQ(t->table, "t");
  EXPECT_EQ(t->sqlite_ddl,
            "CREATE TABLE \"t\" (\"id\" INTEGER PRIMARY KEY NOT NULL, "
            "\"price\" TEXT COLLATE pg_numeric NOT NULL, \"f\" TEXT COLLATE pg_float, "
            "\"b\" INTEGER, \"c\" TEXT COLLATE pg_bpchar, \"ts\" INTEGER, \"d\" BLOB, "
            "\"u\" TEXT, \"x\" TEXT, \"a\" TEXT COLLATE pg_array_int4) STRICT");
  ASSERT_EQ(t->columns.size(), 10u);
  EXPECT_EQ(t->columns[1].type, builtin_column_type(1700, ((12 << 16) | 2) + 4));
  EXPECT_TRUE(t->columns[1].not_null);
  EXPECT_TRUE(t->columns[0].not_null);
  EXPECT_EQ(t->columns[8].type.name, "citext");
  EXPECT_EQ(t->columns[9].type.oid, 1007u);
  EXPECT_EQ(t->columns[9].dimensions, 1);
}

TEST(CreateTable, CompositeAndTextKeysAreTablePrimaryKeys) {
  auto t = translate("CREATE TABLE t (a numeric, b text, UNIQUE (b), PRIMARY KEY (a, b))");
  ASSERT_TRUE(t.ok()) << t.error().message;
  EXPECT_EQ(t->sqlite_ddl,
            "CREATE TABLE \"t\" (\"a\" TEXT COLLATE pg_numeric NOT NULL, \"b\" TEXT NOT NULL, "
            "PRIMARY KEY (\"a\", \"b\"), UNIQUE (\"b\")) STRICT");
}

TEST(CreateTable, SerialBecomesTheRowidKey) {
  auto t = translate("CREATE TABLE t (id bigserial PRIMARY KEY, v text)");
  ASSERT_TRUE(t.ok()) << t.error().message;
  EXPECT_EQ(t->sqlite_ddl, "CREATE TABLE \"t\" (\"id\" INTEGER PRIMARY KEY NOT NULL, \"v\" TEXT) STRICT");
  EXPECT_EQ(t->columns[0].type, builtin_column_type(20));
  EXPECT_EQ(t->columns[0].identity, "d");
}

TEST(CreateTable, ConstantDefaultsAreStoredInTheColumnsForm) {
  auto t = translate(
      "CREATE TABLE t (id int PRIMARY KEY, flag bool DEFAULT 'yes', n numeric(5,2) DEFAULT 1.5, "
      "s text DEFAULT 'it''s', at timestamptz DEFAULT now())");
  ASSERT_TRUE(t.ok()) << t.error().message;
  EXPECT_NE(t->sqlite_ddl.find("\"flag\" INTEGER DEFAULT 1"), std::string::npos) << t->sqlite_ddl;
  EXPECT_NE(t->sqlite_ddl.find("\"n\" TEXT COLLATE pg_numeric DEFAULT '1.50'"), std::string::npos);
  EXPECT_NE(t->sqlite_ddl.find("\"s\" TEXT DEFAULT 'it''s'"), std::string::npos);
  EXPECT_NE(t->sqlite_ddl.find("\"at\" INTEGER DEFAULT (pg_transaction_timestamp())"),
            std::string::npos);
  EXPECT_EQ(t->columns[1].default_expression, "'yes'");
  EXPECT_EQ(t->columns[4].default_expression, "now()");
}

TEST(CreateTable, ABadDefaultIsTheTypesInputError) {
  auto t = translate("CREATE TABLE t (n int DEFAULT 'abc')");
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.error().sqlstate, "22P02");
}

TEST(CreateTable, UnsupportedFeaturesAre0A000NamingThem) {
  for (const char* sql : {"CREATE TABLE t (a text CHECK (a ~ 'x'))",
                          "CREATE TABLE t (a int GENERATED ALWAYS AS (1) STORED)",
                          "CREATE TEMP TABLE t (a int)", "CREATE TABLE s.t (a int)",
                          "CREATE TABLE t (LIKE u)", "CREATE TABLE t (a serial, b int PRIMARY KEY)"}) {
    auto t = translate(sql);
    ASSERT_FALSE(t.ok()) << sql;
    EXPECT_EQ(t.error().sqlstate, "0A000") << sql;
    EXPECT_NE(t.error().message.find("is not supported yet"), std::string::npos) << sql;
  }
}

TEST(CreateTable, DuplicateColumnsAndMissingKeyColumnsAreErrors) {
  EXPECT_EQ(translate("CREATE TABLE t (a int, a text)").error().sqlstate, "42701");
  EXPECT_EQ(translate("CREATE TABLE t (a int, PRIMARY KEY (b))").error().message,
            "column \"b\" named in key does not exist");
  EXPECT_EQ(translate("CREATE TABLE t (a int PRIMARY KEY, b int, PRIMARY KEY (b))").error().sqlstate,
            "42P16");
}

TEST(CreateTable, IfNotExistsIsKept) {
  auto t = translate("CREATE TABLE IF NOT EXISTS t (a text)");
  ASSERT_TRUE(t.ok());
  EXPECT_TRUE(t->if_not_exists);
  EXPECT_EQ(t->sqlite_ddl, "CREATE TABLE IF NOT EXISTS \"t\" (\"a\" TEXT) STRICT");
}

// The SQLite DEFAULT text of column `v` declared as `declaration`.
std::string default_of(const std::string& declaration) {
  auto t = translate("CREATE TABLE t (v " + declaration + ")");
  if (!t.ok())
    return "error " + t.error().sqlstate + ": " + t.error().message;
  const auto at = t->sqlite_ddl.find(" DEFAULT ");
  return at == std::string::npos ? "" : t->sqlite_ddl.substr(at + 9, t->sqlite_ddl.size() - at - 17);
}

TEST(CreateTable, SignedAndCastConstantDefaultsAreValuesOfPostgres) {
  EXPECT_EQ(default_of("int DEFAULT -1"), "-1");
  EXPECT_EQ(default_of("int DEFAULT +5"), "5");
  EXPECT_EQ(default_of("float8 DEFAULT -0.0"), "'0'");  // numeric zero has no sign
  EXPECT_EQ(default_of("float8 DEFAULT '-0'"), "'-0'");
  EXPECT_EQ(default_of("numeric DEFAULT -1.5::numeric"), "'-1.5'");
  EXPECT_EQ(default_of("numeric DEFAULT 1.234::numeric(10,2)"), "'1.23'");
  EXPECT_EQ(default_of("numeric(10,2) DEFAULT 0::numeric(10,2)"), "'0.00'");
  EXPECT_EQ(default_of("text DEFAULT 'x'::text"), "'x'");
  EXPECT_EQ(default_of("int[] DEFAULT '{}'::int[]"), "'{}'");
  EXPECT_EQ(default_of("bool DEFAULT true"), "1");
  EXPECT_EQ(default_of("int DEFAULT 2.5::numeric"), "3");  // assignment cast: rounds
  EXPECT_EQ(default_of("int DEFAULT '2020-01-01'::date"),
            "error 42804: column \"v\" is of type integer but default expression is of type date");
}

TEST(CreateTable, TimeAndUuidDefaultsCallTheDefaultFunctions) {
  EXPECT_EQ(default_of("timestamptz DEFAULT now()"), "(pg_transaction_timestamp())");
  EXPECT_EQ(default_of("timestamp(0) DEFAULT CURRENT_TIMESTAMP"),
            "((pg_transaction_timestamp() + 500000) / 1000000 * 1000000)");
  EXPECT_EQ(default_of("timestamptz DEFAULT CURRENT_TIMESTAMP(3)"),
            "((pg_transaction_timestamp() + 500) / 1000 * 1000)");
  EXPECT_EQ(default_of("timestamptz DEFAULT clock_timestamp()"), "(pg_clock_timestamp())");
  EXPECT_EQ(default_of("date DEFAULT CURRENT_DATE"), "(pg_transaction_timestamp() / 86400000000)");
  EXPECT_EQ(default_of("uuid DEFAULT gen_random_uuid()"), "(pg_gen_random_uuid())");
}

TEST(CreateTable, UnsupportedDefaultsAre0A000NamingTheFunction) {
  EXPECT_EQ(default_of("uuid DEFAULT uuid_generate_v4()"),
            "error 0A000: DEFAULT uuid_generate_v4() is not supported yet");
  EXPECT_EQ(default_of("int DEFAULT nextval('s')"), "error 0A000: DEFAULT nextval() is not supported yet");
  EXPECT_EQ(default_of("text DEFAULT current_user"),
            "error 0A000: DEFAULT CURRENT_USER is not supported yet");
  EXPECT_EQ(default_of("int DEFAULT now()"),
            "error 0A000: DEFAULT now() on a column of type integer is not supported yet");
  EXPECT_EQ(default_of("int DEFAULT (1 + 2)"),
            "error 0A000: a DEFAULT expression of kind A_Expr is not supported yet");
}

}  // namespace
}  // namespace tributary
