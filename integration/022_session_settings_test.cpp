// 022_session_settings: settings a session sets are honoured as PostgreSQL honours
// them — statement_timeout ends a long statement and a wait for a lock,
// READ ONLY transactions and default_transaction_read_only refuse writes — and every
// value is checked as PostgreSQL checks it.
//
// Differential against a real PostgreSQL 15: the same statements on both servers,
// the same answers (SQLSTATE, message, command tag, rows).
#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

std::string answer(const PGresult* r) {
  auto* result = const_cast<PGresult*>(r);
  if (PQresultStatus(result) == PGRES_FATAL_ERROR)
    return std::string("ERROR ") + PQresultErrorField(result, PG_DIAG_SQLSTATE) + " " +
           PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY);
  std::string out = PQcmdStatus(result);
  for (int i = 0; i < PQntuples(result); ++i)
    out += std::string(" ") + PQgetvalue(result, i, 0);
  return out;
}

class SessionSettings : public ReplicationTest {
protected:
  void SetUp() override {
    ReplicationTest::SetUp();
    publisher_db_ = publisher_.connect();
  }

  void expect_same_answers(const std::vector<std::string>& statements) {
    for (const auto& sql : statements) {
      auto mine = local_try(sql);
      auto theirs = exec(publisher_db_.get(), sql);
      EXPECT_EQ(answer(mine.get()), answer(theirs.get())) << sql;
    }
  }

  pg_connection publisher_db_;
};

TEST_F(SessionSettings, StatementTimeoutCancelsALongStatement) {
  expect_same_answers({
      "SET statement_timeout = '300ms'",
      "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 1000000000) "
      "SELECT count(*) FROM r",
      "SELECT 1",
      "SET statement_timeout = 0",
      "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 1000) SELECT count(*) FROM r",
      // pg_sleep ends with the statement's time, as any statement.
      "SET statement_timeout = '200ms'",
      "SELECT pg_sleep(30)",
      "SELECT pg_sleep(0.01), pg_sleep(NULL) IS NULL",
      "SET statement_timeout = 0",
  });
}

TEST_F(SessionSettings, StatementTimeoutEndsAWaitForAnotherTransactionsLock) {
  auto holder = subscriber_.connect();
  auto their_holder = publisher_.connect();
  expect_same_answers({"CREATE TABLE t (id int PRIMARY KEY)", "INSERT INTO t VALUES (1)"});
  for (PGconn* c : {holder.get(), their_holder.get()}) {
    exec(c, "BEGIN");
    exec(c, "UPDATE t SET id = 2 WHERE id = 1");
  }
  expect_same_answers({
      "SET statement_timeout = '400ms'",
      "UPDATE t SET id = 3 WHERE id = 1",
  });
  for (PGconn* c : {holder.get(), their_holder.get()})
    exec(c, "ROLLBACK");
  expect_same_answers({"UPDATE t SET id = 3 WHERE id = 1", "SELECT id FROM t"});
}

TEST_F(SessionSettings, ReadOnlyTransactionsRefuseWrites) {
  expect_same_answers({
      "CREATE TABLE t (id int PRIMARY KEY)",
      "START TRANSACTION READ ONLY",
      "SELECT count(*) FROM t",
      "INSERT INTO t VALUES (1)",
      "ROLLBACK",
      "BEGIN",
      "SET TRANSACTION READ ONLY",
      "UPDATE t SET id = 2",
      "ROLLBACK",
      "SET default_transaction_read_only = on",
      "CREATE TABLE u (a int)",
      "DELETE FROM t",
      "WITH d AS (DELETE FROM t RETURNING 1) SELECT count(*) FROM d",
      "SELECT count(*) FROM t",
      "BEGIN READ WRITE",
      "INSERT INTO t VALUES (5)",
      "COMMIT",
      "RESET default_transaction_read_only",
      "INSERT INTO t VALUES (6)",
      "SELECT id FROM t ORDER BY id",
  });
}

TEST_F(SessionSettings, StartupParametersAreCheckedAsPostgresChecksThem) {
  auto connect = [](const std::string& conninfo) { return pg_connection(PQconnectdb(conninfo.c_str())); };
  const std::string mine = subscriber_.conninfo();
  const std::string theirs = publisher_conninfo() + " dbname=postgres";
  for (const std::string& base : {mine, theirs}) {
    auto refused = connect(base + " options='-c nosuch=1'");
    EXPECT_NE(PQstatus(refused.get()), CONNECTION_OK) << base;
    EXPECT_NE(std::string(PQerrorMessage(refused.get())).find("FATAL:  unrecognized configuration parameter \"nosuch\""),
              std::string::npos)
        << base << ": " << PQerrorMessage(refused.get());
    auto accepted = connect(base + " options='-c work_mem=64MB -c my.x=5 -c jit=off'");
    ASSERT_EQ(PQstatus(accepted.get()), CONNECTION_OK) << base << ": " << PQerrorMessage(accepted.get());
    EXPECT_EQ(answer(exec(accepted.get(), "SHOW work_mem").get()), "SHOW 64MB") << base;
    EXPECT_EQ(answer(exec(accepted.get(), "SHOW my.x").get()), "SHOW 5") << base;
  }
  // pg_dump's preamble and common ORM settings: accepted, shown, reset.
  expect_same_answers({
      "SET check_function_bodies = false", "SET xmloption = content", "SET default_tablespace = ''",
      "SET default_table_access_method = heap", "SET work_mem = '256MB'", "SHOW work_mem",
      "RESET work_mem", "SHOW work_mem", "SET enable_seqscan = off", "SHOW enable_seqscan",
      "SET nosuch = 1"});
}

TEST_F(SessionSettings, TimeoutValuesAreCheckedAsPostgresChecksThem) {
  for (const std::string sql :
       {"SET statement_timeout = 'abc'", "SET statement_timeout = '10 xs'", "SET lock_timeout = -1",
        "SET statement_timeout = '1.5s'", "SET idle_in_transaction_session_timeout = '100us'",
        "SET lock_timeout = '2 min'", "SET statement_timeout = 99999999999", "SET statement_timeout = '-2s'"}) {
    auto mine = local_try(sql);
    auto theirs = exec(publisher_db_.get(), sql);
    EXPECT_EQ(answer(mine.get()), answer(theirs.get())) << sql;
    const char* my_hint = PQresultErrorField(mine.get(), PG_DIAG_MESSAGE_HINT);
    const char* their_hint = PQresultErrorField(theirs.get(), PG_DIAG_MESSAGE_HINT);
    EXPECT_EQ(std::string(my_hint ? my_hint : "<none>"), std::string(their_hint ? their_hint : "<none>")) << sql;
  }
  // A decimal value with a unit is honoured, not read as its integer part.
  expect_same_answers({"SET statement_timeout = '0.2s'",
                       "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 1000000000) "
                       "SELECT count(*) FROM r"});
}

// Every parameter is read by its type as PostgreSQL 15 declares it: booleans, integers
// and reals with units and ranges (SHOW in the largest whole unit), enumerations with
// their hidden spellings and the HINT listing the values, locales; the refusals name
// the parameter as it was written, with PostgreSQL's DETAIL and HINT.
TEST_F(SessionSettings, EveryParameterIsReadByItsTypeAsPostgresReadsIt) {
  for (const std::string sql : {
           "SET enable_seqscan = bogus", "SET enable_seqscan = 'yes'", "SHOW enable_seqscan",
           "SELECT set_config('Enable_SeqScan', 'maybe', false)", "SET row_security = maybe",
           "SET work_mem = 'abc'", "SET work_mem = '64kb'", "SET work_mem = 10", "SET work_mem = '100000000000'",
           "SET work_mem = '65.5 kB'", "SHOW work_mem", "SET work_mem = '1024MB'", "SHOW work_mem",
           "SET work_mem = 1e2", "SHOW work_mem", "SET effective_cache_size = 3", "SHOW effective_cache_size",
           "SET effective_cache_size = '1MB'", "SHOW effective_cache_size", "SET effective_cache_size = '-1'",
           "SET geqo_effort = 100", "SET deadlock_timeout = '120s'", "SHOW deadlock_timeout",
           "SET cpu_tuple_cost = 'x'", "SET cpu_tuple_cost = -1", "SET cpu_tuple_cost = '1e-3'", "SHOW cpu_tuple_cost",
           "SET vacuum_cost_delay = '2.5ms'", "SHOW vacuum_cost_delay", "SET vacuum_cost_delay = '1s'",
           "SET extra_float_digits = 4", "SET extra_float_digits = x",
           "SET xmloption = bogus", "SET bytea_output = 'bogus'", "SET bytea_output = 'ESCAPE'", "SHOW bytea_output",
           "SET IntervalStyle = bogus", "SET synchronous_commit = bogus", "SET synchronous_commit = 'yes'",
           "SHOW synchronous_commit", "SET client_min_messages = bogus", "SET client_min_messages = debug",
           "SHOW client_min_messages", "SET client_min_messages = 'info'", "SHOW client_min_messages",
           "SET default_transaction_isolation = 'bogus'", "SET default_transaction_isolation = 'READ COMMITTED'",
           "SHOW default_transaction_isolation", "SET session_replication_role = bogus",
           "SET DateStyle = bogus", "SET lc_monetary = 'xx'", "SET lc_numeric = 'c'", "SET lc_time = 'POSIX'",
           "SHOW lc_time", "RESET ALL"}) {
    auto mine = local_try(sql);
    auto theirs = exec(publisher_db_.get(), sql);
    EXPECT_EQ(answer(mine.get()), answer(theirs.get())) << sql;
    for (int field : {PG_DIAG_MESSAGE_DETAIL, PG_DIAG_MESSAGE_HINT}) {
      const char* my = PQresultErrorField(mine.get(), field);
      const char* their = PQresultErrorField(theirs.get(), field);
      EXPECT_EQ(std::string(my ? my : "<none>"), std::string(their ? their : "<none>")) << sql;
    }
  }
  // The same checks at connection start (PGOPTIONS), naming the parameter as written.
  for (const std::string& base : {subscriber_.conninfo(), publisher_conninfo() + " dbname=postgres"}) {
    pg_connection refused(PQconnectdb((base + " options='-c IntervalStyle=bogus'").c_str()));
    EXPECT_NE(PQstatus(refused.get()), CONNECTION_OK) << base;
    EXPECT_NE(std::string(PQerrorMessage(refused.get()))
                  .find("FATAL:  invalid value for parameter \"IntervalStyle\": \"bogus\"\n"
                        "HINT:  Available values: postgres, postgres_verbose, sql_standard, iso_8601."),
              std::string::npos)
        << base << ": " << PQerrorMessage(refused.get());
  }
}

// The lc_* settings name a locale the system has, as PostgreSQL's check_locale
// wants ('' is the server's); money, numbers and times print as in the C locale
// (another locale, whose formats PostgreSQL would use, is 0A000 here).
TEST_F(SessionSettings, LocaleSettingsAreCheckedAsPostgresChecksThem) {
  expect_same_answers({"SET lc_monetary = 'xx_YY.UTF-8'", "SET lc_numeric = 'nosuch'", "SET lc_time = 'nosuch'",
                       "SET lc_messages = 'nosuch'", "SET lc_monetary = 'C.utf8'", "SHOW lc_monetary",
                       "SELECT '-1234.567'::money::text", "SET lc_monetary = 'POSIX'", "SET lc_numeric = ''",
                       "SHOW lc_numeric", "SET lc_time = 'C'", "SET lc_messages = 'C'"});
}

// pg_dump, createdb and many drivers start with set_config; SHOW prints a timeout in
// the largest unit that divides it.
TEST_F(SessionSettings, SetConfigIsSetFromSqlAndShowPrintsPostgresUnits) {
  expect_same_answers({"SELECT pg_catalog.set_config('search_path', '', false)", "SHOW search_path",
                       "SELECT set_config('TimeZone', 'europe/paris', false)", "SHOW TimeZone",
                       "SELECT set_config('statement_timeout', '1500', false)", "SHOW statement_timeout",
                       "SET lock_timeout = '120s'", "SHOW lock_timeout", "SET lock_timeout = 0", "SHOW lock_timeout",
                       "SELECT set_config('nosuch', '1', false)", "SELECT set_config('lock_timeout', 'abc', false)",
                       "SELECT set_config('application_name', 'local one', true)", "SHOW application_name",
                       "BEGIN", "SELECT set_config('application_name', 'in block', true)", "SHOW application_name",
                       "COMMIT", "SHOW application_name", "RESET ALL"});
}

}  // namespace
}  // namespace tributary::integration
