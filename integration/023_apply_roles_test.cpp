// 023_apply_roles: the role a subscription applies each table's changes as
// (PostgreSQL 16's run_as_owner; PostgreSQL 15, the reference here, has no such
// option, so these run on Tributary alone): by default as the table's owner,
// which the subscription owner must be able to SET ROLE to; with run_as_owner
// as the subscription owner, with its own privileges. current_user and
// session_user DEFAULTs of applied rows name the role applied as and the
// subscription owner.
#include <gtest/gtest.h>

#include "integration/replication_fixture.hpp"
#include "integration/wait_until.hpp"

namespace tributary::integration {
namespace {

class ApplyRoles : public ReplicationTest {
protected:
  void SetUp() override {
    ReplicationTest::SetUp();
    publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t");
    local_exec("CREATE ROLE sub_owner LOGIN; CREATE ROLE table_owner; "
               "CREATE TABLE t (a int PRIMARY KEY, applied_by text DEFAULT current_user, "
               "session_by text DEFAULT session_user); ALTER TABLE t OWNER TO table_owner");
  }
  // Subscription s, owned by sub_owner (a superuser creates it without a password).
  void subscribe_as_sub_owner(const std::string& options = "") {
    create_subscription("s", "pub", "password_required = false" + (options.empty() ? "" : ", " + options));
    local_exec("ALTER SUBSCRIPTION s OWNER TO sub_owner");
  }
  size_t times_logged(const std::string& message) {
    const std::string log = subscriber_.log_text();
    size_t n = 0;
    for (size_t at = log.find(message); at != std::string::npos; at = log.find(message, at + 1))
      ++n;
    return n;
  }
  // Waits for the apply error `message` in the server's log more than `before` times.
  bool wait_for_error(const std::string& message, size_t before = 0) {
    bool seen = wait_until([&] { return times_logged(message) > before; }, std::chrono::seconds(20),
                           std::chrono::milliseconds(100));
    if (!seen)
      ADD_FAILURE() << "no \"" << message << "\" in the log\n" << subscriber_.log_text();
    return seen;
  }
};

TEST_F(ApplyRoles, ByDefaultChangesAreAppliedAsTheTablesOwnerWhichTheOwnerMustBeAbleToBecome) {
  subscribe_as_sub_owner();
  publisher_.exec("INSERT INTO t VALUES (1)");
  ASSERT_TRUE(wait_for_error("role \"sub_owner\" cannot SET ROLE to \"table_owner\""));
  EXPECT_EQ(local_value("SELECT count(*) FROM t"), "0");
  local_exec("GRANT table_owner TO sub_owner");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "1"));
  EXPECT_EQ(local_rows("SELECT a, applied_by, session_by FROM t"),
            (std::vector<std::string>{"1|table_owner|sub_owner"}));
}

TEST_F(ApplyRoles, RunAsOwnerAppliesWithTheSubscriptionOwnersPrivileges) {
  subscribe_as_sub_owner("run_as_owner = true");
  publisher_.exec("INSERT INTO t VALUES (1)");
  ASSERT_TRUE(wait_for_error("permission denied for table t"));
  local_exec("GRANT INSERT ON t TO sub_owner");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "1"));
  EXPECT_EQ(local_rows("SELECT a, applied_by, session_by FROM t"),
            (std::vector<std::string>{"1|sub_owner|sub_owner"}));
  // An UPDATE also reads the table: SELECT and UPDATE.
  local_exec("GRANT UPDATE ON t TO sub_owner");
  const size_t before = times_logged("permission denied for table t");
  publisher_.exec("UPDATE t SET a = 2");
  ASSERT_TRUE(wait_for_error("permission denied for table t", before));
  local_exec("GRANT SELECT ON t TO sub_owner");
  ASSERT_TRUE(wait_local("SELECT a FROM t", "2"));
}

// As worker.c: SELECT before the row is looked for, UPDATE / DELETE once it is
// found (a missing row is skipped), TRUNCATE on every table a CASCADE reaches.
TEST_F(ApplyRoles, PrivilegesAreCheckedWhenPostgresChecksThem) {
  local_exec("CREATE ROLE child_owner; CREATE TABLE child (a int REFERENCES t (a)); ALTER TABLE child OWNER TO child_owner; "
             "GRANT INSERT, SELECT, TRUNCATE ON t TO sub_owner");
  subscribe_as_sub_owner("run_as_owner = true");
  publisher_.exec("INSERT INTO t VALUES (1), (2)");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "2"));
  local_exec("DELETE FROM t");  // the rows the publisher changes next are missing here
  publisher_.exec("UPDATE t SET a = 10 WHERE a = 1; DELETE FROM t WHERE a = 2; INSERT INTO t VALUES (3)");
  ASSERT_TRUE(wait_local("SELECT string_agg(a::text, ',') FROM t", "3")) << "missing rows need SELECT only";
  const size_t before = times_logged("permission denied for table t");
  publisher_.exec("DELETE FROM t WHERE a = 3");
  ASSERT_TRUE(wait_for_error("permission denied for table t", before)) << "a found row needs DELETE";
  local_exec("GRANT DELETE ON t TO sub_owner");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "0"));

  publisher_.exec("INSERT INTO t VALUES (4)");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "1"));
  local_exec("INSERT INTO child VALUES (4)");
  publisher_.exec("TRUNCATE t CASCADE");
  ASSERT_TRUE(wait_for_error("permission denied for table child")) << "CASCADE reaches child";
  EXPECT_EQ(local_value("SELECT count(*) FROM child"), "1");
  local_exec("GRANT TRUNCATE ON child TO sub_owner");
  ASSERT_TRUE(wait_local("SELECT (SELECT count(*) FROM t) + (SELECT count(*) FROM child)", "0"));
}

TEST_F(ApplyRoles, TheInitialCopyRunsAsTheTablesOwnerToo) {
  publisher_.exec("INSERT INTO t VALUES (1)");
  local_exec("CREATE SUBSCRIPTION s CONNECTION '" + publisher_conninfo() +
             "' PUBLICATION pub WITH (enabled = false, password_required = false)");
  local_exec("ALTER SUBSCRIPTION s OWNER TO sub_owner");
  local_exec("ALTER SUBSCRIPTION s ENABLE");
  ASSERT_TRUE(wait_for_error("role \"sub_owner\" cannot SET ROLE to \"table_owner\""));
  EXPECT_EQ(local_value("SELECT count(*) FROM t"), "0");
  local_exec("GRANT table_owner TO sub_owner");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "1"));
  EXPECT_EQ(local_rows("SELECT a, applied_by, session_by FROM t"),
            (std::vector<std::string>{"1|table_owner|sub_owner"}));
}

}  // namespace
}  // namespace tributary::integration
