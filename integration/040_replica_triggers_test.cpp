// 040_replica_triggers: local triggers under session_replication_role, as
// PostgreSQL's own 003_constraints checks them on a subscriber: an ordinary trigger
// fires for the subscriber's own writes and not for replicated (or copied) rows;
// ENABLE REPLICA TRIGGER makes it fire only for those, ENABLE ALWAYS for both,
// DISABLE for none. The same statements run against a PostgreSQL subscriber of the
// same publisher, whose answers are the reference. (PostgreSQL's apply worker runs
// with an empty search_path, so the trigger functions name public.audit.)
#include "integration/replication_fixture.hpp"

#include <functional>

namespace tributary::integration {
namespace {

using namespace std::chrono_literals;

// One subscriber, Tributary or PostgreSQL, driven through the same statements.
struct subscriber_side {
  std::string name;
  std::function<pg_result(const std::string&)> run;

  void exec(const std::string& sql) const {
    auto r = run(sql);
    ASSERT_TRUE(succeeded(r.get())) << name << ": " << sql << "\n" << PQresultErrorMessage(r.get());
  }
  std::string value(const std::string& sql) const {
    auto r = run(sql);
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK || PQntuples(r.get()) != 1)
      return "error: " + std::string(PQresultErrorMessage(r.get()));
    return PQgetisnull(r.get(), 0, 0) ? "<null>" : PQgetvalue(r.get(), 0, 0);
  }
  bool wait_for(const std::string& sql, const std::string& expected) const {
    std::string last;
    bool ok = wait_until([&] { return (last = value(sql)) == expected; }, 60s, 100ms);
    if (!ok)
      ADD_FAILURE() << name << ": waiting for `" << sql << "` = " << expected << ", last " << last;
    return ok;
  }
};

constexpr const char* audit_function =
    "CREATE FUNCTION audit_t() RETURNS trigger LANGUAGE plpgsql AS $$ "
    "BEGIN "
    "  INSERT INTO public.audit VALUES (NEW.a, TG_OP || ' ' || NEW.b); "
    "  RETURN NEW; "
    "END $$";

// BEFORE INSERT: rows with a >= 10 are skipped (RETURN NULL), a negative a fails.
constexpr const char* filter_function =
    "CREATE FUNCTION filter_t() RETURNS trigger LANGUAGE plpgsql AS $$ "
    "BEGIN "
    "  IF NEW.a < 0 THEN "
    "    RAISE EXCEPTION 'negative a: %', NEW.a; "
    "  ELSIF NEW.a >= 10 THEN "
    "    RETURN NULL; "
    "  END IF; "
    "  RETURN NEW; "
    "END $$";

class ReplicaTriggers : public ReplicationTest {
protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(ReplicationTest::SetUp());
    ASSERT_NO_FATAL_FAILURE(reference_.start());
    publisher_.exec("CREATE TABLE t (a int PRIMARY KEY, b text); CREATE PUBLICATION p FOR TABLE t");
    sides_ = {subscriber_side{"tributary", [this](const std::string& sql) { return exec(local_.get(), sql); }},
              subscriber_side{"postgresql", [this](const std::string& sql) {
                                auto c = reference_.connect();
                                return exec(c.get(), sql);
                              }}};
  }
  void TearDown() override {
    if (reference_.running())
      reference_.exec("DROP SUBSCRIPTION IF EXISTS ref_sub");
  }

  // Creates the tables, the function and its trigger on every side.
  void prepare(const std::string& function, const std::string& trigger) {
    for (const auto& side : sides_) {
      ASSERT_NO_FATAL_FAILURE(side.exec("CREATE TABLE t (a int PRIMARY KEY, b text)"));
      ASSERT_NO_FATAL_FAILURE(side.exec("CREATE TABLE audit (a int, what text)"));
      ASSERT_NO_FATAL_FAILURE(side.exec(function));
      ASSERT_NO_FATAL_FAILURE(side.exec(trigger));
    }
  }
  void subscribe(const std::string& options) {
    local_exec("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() + "' PUBLICATION p WITH (" +
               options + ")");
    reference_.exec("CREATE SUBSCRIPTION ref_sub CONNECTION '" + publisher_conninfo() + "' PUBLICATION p WITH (" +
                    options + ")");
  }
  // Every side runs `sql`.
  void on_subscribers(const std::string& sql) {
    for (const auto& side : sides_)
      ASSERT_NO_FATAL_FAILURE(side.exec(sql));
  }
  // A publisher row, waited for on every side (by its count of t rows).
  void replicate(const std::string& values, const std::string& rows_then) {
    publisher_.exec("INSERT INTO t VALUES " + values);
    for (const auto& side : sides_)
      ASSERT_TRUE(side.wait_for("SELECT count(*) FROM t", rows_then)) << subscriber_.log_text();
  }
  std::vector<std::string> audit_on(const subscriber_side& side) {
    auto r = side.run("SELECT a, what FROM audit ORDER BY a");
    EXPECT_EQ(PQresultStatus(r.get()), PGRES_TUPLES_OK) << side.name << ": " << PQresultErrorMessage(r.get());
    return rows_of(r.get());
  }
  void expect_audit(const std::vector<std::string>& expected) {
    for (const auto& side : sides_)
      EXPECT_EQ(audit_on(side), expected) << side.name;
  }

  pg_publisher reference_;  // a PostgreSQL subscriber: the reference
  std::vector<subscriber_side> sides_;
};

TEST_F(ReplicaTriggers, OrdinaryTriggersFireForLocalWritesOnlyReplicaOnesForReplicatedOnlyAlwaysForBoth) {
  ASSERT_NO_FATAL_FAILURE(prepare(audit_function,
                                  "CREATE TRIGGER audit_t AFTER INSERT ON t FOR EACH ROW EXECUTE FUNCTION audit_t()"));
  publisher_.exec("INSERT INTO t VALUES (1, 'copied')");
  subscribe("copy_data = true");
  for (const auto& side : sides_)
    ASSERT_TRUE(side.wait_for("SELECT count(*) FROM t", "1")) << subscriber_.log_text();

  ASSERT_NO_FATAL_FAILURE(on_subscribers("INSERT INTO t VALUES (100, 'local')"));
  ASSERT_NO_FATAL_FAILURE(replicate("(2, 'replicated')", "3"));

  ASSERT_NO_FATAL_FAILURE(on_subscribers("ALTER TABLE t ENABLE REPLICA TRIGGER audit_t"));
  ASSERT_NO_FATAL_FAILURE(on_subscribers("INSERT INTO t VALUES (101, 'local')"));
  ASSERT_NO_FATAL_FAILURE(replicate("(3, 'replicated')", "5"));

  ASSERT_NO_FATAL_FAILURE(on_subscribers("ALTER TABLE t ENABLE ALWAYS TRIGGER audit_t"));
  ASSERT_NO_FATAL_FAILURE(on_subscribers("INSERT INTO t VALUES (102, 'local')"));
  ASSERT_NO_FATAL_FAILURE(replicate("(4, 'replicated')", "7"));

  ASSERT_NO_FATAL_FAILURE(on_subscribers("ALTER TABLE t DISABLE TRIGGER ALL"));
  ASSERT_NO_FATAL_FAILURE(on_subscribers("INSERT INTO t VALUES (103, 'local')"));
  ASSERT_NO_FATAL_FAILURE(replicate("(5, 'replicated')", "9"));

  expect_audit({"3|INSERT replicated", "4|INSERT replicated", "100|INSERT local", "102|INSERT local"});
}

TEST_F(ReplicaTriggers, TheInitialCopyFiresOnlyReplicaTriggers) {
  ASSERT_NO_FATAL_FAILURE(prepare(audit_function,
                                  "CREATE TRIGGER audit_t AFTER INSERT ON t FOR EACH ROW EXECUTE FUNCTION audit_t()"));
  ASSERT_NO_FATAL_FAILURE(on_subscribers("CREATE TABLE audit2 (a int)"));
  ASSERT_NO_FATAL_FAILURE(on_subscribers(
      "CREATE FUNCTION audit2_t() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO public.audit2 VALUES (NEW.a); "
      "RETURN NULL; END $$"));
  ASSERT_NO_FATAL_FAILURE(
      on_subscribers("CREATE TRIGGER ordinary AFTER INSERT ON t FOR EACH ROW EXECUTE FUNCTION audit2_t()"));
  ASSERT_NO_FATAL_FAILURE(on_subscribers("ALTER TABLE t ENABLE REPLICA TRIGGER audit_t"));
  publisher_.exec("INSERT INTO t SELECT g, 'copied' FROM generate_series(1, 3) g");
  subscribe("copy_data = true");
  for (const auto& side : sides_)
    ASSERT_TRUE(side.wait_for("SELECT count(*) FROM t", "3")) << subscriber_.log_text();
  expect_audit({"1|INSERT copied", "2|INSERT copied", "3|INSERT copied"});
  for (const auto& side : sides_)
    EXPECT_EQ(side.value("SELECT count(*) FROM audit2"), "0") << side.name << ": an ordinary trigger during the copy";
}

TEST_F(ReplicaTriggers, AReplicaBeforeTriggerSkipsReplicatedRowsAndItsRaiseStopsTheApply) {
  ASSERT_NO_FATAL_FAILURE(prepare(filter_function,
                                  "CREATE TRIGGER filter_t BEFORE INSERT ON t FOR EACH ROW EXECUTE FUNCTION filter_t()"));
  ASSERT_NO_FATAL_FAILURE(on_subscribers("ALTER TABLE t ENABLE REPLICA TRIGGER filter_t"));
  subscribe("copy_data = false");
  publisher_.exec("INSERT INTO t VALUES (1, 'kept'), (10, 'skipped'), (2, 'kept')");
  for (const auto& side : sides_)
    ASSERT_TRUE(side.wait_for("SELECT string_agg(a::text, ',' ORDER BY a) FROM t", "1,2")) << subscriber_.log_text();
  ASSERT_NO_FATAL_FAILURE(on_subscribers("INSERT INTO t VALUES (11, 'local rows are not filtered')"));

  publisher_.exec("INSERT INTO t VALUES (-1, 'fails')");
  ASSERT_TRUE(wait_until([&] { return subscriber_.log_text().find("negative a: -1") != std::string::npos; }, 60s))
      << subscriber_.log_text();
  ASSERT_TRUE(wait_until([&] { return reference_.log_text().find("negative a: -1") != std::string::npos; }, 60s))
      << reference_.log_text();
  for (const auto& side : sides_)
    EXPECT_EQ(side.value("SELECT string_agg(a::text, ',' ORDER BY a) FROM t"), "1,2,11") << side.name;
  // The error is logged before the worker counts it: wait for the count.
  for (const auto& side : sides_)
    EXPECT_TRUE(side.wait_for("SELECT CASE WHEN apply_error_count > 0 THEN 'yes' ELSE 'no' END FROM pg_stat_subscription_stats",
                              "yes"))
        << side.name;
}

TEST_F(ReplicaTriggers, LocalTriggerErrorsAreTheOnesPostgreSQLGives) {
  ASSERT_NO_FATAL_FAILURE(prepare(filter_function,
                                  "CREATE TRIGGER filter_t BEFORE INSERT ON t FOR EACH ROW EXECUTE FUNCTION filter_t()"));
  const std::vector<std::string> statements = {
      "INSERT INTO t VALUES (-5, 'x')",
      "CREATE TRIGGER filter_t BEFORE INSERT ON t FOR EACH ROW EXECUTE FUNCTION filter_t()",
      "CREATE TRIGGER x BEFORE INSERT ON nosuch FOR EACH ROW EXECUTE FUNCTION filter_t()",
      "CREATE TRIGGER x BEFORE INSERT ON t FOR EACH ROW EXECUTE FUNCTION nosuch()",
      "CREATE TRIGGER x BEFORE UPDATE OF zz ON t FOR EACH ROW EXECUTE FUNCTION filter_t()",
      "CREATE TRIGGER x BEFORE INSERT ON t FOR EACH ROW WHEN (OLD.a > 1) EXECUTE FUNCTION filter_t()",
      "DROP FUNCTION filter_t()",
      "DROP TRIGGER nosuch ON t",
      "ALTER TABLE t ENABLE TRIGGER nosuch",
      "CREATE FUNCTION filter_t() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$",
      "CREATE FUNCTION g(a int) RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$",
      // a table dropped and created again has no triggers
      "DROP TABLE t",
      "CREATE TABLE t (a int PRIMARY KEY, b text)",
      "INSERT INTO t VALUES (-5, 'x')",
      "ALTER TABLE t ENABLE TRIGGER filter_t",
      "CREATE TRIGGER filter_t BEFORE INSERT ON t FOR EACH ROW EXECUTE FUNCTION filter_t()",
      "DROP FUNCTION filter_t()",
  };
  for (const auto& sql : statements) {
    std::vector<std::string> answers;
    for (const auto& side : sides_) {
      auto r = side.run(sql);
      const char* state = PQresultErrorField(r.get(), PG_DIAG_SQLSTATE);
      auto field = [&](int code) {
        const char* v = PQresultErrorField(r.get(), code);
        return std::string(v ? v : "");
      };
      answers.push_back(std::string(state ? state : "ok") + " " + field(PG_DIAG_MESSAGE_PRIMARY) + "|" +
                        field(PG_DIAG_MESSAGE_DETAIL) + "|" + field(PG_DIAG_MESSAGE_HINT));
    }
    EXPECT_EQ(answers[0], answers[1]) << sql;
  }
}

// A superuser's session may act as a replica itself (SET session_replication_role):
// ordinary triggers and foreign keys then stay quiet, REPLICA triggers fire.
TEST_F(ReplicaTriggers, ASuperuserSessionSetToReplicaFiresOnlyReplicaTriggersAndSkipsForeignKeys) {
  ASSERT_NO_FATAL_FAILURE(prepare(audit_function,
                                  "CREATE TRIGGER audit_t AFTER INSERT ON t FOR EACH ROW EXECUTE FUNCTION audit_t()"));
  on_subscribers("CREATE TABLE parent (id int PRIMARY KEY); CREATE TABLE child (pid int REFERENCES parent)");
  auto mine = subscriber_.connect();
  auto theirs = reference_.connect();
  auto answer = [](PGconn* c, const std::string& sql) {
    auto r = exec(c, sql);
    if (PQresultStatus(r.get()) == PGRES_FATAL_ERROR) {
      const char* hint = PQresultErrorField(r.get(), PG_DIAG_MESSAGE_HINT);
      return std::string("ERROR ") + PQresultErrorField(r.get(), PG_DIAG_SQLSTATE) + " " +
             PQresultErrorField(r.get(), PG_DIAG_MESSAGE_PRIMARY) + (hint ? std::string(" HINT ") + hint : "");
    }
    std::string out = PQcmdStatus(r.get());
    for (const auto& row : rows_of(r.get())) out += " " + row;
    return out;
  };
  for (const std::string sql :
       {"SHOW session_replication_role", "SET session_replication_role = replica", "SHOW session_replication_role",
        "INSERT INTO t VALUES (1, 'as replica')", "INSERT INTO child VALUES (99)",
        "ALTER TABLE t ENABLE REPLICA TRIGGER audit_t", "INSERT INTO t VALUES (2, 'as replica')",
        "SET session_replication_role = nobody", "RESET session_replication_role",
        "INSERT INTO t VALUES (3, 'as origin')", "INSERT INTO child VALUES (98)",
        "SET session_replication_role = LOCAL", "SHOW session_replication_role",
        "SELECT a, what FROM audit ORDER BY a", "SELECT pid FROM child"}) {
    EXPECT_EQ(answer(mine.get(), sql), answer(theirs.get(), sql)) << sql;
  }
}

}  // namespace
}  // namespace tributary::integration
