// 006_types_checks: CHECK constraints on typed tables answer as PostgreSQL's.
//
// Differential against a real PostgreSQL 15: the same statements run on the
// publisher (used here as a plain PostgreSQL server) and on Tributary, and each
// answer must be the same — the rows as printed, or the SQLSTATE, message,
// DETAIL and HINT of the error, and the command tag. Then replicated rows: a row
// the local CHECK refuses stops the apply with PostgreSQL's error, as on a
// PostgreSQL subscriber.
#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

class TypesChecks : public ReplicationTest {
protected:
  void expect_same_answers(const std::vector<std::string>& statements) {
    auto publisher = publisher_.connect();
    for (const auto& sql : statements) {
      auto mine = local_try(sql);
      auto theirs = exec(publisher.get(), sql);
      for (int field : {PG_DIAG_SQLSTATE, PG_DIAG_MESSAGE_PRIMARY, PG_DIAG_MESSAGE_DETAIL,
                        PG_DIAG_MESSAGE_HINT}) {
        const char* a = PQresultErrorField(mine.get(), field);
        const char* b = PQresultErrorField(theirs.get(), field);
        EXPECT_EQ(std::string(a ? a : "<none>"), std::string(b ? b : "<none>"))
            << sql << " (field " << char(field) << ")";
      }
      EXPECT_EQ(std::string(PQcmdStatus(mine.get())), std::string(PQcmdStatus(theirs.get()))) << sql;
      if (PQresultStatus(theirs.get()) == PGRES_TUPLES_OK) {
        EXPECT_EQ(rows_of(mine.get()), rows_of(theirs.get())) << sql;
      }
    }
  }
};

TEST_F(TypesChecks, CreateTableChecksRefuseRowsAsPostgres) {
  expect_same_answers({
      "CREATE TABLE t (a int CHECK (a > 0), b text, c numeric CONSTRAINT c_pos CHECK (c >= 0), "
      "CHECK (a < b::int), CHECK (true), CHECK (a < 100))",
      "INSERT INTO t VALUES (-1, '5', 1)",
      "INSERT INTO t VALUES (5, '1', 1)",
      "INSERT INTO t VALUES (5, '10', -1.50)",
      "INSERT INTO t VALUES (500, '1000', 0)",
      "INSERT INTO t VALUES (NULL, NULL, NULL)",
      "INSERT INTO t VALUES (5, '10', 2.5), (6, '7', 1), (7, '1', 1)",
      "SELECT * FROM t ORDER BY a",
      "UPDATE t SET c = -c WHERE a = 5",
      "UPDATE t SET b = '3' WHERE a = 6",
      "UPDATE t SET c = 0 WHERE a = 6",
      "SELECT * FROM t ORDER BY a",
      // Every type prints as its output function prints it in the failing row.
      "CREATE TYPE mood AS ENUM ('sad', 'happy')",
      "CREATE TABLE k (id int PRIMARY KEY, d date, ts timestamptz, m mood, f float8, "
      "n numeric(6,2), flag bool, bits bit(4), long text, "
      "CONSTRAINT k_id CHECK (id <> 13), CHECK (f < 10 OR flag))",
      "INSERT INTO k VALUES (13, '2024-02-29', '2024-02-29 13:45:30+02', 'happy', 0.1, 1.5, "
      "true, '0101', repeat('ab', 40))",
      "INSERT INTO k VALUES (1, NULL, NULL, 'sad', 11, NULL, false, NULL, 'x')",
      "INSERT INTO k VALUES (1, NULL, NULL, 'sad', 11, NULL, true, NULL, 'x')",
      "SELECT id, f, flag FROM k",
  });
}

TEST_F(TypesChecks, CheckExpressionsAreRefusedAsPostgres) {
  expect_same_answers({
      "CREATE TABLE v (a int CHECK (a > (SELECT 1)))",
      "CREATE TABLE v (a int CHECK (count(*) > 1))",
      "CREATE TABLE v (a int CHECK (a + 1))",
      "CREATE TABLE v (a int CHECK (b > 1))",
      "CREATE TABLE v (a int, CONSTRAINT x CHECK (a > 0), CONSTRAINT x CHECK (a > 1))",
      "CREATE TABLE v (a int CHECK (a > 'x'))",
      "CREATE TABLE v (a int, b int, CHECK (a > 0) NO INHERIT, CHECK (a < b), CHECK (b > 0), "
      "CHECK (b > 1))",
      "INSERT INTO v VALUES (1, 1)",
      "INSERT INTO v VALUES (2, 1)",
      "INSERT INTO v VALUES (1, 2)",
  });
}

TEST_F(TypesChecks, AlterTableAddsValidatesAndDropsChecksAsPostgres) {
  expect_same_answers({
      "CREATE TABLE u (a int, b text)",
      "INSERT INTO u VALUES (-1, repeat('x', 100))",
      "ALTER TABLE u ADD CONSTRAINT u_pos CHECK (a > 0)",
      "ALTER TABLE u ADD CONSTRAINT u_pos CHECK (a > 0) NOT VALID",
      "ALTER TABLE u ADD CONSTRAINT u_pos CHECK (a > 1)",
      "UPDATE u SET b = 'y'",
      "INSERT INTO u VALUES (0, 'z')",
      "ALTER TABLE u VALIDATE CONSTRAINT u_pos",
      "ALTER TABLE u VALIDATE CONSTRAINT nope",
      "ALTER TABLE u DROP CONSTRAINT nope",
      "ALTER TABLE u DROP CONSTRAINT IF EXISTS nope",
      "ALTER TABLE u DROP CONSTRAINT u_pos",
      "INSERT INTO u VALUES (0, 'z')",
      "ALTER TABLE u ADD CHECK (a > 0 AND b <> '')",
      "DELETE FROM u WHERE a < 1",
      "ALTER TABLE u ADD CHECK (a > 0 AND b <> '')",
      "ALTER TABLE u ADD CHECK (a > 0)",
      "ALTER TABLE u ADD CHECK (a < 10), ADD CHECK (b <> 'q')",
      "INSERT INTO u VALUES (1, 'q')",
      "INSERT INTO u VALUES (10, 'r')",
      "INSERT INTO u VALUES (1, '')",
      "INSERT INTO u VALUES (0, 'r')",
      "ALTER TABLE u ALTER COLUMN b SET DEFAULT 'd'",
      "INSERT INTO u (a) VALUES (2)",
      "INSERT INTO u (a) VALUES (-2)",
      "ALTER TABLE u ADD CHECK (a / 0 > 1)",
      "SELECT * FROM u ORDER BY a",
      // Renamed columns and tables keep their checks, which name the new table.
      "ALTER TABLE u RENAME COLUMN a TO aa",
      "INSERT INTO u VALUES (-5, 'x')",
      "ALTER TABLE u RENAME TO u2",
      "INSERT INTO u2 VALUES (-5, 'x')",
      "UPDATE u2 SET aa = 11",
      "SELECT * FROM u2 ORDER BY aa",
  });
  // Not yet: columns added to or dropped from a table with checks.
  auto added = local_try("ALTER TABLE u2 ADD COLUMN c int");
  EXPECT_STREQ(PQresultErrorField(added.get(), PG_DIAG_SQLSTATE), "0A000");
}

TEST_F(TypesChecks, ReplicatedRowsAreCheckedAsOnAPostgresSubscriber) {
  publisher_.exec("CREATE TABLE r (id int PRIMARY KEY, v int); CREATE PUBLICATION pub FOR TABLE r; "
                  "INSERT INTO r VALUES (1, 5), (2, 50)");
  local_exec("CREATE TABLE r (id int PRIMARY KEY, v int CONSTRAINT small CHECK (v < 10))");
  local_exec("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() +
             "' PUBLICATION pub");
  // The initial copy fails on row 2, as PostgreSQL's table sync does, until the
  // check allows it.
  ASSERT_TRUE(wait_until([&] { return subscriber_.log_text().find("violates check constraint") !=
                                      std::string::npos; },
                         std::chrono::seconds(60)))
      << subscriber_.log_text();
  auto log = subscriber_.log_text();
  EXPECT_NE(log.find("new row for relation \"r\" violates check constraint \"small\""),
            std::string::npos) << log;
  EXPECT_NE(log.find("Failing row contains (2, 50)."), std::string::npos) << log;
  local_exec("ALTER TABLE r DROP CONSTRAINT small");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM r", "2")) << subscriber_.log_text();
  local_exec("DELETE FROM r WHERE id = 2");
  local_exec("ALTER TABLE r ADD CONSTRAINT small CHECK (v < 10)");
  // A streamed change the check refuses stops the apply until it is allowed.
  publisher_.exec("INSERT INTO r VALUES (3, 30)");
  ASSERT_TRUE(wait_until([&] { return local_value(
                                          "SELECT apply_error_count > 0 FROM pg_stat_subscription_stats") == "1"; },
                         std::chrono::seconds(60)))
      << subscriber_.log_text();
  log = subscriber_.log_text();
  EXPECT_NE(log.find("Failing row contains (3, 30)."), std::string::npos) << log;
  EXPECT_EQ(local_value("SELECT count(*) FROM r WHERE id = 3"), "0");
  local_exec("ALTER TABLE r DROP CONSTRAINT small");
  ASSERT_TRUE(wait_local("SELECT v FROM r WHERE id = 3", "30")) << subscriber_.log_text();
}

}  // namespace
}  // namespace tributary::integration
