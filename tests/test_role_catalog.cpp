// role_catalog: roles in global.db, what DROP ROLE refuses, and an older
// global.db brought up to the current columns.
#include <gtest/gtest.h>

#include <sqlite3.h>

#include <filesystem>
#include <fstream>

#include "stages/auth/hba_rules.hpp"
#include "stages/auth/scram_sha256.hpp"
#include "storage/data_directory.hpp"
#include "storage/role_catalog.hpp"
#include "storage/subscription_catalog.hpp"

using namespace tributary;
namespace fs = std::filesystem;

namespace {

struct temp_dir {
  fs::path path = fs::temp_directory_path() /
                  ("role_catalog_test_" + std::to_string(::getpid()) + "_" +
                   ::testing::UnitTest::GetInstance()->current_test_info()->name());
  temp_dir() { fs::remove_all(path); }
  ~temp_dir() { fs::remove_all(path); }
};

role_record login_role(const std::string& name) {
  role_record r;
  r.name = name;
  r.can_login = true;
  r.password = scram::make_verifier("pw");
  return r;
}

}  // namespace

TEST(RoleCatalog, CreateFindUpdateDrop) {
  temp_dir d;
  auto dir = data_directory::open(d.path, "admin");
  ASSERT_TRUE(dir) << dir.error();
  role_catalog roles(**dir);
  auto created = roles.create(login_role("alice"));
  ASSERT_TRUE(created) << created.error().message;
  EXPECT_GE(created->oid, 16384);
  auto found = roles.find("alice");
  ASSERT_TRUE(found && *found);
  EXPECT_TRUE((*found)->can_login);
  EXPECT_FALSE((*found)->superuser);
  EXPECT_EQ((*found)->connection_limit, -1);
  EXPECT_TRUE(scram::is_verifier(*(*found)->password));
  role_record changed = **found;
  changed.name = "alicia";
  changed.create_db = true;
  ASSERT_TRUE(roles.update(changed));
  EXPECT_FALSE(*roles.find("alice"));
  EXPECT_TRUE((*roles.find("alicia"))->create_db);
  auto listed = roles.list();
  ASSERT_TRUE(listed);
  ASSERT_EQ(listed->size(), 3u);  // with PostgreSQL 16's predefined pg_create_subscription
  EXPECT_EQ((*listed)[0].name, "admin");
  EXPECT_TRUE((*listed)[0].superuser);
  EXPECT_EQ((*listed)[1].name, "pg_create_subscription");
  EXPECT_EQ((*listed)[1].oid, role_catalog::create_subscription_oid);
  EXPECT_FALSE((*listed)[1].can_login);
  auto refused = roles.drop((*listed)[1]);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message,
            "cannot drop role pg_create_subscription because it is required by the database system");
  ASSERT_TRUE(roles.drop(changed));
  EXPECT_FALSE(*roles.find("alicia"));
}

TEST(RoleCatalog, ANameIsTakenOnce) {
  temp_dir d;
  auto dir = data_directory::open(d.path, "admin");
  ASSERT_TRUE(dir) << dir.error();
  role_catalog roles(**dir);
  ASSERT_TRUE(roles.create(login_role("bob")));
  auto again = roles.create(login_role("bob"));
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().sqlstate, "42710");
  EXPECT_EQ(again.error().message, "role \"bob\" already exists");
  auto carol = roles.create(login_role("carol"));
  ASSERT_TRUE(carol);
  carol->name = "bob";
  auto renamed = roles.update(*carol);
  ASSERT_FALSE(renamed);
  EXPECT_EQ(renamed.error().sqlstate, "42710");
}

TEST(RoleCatalog, ARoleOwningASubscriptionOrADatabaseIsNotDropped) {
  temp_dir d;
  auto dir = data_directory::open(d.path, "admin");
  ASSERT_TRUE(dir) << dir.error();
  role_catalog roles(**dir);
  auto owner = roles.create(login_role("owner"));
  ASSERT_TRUE(owner);
  {
    auto db = (*dir)->connect("postgres");
    ASSERT_TRUE(db);
    subscription_row row;
    row.oid = 16500;
    row.dbid = 5;
    row.name = "mysub";
    row.owner = owner->oid;
    row.conninfo = "host=x";
    row.slot_name = "mysub";
    row.publications = {"p"};
    ASSERT_TRUE(insert_subscription(*db, row));
  }
  ASSERT_TRUE((*dir)->create_database("owned", "owner"));
  auto dropped = roles.drop(*owner);
  ASSERT_FALSE(dropped);
  EXPECT_EQ(dropped.error().sqlstate, "2BP01");
  EXPECT_EQ(dropped.error().message, "role \"owner\" cannot be dropped because some objects depend on it");
  EXPECT_EQ(dropped.error().detail, "owner of database owned\nowner of subscription mysub");
  auto admin = roles.find("admin");
  auto bootstrap = roles.drop(**admin);
  ASSERT_FALSE(bootstrap);
  EXPECT_EQ(bootstrap.error().sqlstate, "2BP01");
}

TEST(RoleCatalog, AnOlderGlobalDbGetsTheRoleColumnsAndPgHba) {
  temp_dir d;
  ASSERT_TRUE(data_directory::open(d.path, "admin"));
  // As the first Tributary wrote it: no password columns, no pg_hba.conf.
  sqlite3* g = nullptr;
  ASSERT_EQ(sqlite3_open((d.path / "global.db").c_str(), &g), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(g,
                         "CREATE TABLE old AS SELECT oid, rolname, rolsuper, rolcanlogin, rolreplication, rolcreatedb "
                         "FROM pg_authid; DROP TABLE pg_authid; ALTER TABLE old RENAME TO pg_authid",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(g);
  fs::remove(d.path / "pg_hba.conf");
  auto dir = data_directory::open(d.path, "admin");
  ASSERT_TRUE(dir) << dir.error();
  role_catalog roles(**dir);
  auto admin = roles.find("admin");
  ASSERT_TRUE(admin && *admin);
  EXPECT_FALSE((*admin)->password);
  ASSERT_TRUE(roles.create(login_role("new")));
  EXPECT_TRUE(fs::exists(d.path / "pg_hba.conf"));
  EXPECT_EQ(fs::status(d.path / "pg_hba.conf").permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write);
}

TEST(RoleCatalog, ADataDirectoryOthersCanReadIsRefused) {
  temp_dir d;
  ASSERT_TRUE(data_directory::open(d.path, "admin"));
  fs::permissions(d.path, fs::perms::owner_all | fs::perms::others_read | fs::perms::others_exec);
  auto dir = data_directory::open(d.path, "admin");
  ASSERT_FALSE(dir);
  EXPECT_NE(dir.error().find("has invalid permissions"), std::string::npos) << dir.error();
  fs::permissions(d.path, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec);
  EXPECT_TRUE(data_directory::open(d.path, "admin")) << "0750 is accepted, as PostgreSQL";
}

TEST(RoleCatalog, ANewDirectoryTrustsTheLocalMachineOnlyLikeInitdb) {
  temp_dir d;
  ASSERT_TRUE(data_directory::open(d.path, "admin"));
  std::ifstream in(d.path / "pg_hba.conf");
  std::string text((std::istreambuf_iterator<char>(in)), {});
  EXPECT_EQ(text, hba_rules::default_file_text());
  auto rules = hba_rules::parse(text, "pg_hba.conf");
  ASSERT_TRUE(rules);
  hba_connection remote;
  remote.client = parse_ip_address("192.168.1.9");
  remote.user = "admin";
  remote.database = "postgres";
  EXPECT_FALSE(rules->match(remote));
  EXPECT_EQ(fs::status(d.path).permissions() & fs::perms::all, fs::perms::owner_all);
  EXPECT_EQ(fs::status(d.path / "pg_hba.conf").permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write);
}
