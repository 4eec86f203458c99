// 002_subscription_lifecycle: what CREATE / ALTER / DROP SUBSCRIPTION do on the
// publisher and in the catalog, and the monitoring relations that show a
// subscription at work.
#include <sqlite3.h>

#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

class SubscriptionLifecycle : public ReplicationTest {
protected:
  std::string slot_count(const std::string& slot) {
    return publisher_.query_value("SELECT count(*) FROM pg_replication_slots WHERE slot_name = '" + slot + "'");
  }
  // A login role that is not a superuser, written into global.db as the server
  // keeps its roles (Tributary has no CREATE ROLE yet).
  void add_role(const std::string& name, int oid) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open((subscriber_.data_dir() / "global.db").c_str(), &db), SQLITE_OK);
    sqlite3_busy_timeout(db, 10000);
    const std::string sql = "INSERT INTO pg_authid (oid, rolname, rolsuper) VALUES (" +
                            std::to_string(oid) + ", '" + name + "', 0)";
    char* error = nullptr;
    int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    std::string message = error ? error : "";
    sqlite3_free(error);
    sqlite3_close(db);
    ASSERT_EQ(rc, SQLITE_OK) << message;
  }
  pg_connection connect_as(const std::string& role) {
    pg_connection c{PQconnectdb((subscriber_.conninfo() + " user=" + role).c_str())};
    EXPECT_EQ(PQstatus(c.get()), CONNECTION_OK) << PQerrorMessage(c.get());
    return c;
  }
  static std::string error_of(PGresult* r) {
    const char* state = PQresultErrorField(r, PG_DIAG_SQLSTATE);
    const char* message = PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY);
    return std::string(state ? state : "none") + " " + (message ? message : "");
  }
  std::string catalog_counts() {
    return local_value("SELECT (SELECT count(*) FROM pg_subscription) || ',' || (SELECT count(*) FROM "
                       "pg_subscription_rel) || ',' || (SELECT count(*) FROM pg_replication_origin)");
  }
};

TEST_F(SubscriptionLifecycle, CreateRecordsTheCatalogAndTheSlot) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY, b text); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY, b text)");
  create_subscription("mysub", "pub");
  EXPECT_EQ(slot_count("mysub"), "1");
  EXPECT_EQ(local_value("SELECT subname || ' ' || subslotname || ' ' || subpublications::text || ' ' || subenabled "
                        "FROM pg_subscription"),
            "mysub mysub {pub} true");  // the catalog is typed as PostgreSQL's: bool || text
  EXPECT_EQ(local_value("SELECT srrelname || ' ' || srsubstate FROM pg_subscription_rel"), "t r");
  EXPECT_EQ(local_value("SELECT roname = 'pg_' || (SELECT oid FROM pg_subscription) FROM pg_replication_origin"), "t");
  ASSERT_TRUE(wait_until([&] {
    return publisher_.query_value("SELECT count(*) FROM pg_stat_replication WHERE application_name = 'mysub'") == "1";
  }, std::chrono::seconds(30))) << "application_name defaults to the subscription name";
}

// As PostgreSQL: RENAME keeps the slot (and the origin pg_<oid>) and the
// subscription goes on replicating; its errors are 42704 and 42710.
TEST_F(SubscriptionLifecycle, RenameKeepsTheSlotAndReplicationGoesOn) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY)");
  create_subscription("mysub", "pub");
  local_exec("CREATE SUBSCRIPTION other CONNECTION '" + publisher_conninfo() +
             "' PUBLICATION pub WITH (connect = false)");
  publisher_.exec("INSERT INTO t VALUES (1)");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "1"));

  auto taken = local_try("ALTER SUBSCRIPTION mysub RENAME TO other");
  EXPECT_EQ(error_of(taken.get()), "42710 subscription \"other\" already exists");
  auto missing = local_try("ALTER SUBSCRIPTION nosuch RENAME TO x");
  EXPECT_EQ(error_of(missing.get()), "42704 subscription \"nosuch\" does not exist");

  const std::string oid = local_value("SELECT oid FROM pg_subscription WHERE subname = 'mysub'");
  local_exec("ALTER SUBSCRIPTION mysub RENAME TO renamed");
  EXPECT_EQ(local_value("SELECT subname || ' ' || subslotname FROM pg_subscription WHERE oid = " + oid),
            "renamed mysub");
  EXPECT_EQ(local_value("SELECT count(*) FROM pg_subscription WHERE subname = 'mysub'"), "0");
  EXPECT_EQ(local_value("SELECT roname FROM pg_replication_origin"), "pg_" + oid);
  publisher_.exec("INSERT INTO t VALUES (2)");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "2"));
  EXPECT_EQ(slot_count("mysub"), "1");
  EXPECT_EQ(slot_count("renamed"), "0");
  EXPECT_TRUE(wait_until([&] {
    return publisher_.query_value("SELECT count(*) FROM pg_stat_replication WHERE application_name = 'renamed'") == "1";
  }, std::chrono::seconds(30))) << "the restarted worker connects under the new name";
  local_exec("DROP SUBSCRIPTION renamed");
  EXPECT_EQ(slot_count("mysub"), "0") << "DROP drops the slot of its old name";
}

// OWNER TO: 42704 for an unknown role; only the owner (or a superuser) may
// change a subscription, and a non-superuser can only name a role it can SET
// ROLE to (here: itself). The new owner may then alter it.
TEST_F(SubscriptionLifecycle, OwnerToChangesSubownerWithPostgresqlsRules) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY)");
  create_subscription("sub", "pub");
  ASSERT_NO_FATAL_FAILURE(add_role("alice", 17001));
  auto alice = connect_as("alice");

  auto unknown = local_try("ALTER SUBSCRIPTION sub OWNER TO nosuch");
  EXPECT_EQ(error_of(unknown.get()), "42704 role \"nosuch\" does not exist");
  auto not_owner = exec(alice.get(), "ALTER SUBSCRIPTION sub RENAME TO mine");
  EXPECT_EQ(error_of(not_owner.get()), "42501 must be owner of subscription sub");
  auto not_owner_either = exec(alice.get(), "ALTER SUBSCRIPTION sub OWNER TO alice");
  EXPECT_EQ(error_of(not_owner_either.get()), "42501 must be owner of subscription sub");

  local_exec("ALTER SUBSCRIPTION sub OWNER TO alice");
  EXPECT_EQ(local_value("SELECT subowner FROM pg_subscription"), "17001");
  auto give_away = exec(alice.get(), "ALTER SUBSCRIPTION sub OWNER TO \"" + subscriber_.user() + "\"");
  EXPECT_EQ(error_of(give_away.get()), "42501 must be able to SET ROLE \"" + subscriber_.user() + "\"");
  auto same = exec(alice.get(), "ALTER SUBSCRIPTION sub OWNER TO CURRENT_USER");
  EXPECT_EQ(PQresultStatus(same.get()), PGRES_COMMAND_OK) << PQresultErrorMessage(same.get());
  auto renamed = exec(alice.get(), "ALTER SUBSCRIPTION sub RENAME TO mine");
  EXPECT_EQ(PQresultStatus(renamed.get()), PGRES_COMMAND_OK) << PQresultErrorMessage(renamed.get());
  EXPECT_EQ(std::string(PQcmdStatus(renamed.get())), "ALTER SUBSCRIPTION");
  EXPECT_EQ(local_value("SELECT subname || ' ' || subowner FROM pg_subscription"), "mine 17001");
}

// password_required as PostgreSQL 16+ applies it: only a superuser sets it false or
// changes a subscription that has it false; a subscription whose owner is not a
// superuser must connect with a password (the publisher here trusts everyone, so
// its worker fails with libpqrcv_connect's 2F003 until password_required = false).
TEST_F(SubscriptionLifecycle, PasswordRequiredBindsNonSuperuserOwnersAsPostgreSQL16Does) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY)");
  create_subscription("sub", "pub");
  ASSERT_NO_FATAL_FAILURE(add_role("alice", 17002));
  // What CREATE SUBSCRIPTION needs first (PostgreSQL 16): pg_create_subscription's
  // privileges and CREATE on the database.
  local_exec("GRANT pg_create_subscription TO alice; GRANT CREATE ON DATABASE postgres TO alice");
  auto alice = connect_as("alice");
  auto create_false = exec(alice.get(), "CREATE SUBSCRIPTION other CONNECTION '" + publisher_conninfo() +
                                            "' PUBLICATION pub WITH (connect = false, password_required = false)");
  EXPECT_EQ(error_of(create_false.get()), "42501 password_required=false is superuser-only");

  // alice applies t's changes as its owner (run_as_owner = false): let it be alice.
  local_exec("ALTER SUBSCRIPTION sub OWNER TO alice; ALTER TABLE t OWNER TO alice");
  auto set_false = exec(alice.get(), "ALTER SUBSCRIPTION sub SET (password_required = false)");
  EXPECT_EQ(error_of(set_false.get()), "42501 password_required=false is superuser-only");
  EXPECT_STREQ(PQresultErrorField(set_false.get(), PG_DIAG_MESSAGE_HINT),
               "Subscriptions with the password_required option set to false may only be created or "
               "modified by the superuser.");
  auto set_true = exec(alice.get(), "ALTER SUBSCRIPTION sub SET (password_required = true)");
  EXPECT_EQ(PQresultStatus(set_true.get()), PGRES_COMMAND_OK) << PQresultErrorMessage(set_true.get());

  publisher_.exec("INSERT INTO t VALUES (1)");
  ASSERT_TRUE(wait_until([&] { return subscriber_.log_text().find("password is required") != std::string::npos; },
                         std::chrono::seconds(60)))
      << subscriber_.log_text();
  EXPECT_EQ(local_value("SELECT count(*) FROM t"), "0");

  local_exec("ALTER SUBSCRIPTION sub SET (password_required = false)");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "1"));
  auto change = exec(alice.get(), "ALTER SUBSCRIPTION sub DISABLE");
  EXPECT_EQ(error_of(change.get()), "42501 password_required=false is superuser-only")
      << "a subscription with password_required = false is the superuser's to change";
}

// failover (PostgreSQL 17+ publishers): CREATE makes a failover slot; SET
// (failover) on a disabled subscription alters the slot on the publisher at once,
// so it refuses an enabled subscription and a transaction block; an older
// publisher refuses the slot option itself and nothing is stored.
TEST_F(SubscriptionLifecycle, FailoverIsTheSlotsOnThePublisher) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY)");
  if (publisher_.server_version_num() < 170000) {
    auto r = local_try("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() +
                       "' PUBLICATION pub WITH (copy_data = false, failover = true)");
    ASSERT_EQ(PQresultStatus(r.get()), PGRES_FATAL_ERROR);
    EXPECT_NE(std::string(PQresultErrorMessage(r.get())).find("could not create replication slot \"sub\""),
              std::string::npos) << PQresultErrorMessage(r.get());
    EXPECT_EQ(catalog_counts(), "0,0,0");
    EXPECT_EQ(slot_count("sub"), "0");
    return;
  }
  auto slot_failover = [&] {
    return publisher_.query_value("SELECT failover FROM pg_replication_slots WHERE slot_name = 'sub'");
  };
  create_subscription("sub", "pub", "failover = true");
  EXPECT_EQ(slot_failover(), "t");
  EXPECT_EQ(local_value("SELECT subfailover FROM pg_subscription"), "t");
  auto enabled = local_try("ALTER SUBSCRIPTION sub SET (failover = false)");
  EXPECT_EQ(error_of(enabled.get()), "55000 cannot set failover for enabled subscription");
  local_exec("ALTER SUBSCRIPTION sub DISABLE");
  ASSERT_TRUE(wait_until([&] {
    return publisher_.query_value("SELECT active FROM pg_replication_slots WHERE slot_name = 'sub'") == "f";
  }, std::chrono::seconds(30)));
  auto in_block = local_try("BEGIN; ALTER SUBSCRIPTION sub SET (failover = false)");
  EXPECT_EQ(error_of(in_block.get()),
            "25001 ALTER SUBSCRIPTION ... SET (failover) cannot run inside a transaction block");
  local_exec("ROLLBACK");
  local_exec("ALTER SUBSCRIPTION sub SET (failover = false)");
  EXPECT_EQ(slot_failover(), "f");
  EXPECT_EQ(local_value("SELECT subfailover FROM pg_subscription"), "f");
  local_exec("ALTER SUBSCRIPTION sub ENABLE");
  publisher_.exec("INSERT INTO t VALUES (1)");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "1"));
}

TEST_F(SubscriptionLifecycle, CreateWithAMissingLocalTableFailsAndStoresNothing) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t");
  auto r = local_try("CREATE SUBSCRIPTION s CONNECTION '" + publisher_conninfo() +
                     "' PUBLICATION pub WITH (copy_data = false)");
  ASSERT_EQ(PQresultStatus(r.get()), PGRES_FATAL_ERROR);
  EXPECT_EQ(sqlstate_of(r.get()), "55000");
  EXPECT_NE(std::string(PQresultErrorMessage(r.get())).find("\"public.t\""), std::string::npos);
  EXPECT_EQ(catalog_counts(), "0,0,0");
  EXPECT_EQ(slot_count("s"), "0");
}

TEST_F(SubscriptionLifecycle, CreateWithAMissingLocalColumnFailsAndStoresNothing) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY, b text); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY)");
  auto r = local_try("CREATE SUBSCRIPTION s CONNECTION '" + publisher_conninfo() +
                     "' PUBLICATION pub WITH (copy_data = false)");
  ASSERT_EQ(PQresultStatus(r.get()), PGRES_FATAL_ERROR);
  EXPECT_NE(std::string(PQresultErrorMessage(r.get())).find("missing replicated column"), std::string::npos)
      << PQresultErrorMessage(r.get());
  EXPECT_EQ(catalog_counts(), "0,0,0");
  EXPECT_EQ(slot_count("s"), "0");
}

TEST_F(SubscriptionLifecycle, AMissingPublicationIsOnlyAWarning) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY)");
  std::string notices;
  PQsetNoticeProcessor(
      local_.get(), [](void* arg, const char* message) { *static_cast<std::string*>(arg) += message; }, &notices);
  create_subscription("s", "pub, nope");
  EXPECT_NE(notices.find("publication \"nope\" does not exist on the publisher"), std::string::npos) << notices;
  EXPECT_NE(notices.find("created replication slot \"s\" on publisher"), std::string::npos) << notices;
}

TEST_F(SubscriptionLifecycle, OptionErrorsComeBackAsPostgreSQLWritesThem) {
  auto r = local_try("CREATE SUBSCRIPTION s CONNECTION 'host=x' PUBLICATION p WITH (connect = false, enabled = true)");
  EXPECT_EQ(sqlstate_of(r.get()), "42601");
  EXPECT_NE(std::string(PQresultErrorMessage(r.get())).find("connect = false and enabled = true are mutually exclusive options"),
            std::string::npos);
  auto bad = local_try("CREATE SUBSCRIPTION s CONNECTION 'nonsense' PUBLICATION p WITH (connect = false)");
  EXPECT_EQ(sqlstate_of(bad.get()), "42601");
  EXPECT_NE(std::string(PQresultErrorMessage(bad.get())).find("invalid connection string syntax"), std::string::npos);
  EXPECT_EQ(catalog_counts(), "0,0,0");
}

TEST_F(SubscriptionLifecycle, ConnectFalseCreatesADisabledSubscriptionWithoutTouchingThePublisher) {
  // port 1 on loopback: nothing listens there, and nothing may try
  local_exec("CREATE SUBSCRIPTION s CONNECTION 'host=127.0.0.1 port=1' PUBLICATION p WITH (connect = false)");
  EXPECT_EQ(local_value("SELECT subenabled FROM pg_subscription"), "f");
  local_exec("ALTER SUBSCRIPTION s SET (slot_name = NONE)");
  auto enabled = local_try("ALTER SUBSCRIPTION s ENABLE");
  EXPECT_EQ(sqlstate_of(enabled.get()), "55000");
  local_exec("DROP SUBSCRIPTION s");
  EXPECT_EQ(catalog_counts(), "0,0,0");
}

TEST_F(SubscriptionLifecycle, DropRemovesTheSlotAndTheCatalogRows) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY)");
  create_subscription("s", "pub");
  ASSERT_TRUE(wait_local("SELECT worker_type FROM pg_stat_subscription", "apply"));
  local_exec("DROP SUBSCRIPTION s");
  EXPECT_EQ(slot_count("s"), "0");
  EXPECT_EQ(catalog_counts(), "0,0,0");
  auto again = local_try("DROP SUBSCRIPTION s");
  EXPECT_EQ(sqlstate_of(again.get()), "42704");
  local_exec("DROP SUBSCRIPTION IF EXISTS s");
}

TEST_F(SubscriptionLifecycle, DropFailsWhenThePublisherIsUnreachableUnlessTheSlotIsNone) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY)");
  create_subscription("s", "pub");
  publisher_.stop();
  auto r = local_try("DROP SUBSCRIPTION s");
  EXPECT_EQ(PQresultStatus(r.get()), PGRES_FATAL_ERROR);
  EXPECT_NE(std::string(PQresultErrorMessage(r.get())).find("could not connect to publisher"), std::string::npos);
  EXPECT_EQ(local_value("SELECT count(*) FROM pg_subscription"), "1") << "nothing dropped";
  local_exec("ALTER SUBSCRIPTION s DISABLE");
  local_exec("ALTER SUBSCRIPTION s SET (slot_name = NONE)");
  local_exec("DROP SUBSCRIPTION s");
  EXPECT_EQ(catalog_counts(), "0,0,0");
}

TEST_F(SubscriptionLifecycle, DisableStopsTheWorkerAndEnableResumesWhereItStopped) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY)");
  create_subscription("s", "pub");
  publisher_.exec("INSERT INTO t VALUES (1)");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "1"));
  local_exec("ALTER SUBSCRIPTION s DISABLE");
  ASSERT_TRUE(wait_local("SELECT pid IS NULL FROM pg_stat_subscription", "1")) << "worker columns NULL when not running";
  publisher_.exec("INSERT INTO t VALUES (2)");
  local_exec("ALTER SUBSCRIPTION s ENABLE");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "2"));
}

TEST_F(SubscriptionLifecycle, MonitoringRelationsShowTheWorkerAndItsActors) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY)");
  create_subscription("s", "pub");
  publisher_.exec("INSERT INTO t VALUES (1)");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "1"));
  ASSERT_TRUE(wait_local("SELECT received_lsn IS NOT NULL AND latest_end_lsn IS NOT NULL FROM pg_stat_subscription "
                         "WHERE subname = 's'",
                         "1"));
  auto kinds = local_rows("SELECT DISTINCT a.kind FROM tributary_actors a JOIN pg_subscription s "
                          "ON a.subscription = s.oid ORDER BY 1");
  EXPECT_EQ(kinds,
            (std::vector<std::string>{"applier", "assembler", "connection", "decoder", "spooler", "supervisor"}));
  EXPECT_EQ(local_value("SELECT count(*) FROM tributary_actors WHERE kind = 'launcher'"), "1");
  EXPECT_EQ(local_value("SELECT apply_error_count FROM pg_stat_subscription_stats WHERE subname = 's'"), "0");
}

TEST_F(SubscriptionLifecycle, AnIdleSubscriptionsSlotAdvancesWhileOnlyUnpublishedTablesAreWritten) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE TABLE other (a int); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY)");
  create_subscription("s", "pub");
  auto before = publisher_.query_value("SELECT confirmed_flush_lsn FROM pg_replication_slots WHERE slot_name = 's'");
  publisher_.exec("INSERT INTO other SELECT generate_series(1, 10000)");
  auto target = publisher_.query_value("SELECT pg_current_wal_lsn()");
  ASSERT_TRUE(wait_until([&] {
    return publisher_.query_value("SELECT confirmed_flush_lsn >= '" + target +
                                  "'::pg_lsn FROM pg_replication_slots WHERE slot_name = 's'") == "t";
  }, std::chrono::seconds(60))) << "slot stayed at " << before;
}

// A stopping pipeline (DISABLE, or the server's clean shutdown) ends its COPY
// with CopyDone and waits for the walsender's own CopyDone and CommandComplete;
// only that answer produces the "has ended streaming" line.
TEST_F(SubscriptionLifecycle, AStoppingWorkerEndsTheReplicationStreamWithCopyDone) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY)");
  create_subscription("sub", "pub");
  publisher_.exec("INSERT INTO t VALUES (1)");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "1"));
  const std::string ended = "logical replication apply worker for subscription \"sub\" has ended streaming at ";
  local_exec("ALTER SUBSCRIPTION sub DISABLE");
  EXPECT_TRUE(wait_until([&] { return subscriber_.log_text().find(ended) != std::string::npos; },
                         std::chrono::seconds(30)))
      << subscriber_.log_text();
  local_exec("ALTER SUBSCRIPTION sub ENABLE");
  publisher_.exec("INSERT INTO t VALUES (2)");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "2"));
  ASSERT_TRUE(wait_caught_up("sub"));
  auto log_before_stop = subscriber_.log_text().size();
  auto status = subscriber_.stop();
  EXPECT_TRUE(status.succeeded()) << status.describe();
  auto tail = subscriber_.log_text().substr(log_before_stop);
  EXPECT_NE(tail.find(ended), std::string::npos) << tail;
  EXPECT_TRUE(wait_until([&] {
    return publisher_.query_value("SELECT count(*) FROM pg_stat_replication WHERE application_name = 'sub'") == "0";
  }, std::chrono::seconds(30))) << "the walsender finished";
}

}  // namespace
}  // namespace tributary::integration
