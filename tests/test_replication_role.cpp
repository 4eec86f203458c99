// session_replication_role and which triggers fire (storage/replication_role), also
// through pg_trigger_fires on a real SQLite connection.
#include <gtest/gtest.h>

#include "storage/replication_role.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {
namespace {

TEST(ReplicationRole, TriggersFireAsUnderPostgreSQLsSessionReplicationRole) {
  EXPECT_TRUE(trigger_fires('O', replication_role::origin));
  EXPECT_TRUE(trigger_fires('O', replication_role::local));
  EXPECT_FALSE(trigger_fires('O', replication_role::replica));
  EXPECT_TRUE(trigger_fires('R', replication_role::replica));
  EXPECT_FALSE(trigger_fires('R', replication_role::origin));
  EXPECT_TRUE(trigger_fires('A', replication_role::replica));
  EXPECT_TRUE(trigger_fires('A', replication_role::origin));
  EXPECT_FALSE(trigger_fires('D', replication_role::origin));
  EXPECT_FALSE(trigger_fires('D', replication_role::replica));
}

TEST(ReplicationRole, ConnectionsAreReplicaUntilASessionSaysOrigin) {
  auto db = sqlite_connection::open(":memory:");
  ASSERT_TRUE(db.ok());
  auto ask = [&](const char* enabled) {
    auto stmt = db->prepare(std::string("SELECT pg_trigger_fires('") + enabled + "')");
    EXPECT_TRUE(stmt.ok());
    EXPECT_TRUE(stmt->step().ok());
    return stmt->column_int(0);
  };
  EXPECT_EQ(ask("O"), 0);
  EXPECT_EQ(ask("R"), 1);
  set_replication_role(db->handle(), replication_role::origin);
  EXPECT_EQ(ask("O"), 1);
  EXPECT_EQ(ask("R"), 0);
  EXPECT_EQ(ask("A"), 1);
}

}  // namespace
}  // namespace tributary
