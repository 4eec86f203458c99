// 035_conflicts: unique-key conflicts as PostgreSQL 18's subscriber reports them
// (its 035_conflicts test): a remote row hitting one existing key is insert_exists
// or update_exists, one hitting several is multiple_unique_conflicts; the log's
// DETAIL lists every colliding key with the existing local row and the remote row
// (an UPDATE adds the replica identity), and pg_stat_subscription_stats counts each
// kind. Reference wording taken from a PostgreSQL 18.4 subscriber on the same data;
// Tributary has no local transaction ids, so "modified in transaction N" is left out.
#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

using namespace std::chrono_literals;

class Conflicts : public ReplicationTest {
protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(ReplicationTest::SetUp());
    const std::string ddl = "CREATE TABLE conf_tab (a int PRIMARY KEY, b int UNIQUE, c int UNIQUE)";
    publisher_.exec(ddl + "; CREATE PUBLICATION pub FOR TABLE conf_tab");
    local_exec(ddl);
    local_exec("INSERT INTO conf_tab VALUES (2, 2, 2), (3, 3, 3), (4, 4, 4)");
    create_subscription("sub", "pub", "disable_on_error = true");
  }
  // Waits for the subscription to disable itself on the conflict, then clears it.
  void expect_conflict_in_log(const std::string& lines) {
    ASSERT_TRUE(wait_local("SELECT subenabled FROM pg_subscription", "f")) << "disable_on_error";
    const std::string log = subscriber_.log_text();
    EXPECT_NE(log.find(lines), std::string::npos) << "expected:\n" << lines << "\nlog:\n" << log;
  }
  std::string counters() {
    return local_value("SELECT confl_insert_exists || ',' || confl_update_exists || ',' || "
                       "confl_multiple_unique_conflicts FROM pg_stat_subscription_stats");
  }
};

TEST_F(Conflicts, ARemoteRowHittingThreeKeysIsOneMultipleUniqueConflictsListingEach) {
  publisher_.exec("INSERT INTO conf_tab VALUES (2, 3, 4)");
  expect_conflict_in_log(
      "conflict detected on relation \"public.conf_tab\": conflict=multiple_unique_conflicts\n");
  expect_conflict_in_log(
      "DETAIL:  Key already exists in unique index \"conf_tab_pkey\".\n"
      "\tKey (a)=(2); existing local row (2, 2, 2); remote row (2, 3, 4).\n"
      "\tKey already exists in unique index \"conf_tab_b_key\".\n"
      "\tKey (b)=(3); existing local row (3, 3, 3); remote row (2, 3, 4).\n"
      "\tKey already exists in unique index \"conf_tab_c_key\".\n"
      "\tKey (c)=(4); existing local row (4, 4, 4); remote row (2, 3, 4).\n");
  EXPECT_EQ(counters(), "0,0,1");
  EXPECT_EQ(local_rows("SELECT a, b, c FROM conf_tab ORDER BY a"),
            (std::vector<std::string>{"2|2|2", "3|3|3", "4|4|4"}));
}

TEST_F(Conflicts, OneKeyIsInsertExistsAndAnUpdateOntoAnotherRowsKeyIsUpdateExists) {
  // The local row first: the remote one must find it (the other order races the apply).
  local_exec("INSERT INTO conf_tab VALUES (6, 60, 60)");
  publisher_.exec("INSERT INTO conf_tab VALUES (5, 5, 5); INSERT INTO conf_tab VALUES (6, 6, 6)");
  expect_conflict_in_log("conflict detected on relation \"public.conf_tab\": conflict=insert_exists\n");
  expect_conflict_in_log(
      "DETAIL:  Key already exists in unique index \"conf_tab_pkey\".\n"
      "\tKey (a)=(6); existing local row (6, 60, 60); remote row (6, 6, 6).\n");
  EXPECT_EQ(counters(), "1,0,0");

  // Out of the way, on again; now an UPDATE on the publisher moves b onto a local key.
  local_exec("DELETE FROM conf_tab WHERE a = 6");
  local_exec("ALTER SUBSCRIPTION sub ENABLE");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM conf_tab WHERE a = 6 AND b = 6", "1"));
  publisher_.exec("UPDATE conf_tab SET b = 3 WHERE a = 5");
  expect_conflict_in_log(
      "DETAIL:  Key already exists in unique index \"conf_tab_b_key\".\n"
      "\tKey (b)=(3); existing local row (3, 3, 3); remote row (5, 3, 5); replica identity (a)=(5).\n");
  EXPECT_EQ(counters(), "1,1,0");
}

}  // namespace
}  // namespace tributary::integration
