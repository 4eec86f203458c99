// alter_table: ADD/DROP COLUMN and RENAME on a typed table -> SQLite statements and
// the catalog rows afterwards, with PostgreSQL's errors.
#include <gtest/gtest.h>

#include <pg_query.h>

#include <nlohmann/json.hpp>

#include "stages/sql/alter_table.hpp"

namespace tributary {
namespace {

const std::vector<column_definition> columns = {{"id", builtin_column_type(23), 0, true, {}, ""},
                                                {"note", builtin_column_type(25), 0, false, {}, ""}};

result<table_change, pg_error> change(const std::string& sql) {
  PgQueryParseResult parsed = pg_query_parse(sql.c_str());
  EXPECT_EQ(parsed.error, nullptr) << sql;
  auto tree = nlohmann::json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  const auto& stmt = tree["stmts"][0]["stmt"];
  if (stmt.contains("RenameStmt"))
    return translate_rename(stmt["RenameStmt"], "t", columns);
  return translate_alter_table(stmt["AlterTableStmt"], sql, "t", columns, type_settings{});
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

TEST(AlterTable, DropColumnRemovesItsCatalogRow) {
  auto c = change("ALTER TABLE t DROP COLUMN note");
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c->sqlite_statements, std::vector<std::string>{"ALTER TABLE \"t\" DROP COLUMN \"note\""});
  EXPECT_EQ(c->columns.size(), 1u);
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

TEST(AlterTable, OtherSubcommandsAre0A000NamingThem) {
  auto c = change("ALTER TABLE t ALTER COLUMN note TYPE varchar(3)");
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error().sqlstate, "0A000");
  EXPECT_EQ(c.error().message, "ALTER TABLE ALTER COLUMN ... TYPE is not supported yet");
  EXPECT_EQ(change("ALTER TABLE t ADD COLUMN k int PRIMARY KEY").error().sqlstate, "0A000");
}

}  // namespace
}  // namespace tributary
