// Session functions in translated SQL: the clocks, the session's identity and
// settings, with PostgreSQL's result types (stages/sql/translator/session_functions.cpp).
#include <gtest/gtest.h>

#include "stages/types/pg_type_oids.hpp"
#include "tests/translated_query_harness.hpp"

namespace tributary {
namespace {

using testing::translated_query_harness;

TEST(TranslatedSessionFunctions, ClocksHavePostgresTypesAndNames) {
  translated_query_harness h;
  auto a = h.run(
      "SELECT now(), current_timestamp, transaction_timestamp(), statement_timestamp(), "
      "clock_timestamp(), current_date, localtimestamp, current_time, localtime, current_timestamp(2)");
  ASSERT_FALSE(a.error) << a.error->message;
  EXPECT_EQ(a.names, (std::vector<std::string>{"now", "current_timestamp", "transaction_timestamp",
                                               "statement_timestamp", "clock_timestamp", "current_date",
                                               "localtimestamp", "current_time", "localtime",
                                               "current_timestamp"}));
  EXPECT_EQ(a.types, (std::vector<oid_t>{pg_type_oid::timestamptz, pg_type_oid::timestamptz,
                                         pg_type_oid::timestamptz, pg_type_oid::timestamptz,
                                         pg_type_oid::timestamptz, pg_type_oid::date,
                                         pg_type_oid::timestamp, pg_type_oid::timetz,
                                         pg_type_oid::time, pg_type_oid::timestamptz}));
}

TEST(TranslatedSessionFunctions, NowIsTheTransactionsStartAndTheSameEverywhereInIt) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT now() = current_timestamp AND now() = transaction_timestamp()"), "t");
  EXPECT_EQ(h.value("SELECT current_date = now()::date AND localtimestamp = now()::timestamp"), "t");
  EXPECT_EQ(h.value("SELECT clock_timestamp() >= statement_timestamp()"), "t");
}

TEST(TranslatedSessionFunctions, PrecisionRoundsTheFraction) {
  translated_query_harness h;
  const std::string whole = h.value("SELECT localtime(0)::text");
  EXPECT_EQ(whole.size(), 8u) << whole;  // hh:mm:ss, no fraction
}

TEST(TranslatedSessionFunctions, IdentityComesFromTheSession) {
  translated_query_harness h;
  auto a = h.run(
      "SELECT current_user, session_user, user, current_role, current_database(), current_catalog, "
      "current_schema, current_schema(), pg_backend_pid(), version()");
  ASSERT_FALSE(a.error) << a.error->message;
  ASSERT_EQ(a.rows.size(), 1u);
  std::vector<std::optional<std::string>> expected = {"alice", "alice", "alice", "alice", "shop", "shop",
                                                      "public", "public", "4242",
                                                      "PostgreSQL 15.0 (Tributary)"};
  EXPECT_EQ(a.rows[0], expected);
  EXPECT_EQ(a.types, (std::vector<oid_t>{19, 19, 19, 19, 19, 19, 19, 19, 23, 25}));
  EXPECT_EQ(a.names, (std::vector<std::string>{"current_user", "session_user", "user",
                                               "current_role", "current_database", "current_catalog",
                                               "current_schema", "current_schema", "pg_backend_pid",
                                               "version"}));
}

TEST(TranslatedSessionFunctions, CurrentSettingReadsTheSessionOrFailsAsPostgres) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT current_setting('TimeZone')"), "UTC");
  EXPECT_EQ(h.value("SELECT current_setting('no.such', true)"), "NULL");
  EXPECT_EQ(h.value("SELECT current_setting('no_such')"),
            "ERROR 42704: unrecognized configuration parameter \"no_such\"");
}

// A name read from each row (psql's \dconfig: current_setting(s.name) FROM
// pg_settings s) is looked up when the row is read, by the session connection's
// pg_catalog_current_setting (cli/catalog); a name that is not text is not translated.
TEST(TranslatedSessionFunctions, ASettingNamedByAColumnIsReadPerRow) {
  translated_query_harness h;
  const testing::query_answer text_name = h.run("SELECT current_setting(s) FROM t");
  EXPECT_EQ(text_name.untranslated, "");
  EXPECT_NE(h.value("SELECT current_setting(n) FROM t").find("UNTRANSLATED"), std::string::npos);
}

}  // namespace
}  // namespace tributary
