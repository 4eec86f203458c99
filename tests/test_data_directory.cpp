#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "stages/core/settings.hpp"
#include "storage/data_directory.hpp"

using namespace tributary;
namespace fs = std::filesystem;

namespace {

struct temp_dir {
  fs::path path = fs::temp_directory_path() /
                  ("datadir_test_" + std::to_string(::getpid()) + "_" +
                   ::testing::UnitTest::GetInstance()->current_test_info()->name());
  temp_dir() { fs::remove_all(path); }
  ~temp_dir() { fs::remove_all(path); }
};

}  // namespace

TEST(DataDirectory, InitializesANewDirectory) {
  temp_dir d;
  auto dir = data_directory::open(d.path, "alice");
  ASSERT_TRUE(dir) << dir.error();
  EXPECT_TRUE(fs::exists(d.path / "global.db"));
  EXPECT_TRUE(fs::exists(d.path / "base" / "postgres.db"));
  EXPECT_TRUE(fs::exists(d.path / "tributary.conf"));
  auto role = (*dir)->find_role("alice");
  ASSERT_TRUE(role);
  EXPECT_TRUE(role->superuser);
  EXPECT_FALSE((*dir)->find_role("bob"));
  ASSERT_TRUE((*dir)->find_database("postgres"));
  EXPECT_EQ((*dir)->find_database("postgres")->owner, "alice");
}

TEST(DataDirectory, TheWrittenConfigurationFileLoads) {
  temp_dir d;
  ASSERT_TRUE(data_directory::open(d.path, "alice"));
  std::ifstream in(d.path / "tributary.conf");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  settings s;
  EXPECT_TRUE(s.load_text(text, "tributary.conf"));
}

TEST(DataDirectory, ReopeningKeepsRolesAndDatabases) {
  temp_dir d;
  {
    auto dir = data_directory::open(d.path, "alice");
    ASSERT_TRUE(dir);
    ASSERT_TRUE((*dir)->create_database("app", "alice"));
  }
  auto dir = data_directory::open(d.path, "someone_else");
  ASSERT_TRUE(dir);
  EXPECT_TRUE((*dir)->find_role("alice"));
  EXPECT_FALSE((*dir)->find_role("someone_else")) << "only a new directory gets a bootstrap role";
  EXPECT_TRUE((*dir)->find_database("app"));
}

TEST(DataDirectory, RefusesANonEmptyDirectoryWithoutGlobalDb) {
  temp_dir d;
  fs::create_directories(d.path);
  std::ofstream(d.path / "stray.txt") << "x";
  auto dir = data_directory::open(d.path, "alice");
  ASSERT_FALSE(dir);
  EXPECT_NE(dir.error().find("not empty"), std::string::npos);
}

TEST(DataDirectory, CreateDatabaseMakesAFileWithTheCatalog) {
  temp_dir d;
  auto dir = data_directory::open(d.path, "alice");
  ASSERT_TRUE(dir);
  ASSERT_TRUE((*dir)->create_database("app", "alice"));
  EXPECT_TRUE(fs::exists(d.path / "base" / "app.db"));
  auto c = (*dir)->connect("app");
  ASSERT_TRUE(c);
  EXPECT_TRUE(c->prepare("SELECT * FROM pg_subscription"));
}

TEST(DataDirectory, CreateExistingDatabaseIs42P04) {
  temp_dir d;
  auto dir = data_directory::open(d.path, "alice");
  ASSERT_TRUE(dir);
  auto r = (*dir)->create_database("postgres", "alice");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().sqlstate, "42P04");
  EXPECT_EQ(r.error().message, "database \"postgres\" already exists");
}

TEST(DataDirectory, DatabaseNamesThatAreNotFileNamesAreRefused) {
  temp_dir d;
  auto dir = data_directory::open(d.path, "alice");
  ASSERT_TRUE(dir);
  for (const char* bad : {"", "..", "a/b"}) {
    auto r = (*dir)->create_database(bad, "alice");
    ASSERT_FALSE(r) << bad;
    EXPECT_EQ(r.error().sqlstate, "42602");
  }
}

TEST(DataDirectory, DropDatabaseRemovesItsFiles) {
  temp_dir d;
  auto dir = data_directory::open(d.path, "alice");
  ASSERT_TRUE(dir);
  ASSERT_TRUE((*dir)->create_database("app", "alice"));
  ASSERT_TRUE((*dir)->drop_database("app", false));
  EXPECT_FALSE(fs::exists(d.path / "base" / "app.db"));
  EXPECT_FALSE((*dir)->find_database("app"));
}

TEST(DataDirectory, DropMissingDatabaseIs3D000UnlessIfExists) {
  temp_dir d;
  auto dir = data_directory::open(d.path, "alice");
  ASSERT_TRUE(dir);
  auto r = (*dir)->drop_database("nope", false);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().sqlstate, "3D000");
  EXPECT_TRUE((*dir)->drop_database("nope", true));
}

TEST(DataDirectory, DropDatabaseInUseIs55006) {
  temp_dir d;
  auto dir = data_directory::open(d.path, "alice");
  ASSERT_TRUE(dir);
  ASSERT_TRUE((*dir)->create_database("app", "alice"));
  {
    auto session = (*dir)->track_session("app");
    auto r = (*dir)->drop_database("app", false);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().sqlstate, "55006");
    EXPECT_EQ(r.error().detail, "There is 1 other session using the database.");
  }
  EXPECT_TRUE((*dir)->drop_database("app", false));
}

TEST(DataDirectory, DatabaseWithSubscriptionsCannotBeDropped) {
  temp_dir d;
  auto dir = data_directory::open(d.path, "alice");
  ASSERT_TRUE(dir);
  ASSERT_TRUE((*dir)->create_database("app", "alice"));
  {
    auto c = (*dir)->connect("app");
    ASSERT_TRUE(c);
    ASSERT_TRUE(c->exec("INSERT INTO pg_subscription (oid, subdbid, subname, subowner, subenabled, "
                        "subconninfo, subpublications) VALUES (1, 1, 's', 10, 0, '', '{p}')"));
  }
  auto r = (*dir)->drop_database("app", false);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().sqlstate, "55006");
  EXPECT_EQ(r.error().detail, "There is 1 subscription.");
}

TEST(DataDirectory, AllocatedOidsAreUniqueAndAboveTheSystemRange) {
  temp_dir d;
  auto dir = data_directory::open(d.path, "alice");
  ASSERT_TRUE(dir);
  auto a = (*dir)->allocate_oid();
  auto b = (*dir)->allocate_oid();
  EXPECT_GE(a, 16384);
  EXPECT_NE(a, b);
}
