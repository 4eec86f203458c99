#include <gtest/gtest.h>

#include <filesystem>

#include "storage/catalog_schema.hpp"
#include "storage/sqlite_connection.hpp"

using namespace tributary;

namespace {

std::vector<std::string> columns_of(sqlite_connection& db, const std::string& table) {
  auto q = db.prepare("SELECT name FROM pragma_table_info('" + table + "') ORDER BY cid");
  EXPECT_TRUE(q);
  std::vector<std::string> out;
  while (*q->step() == sqlite_statement::step_result::row)
    out.push_back(q->column_text(0));
  return out;
}

struct temp_db {
  std::filesystem::path path = std::filesystem::temp_directory_path() /
                               ("catalog_test_" + std::to_string(::getpid()) + "_" +
                                ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".db");
  temp_db() { std::filesystem::remove(path); }
  ~temp_db() {
    for (auto suffix : {"", "-wal", "-shm"})
      std::filesystem::remove(path.string() + suffix);
  }
};

}  // namespace

TEST(CatalogSchema, CreatesPgSubscriptionWithPostgreSQLColumns) {
  temp_db f;
  auto db = sqlite_connection::open(f.path.string());
  ASSERT_TRUE(db);
  ASSERT_TRUE(migrate_catalog(*db));
  EXPECT_EQ(columns_of(*db, "pg_subscription"),
            (std::vector<std::string>{"oid", "subdbid", "subskiplsn", "subname", "subowner",
                                      "subenabled", "subbinary", "substream", "subtwophasestate",
                                      "subdisableonerr", "subpasswordrequired", "subrunasowner",
                                      "subfailover", "subconninfo", "subslotname", "subsynccommit",
                                      "subpublications", "suborigin"}));
  EXPECT_EQ(columns_of(*db, "pg_subscription_rel"),
            (std::vector<std::string>{"srsubid", "srrelid", "srsubstate", "srsublsn",
                                      "srschemaname", "srrelname"}));
  EXPECT_EQ(columns_of(*db, "pg_replication_origin"), (std::vector<std::string>{"roident", "roname"}));
  EXPECT_EQ(columns_of(*db, "pg_replication_origin_status"),
            (std::vector<std::string>{"local_id", "external_id", "remote_lsn", "local_lsn"}));
}

TEST(CatalogSchema, MigratingTwiceIsHarmlessAndKeepsRows) {
  temp_db f;
  auto db = sqlite_connection::open(f.path.string());
  ASSERT_TRUE(db);
  ASSERT_TRUE(migrate_catalog(*db));
  ASSERT_TRUE(db->exec("INSERT INTO pg_replication_origin VALUES (1, 'pg_16384')"));
  ASSERT_TRUE(migrate_catalog(*db));
  auto q = db->prepare("SELECT (SELECT count(*) FROM pg_replication_origin), "
                       "(SELECT max(version) FROM tributary_schema_version)");
  ASSERT_TRUE(q);
  ASSERT_TRUE(q->step());
  EXPECT_EQ(q->column_int(0), 1);
  EXPECT_EQ(q->column_int(1), catalog_schema_version);
}

TEST(CatalogSchema, RefusesAFileFromANewerVersion) {
  temp_db f;
  auto db = sqlite_connection::open(f.path.string());
  ASSERT_TRUE(db);
  ASSERT_TRUE(migrate_catalog(*db));
  ASSERT_TRUE(db->exec("INSERT INTO tributary_schema_version VALUES (999)"));
  auto r = migrate_catalog(*db);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("newer"), std::string::npos);
}

TEST(CatalogSchema, SubscriptionRelStateIsOnlyIOrR) {
  temp_db f;
  auto db = sqlite_connection::open(f.path.string());
  ASSERT_TRUE(db);
  ASSERT_TRUE(migrate_catalog(*db));
  EXPECT_FALSE(db->exec("INSERT INTO pg_subscription_rel VALUES (1, 1, 'x', NULL, 'public', 't')"));
  EXPECT_TRUE(db->exec("INSERT INTO pg_subscription_rel VALUES (1, 1, 'i', NULL, 'public', 't')"));
}

TEST(SqliteConnection, OpensInWalModeWithFullSync) {
  temp_db f;
  auto db = sqlite_connection::open(f.path.string());
  ASSERT_TRUE(db);
  auto q = db->prepare("PRAGMA journal_mode");
  ASSERT_TRUE(q && q->step());
  EXPECT_EQ(q->column_text(0), "wal");
  auto s = db->prepare("PRAGMA synchronous");
  ASSERT_TRUE(s && s->step());
  EXPECT_EQ(s->column_int(0), 2) << "FULL";
}

TEST(SqliteConnection, BindsAndReadsEveryStorageClass) {
  temp_db f;
  auto db = sqlite_connection::open(f.path.string());
  ASSERT_TRUE(db);
  ASSERT_TRUE(db->exec("CREATE TABLE v (x)"));
  auto ins = db->prepare("INSERT INTO v VALUES (?1)");
  ASSERT_TRUE(ins);
  std::vector<sql_value> values = {sql_null{}, int64_t{INT64_MIN}, 2.5, std::string("t\0x", 3),
                                   sql_blob{std::string("\x00\x01", 2)}};
  for (const auto& v : values) {
    ins->bind(1, v);
    ASSERT_TRUE(ins->run());
    ins->reset();
  }
  auto q = db->prepare("SELECT x FROM v ORDER BY rowid");
  ASSERT_TRUE(q);
  for (const auto& v : values) {
    ASSERT_EQ(*q->step(), sqlite_statement::step_result::row);
    EXPECT_EQ(q->column(0), v);
  }
}

TEST(SqliteConnection, ReportsErrorsWithExtendedCodes) {
  temp_db f;
  auto db = sqlite_connection::open(f.path.string());
  ASSERT_TRUE(db);
  auto bad = db->prepare("SELECT * FROM missing_table");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("no such table"), std::string::npos);
  ASSERT_TRUE(db->exec("CREATE TABLE k (a PRIMARY KEY); INSERT INTO k VALUES (1)"));
  auto dup = db->exec("INSERT INTO k VALUES (1)");
  ASSERT_FALSE(dup);
  EXPECT_EQ(dup.error().code, 1555) << "SQLITE_CONSTRAINT_PRIMARYKEY";
}
