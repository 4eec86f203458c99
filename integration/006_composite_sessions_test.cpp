// 006_composite_sessions: composite values print as PostgreSQL 15's record_out prints
// them under the reading session's settings.
//
// Composite types with session-dependent attributes (timestamptz, timetz, date,
// timestamp, interval, float8, bytea), a composite type nesting one and an array of
// it, and a table with columns of all three (ev, wrap, ev[]): the same DDL on a
// PostgreSQL 15 publisher and on Tributary. The rows replicate with binary = false
// (the publisher's record_out / array_out text) and with binary = true (record_send
// and array_send of records, nested composites and arrays of records included:
// array_recv of records). Then, under several sessions (TimeZone, DateStyle,
// IntervalStyle, extra_float_digits, bytea_output), each the same on both servers,
// every value, its ::text, its fields and ORDER BY must be PostgreSQL's. A local
// INSERT under one session (literals without a zone, DMY dates) read under another
// must be PostgreSQL's too.
#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

constexpr const char* type_ddl =
    "CREATE TYPE ev AS (at timestamptz, tt timetz, d date, ts timestamp, iv interval, f float8, b bytea); "
    "CREATE TYPE wrap AS (e ev, es ev[], ats timestamptz[], n int)";
constexpr const char* table_ddl = "CREATE TABLE x (id int PRIMARY KEY, e ev, w wrap, es ev[])";

constexpr const char* an_event =
    "ROW('2024-02-29 06:45:30.25-05', '10:11:12+05:30', '2024-03-01', '2024-02-29 23:59:59', "
    "'1 year 2 mons -3 days 04:05:06.5', 0.1, '\\x00ff41')::ev";
constexpr const char* another_event =
    "ROW('1999-12-31 23:00:00+00', '23:59:59-08', '0044-03-15 BC', '2000-01-01 00:00:00', "
    "'-1 days', 1e300, '\\x')::ev";

std::string rows(int first_id) {
  const auto id = [&](int i) { return std::to_string(first_id + i); };
  const std::string a = an_event, b = another_event;
  return "INSERT INTO x VALUES "
         "(" + id(0) + ", " + a + ", ROW(" + a + ", ARRAY[" + a + ", " + b + "], ARRAY['2024-07-01 12:00+02'::timestamptz, NULL], 1)::wrap, ARRAY[" + a + ", NULL, " + b + "]), "
         "(" + id(1) + ", " + b + ", ROW(NULL, '{}', NULL, NULL)::wrap, '{}'), "
         "(" + id(2) + ", ROW('infinity', NULL, '-infinity', NULL, '0', '-0', NULL)::ev, NULL, NULL), "
         "(" + id(3) + ", '(,,,,,,)', ROW(" + b + ", ARRAY[NULL::ev], NULL, 2)::wrap, ARRAY['(,,,,,,)'::ev])";
}

const std::vector<std::string> sessions = {
    "SET TimeZone = 'UTC'",
    "SET TimeZone = 'America/New_York'",
    "SET TimeZone = 'Asia/Kolkata'; SET DateStyle = 'SQL, DMY'",
    "SET TimeZone = 'Europe/Berlin'; SET DateStyle = 'German'; SET IntervalStyle = 'iso_8601'",
    "SET TimeZone = 'Australia/Adelaide'; SET DateStyle = 'Postgres, MDY'; SET IntervalStyle = 'sql_standard'",
    "SET IntervalStyle = 'postgres_verbose'; SET extra_float_digits = 0; SET bytea_output = 'escape'",
    "SET extra_float_digits = -3; SET TimeZone = '+04:30'",
};

const std::vector<std::string> queries = {
    "SELECT id, e, w, es FROM x ORDER BY id",
    "SELECT id, e::text, w::text, es::text FROM x ORDER BY id",
    "SELECT id, (e).at, (e).tt, (e).d, (e).ts, (e).iv, (e).f, (e).b FROM x ORDER BY id",
    "SELECT id FROM x ORDER BY e, id",
};

class CompositeSessions : public ReplicationTest {
protected:
  // Each session's settings on both servers, then every query compared.
  void compare_under_sessions(const std::string& what) {
    auto publisher = publisher_.connect();
    for (const std::string& session : sessions) {
      local_exec("RESET ALL; " + session);
      auto set = exec(publisher.get(), "RESET ALL; " + session);
      ASSERT_TRUE(succeeded(set.get())) << PQresultErrorMessage(set.get());
      for (const std::string& sql : queries) {
        auto theirs = exec(publisher.get(), sql);
        ASSERT_EQ(PQresultStatus(theirs.get()), PGRES_TUPLES_OK) << sql << PQresultErrorMessage(theirs.get());
        EXPECT_EQ(local_rows(sql), rows_of(theirs.get())) << session << "; " << sql << " (" << what << ")";
      }
    }
    local_exec("RESET ALL");
  }

  void replicate(bool binary) {
    publisher_.exec(std::string(type_ddl) + "; " + table_ddl + "; CREATE PUBLICATION pub FOR TABLE x");
    publisher_.exec(rows(1));
    local_exec(type_ddl);
    local_exec(table_ddl);
    local_exec("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() + "' PUBLICATION pub WITH (binary = " +
               (binary ? "true" : "false") + ")");
    ASSERT_TRUE(wait_local("SELECT count(*) FROM x", "4"));
    publisher_.exec(rows(100));
    publisher_.exec("UPDATE x SET e = " + std::string(another_event) + ", es = ARRAY[" + an_event + "] WHERE id = 1");
    ASSERT_TRUE(wait_local("SELECT count(*) FROM x", "8"));
    ASSERT_TRUE(wait_local("SELECT (e).d FROM x WHERE id = 1", "0044-03-15 BC"));
    compare_under_sessions(binary ? "binary = true" : "binary = false");
  }
};

TEST_F(CompositeSessions, TextReplicatedRecordsPrintUnderTheReadersSettings) { replicate(false); }

TEST_F(CompositeSessions, BinaryReplicatedRecordsAndArraysOfRecordsPrintUnderTheReadersSettings) {
  replicate(true);
}

TEST_F(CompositeSessions, LocalLiteralsAreReadInTheWritersSessionAndPrintedInTheReaders) {
  auto publisher = publisher_.connect();
  const std::string writer = "SET TimeZone = 'America/New_York'; SET DateStyle = 'SQL, DMY'";
  const std::string insert =
      "INSERT INTO x VALUES "
      "(1, '(\"2024-02-29 06:45:30\",10:00:00,01/02/2024,\"02/03/2024 04:05\",\"1 day\",1.5,\"\\\\x01\")', "
      "'(\"(\"\"2024-06-01 12:00\"\",,,,,,)\",\"{\"\"(\\\\\"\"2024-12-24 18:00\\\\\"\",,,,,,)\"\"}\",\"{\"\"2024-01-01 00:00\"\"}\",3)', "
      "'{\"(\\\"2024-11-03 01:30\\\",,03/11/2024,,,,)\"}'), "
      "(2, ROW('2024-03-10 02:30', '12:00', '13/01/2024', NULL, NULL, NULL, NULL), NULL, "
      "'{\"(2024-01-01,,,,,,)\"}')";
  for (PGconn* c : {local_.get(), publisher.get()}) {
    for (const std::string& sql : {std::string(type_ddl), std::string(table_ddl), writer, insert}) {
      auto r = exec(c, sql);
      ASSERT_TRUE(succeeded(r.get())) << sql << "\n" << PQresultErrorMessage(r.get());
    }
  }
  compare_under_sessions("local literals");
}

}  // namespace
}  // namespace tributary::integration
