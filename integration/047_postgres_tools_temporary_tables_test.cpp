// 047_postgres_tools_temporary_tables: CREATE TEMP TABLE as PostgreSQL 15 keeps it,
// compared with the fixture's publisher: psql's \d and \dt of a temporary table (in
// pg_temp_N, N the session's backend number: compared as pg_temp_N) and of the
// permanent table it hides, and the session rules -- another session neither sees
// nor is hindered by it, and it is gone when its session ends. Same fixture as
// 047_postgres_tools_test.cpp.
#include "integration/postgres_tools_fixture.hpp"

namespace tributary::integration {
namespace {

class PostgresTemporaryTables : public PostgresTools {};

TEST_F(PostgresTemporaryTables, PsqlDescribesATemporaryTableAndTheTableItHidesAsPostgres) {
  const std::string script =
      "CREATE TABLE ttp (id int PRIMARY KEY, name text);\n"
      "INSERT INTO ttp VALUES (1, 'permanent');\n"
      "CREATE TEMP TABLE ttp (id int NOT NULL, note varchar(10) DEFAULT 'x', price numeric(8,2), "
      "UNIQUE (id));\n"
      "INSERT INTO ttp (id, price) VALUES (2, 2.5);\n"
      "SELECT * FROM ttp;\n"
      "\\d ttp\n"
      "\\dt\n"
      "\\d public.ttp\n"
      "CREATE TEMP TABLE tto ON COMMIT DELETE ROWS AS SELECT id, note FROM ttp;\n"
      "\\d tto\n"
      "DROP TABLE ttp;\n"
      "SELECT * FROM ttp;\n"
      "\\dt\n"
      "DROP TABLE ttp, tto;\n";
  expect_same_temporary_psql_output("temp_tables", script);
}

// A session's temporary table is its own: another session does not see it and may
// make one of the same name; it is gone with its session.
TEST_F(PostgresTemporaryTables, ATemporaryTableIsItsSessionsOnlyAndGoneWithItAsPostgres) {
  const auto answers = [&](auto connect) {
    session_answers collected;
    const auto ask = [&](PGconn* c, const std::string& sql) { collected.ask(c, sql); };
    auto first = connect(), second = connect();
    ask(first.get(), "CREATE TEMP TABLE tts (a int)");
    ask(first.get(), "INSERT INTO tts VALUES (1)");
    ask(second.get(), "SELECT * FROM tts");
    ask(second.get(), "SELECT count(*) FROM pg_class WHERE relname = 'tts' AND pg_table_is_visible(oid)");
    ask(second.get(), "CREATE TEMP TABLE tts (b text)");
    ask(second.get(), "INSERT INTO tts VALUES ('second')");
    ask(first.get(), "SELECT * FROM tts");
    ask(second.get(), "SELECT * FROM tts");
    first.reset();
    auto third = connect();
    ask(third.get(), "SELECT * FROM tts");
    ask(third.get(), "SELECT count(*) FROM pg_class WHERE relname = 'tts' AND pg_table_is_visible(oid)");
    ask(second.get(), "DROP TABLE tts");
    ask(second.get(), "DROP TABLE tts");
    return collected.lines;
  };
  const auto theirs = answers([&] { return publisher_.connect(); });
  EXPECT_EQ(answers([&] { return subscriber_.connect(); }), theirs);
  EXPECT_NE(std::find(theirs.begin(), theirs.end(), "42P01"), theirs.end());
}

}  // namespace
}  // namespace tributary::integration
