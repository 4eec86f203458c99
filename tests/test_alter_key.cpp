// alter_key: ALTER TABLE ... ADD PRIMARY KEY / UNIQUE / FOREIGN KEY and DROP
// CONSTRAINT of them -> the table's new SQLite definition and what its rows must
// satisfy, with PostgreSQL's errors.
#include <gtest/gtest.h>

#include <pg_query.h>

#include <nlohmann/json.hpp>

#include "stages/sql/alter_key.hpp"
#include "stages/sql/alter_table.hpp"

namespace tributary {
namespace {

const std::vector<column_definition> columns = {{"a", builtin_column_type(23), 0, false, {}, ""},
                                                {"b", builtin_column_type(25), 0, false, {}, ""}};

const sqlite_table_shape plain = {"CREATE TABLE \"t\" (\"a\" INTEGER, \"b\" TEXT) STRICT", {}};

result<table_change, pg_error> change(const std::string& sql, const sqlite_table_shape& shape = plain) {
  PgQueryParseResult parsed = pg_query_parse(sql.c_str());
  EXPECT_EQ(parsed.error, nullptr) << sql;
  auto tree = nlohmann::json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  return translate_alter_table(tree["stmts"][0]["stmt"]["AlterTableStmt"], sql, "t", columns, shape,
                               type_settings{});
}

TEST(AlterKey, AddPrimaryKeyMakesTheColumnsNotNullAndAsksForUniqueRows) {
  auto c = change("ALTER TABLE t ADD PRIMARY KEY (a)");
  ASSERT_TRUE(c.ok()) << c.error().message;
  ASSERT_TRUE(c->rebuild);
  EXPECT_EQ(c->rebuild->body, "(\"a\" INTEGER NOT NULL, \"b\" TEXT, PRIMARY KEY (\"a\")) STRICT");
  EXPECT_EQ(c->rebuild->not_null_checks, std::vector<std::string>{"a"});
  ASSERT_EQ(c->rebuild->key_validations.size(), 1u);
  EXPECT_EQ(c->rebuild->key_validations[0].index_name, "t_pkey");
  EXPECT_TRUE(c->columns[0].not_null);
}

TEST(AlterKey, UniqueKeepsANameOnlyWhenItIsNotPostgresOwnChoice) {
  auto unnamed = change("ALTER TABLE t ADD CONSTRAINT t_a_b_key UNIQUE (a, b)");
  ASSERT_TRUE(unnamed.ok()) << unnamed.error().message;
  EXPECT_EQ(unnamed->rebuild->body, "(\"a\" INTEGER, \"b\" TEXT, UNIQUE (\"a\", \"b\")) STRICT");
  auto named = change("ALTER TABLE t ADD CONSTRAINT t_uq UNIQUE (b)");
  ASSERT_TRUE(named.ok()) << named.error().message;
  EXPECT_EQ(named->rebuild->body, "(\"a\" INTEGER, \"b\" TEXT, CONSTRAINT \"t_uq\" UNIQUE (\"b\")) STRICT");
  EXPECT_EQ(named->rebuild->key_validations[0].index_name, "t_uq");
  auto split = split_table_text("CREATE TABLE t " + named->rebuild->body);
  ASSERT_TRUE(split.ok());
  EXPECT_EQ(declared_key_name(*split, {"b"}), "t_uq");
  EXPECT_EQ(declared_key_name(*split, {"a"}), "");
}

TEST(AlterKey, ForeignKeyNamesItsReferenceAndActionsAndAsksForPresentKeys) {
  auto c = change("ALTER TABLE t ADD FOREIGN KEY (a) REFERENCES p (id) ON DELETE CASCADE");
  ASSERT_TRUE(c.ok()) << c.error().message;
  EXPECT_EQ(c->rebuild->body,
            "(\"a\" INTEGER, \"b\" TEXT, FOREIGN KEY (\"a\") REFERENCES \"p\" (\"id\") ON DELETE CASCADE) STRICT");
  ASSERT_EQ(c->rebuild->foreign_key_validations.size(), 1u);
  EXPECT_EQ(c->rebuild->foreign_key_validations[0].name, "t_a_fkey");
  EXPECT_EQ(c->rebuild->foreign_key_validations[0].referenced_table, "p");
  auto split = split_table_text("CREATE TABLE t " + c->rebuild->body);
  ASSERT_TRUE(split.ok());
  EXPECT_EQ(declared_foreign_key_name(*split, {"a"}, "p", {"id"}), std::optional<std::string>(""));
  EXPECT_EQ(declared_foreign_key_name(*split, {"a"}, "q", {"id"}), std::nullopt);
  // NOT VALID: the rows are not read.
  auto not_valid = change("ALTER TABLE t ADD CONSTRAINT f FOREIGN KEY (a) REFERENCES p NOT VALID");
  ASSERT_TRUE(not_valid.ok()) << not_valid.error().message;
  EXPECT_TRUE(not_valid->rebuild->foreign_key_validations.empty());
}

TEST(AlterKey, RefusesWhatPostgresRefuses) {
  const sqlite_table_shape keyed = {
      "CREATE TABLE \"t\" (\"a\" INTEGER NOT NULL, \"b\" TEXT, PRIMARY KEY (\"a\"), CONSTRAINT \"f\" FOREIGN KEY "
      "(\"a\") REFERENCES \"p\") STRICT",
      {"a"}};
  auto second = change("ALTER TABLE t ADD PRIMARY KEY (b)", keyed);
  ASSERT_FALSE(second.ok());
  EXPECT_EQ(second.error().sqlstate, "42P16");
  EXPECT_EQ(second.error().message, "multiple primary keys for table \"t\" are not allowed");
  auto missing = change("ALTER TABLE t ADD UNIQUE (nosuch)");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().sqlstate, "42703");
  EXPECT_EQ(missing.error().message, "column \"nosuch\" of relation \"t\" does not exist");
  auto index_name = change("ALTER TABLE t ADD CONSTRAINT t_pkey UNIQUE (b)", keyed);
  ASSERT_FALSE(index_name.ok());
  EXPECT_EQ(index_name.error().sqlstate, "42P07");
  auto taken = change("ALTER TABLE t ADD CONSTRAINT f FOREIGN KEY (b) REFERENCES q", keyed);
  ASSERT_FALSE(taken.ok());
  EXPECT_EQ(taken.error().sqlstate, "42710");
  EXPECT_EQ(taken.error().message, "constraint \"f\" for relation \"t\" already exists");
}

TEST(AlterKey, DropConstraintRemovesTheKeyItem) {
  const sqlite_table_shape keyed = {
      "CREATE TABLE \"t\" (\"a\" INTEGER NOT NULL, \"b\" TEXT, PRIMARY KEY (\"a\"), UNIQUE (\"b\"), "
      "CONSTRAINT \"f\" FOREIGN KEY (\"a\") REFERENCES \"p\") STRICT",
      {"a"}};
  auto pkey = change("ALTER TABLE t DROP CONSTRAINT t_pkey", keyed);
  ASSERT_TRUE(pkey.ok()) << pkey.error().message;
  EXPECT_EQ(pkey->rebuild->body,
            "(\"a\" INTEGER NOT NULL, \"b\" TEXT, UNIQUE (\"b\"), CONSTRAINT \"f\" FOREIGN KEY (\"a\") "
            "REFERENCES \"p\") STRICT");
  auto both = change("ALTER TABLE t DROP CONSTRAINT t_b_key, DROP CONSTRAINT f", keyed);
  ASSERT_TRUE(both.ok()) << both.error().message;
  EXPECT_EQ(both->rebuild->body, "(\"a\" INTEGER NOT NULL, \"b\" TEXT, PRIMARY KEY (\"a\")) STRICT");
  auto missing = change("ALTER TABLE t DROP CONSTRAINT nosuch", keyed);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().sqlstate, "42704");
}

TEST(AlterKey, DropConstraintRemovesAKeyDeclaredWithItsColumn) {
  // A primary key SQLite keeps as the rowid column's own clause, a UNIQUE and a
  // REFERENCES clause of a column (named or not): the clause goes, the rest stays.
  const sqlite_table_shape inline_keys = {
      "CREATE TABLE \"t\" (\"a\" INTEGER PRIMARY KEY NOT NULL, \"b\" TEXT UNIQUE DEFAULT 'UNIQUE' "
      "REFERENCES \"p\" (\"c\") ON DELETE SET NULL) STRICT",
      {"a"}};
  auto pkey = change("ALTER TABLE t DROP CONSTRAINT t_pkey", inline_keys);
  ASSERT_TRUE(pkey.ok()) << pkey.error().message;
  EXPECT_EQ(pkey->rebuild->body,
            "(\"a\" INTEGER NOT NULL, \"b\" TEXT UNIQUE DEFAULT 'UNIQUE' REFERENCES \"p\" (\"c\") "
            "ON DELETE SET NULL) STRICT");
  auto unique = change("ALTER TABLE t DROP CONSTRAINT t_b_key", inline_keys);
  ASSERT_TRUE(unique.ok()) << unique.error().message;
  EXPECT_EQ(unique->rebuild->body,
            "(\"a\" INTEGER PRIMARY KEY NOT NULL, \"b\" TEXT REFERENCES \"p\" (\"c\") ON DELETE SET NULL "
            "DEFAULT 'UNIQUE') STRICT");
  auto reference = change("ALTER TABLE t DROP CONSTRAINT t_b_fkey", inline_keys);
  ASSERT_TRUE(reference.ok()) << reference.error().message;
  EXPECT_EQ(reference->rebuild->body, "(\"a\" INTEGER PRIMARY KEY NOT NULL, \"b\" TEXT UNIQUE DEFAULT 'UNIQUE') STRICT");
  const sqlite_table_shape named = {
      "CREATE TABLE \"t\" (\"a\" INTEGER, \"b\" TEXT CONSTRAINT \"to_p\" REFERENCES \"p\") STRICT", {}};
  auto by_name = change("ALTER TABLE t DROP CONSTRAINT to_p", named);
  ASSERT_TRUE(by_name.ok()) << by_name.error().message;
  EXPECT_EQ(by_name->rebuild->body, "(\"a\" INTEGER, \"b\" TEXT) STRICT");
  auto default_name = change("ALTER TABLE t DROP CONSTRAINT t_b_fkey", named);
  ASSERT_FALSE(default_name.ok());
  EXPECT_EQ(default_name.error().sqlstate, "42704");
}

}  // namespace
}  // namespace tributary
