// sqlite_table_text: a table's SQLite definition taken apart and one column's
// item rewritten, every other clause kept.
#include <gtest/gtest.h>

#include "stages/sql/sqlite_table_text.hpp"

namespace tributary {
namespace {

const std::string create =
    "CREATE TABLE \"t\" (\"id\" INTEGER PRIMARY KEY NOT NULL, \"n\" TEXT COLLATE pg_numeric "
    "DEFAULT '0,00' NOT NULL, \"p\" INTEGER REFERENCES \"parent\" (\"id\"), "
    "\"d\" INTEGER CONSTRAINT \"domain_not_null:posint\" CHECK (\"d\" IS NOT NULL) DEFAULT 5, "
    "UNIQUE (\"n\", \"p\")) STRICT";

TEST(SqliteTableText, SplitsItemsAtTopLevelCommasOnly) {
  auto t = split_table_text(create);
  ASSERT_TRUE(t.ok()) << t.error().message;
  ASSERT_EQ(t->items.size(), 5u);
  EXPECT_EQ(t->items[1], "\"n\" TEXT COLLATE pg_numeric DEFAULT '0,00' NOT NULL");
  EXPECT_EQ(t->items[4], "UNIQUE (\"n\", \"p\")");
  EXPECT_EQ(t->options, "STRICT");
  EXPECT_EQ("CREATE TABLE \"t\" " + t->body(), create);
}

TEST(SqliteTableText, FindsAColumnByItsNameCaseInsensitively) {
  auto t = split_table_text(create);
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(find_column_item(*t, "N"), std::optional<size_t>(1));
  EXPECT_EQ(find_column_item(*t, "d"), std::optional<size_t>(3));
  EXPECT_EQ(find_column_item(*t, "nope"), std::nullopt);
  auto quoted = split_table_text("CREATE TABLE x (\"a\"\"b\" TEXT, [unique] INTEGER, UNIQUE (\"a\"\"b\"))");
  ASSERT_TRUE(quoted.ok());
  EXPECT_EQ(find_column_item(*quoted, "a\"b"), std::optional<size_t>(0));
  EXPECT_EQ(find_column_item(*quoted, "unique"), std::optional<size_t>(1));
}

TEST(SqliteTableText, RewritesDefaultAndNotNullKeepingOtherClauses) {
  column_item_change drop_both;
  drop_both.default_sql = std::optional<std::string>();
  drop_both.not_null = false;
  EXPECT_EQ(rewrite_column_item("\"n\" TEXT COLLATE pg_numeric DEFAULT '0,00' NOT NULL", drop_both),
            "\"n\" TEXT COLLATE pg_numeric");
  column_item_change set_both;
  set_both.default_sql = std::optional<std::string>("(CAST(1 AS INTEGER))");
  set_both.not_null = true;
  EXPECT_EQ(rewrite_column_item("\"p\" INTEGER REFERENCES \"parent\" (\"id\") ON DELETE SET NULL",
                                set_both),
            "\"p\" INTEGER REFERENCES \"parent\" (\"id\") ON DELETE SET NULL "
            "DEFAULT (CAST(1 AS INTEGER)) NOT NULL");
  EXPECT_EQ(rewrite_column_item(
                "\"d\" INTEGER CONSTRAINT \"domain_not_null:posint\" CHECK (\"d\" IS NOT NULL) DEFAULT 5",
                set_both),
            "\"d\" INTEGER CONSTRAINT \"domain_not_null:posint\" CHECK (\"d\" IS NOT NULL) "
            "DEFAULT (CAST(1 AS INTEGER)) NOT NULL");
  EXPECT_EQ(rewrite_column_item("\"id\" INTEGER PRIMARY KEY NOT NULL", column_item_change{}),
            "\"id\" INTEGER PRIMARY KEY NOT NULL");
}

TEST(SqliteTableText, RewritesTheTypeAndItsCollation) {
  column_item_change to_text;
  to_text.type = "TEXT";
  EXPECT_EQ(rewrite_column_item("\"n\" TEXT COLLATE pg_numeric UNIQUE DEFAULT '1' NOT NULL", to_text),
            "\"n\" TEXT UNIQUE DEFAULT '1' NOT NULL");
  column_item_change to_numeric;
  to_numeric.type = "TEXT COLLATE pg_numeric";
  EXPECT_EQ(rewrite_column_item("\"n\" INTEGER", to_numeric), "\"n\" TEXT COLLATE pg_numeric");
}

TEST(SqliteTableText, FindsTheDeclaredNameOfAForeignKey) {
  auto t = split_table_text(
      "CREATE TABLE c (\"id\" INTEGER, \"p\" INTEGER CONSTRAINT \"to_p\" REFERENCES \"p\", "
      "\"q\" INTEGER REFERENCES \"p\", \"x\" INTEGER, \"y\" INTEGER, "
      "CONSTRAINT \"xy\" FOREIGN KEY (\"x\", \"y\") REFERENCES \"m\") STRICT");
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(foreign_key_name(*t, {"p"}), std::optional<std::string>("to_p"));
  EXPECT_EQ(foreign_key_name(*t, {"X", "y"}), std::optional<std::string>("xy"));
  EXPECT_EQ(foreign_key_name(*t, {"q"}), std::nullopt);
  EXPECT_EQ(foreign_key_name(*t, {"x"}), std::nullopt);
}

TEST(SqliteTableText, TextWithoutAColumnListIsAnError) {
  EXPECT_FALSE(split_table_text("CREATE TABLE t AS SELECT 1").ok());
  EXPECT_FALSE(split_table_text("CREATE TABLE t (a TEXT").ok());
}

}  // namespace
}  // namespace tributary
