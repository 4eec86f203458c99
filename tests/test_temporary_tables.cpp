// temporary_tables on a real SQLite file: a session's temporary table lives in its
// connection's temp schema with its columns recorded there, shadows a permanent
// table of its name for name-resolved catalog reads without touching the
// permanent one's records, is gone for another connection, and its ON COMMIT
// action runs in the committing transaction.
#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

#include "stages/types/builtin_types.hpp"
#include "tests/catalog_test_file.hpp"
#include "storage/catalog_schema.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/temporary_tables.hpp"
#include "storage/text_query.hpp"

namespace tributary {
namespace {

struct temp_db : catalog_test_file {
  temp_db() : catalog_test_file("temporary_tables") {}
};

column_definition column(const std::string& name, oid_t type) {
  column_definition c;
  c.name = name;
  c.type = builtin_column_type(type);
  return c;
}

// A permanent "t (a int)" and the session's temporary "t (b text)".
void make_both(sqlite_connection& db, const std::string& on_commit = "preserve") {
  ASSERT_TRUE(db.exec("CREATE TABLE t (a INTEGER) STRICT"));
  ASSERT_TRUE(record_table_columns(db, "t", {column("a", 23)}, relation_schema::main));
  ASSERT_TRUE(db.exec("CREATE TEMP TABLE t (b TEXT) STRICT"));
  ASSERT_TRUE(record_temporary_table(db, "t", on_commit));
  ASSERT_TRUE(record_table_columns(db, "t", {column("b", 25)}, relation_schema::temp));
}

TEST(TemporaryTables, TheTemporaryTableShadowsThePermanentOneAsTheSearchPathDoes) {
  temp_db file;
  auto db = file.open();
  make_both(db);
  EXPECT_TRUE(*is_temporary_table(db, "T"));
  auto resolved = read_table_columns(db, "t");
  ASSERT_TRUE(resolved);
  ASSERT_EQ(resolved->size(), 1u);
  EXPECT_EQ((*resolved)[0].name, "b");
  EXPECT_EQ((*resolved)[0].type.oid, 25u);
  auto permanent = read_table_columns(db, "t", relation_schema::main);
  ASSERT_TRUE(permanent);
  ASSERT_EQ(permanent->size(), 1u);
  EXPECT_EQ((*permanent)[0].name, "a");
  // Forgetting the temporary one leaves the permanent one's records.
  ASSERT_TRUE(forget_temporary_table(db, "t"));
  ASSERT_TRUE(db.exec("DROP TABLE temp.t"));
  EXPECT_FALSE(*is_temporary_table(db, "t"));
  auto after = read_table_columns(db, "t");
  ASSERT_TRUE(after);
  ASSERT_EQ(after->size(), 1u);
  EXPECT_EQ((*after)[0].name, "a");
}

TEST(TemporaryTables, AnotherConnectionSeesNeitherTheTableNorItsRecords) {
  temp_db file;
  auto db = file.open();
  make_both(db);
  auto other = file.open();
  EXPECT_FALSE(*is_temporary_table(other, "t"));
  auto listed = list_temporary_tables(other);
  ASSERT_TRUE(listed);
  EXPECT_TRUE(listed->empty());
  auto columns = read_table_columns(other, "t");
  ASSERT_TRUE(columns);
  ASSERT_EQ(columns->size(), 1u);
  EXPECT_EQ((*columns)[0].name, "a");
}

TEST(TemporaryTables, OnCommitDeleteRowsEmptiesAndOnCommitDropDropsInTheCommittingTransaction) {
  temp_db file;
  auto db = file.open();
  ASSERT_TRUE(db.exec("CREATE TEMP TABLE kept (a INTEGER); CREATE TEMP TABLE emptied (a INTEGER); "
                      "CREATE TEMP TABLE dropped (a INTEGER)"));
  ASSERT_TRUE(record_temporary_table(db, "kept", "preserve"));
  ASSERT_TRUE(record_temporary_table(db, "emptied", "delete"));
  ASSERT_TRUE(record_temporary_table(db, "dropped", "drop"));
  ASSERT_TRUE(db.exec("INSERT INTO kept VALUES (1); INSERT INTO emptied VALUES (1)"));
  ASSERT_TRUE(db.exec("BEGIN"));
  ASSERT_TRUE(run_on_commit_actions(db));
  ASSERT_TRUE(db.exec("ROLLBACK"));  // undone with the transaction
  EXPECT_TRUE(*query_has_row(db, "SELECT 1 FROM emptied", ""));
  ASSERT_TRUE(run_on_commit_actions(db));
  EXPECT_TRUE(*query_has_row(db, "SELECT 1 FROM kept", ""));
  EXPECT_FALSE(*query_has_row(db, "SELECT 1 FROM emptied", ""));
  EXPECT_FALSE(*query_has_row(db, "SELECT 1 FROM temp.sqlite_schema WHERE name = 'dropped'", ""));
  auto listed = list_temporary_tables(db);
  ASSERT_TRUE(listed);
  EXPECT_EQ(*listed, (std::vector<std::string>{"emptied", "kept"}));
}

TEST(TemporaryTables, AConnectionWithoutTemporaryTablesHasNothingToDoAtCommit) {
  temp_db file;
  auto db = file.open();
  EXPECT_TRUE(run_on_commit_actions(db));
  EXPECT_FALSE(*is_temporary_table(db, "t"));
  EXPECT_FALSE(*query_has_row(db, "SELECT 1 FROM temp.sqlite_schema", ""));
}

}  // namespace
}  // namespace tributary
