// 001_rep_changes: a subscription streams INSERT, UPDATE, DELETE and TRUNCATE from
// a real PostgreSQL publisher into the SQLite tables of a real Tributary server
// (copy_data = false: tables go straight to state r), as PostgreSQL's own
// subscription suite checks it: PK tables, REPLICA IDENTITY FULL with duplicate
// rows, keyless local targets, key changes, unchanged TOAST values, conflicts.
#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

class RepChanges : public ReplicationTest {};

TEST_F(RepChanges, InsertUpdateDeleteTruncateOnAPrimaryKeyTable) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY, b text, c float8, d bool, e bytea, f numeric);"
                  "CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY, b text, c float8, d bool, e bytea, f text)");
  create_subscription("sub", "pub");
  publisher_.exec("INSERT INTO t VALUES (1, 'one', 1.5, true, '\\x0102', 12345678901234567890.123456789),"
                  " (2, 'two', NULL, false, NULL, -0.5), (3, 'three', 'NaN', NULL, '\\x', 3)");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "3"));
  EXPECT_EQ(local_rows("SELECT a, b, c, d, typeof(e) || ':' || hex(e), f FROM t ORDER BY a"),
            (std::vector<std::string>{"1|one|1.5|t|blob:0102|12345678901234567890.123456789",
                                      "2|two|<null>|f|null:|-0.5", "3|three|NaN|<null>|blob:|3"}));
  publisher_.exec("UPDATE t SET b = 'uno' WHERE a = 1; DELETE FROM t WHERE a = 2");
  ASSERT_TRUE(wait_local("SELECT group_concat(a || b, ',') FROM (SELECT a, b FROM t ORDER BY a)", "1uno,3three"));
  publisher_.exec("TRUNCATE t");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "0"));
  publisher_.exec("INSERT INTO t (a, b) VALUES (10, 'after truncate')");
  ASSERT_TRUE(wait_local("SELECT b FROM t WHERE a = 10", "after truncate"));
}

// The tables of one Truncate message are emptied together in one local
// transaction. With the publisher's CASCADE, local tables referencing them are
// emptied too (the spec; PostgreSQL's own subscriber never cascades); without it,
// a local-only table referencing one of them refuses the TRUNCATE (0A000,
// heap_truncate_check_FKs' wording) until it is gone. RESTART IDENTITY is applied.
TEST_F(RepChanges, TruncateCascadeReachesLocalReferencingTablesAndRestrictRefusesThem) {
  publisher_.exec("CREATE TABLE a (id serial PRIMARY KEY, v text);"
                  "CREATE TABLE b (id int PRIMARY KEY, a_id int REFERENCES a(id));"
                  "CREATE PUBLICATION pub FOR TABLE a, b");
  local_exec("CREATE TABLE a (id int PRIMARY KEY, v text);"
             "CREATE TABLE b (id int PRIMARY KEY, a_id int REFERENCES a(id));"
             "CREATE TABLE c (id int PRIMARY KEY, a_id int REFERENCES a(id));"
             "CREATE TABLE d (id int PRIMARY KEY, c_id int REFERENCES c(id));"
             "CREATE TABLE bystander (x int)");
  create_subscription("sub", "pub");
  publisher_.exec("INSERT INTO a (v) VALUES ('x'), ('y'); INSERT INTO b VALUES (1, 1)");
  ASSERT_TRUE(wait_local("SELECT (SELECT count(*) FROM a) || ',' || (SELECT count(*) FROM b)", "2,1"));
  local_exec("INSERT INTO c VALUES (1, 1); INSERT INTO d VALUES (1, 1); INSERT INTO bystander VALUES (1)");

  publisher_.exec("TRUNCATE a CASCADE");  // the message lists a and b, with the cascade flag
  ASSERT_TRUE(wait_local("SELECT (SELECT count(*) FROM a) || ',' || (SELECT count(*) FROM b) || ',' || "
                         "(SELECT count(*) FROM c) || ',' || (SELECT count(*) FROM d)",
                         "0,0,0,0"));
  EXPECT_EQ(local_value("SELECT count(*) FROM bystander"), "1") << "a table referencing none is kept";

  publisher_.exec("INSERT INTO a (v) VALUES ('z'); INSERT INTO b VALUES (2, 3)");
  ASSERT_TRUE(wait_local("SELECT group_concat(id || v) FROM a", "3z"));
  local_exec("INSERT INTO c VALUES (2, 3)");
  publisher_.exec("TRUNCATE a, b");  // no CASCADE: the local c refuses it
  ASSERT_TRUE(wait_until(
      [&] {
        return subscriber_.log_text().find("cannot truncate a table referenced in a foreign key "
                                           "constraint") != std::string::npos;
      },
      std::chrono::seconds(60)))
      << subscriber_.log_text();
  auto log = subscriber_.log_text();
  EXPECT_NE(log.find("DETAIL:  Table \"c\" references \"a\"."), std::string::npos) << log;
  EXPECT_NE(log.find("HINT:  Truncate table \"c\" at the same time, or use TRUNCATE ... CASCADE."),
            std::string::npos) << log;
  EXPECT_NE(log.find("during message type \"TRUNCATE\""), std::string::npos) << log;
  EXPECT_EQ(local_value("SELECT (SELECT count(*) FROM a) || ',' || (SELECT count(*) FROM b)"), "1,1")
      << "nothing of the refused TRUNCATE was applied";

  local_exec("DROP TABLE d; DROP TABLE c");
  ASSERT_TRUE(wait_local("SELECT (SELECT count(*) FROM a) || ',' || (SELECT count(*) FROM b)", "0,0"));

  publisher_.exec("INSERT INTO a (v) VALUES ('w')");
  ASSERT_TRUE(wait_local("SELECT group_concat(id || v) FROM a", "4w"));
  publisher_.exec("BEGIN; TRUNCATE a, b RESTART IDENTITY; INSERT INTO a (v) VALUES ('restarted'); COMMIT");
  ASSERT_TRUE(wait_local("SELECT group_concat(id || v) FROM a", "1restarted"));
  EXPECT_EQ(local_value("SELECT count(*) FROM b"), "0");
}

TEST_F(RepChanges, ColumnsMatchByNameAndLocalExtraColumnsTakeDefaults) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY, b text, c int); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (c int, extra text DEFAULT 'local', b text, a int PRIMARY KEY)");
  create_subscription("sub", "pub");
  publisher_.exec("INSERT INTO t VALUES (1, 'x', 7)");
  ASSERT_TRUE(wait_local("SELECT a || b || c || extra FROM t", "1x7local"));
}

TEST_F(RepChanges, ReplicaIdentityFullReachesExactlyOneOfTwoEqualRows) {
  publisher_.exec("CREATE TABLE t (a int, b text); ALTER TABLE t REPLICA IDENTITY FULL;"
                  "CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int, b text)");
  create_subscription("sub", "pub");
  publisher_.exec("INSERT INTO t VALUES (1, 'dup'), (1, 'dup'), (2, NULL)");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "3"));
  publisher_.exec("DELETE FROM t WHERE ctid = (SELECT min(ctid) FROM t WHERE a = 1)");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t WHERE a = 1", "1"));
  publisher_.exec("UPDATE t SET b = 'was null' WHERE a = 2");
  ASSERT_TRUE(wait_local("SELECT b FROM t WHERE a = 2", "was null")) << "NULL-safe match of the old row";
  publisher_.exec("UPDATE t SET b = 'single' WHERE a = 1");
  ASSERT_TRUE(wait_local("SELECT group_concat(b) FROM t WHERE a = 1", "single"));
}

TEST_F(RepChanges, AKeylessLocalTableIsUpdatedByTheKeyThePublisherSends) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY, b text); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int, b text)");
  create_subscription("sub", "pub");
  publisher_.exec("INSERT INTO t VALUES (1, 'x'), (2, 'y')");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "2"));
  publisher_.exec("UPDATE t SET b = 'z' WHERE a = 1; DELETE FROM t WHERE a = 2");
  ASSERT_TRUE(wait_local("SELECT group_concat(a || b) FROM t", "1z"));
}

TEST_F(RepChanges, AKeyChangeMovesTheRow) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY, b text); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY, b text)");
  create_subscription("sub", "pub");
  publisher_.exec("INSERT INTO t VALUES (1, 'x')");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "1"));
  publisher_.exec("UPDATE t SET a = 100 WHERE a = 1");
  ASSERT_TRUE(wait_local("SELECT group_concat(a || b) FROM t", "100x"));
}

TEST_F(RepChanges, AnUnchangedToastValueStaysWhenAnotherColumnIsUpdated) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY, big text, n int); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY, big text, n int)");
  create_subscription("sub", "pub");
  publisher_.exec("INSERT INTO t SELECT 1, string_agg(md5(i::text), '') , 0 FROM generate_series(1, 15625) i");
  ASSERT_TRUE(wait_local("SELECT length(big) FROM t", "500000"));
  auto checksum = publisher_.query_value("SELECT md5(big) FROM t");
  publisher_.exec("UPDATE t SET n = 1");
  ASSERT_TRUE(wait_local("SELECT n FROM t", "1"));
  EXPECT_EQ(local_value("SELECT length(big) FROM t"), "500000");
  auto local_big = local_value("SELECT big FROM t");
  auto pub_big = publisher_.query_value("SELECT big FROM t");
  EXPECT_TRUE(local_big == pub_big) << "the TOASTed value was kept, checksum " << checksum;
}

TEST_F(RepChanges, MissingRowsForUpdateAndDeleteAreSkippedAndCounted) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY, b text); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY, b text)");
  create_subscription("sub", "pub");
  publisher_.exec("INSERT INTO t VALUES (1, 'x'), (2, 'y')");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "2"));
  local_exec("DELETE FROM t");
  publisher_.exec("UPDATE t SET b = 'changed' WHERE a = 1; DELETE FROM t WHERE a = 2; INSERT INTO t VALUES (3, 'z')");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "1"));
  // The counters reach pg_stat_subscription_stats after the commit (as PostgreSQL's
  // statistics do): wait for them rather than read them once.
  EXPECT_TRUE(wait_local(
      "SELECT confl_update_missing || ',' || confl_delete_missing FROM pg_stat_subscription_stats",
      "1,1"));
  EXPECT_NE(subscriber_.log_text().find("conflict=update_missing"), std::string::npos);
}

TEST_F(RepChanges, AnInsertHittingALocalKeyFailsUntilTheRowIsRemoved) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY, b text); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY, b text); INSERT INTO t VALUES (1, 'local')");
  create_subscription("sub", "pub");
  publisher_.exec("INSERT INTO t VALUES (1, 'remote'); INSERT INTO t VALUES (2, 'after')");
  ASSERT_TRUE(wait_until([&] { return local_value("SELECT apply_error_count >= 2 FROM pg_stat_subscription_stats") == "1"; },
                         std::chrono::seconds(60)))
      << subscriber_.log_text();
  EXPECT_EQ(local_value("SELECT count(*) FROM t"), "1") << "nothing of the failing transaction, nothing after it";
  auto log = subscriber_.log_text();
  EXPECT_NE(log.find("conflict detected on relation \"public.t\": conflict=insert_exists"), std::string::npos) << log;
  EXPECT_NE(log.find("finished at"), std::string::npos) << log;
  local_exec("DELETE FROM t WHERE a = 1");
  ASSERT_TRUE(wait_local("SELECT group_concat(a || b) FROM (SELECT * FROM t ORDER BY a)", "1remote,2after"));
}

TEST_F(RepChanges, DisableOnErrorDisablesTheSubscriptionInsteadOfRetrying) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY); INSERT INTO t VALUES (1)");
  create_subscription("sub", "pub", "disable_on_error = true");
  publisher_.exec("INSERT INTO t VALUES (1)");
  ASSERT_TRUE(wait_local("SELECT subenabled FROM pg_subscription WHERE subname = 'sub'", "f"));
  EXPECT_EQ(local_value("SELECT apply_error_count FROM pg_stat_subscription_stats"), "1");
}

TEST_F(RepChanges, SkipJumpsOverTheFailingTransaction) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY); INSERT INTO t VALUES (1)");
  create_subscription("sub", "pub");
  publisher_.exec("INSERT INTO t VALUES (1)");
  publisher_.exec("INSERT INTO t VALUES (2)");
  std::string finish_lsn;
  ASSERT_TRUE(wait_until(
      [&] {
        auto log = subscriber_.log_text();
        auto at = log.find("finished at ");
        if (at == std::string::npos)
          return false;
        auto end = log.find_first_of("\n ", at + 12);
        finish_lsn = log.substr(at + 12, end - at - 12);
        return true;
      },
      std::chrono::seconds(60)));
  local_exec("ALTER SUBSCRIPTION sub SKIP (lsn = '" + finish_lsn + "')");
  ASSERT_TRUE(wait_local("SELECT group_concat(a) FROM (SELECT a FROM t ORDER BY a)", "1,2"));
  ASSERT_TRUE(wait_local("SELECT subskiplsn FROM pg_subscription", "0/0")) << "cleared once skipped";
}

TEST_F(RepChanges, ChangesToTablesOutsideThePublicationAreNotSent) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE TABLE other (a int);"
                  "CREATE PUBLICATION pub FOR TABLE t");
  // `other` exists locally too, so a change to it that arrived would land.
  local_exec("CREATE TABLE t (a int PRIMARY KEY); CREATE TABLE other (a int)");
  create_subscription("sub", "pub");
  publisher_.exec("INSERT INTO other VALUES (1); INSERT INTO t VALUES (1)");  // one transaction
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "1"));
  publisher_.exec("INSERT INTO other VALUES (2)");
  publisher_.exec("INSERT INTO t VALUES (2)");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "2"));
  ASSERT_TRUE(wait_caught_up("sub"));
  EXPECT_EQ(local_value("SELECT count(*) FROM other"), "0") << "nothing of the unpublished table arrived";
  EXPECT_EQ(local_value("SELECT count(*) FROM pg_subscription_rel WHERE srrelname = 'other'"), "0");
}

}  // namespace
}  // namespace tributary::integration
