// alter_table: ADD/DROP COLUMN and RENAME on a typed table -> SQLite statements and
// the catalog rows afterwards, with PostgreSQL's errors.
#include <gtest/gtest.h>

#include <pg_query.h>

#include <nlohmann/json.hpp>

#include "stages/sql/alter_table.hpp"
#include "stages/sql/check_constraints.hpp"

namespace tributary {
namespace {

const std::vector<column_definition> columns = {{"id", builtin_column_type(23), 0, true, {}, ""},
                                                {"note", builtin_column_type(25), 0, false, {}, ""}};

const sqlite_table_shape shape = {
    "CREATE TABLE \"t\" (\"id\" INTEGER PRIMARY KEY NOT NULL, \"note\" TEXT) STRICT", {"id"}};

result<table_change, pg_error> change(const std::string& sql) {
  PgQueryParseResult parsed = pg_query_parse(sql.c_str());
  EXPECT_EQ(parsed.error, nullptr) << sql;
  auto tree = nlohmann::json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  const auto& stmt = tree["stmts"][0]["stmt"];
  if (stmt.contains("RenameStmt"))
    return translate_rename(stmt["RenameStmt"], "t", columns);
  return translate_alter_table(stmt["AlterTableStmt"], sql, "t", columns, shape, type_settings{});
}

TEST(AlterTable, AddColumnGetsItsTypesStorageAndACatalogRow) {
  auto c = change("ALTER TABLE t ADD COLUMN price numeric(5,2) NOT NULL DEFAULT -1");
  ASSERT_TRUE(c.ok()) << c.error().message;
  EXPECT_EQ(c->sqlite_statements,
            std::vector<std::string>{"ALTER TABLE \"t\" ADD COLUMN \"price\" TEXT COLLATE pg_numeric "
                                     "DEFAULT '-1.00' NOT NULL"});
  ASSERT_EQ(c->columns.size(), 3u);
  EXPECT_EQ(c->columns[2].type.oid, 1700u);
  EXPECT_TRUE(c->columns[2].not_null);
}

TEST(AlterTable, AddColumnWithAnExpressionDefaultIsAddedEmptyThenFilled) {
  auto c = change("ALTER TABLE t ADD COLUMN r float8 NOT NULL DEFAULT random(), ADD COLUMN k int DEFAULT 7");
  ASSERT_TRUE(c.ok()) << c.error().message;
  ASSERT_EQ(c->sqlite_statements.size(), 2u);
  // Neither the expression nor NOT NULL: SQLite refuses both on existing rows.
  EXPECT_EQ(c->sqlite_statements[0].find("DEFAULT"), std::string::npos) << c->sqlite_statements[0];
  EXPECT_EQ(c->sqlite_statements[0].find("NOT NULL"), std::string::npos) << c->sqlite_statements[0];
  EXPECT_NE(c->sqlite_statements[1].find("DEFAULT 7"), std::string::npos);  // a constant stays in place
  ASSERT_EQ(c->fills.size(), 1u);
  EXPECT_EQ(c->fills[0].column, "r");
  EXPECT_TRUE(c->fills[0].not_null);
  EXPECT_EQ(c->columns[2].default_expression, std::optional<std::string>("random()"));
  auto body = filled_table_body(
      "CREATE TABLE \"t\" (\"id\" INTEGER PRIMARY KEY NOT NULL, \"note\" TEXT, \"r\" REAL) STRICT",
      c->fills);
  ASSERT_TRUE(body.ok()) << body.error().message;
  EXPECT_EQ(*body, "(\"id\" INTEGER PRIMARY KEY NOT NULL, \"note\" TEXT, \"r\" REAL DEFAULT " +
                       c->fills[0].default_sql + " NOT NULL) STRICT");
  EXPECT_TRUE(c->fills[0].default_sql.starts_with("(")) << c->fills[0].default_sql;
  auto clock = change("ALTER TABLE t ADD COLUMN at timestamptz DEFAULT now()");
  ASSERT_TRUE(clock.ok()) << clock.error().message;
  ASSERT_EQ(clock->fills.size(), 1u);
  EXPECT_FALSE(clock->fills[0].not_null);
  EXPECT_EQ(filled_table_body("CREATE TABLE \"t\" (\"id\" INTEGER)", clock->fills).error().sqlstate,
            "XX000");
}

TEST(AlterTable, AddColumnWithAnUncoveredDefaultIsStill0A000) {
  auto c = change("ALTER TABLE t ADD COLUMN x int DEFAULT no_such_function()");
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error().sqlstate, "0A000");
}

TEST(AlterTable, DropColumnRemovesItsCatalogRow) {
  auto c = change("ALTER TABLE t DROP COLUMN note");
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c->sqlite_statements, std::vector<std::string>{"ALTER TABLE \"t\" DROP COLUMN \"note\""});
  EXPECT_EQ(c->columns.size(), 1u);
}

TEST(AlterTable, DropColumnsGoFirstAsInPostgresPasses) {
  auto added_then_dropped = change("ALTER TABLE t ADD COLUMN x int, DROP COLUMN x");
  ASSERT_FALSE(added_then_dropped.ok());
  EXPECT_EQ(added_then_dropped.error().message, "column \"x\" of relation \"t\" does not exist");
  auto replaced = change("ALTER TABLE t ADD COLUMN note int, DROP COLUMN note");
  ASSERT_TRUE(replaced.ok()) << replaced.error().message;
  ASSERT_EQ(replaced->sqlite_statements.size(), 2u);
  EXPECT_EQ(replaced->sqlite_statements[0], "ALTER TABLE \"t\" DROP COLUMN \"note\"");
  EXPECT_EQ(replaced->columns[1].type.oid, 23u);
}

TEST(AlterTable, ExistingAndMissingColumnsAreErrorsOrNoticesWithIfExists) {
  EXPECT_EQ(change("ALTER TABLE t ADD COLUMN note text").error().message,
            "column \"note\" of relation \"t\" already exists");
  EXPECT_EQ(change("ALTER TABLE t DROP COLUMN nope").error().sqlstate, "42703");
  auto skipped = change("ALTER TABLE t DROP COLUMN IF EXISTS nope, ADD COLUMN IF NOT EXISTS note text");
  ASSERT_TRUE(skipped.ok());
  EXPECT_TRUE(skipped->sqlite_statements.empty());
  ASSERT_EQ(skipped->notices.size(), 2u);
  EXPECT_EQ(skipped->notices[0].message, "column \"nope\" of relation \"t\" does not exist, skipping");
  EXPECT_EQ(skipped->notices[0].severity, "NOTICE");
}

TEST(AlterTable, RenamesAreSqliteRenamesAndCatalogRenames) {
  auto column = change("ALTER TABLE t RENAME COLUMN note TO remark");
  ASSERT_TRUE(column.ok());
  EXPECT_EQ(column->sqlite_statements,
            std::vector<std::string>{"ALTER TABLE \"t\" RENAME COLUMN \"note\" TO \"remark\""});
  EXPECT_EQ(column->columns[1].name, "remark");
  auto table = change("ALTER TABLE t RENAME TO u");
  ASSERT_TRUE(table.ok());
  EXPECT_EQ(table->table, "u");
  EXPECT_EQ(change("ALTER TABLE t RENAME COLUMN nope TO x").error().message,
            "column \"nope\" does not exist");
  EXPECT_EQ(change("ALTER TABLE t RENAME COLUMN id TO note").error().sqlstate, "42701");
}

TEST(AlterTable, SetAndDropDefaultRewriteTheColumnAndItsCatalogRow) {
  auto set = change("ALTER TABLE t ALTER COLUMN note SET DEFAULT 'x'");
  ASSERT_TRUE(set.ok()) << set.error().message;
  EXPECT_TRUE(set->sqlite_statements.empty());
  ASSERT_TRUE(set->rebuild);
  EXPECT_EQ(set->rebuild->body,
            "(\"id\" INTEGER PRIMARY KEY NOT NULL, \"note\" TEXT DEFAULT 'x') STRICT");
  EXPECT_EQ(set->columns[1].default_expression, std::optional<std::string>("'x'::text"));
  auto dropped = change("ALTER TABLE t ALTER COLUMN note SET DEFAULT 'x', ALTER COLUMN note DROP DEFAULT");
  ASSERT_TRUE(dropped.ok());
  EXPECT_EQ(dropped->rebuild->body, "(\"id\" INTEGER PRIMARY KEY NOT NULL, \"note\" TEXT) STRICT");
  EXPECT_FALSE(dropped->columns[1].default_expression);
  EXPECT_EQ(change("ALTER TABLE t ALTER COLUMN id SET DEFAULT 'abc'").error().message,
            "invalid input syntax for type integer: \"abc\"");
}

TEST(AlterTable, SetNotNullAsksForACheckOfTheRowsAndDropNotNullSparesPrimaryKeys) {
  auto set = change("ALTER TABLE t ALTER COLUMN note SET NOT NULL");
  ASSERT_TRUE(set.ok());
  EXPECT_EQ(set->rebuild->body,
            "(\"id\" INTEGER PRIMARY KEY NOT NULL, \"note\" TEXT NOT NULL) STRICT");
  EXPECT_EQ(set->rebuild->not_null_checks, std::vector<std::string>{"note"});
  EXPECT_TRUE(set->columns[1].not_null);
  auto set_and_drop = change("ALTER TABLE t ALTER note SET NOT NULL, ALTER note DROP NOT NULL");
  ASSERT_TRUE(set_and_drop.ok());
  EXPECT_TRUE(set_and_drop->rebuild->not_null_checks.empty());
  auto key = change("ALTER TABLE t ALTER COLUMN id DROP NOT NULL");
  ASSERT_FALSE(key.ok());
  EXPECT_EQ(key.error().sqlstate, "42P16");
  EXPECT_EQ(key.error().message, "column \"id\" is in a primary key");
  auto missing = change("ALTER TABLE t ALTER COLUMN nope SET NOT NULL");
  EXPECT_EQ(missing.error().sqlstate, "42703");
  EXPECT_EQ(missing.error().message, "column \"nope\" of relation \"t\" does not exist");
  EXPECT_FALSE(change("ALTER TABLE t ALTER COLUMN note DROP NOT NULL")->rebuild.has_value());
}

TEST(AlterTable, IdentityColumnsKeepTheirDefaultAndNotNull) {
  std::vector<column_definition> identity = columns;
  identity[0].identity = "a";
  const sqlite_table_shape shape = {"CREATE TABLE t (\"id\" INTEGER PRIMARY KEY NOT NULL, note TEXT)",
                                    {"id"}};
  auto run = [&](const std::string& sql) {
    PgQueryParseResult parsed = pg_query_parse(sql.c_str());
    auto tree = nlohmann::json::parse(parsed.parse_tree);
    pg_query_free_parse_result(parsed);
    return translate_alter_table(tree["stmts"][0]["stmt"]["AlterTableStmt"], sql, "t", identity,
                                 shape, type_settings{});
  };
  auto drop_default = run("ALTER TABLE t ALTER COLUMN id DROP DEFAULT");
  EXPECT_EQ(drop_default.error().sqlstate, "42601");
  EXPECT_EQ(drop_default.error().message, "column \"id\" of relation \"t\" is an identity column");
  EXPECT_EQ(drop_default.error().hint, "Use ALTER TABLE ... ALTER COLUMN ... DROP IDENTITY instead.");
  EXPECT_EQ(run("ALTER TABLE t ALTER COLUMN id SET DEFAULT 1").error().hint, "");
  EXPECT_EQ(run("ALTER TABLE t ALTER COLUMN id DROP NOT NULL").error().sqlstate, "42601");
}

TEST(AlterTable, AlterColumnWithAddColumnInOneStatementIs0A000) {
  EXPECT_EQ(change("ALTER TABLE t ALTER note SET NOT NULL, ADD COLUMN x int").error().sqlstate, "0A000");
  EXPECT_EQ(change("ALTER TABLE t ADD COLUMN x int, ALTER note SET NOT NULL").error().sqlstate, "0A000");
}

TEST(AlterTable, AlterColumnTypeGivesTheNewStorageAndTheConversion) {
  auto c = change("ALTER TABLE t ALTER COLUMN note TYPE numeric(5,1) USING note::numeric(5,1)");
  ASSERT_TRUE(c.ok()) << c.error().message;
  EXPECT_EQ(c->rebuild->body,
            "(\"id\" INTEGER PRIMARY KEY NOT NULL, \"note\" TEXT COLLATE pg_numeric) STRICT");
  ASSERT_EQ(c->rebuild->conversions.size(), 1u);
  EXPECT_EQ(c->rebuild->conversions[0].column, 1u);
  EXPECT_TRUE(c->rebuild->conversions[0].explicit_cast);
  EXPECT_EQ(c->columns[1].type.oid, 1700u);
  auto widened = change("ALTER TABLE t ALTER COLUMN id SET DATA TYPE bigint");
  ASSERT_TRUE(widened.ok());
  EXPECT_EQ(widened->columns[0].type.oid, 20u);
  EXPECT_FALSE(widened->rebuild->conversions[0].explicit_cast);
}

TEST(AlterTable, AlterColumnTypeRefusesWhatPostgresRefuses) {
  auto automatic = change("ALTER TABLE t ALTER COLUMN note TYPE integer");
  EXPECT_EQ(automatic.error().sqlstate, "42804");
  EXPECT_EQ(automatic.error().message, "column \"note\" cannot be cast automatically to type integer");
  EXPECT_EQ(automatic.error().hint, "You might need to specify \"USING note::integer\".");
  auto bare = change("ALTER TABLE t ALTER COLUMN note TYPE integer USING note");
  EXPECT_EQ(bare.error().message,
            "result of USING clause for column \"note\" cannot be cast automatically to type integer");
  EXPECT_EQ(bare.error().hint, "You might need to add an explicit cast.");
  auto no_cast = change("ALTER TABLE t ALTER COLUMN id TYPE date USING id::date");
  EXPECT_EQ(no_cast.error().sqlstate, "42846");
  EXPECT_EQ(no_cast.error().message, "cannot cast type integer to date");
  EXPECT_EQ(change("ALTER TABLE t ALTER COLUMN id TYPE int8 USING id + 1").error().sqlstate, "0A000");
  EXPECT_EQ(change("ALTER TABLE t ALTER id TYPE int8, ALTER id TYPE int2").error().message,
            "cannot alter type of column \"id\" twice");
}

// libpg_query's node of the expression in `SELECT <expression>`.
std::optional<nlohmann::json> parse_select(const std::string& text) {
  PgQueryParseResult parsed = pg_query_parse(text.c_str());
  std::optional<nlohmann::json> out;
  if (parsed.error == nullptr)
    out = nlohmann::json::parse(parsed.parse_tree)["stmts"][0]["stmt"]["SelectStmt"]["targetList"][0]
                                                  ["ResTarget"]["val"];
  pg_query_free_parse_result(parsed);
  return out;
}

TEST(AlterTable, AlterColumnTypeTranslatesAnExpressionDefaultAgainForTheNewType) {
  std::vector<column_definition> with_default = columns;
  with_default[1].type = builtin_column_type(23);
  with_default[1].default_expression = "(1.5 + 1)";
  const sqlite_table_shape shape = {
      "CREATE TABLE \"t\" (\"id\" INTEGER PRIMARY KEY NOT NULL, \"note\" INTEGER DEFAULT "
      "(pg_cast(pg_numeric_op('+', '1.5', 1), 1700, -1, 23, -1, 1))) STRICT",
      {"id"}};
  auto run = [&](const std::string& sql, const select_expression_parser& parser) {
    PgQueryParseResult parsed = pg_query_parse(sql.c_str());
    auto tree = nlohmann::json::parse(parsed.parse_tree);
    pg_query_free_parse_result(parsed);
    return translate_alter_table(tree["stmts"][0]["stmt"]["AlterTableStmt"], sql, "t", with_default,
                                 shape, type_settings{}, no_user_types(), parser);
  };
  auto numeric = run("ALTER TABLE t ALTER COLUMN note TYPE numeric", parse_select);
  ASSERT_TRUE(numeric.ok()) << numeric.error().message;
  // PostgreSQL assigns (1.5 + 1) to numeric without the old cast to integer: 2.5, not 3.
  EXPECT_EQ(numeric->rebuild->body.find("23, -1, 1)"), std::string::npos) << numeric->rebuild->body;
  EXPECT_NE(numeric->rebuild->body.find("DEFAULT ("), std::string::npos) << numeric->rebuild->body;
  EXPECT_EQ(numeric->columns[1].default_expression, std::optional<std::string>("(1.5 + 1)"));
  auto date = run("ALTER TABLE t ALTER COLUMN note TYPE date USING note::date", parse_select);
  ASSERT_FALSE(date.ok());
  EXPECT_EQ(date.error().sqlstate, "42846");  // the column's cast is refused first
  auto boolean = run("ALTER TABLE t ALTER COLUMN note TYPE boolean USING note::boolean", parse_select);
  ASSERT_FALSE(boolean.ok());
  EXPECT_EQ(boolean.error().sqlstate, "42804");
  EXPECT_EQ(boolean.error().message, "default for column \"note\" cannot be cast automatically to type boolean");
  EXPECT_EQ(run("ALTER TABLE t ALTER COLUMN note TYPE numeric", {}).error().sqlstate, "0A000");
}

TEST(AlterTable, AlterColumnTypeKeepsTheChecksOfOtherColumns) {
  const check_definition check{"t_note_check", "(\"note\" <> '')"};
  const sqlite_table_shape checked = {
      "CREATE TABLE \"t\" (\"id\" INTEGER PRIMARY KEY NOT NULL, \"note\" TEXT, " +
          check_item("t", check, columns) + ") STRICT",
      {"id"}};
  auto parse = [](const std::string& sql) {
    PgQueryParseResult parsed = pg_query_parse(sql.c_str());
    auto tree = nlohmann::json::parse(parsed.parse_tree);
    pg_query_free_parse_result(parsed);
    return tree["stmts"][0]["stmt"];
  };
  // The check as CREATE TABLE wrote it (storage/check_catalog.hpp).
  const std::string create = "CREATE TABLE t (id int PRIMARY KEY, note text CHECK (note <> ''))";
  const auto raw_expr = parse(create)["CreateStmt"]["tableElts"][1]["ColumnDef"]["constraints"][0]
                                    ["Constraint"]["raw_expr"];
  const std::vector<check_source> written = {{"t_note_check", raw_expr.dump(), create}};
  auto run = [&](const std::string& sql, const std::vector<check_source>& recorded) {
    return translate_alter_table(parse(sql)["AlterTableStmt"], sql, "t", columns, checked,
                                 type_settings{}, no_user_types(), {}, recorded);
  };
  auto other = run("ALTER TABLE t ALTER COLUMN id TYPE bigint", written);
  ASSERT_TRUE(other.ok()) << other.error().message;
  EXPECT_NE(other->rebuild->body.find("CONSTRAINT \"t_note_check\""), std::string::npos);
  EXPECT_TRUE(other->rebuild->retyped_checks.empty());
  // A check on the column is typed again from its recorded text, and the
  // converted rows must pass it.
  auto retyped = run("ALTER TABLE t ALTER COLUMN note TYPE varchar(5)", written);
  ASSERT_TRUE(retyped.ok()) << retyped.error().message;
  ASSERT_EQ(retyped->rebuild->retyped_checks.size(), 1u);
  EXPECT_EQ(retyped->rebuild->retyped_checks[0].name, "t_note_check");
  EXPECT_NE(retyped->rebuild->body.find("CONSTRAINT \"t_note_check\""), std::string::npos);
  EXPECT_EQ(retyped->checks.size(), 1u);
  // Without a recorded text (a check made before the catalog kept them): 0A000.
  auto unrecorded = run("ALTER TABLE t ALTER COLUMN note TYPE varchar(5)", {});
  ASSERT_FALSE(unrecorded.ok());
  EXPECT_EQ(unrecorded.error().sqlstate, "0A000");
  // RENAME COLUMN renames the column in the recorded tree.
  const std::string rename = "ALTER TABLE t RENAME COLUMN note TO remark";
  auto renamed = translate_rename(parse(rename)["RenameStmt"], "t", columns, written);
  ASSERT_TRUE(renamed.ok()) << renamed.error().message;
  ASSERT_EQ(renamed->checks.size(), 1u);
  EXPECT_NE(renamed->checks[0].expression_tree.find("\"remark\""), std::string::npos);
  EXPECT_EQ(renamed->checks[0].expression_tree.find("\"note\""), std::string::npos);
}

TEST(AlterTable, OtherSubcommandsAre0A000NamingThem) {
  auto c = change("ALTER TABLE t REPLICA IDENTITY FULL");
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error().sqlstate, "0A000");
  EXPECT_EQ(c.error().message, "ALTER TABLE REPLICA IDENTITY is not supported yet");
  EXPECT_EQ(change("ALTER TABLE t ADD COLUMN k int PRIMARY KEY").error().sqlstate, "0A000");
}

}  // namespace
}  // namespace tributary
