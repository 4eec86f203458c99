#include <gtest/gtest.h>

#include <filesystem>

#include "storage/catalog_schema.hpp"
#include "storage/subscription_catalog.hpp"

using namespace tributary;

namespace {

struct catalog_file : ::testing::Test {
  std::filesystem::path path = std::filesystem::temp_directory_path() /
                               ("subcat_" + std::to_string(::getpid()) + "_" +
                                ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".db");
  std::optional<sqlite_connection> db;
  void SetUp() override {
    std::filesystem::remove(path);
    auto c = sqlite_connection::open(path.string());
    ASSERT_TRUE(c);
    db.emplace(std::move(c).value());
    ASSERT_TRUE(migrate_catalog(*db));
  }
  void TearDown() override {
    db.reset();
    for (auto suffix : {"", "-wal", "-shm"})
      std::filesystem::remove(path.string() + suffix);
  }
  subscription_row sample() {
    subscription_row r;
    r.oid = 16400;
    r.dbid = 5;
    r.name = "sub1";
    r.owner = 10;
    r.conninfo = "host=127.0.0.1 dbname=pub";
    r.slot_name = "sub1";
    r.publications = {"pub a", "pub_b"};
    r.skip_lsn = lsn{0x10};
    return r;
  }
};

}  // namespace

TEST_F(catalog_file, SubscriptionRowRoundTrips) {
  ASSERT_TRUE(insert_subscription(*db, sample()));
  auto found = find_subscription(*db, "sub1");
  ASSERT_TRUE(found && *found);
  auto& r = **found;
  EXPECT_EQ(r.oid, 16400);
  EXPECT_EQ(r.publications, (std::vector<std::string>{"pub a", "pub_b"}));
  EXPECT_EQ(r.slot_name, std::optional<std::string>("sub1"));
  EXPECT_EQ(r.skip_lsn, lsn{0x10});
  EXPECT_EQ(r.streaming, 'f');
  auto q = db->prepare("SELECT subpublications, subskiplsn FROM pg_subscription");
  ASSERT_TRUE(q && q->step());
  EXPECT_EQ(q->column_text(0), "{\"pub a\",pub_b}") << "text[] shown as PostgreSQL shows it";
  EXPECT_EQ(q->column_text(1), "0/10");
}

TEST_F(catalog_file, SlotNameNoneIsNull) {
  auto row = sample();
  row.slot_name.reset();
  ASSERT_TRUE(insert_subscription(*db, row));
  auto found = find_subscription(*db, int64_t{16400});
  ASSERT_TRUE(found && *found);
  EXPECT_FALSE((*found)->slot_name);
}

TEST_F(catalog_file, DuplicateNameIsRefused) {
  ASSERT_TRUE(insert_subscription(*db, sample()));
  auto again = sample();
  again.oid = 16401;
  EXPECT_FALSE(insert_subscription(*db, again));
}

TEST_F(catalog_file, UpdateRewritesTheRow) {
  ASSERT_TRUE(insert_subscription(*db, sample()));
  auto row = sample();
  row.enabled = false;
  row.name = "renamed";
  ASSERT_TRUE(update_subscription(*db, row));
  EXPECT_FALSE(find_subscription(*db, "sub1")->has_value());
  EXPECT_FALSE((**find_subscription(*db, "renamed")).enabled);
}

TEST_F(catalog_file, RelationStatesUpsertAndDelete) {
  ASSERT_TRUE(insert_subscription(*db, sample()));
  ASSERT_TRUE(upsert_subscription_rel(*db, {16400, 1, 'i', std::nullopt, "public", "t"}));
  ASSERT_TRUE(upsert_subscription_rel(*db, {16400, 1, 'r', lsn{0x20}, "public", "t"}));
  ASSERT_TRUE(upsert_subscription_rel(*db, {16400, 2, 'i', std::nullopt, "public", "u"}));
  auto rels = list_subscription_rels(*db, 16400);
  ASSERT_TRUE(rels);
  ASSERT_EQ(rels->size(), 2u);
  EXPECT_EQ((*rels)[0].state, 'r');
  EXPECT_EQ((*rels)[0].sync_lsn, lsn{0x20});
  EXPECT_FALSE((*rels)[1].sync_lsn);
  ASSERT_TRUE(delete_subscription_rel(*db, 16400, "public", "t"));
  EXPECT_EQ(list_subscription_rels(*db, 16400)->size(), 1u);
}

TEST_F(catalog_file, OriginIsNamedAfterTheSubscriptionAndTracksRemoteLsn) {
  ASSERT_TRUE(insert_subscription(*db, sample()));
  ASSERT_TRUE(create_origin(*db, 16400));
  EXPECT_EQ(*origin_remote_lsn(*db, 16400), lsn{});
  ASSERT_TRUE(db->exec("UPDATE pg_replication_origin_status SET remote_lsn = '1/A0'"));
  EXPECT_EQ(*origin_remote_lsn(*db, 16400), *lsn::parse("1/A0"));
  auto q = db->prepare("SELECT roname, remote_lsn FROM pg_replication_origin "
                       "JOIN pg_replication_origin_status ON local_id = roident");
  ASSERT_TRUE(q && q->step());
  EXPECT_EQ(q->column_text(0), "pg_16400");
  EXPECT_EQ(q->column_text(1), "1/A0");
}

TEST_F(catalog_file, DeleteRemovesTablesAndOrigin) {
  ASSERT_TRUE(insert_subscription(*db, sample()));
  ASSERT_TRUE(create_origin(*db, 16400));
  ASSERT_TRUE(upsert_subscription_rel(*db, {16400, 1, 'r', lsn{1}, "public", "t"}));
  ASSERT_TRUE(delete_subscription(*db, 16400));
  auto q = db->prepare("SELECT (SELECT count(*) FROM pg_subscription) + (SELECT count(*) FROM "
                       "pg_subscription_rel) + (SELECT count(*) FROM pg_replication_origin) + "
                       "(SELECT count(*) FROM pg_replication_origin_status)");
  ASSERT_TRUE(q && q->step());
  EXPECT_EQ(q->column_int(0), 0);
}

TEST_F(catalog_file, DisablingChangesOnlySubenabledAndKeepsAConcurrentSkip) {
  ASSERT_TRUE(insert_subscription(*db, sample()));
  auto before = find_subscription(*db, "sub1");
  ASSERT_TRUE(before && *before);
  auto altered = **before;
  altered.skip_lsn = lsn{0x28263E0};  // ALTER SUBSCRIPTION ... SKIP after `before` was read
  ASSERT_TRUE(update_subscription(*db, altered));
  ASSERT_TRUE(set_subscription_enabled(*db, 16400, false));
  auto after = find_subscription(*db, "sub1");
  ASSERT_TRUE(after && *after);
  EXPECT_FALSE((*after)->enabled);
  EXPECT_EQ((*after)->skip_lsn, lsn{0x28263E0});
  EXPECT_EQ((*after)->publications, (std::vector<std::string>{"pub a", "pub_b"}));
  ASSERT_TRUE(set_subscription_enabled(*db, 16400, true));
  EXPECT_TRUE((*find_subscription(*db, "sub1"))->enabled);
}
