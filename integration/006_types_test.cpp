// 006_types: replicated and locally inserted values are PostgreSQL's values.
//
// A differential test against a real PostgreSQL 15: one table per type family
// with edge-case values, created with the same DDL on the publisher and on
// Tributary. The rows arrive (a) by replication in text format, (b) by
// replication in binary format (binary = true) and (c) by local INSERTs of the
// same literals into Tributary. Then, under two session time zones, on both
// servers: `SELECT *` prints the same bytes, ORDER BY each column gives the same
// order, and a UNIQUE constraint rejects exactly the values PostgreSQL rejects.
#include <algorithm>

#include "integration/replication_fixture.hpp"
#include "integration/type_families.hpp"

namespace tributary::integration {
namespace {

class Types : public ReplicationTest {
protected:
  void create_user_types() {
    publisher_.exec(user_types_ddl);
    local_exec(user_types_ddl);
  }

  // The publisher's tables, filled, and the same DDL on Tributary.
  void create_everywhere() {
    create_user_types();
    std::string publisher_sql;
    for (const auto& f : families()) {
      publisher_sql += ddl(f) + "; " + inserts(f) + "; ";
      local_exec(ddl(f));
    }
    publisher_.exec(publisher_sql + "CREATE PUBLICATION pub FOR ALL TABLES");
  }

  void wait_replicated() {
    for (const auto& f : families())
      ASSERT_TRUE(wait_local("SELECT count(*) FROM " + f.table, std::to_string(f.rows.size())))
          << f.table;
  }

  static std::vector<std::string> rows_in_zone(PGconn* c, const std::string& zone, const std::string& sql) {
    auto set = exec(c, "SET TimeZone = '" + zone + "'");
    EXPECT_TRUE(succeeded(set.get())) << PQresultErrorMessage(set.get());
    auto r = exec(c, sql);
    EXPECT_EQ(PQresultStatus(r.get()), PGRES_TUPLES_OK) << sql << ": " << PQresultErrorMessage(r.get());
    return rows_of(r.get());
  }

  // SELECT * and ORDER BY each ordered column print the same on both servers.
  void expect_same_values(const std::string& how) {
    auto publisher = publisher_.connect();
    for (const std::string zone : {"America/New_York", "Asia/Kolkata"}) {
      for (const auto& f : families()) {
        const std::string all = "SELECT * FROM " + f.table + " ORDER BY id";
        EXPECT_EQ(rows_in_zone(local_.get(), zone, all), rows_in_zone(publisher.get(), zone, all))
            << how << ", " << f.table << ", TimeZone " << zone;
        for (const auto& column : f.ordered) {
          const std::string order = "SELECT id FROM " + f.table + " ORDER BY " + column + ", id";
          const std::string descending =
              "SELECT id FROM " + f.table + " ORDER BY " + column + " DESC, id";
          EXPECT_EQ(rows_in_zone(local_.get(), zone, descending),
                    rows_in_zone(publisher.get(), zone, descending))
              << how << ", ORDER BY " << f.table << "." << column << " DESC";
          EXPECT_EQ(rows_in_zone(local_.get(), zone, order), rows_in_zone(publisher.get(), zone, order))
              << how << ", ORDER BY " << f.table << "." << column;
        }
      }
    }
  }
};

TEST_F(Types, TextReplicationKeepsEveryValueExactly) {
  create_everywhere();
  local_exec("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() + "' PUBLICATION pub");
  ASSERT_NO_FATAL_FAILURE(wait_replicated());
  expect_same_values("initial copy, text");
  // The same rows again through the stream (not the copy).
  for (const auto& f : families())
    publisher_.exec(inserts(f, 100));
  for (const auto& f : families())
    ASSERT_TRUE(wait_local("SELECT count(*) FROM " + f.table, std::to_string(2 * f.rows.size())));
  expect_same_values("streamed, text");
}

TEST_F(Types, EveryDateStylePrintsAsPostgres) {
  create_everywhere();
  local_exec("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() + "' PUBLICATION pub");
  ASSERT_NO_FATAL_FAILURE(wait_replicated());
  auto publisher = publisher_.connect();
  for (const std::string style : {"SQL, MDY", "SQL, DMY", "Postgres, MDY", "Postgres, DMY", "German",
                                  "ISO, DMY"}) {
    for (PGconn* c : {local_.get(), publisher.get()}) {
      auto set = exec(c, "SET DateStyle = '" + style + "'");
      ASSERT_TRUE(succeeded(set.get())) << PQresultErrorMessage(set.get());
    }
    EXPECT_EQ(rows_in_zone(local_.get(), "America/New_York", "SHOW DateStyle"),
              rows_in_zone(publisher.get(), "America/New_York", "SHOW DateStyle"));
    for (const char* table : {"t_datetime", "t_arrays", "t_ranges"}) {
      const std::string all = std::string("SELECT * FROM ") + table + " ORDER BY id";
      for (const std::string zone : {"America/New_York", "Asia/Kolkata"})
        EXPECT_EQ(rows_in_zone(local_.get(), zone, all), rows_in_zone(publisher.get(), zone, all))
            << table << ", DateStyle " << style << ", TimeZone " << zone;
    }
  }
}

TEST_F(Types, BinaryReplicationKeepsEveryValueExactly) {
  create_user_types();
  std::string publisher_sql, tables;
  for (const auto& f : families()) {
    publisher_sql += ddl(f) + "; " + inserts(f) + "; ";
    local_exec(ddl(f));
    if (f.binary)
      tables += (tables.empty() ? "" : ", ") + f.table;
  }
  publisher_.exec(publisher_sql + "CREATE PUBLICATION pub FOR TABLE " + tables);
  create_subscription("sub", "pub", "binary = true");
  for (const auto& f : families())
    if (f.binary)
      publisher_.exec(inserts(f, 100));
  for (const auto& f : families()) {
    if (!f.binary)
      continue;
    ASSERT_TRUE(wait_local("SELECT count(*) FROM " + f.table, std::to_string(f.rows.size())));
  }
  auto publisher = publisher_.connect();
  for (const auto& f : families()) {
    if (!f.binary)
      continue;
    const std::string rows = "SELECT * FROM " + f.table + " WHERE id >= 100 ORDER BY id";
    EXPECT_EQ(rows_in_zone(local_.get(), "Asia/Kolkata", rows),
              rows_in_zone(publisher.get(), "Asia/Kolkata", rows))
        << "binary replication, " << f.table;
  }
}

TEST_F(Types, LocalInsertsOfTheSameLiteralsStoreTheSameValues) {
  create_user_types();
  std::string publisher_sql;
  for (const auto& f : families()) {
    if (!f.local_input)
      continue;
    publisher_sql += ddl(f) + "; " + inserts(f) + "; ";
    local_exec(ddl(f));
    local_exec(inserts(f));
  }
  publisher_.exec(publisher_sql);
  auto publisher = publisher_.connect();
  for (const std::string zone : {"America/New_York", "Asia/Kolkata"})
    for (const auto& f : families()) {
      if (!f.local_input)
        continue;
      const std::string rows = "SELECT * FROM " + f.table + " ORDER BY id";
      EXPECT_EQ(rows_in_zone(local_.get(), zone, rows), rows_in_zone(publisher.get(), zone, rows))
          << "local INSERT, " << f.table << ", TimeZone " << zone;
    }
}

TEST_F(Types, WhereAndSetLiteralsAreReadByTheColumnsType) {
  create_user_types();
  std::string publisher_sql;
  for (const auto& f : families()) {
    if (!f.local_input)
      continue;
    publisher_sql += ddl(f) + "; " + inserts(f) + "; ";
    local_exec(ddl(f));
    local_exec(inserts(f));
  }
  publisher_.exec(publisher_sql);
  const std::vector<std::string> queries = {
      "SELECT id FROM t_bool WHERE b = 't' ORDER BY id",
      "SELECT id FROM t_bool WHERE b <> 'no' ORDER BY id",
      "SELECT id FROM t_numeric WHERE n122 = '1234.5' ORDER BY id",
      "SELECT id FROM t_numeric WHERE n IN ('0.1000000000000000001', '1e0') ORDER BY id",
      "SELECT id FROM t_float WHERE f8 = '-0' ORDER BY id",
      "SELECT id FROM t_float WHERE f8 > '1e10' ORDER BY id",
      "SELECT id FROM t_datetime WHERE tstz = '2024-02-29 06:45:30-05' ORDER BY id",
      "SELECT id FROM t_datetime WHERE tstz = '2024-02-29 11:45:30' ORDER BY id",
      "SELECT id FROM t_datetime WHERE d BETWEEN '1999-01-01' AND '2024-12-31' ORDER BY id",
      "SELECT id FROM t_datetime WHERE iv = '1 mon' ORDER BY id",
      "SELECT id FROM t_misc WHERE u = 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11' ORDER BY id",
      "SELECT id FROM t_text WHERE c = 'a' ORDER BY id",
  };
  auto publisher = publisher_.connect();
  for (const std::string zone : {"UTC", "Asia/Kolkata"})
    for (const auto& q : queries)
      EXPECT_EQ(rows_in_zone(local_.get(), zone, q), rows_in_zone(publisher.get(), zone, q))
          << q << ", TimeZone " << zone;
  for (PGconn* c : {local_.get(), publisher.get()}) {
    for (const char* change : {"UPDATE t_bool SET b = 'off' WHERE b = 'on'",
                               "UPDATE t_numeric SET n122 = 7 WHERE n3010 = '1.5'",
                               "DELETE FROM t_datetime WHERE ts = '2000-01-01 00:00'"}) {
      auto r = exec(c, change);
      EXPECT_TRUE(succeeded(r.get())) << change << ": " << PQresultErrorMessage(r.get());
    }
  }
  for (const char* table : {"t_bool", "t_numeric", "t_datetime"}) {
    const std::string all = std::string("SELECT * FROM ") + table + " ORDER BY id";
    EXPECT_EQ(rows_in_zone(local_.get(), "UTC", all), rows_in_zone(publisher.get(), "UTC", all)) << table;
  }
}

TEST_F(Types, ColumnsAddedRenamedAndDroppedKeepTheirTypes) {
  publisher_.exec("CREATE TABLE g (id int PRIMARY KEY, a text); CREATE PUBLICATION pub FOR TABLE g");
  local_exec("CREATE TABLE g (id int PRIMARY KEY, a text, scratch int)");
  create_subscription("sub", "pub");
  // DDL is not replicated: the subscriber adds the column first, as with PostgreSQL.
  local_exec("ALTER TABLE g ADD COLUMN price numeric(8,2), DROP COLUMN scratch");
  publisher_.exec("ALTER TABLE g ADD COLUMN price numeric(8,2); INSERT INTO g VALUES (1, 'x', 12.5)");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM g", "1"));
  local_exec("ALTER TABLE g RENAME COLUMN a TO label");
  local_exec("ALTER TABLE g RENAME TO goods");
  local_exec("INSERT INTO goods VALUES (2, 'y', '7')");
  EXPECT_EQ(local_rows("SELECT * FROM goods ORDER BY id"),
            (std::vector<std::string>{"1|x|12.50", "2|y|7.00"}));
  auto missing = local_try("ALTER TABLE nope ADD COLUMN x int");
  EXPECT_STREQ(PQresultErrorField(missing.get(), PG_DIAG_SQLSTATE), "42P01");
  auto clash = local_try("ALTER TABLE goods ADD COLUMN price int");
  EXPECT_STREQ(PQresultErrorField(clash.get(), PG_DIAG_MESSAGE_PRIMARY),
               "column \"price\" of relation \"goods\" already exists");
}

TEST_F(Types, BinaryIsRefusedAtCreateForATypeThatCannotBeReceivedInBinary) {
  publisher_.exec("CREATE TYPE mood AS ENUM ('sad', 'happy'); "
                  "CREATE TABLE e (id int PRIMARY KEY, m mood); CREATE PUBLICATION pub FOR TABLE e");
  // No local CREATE TYPE: mood is a type Tributary does not know (as an extension's
  // would be), kept as the publisher's text.
  local_exec("CREATE TABLE e (id int PRIMARY KEY, m mood)");
  auto refused = local_try("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() +
                           "' PUBLICATION pub WITH (binary = true, copy_data = false)");
  EXPECT_STREQ(PQresultErrorField(refused.get(), PG_DIAG_SQLSTATE), "0A000");
  EXPECT_STREQ(PQresultErrorField(refused.get(), PG_DIAG_MESSAGE_PRIMARY),
               "column \"m\" of relation \"public.e\" has type mood, which cannot be received in "
               "binary format");
  EXPECT_STREQ(PQresultErrorField(refused.get(), PG_DIAG_MESSAGE_HINT),
               "Use binary = false for this subscription.");
  create_subscription("sub", "pub");  // text format: the label as the publisher prints it
  publisher_.exec("INSERT INTO e VALUES (1, 'happy')");
  ASSERT_TRUE(wait_local("SELECT m FROM e WHERE id = 1", "happy"));
  auto altered = local_try("ALTER SUBSCRIPTION sub SET (binary = true)");
  EXPECT_STREQ(PQresultErrorField(altered.get(), PG_DIAG_SQLSTATE), "0A000");
}

TEST_F(Types, UniqueRejectsExactlyTheDuplicatesPostgresRejects) {
  struct equal_pair {
    std::string type, first, second;
  };
  const std::vector<equal_pair> equal = {
      {"numeric", "1.0", "1.00"},        {"float8", "'-0'", "0"},
      {"float8", "'NaN'", "'nan'"},      {"interval", "'1 mon'", "'30 days'"},
      {"char(3)", "'a'", "'a  '"},       {"timestamptz", "'2024-01-01 00:00:00+00'", "'2024-01-01 01:00:00+01'"},
      {"bool", "'t'", "'yes'"},          {"uuid", "'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11'", "'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'"},
      {"numeric[]", "'{1.0,NULL}'", "'{1.00,NULL}'"}, {"int4range", "'[1,2]'", "'[1,3)'"},
      {"numrange", "'[1.0,2)'", "'[1,2.00)'"}, {"int4multirange", "'{[1,3),[2,5)}'", "'{[1,5)}'"}};
  const std::vector<equal_pair> distinct = {
      {"numeric", "0.1000000000000000001", "0.1000000000000000002"}, {"varbit", "'101'", "'0101'"},
      {"text", "'a'", "'a '"}, {"timetz", "'12:00:00+01'", "'11:00:00+00'"},
      {"int4[]", "'{1,2}'", "'[0:1]={1,2}'"}, {"int4[]", "'{1,2}'", "'{{1,2}}'"},
      {"numrange", "'[1,2)'", "'[1,2]'"}};
  auto publisher = publisher_.connect();
  int n = 0;
  auto check = [&](const equal_pair& p, bool expect_rejected) {
    const std::string table = "u" + std::to_string(n++);
    const std::string create = "CREATE TABLE " + table + " (v " + p.type + " UNIQUE)";
    const std::string first = "INSERT INTO " + table + " VALUES (" + p.first + ")";
    const std::string second = "INSERT INTO " + table + " VALUES (" + p.second + ")";
    for (PGconn* c : {local_.get(), publisher.get()}) {
      auto created = exec(c, create);
      ASSERT_TRUE(succeeded(created.get())) << create << ": " << PQresultErrorMessage(created.get());
      auto one = exec(c, first);
      ASSERT_TRUE(succeeded(one.get())) << first << ": " << PQresultErrorMessage(one.get());
      auto two = exec(c, second);
      const char* state = PQresultErrorField(two.get(), PG_DIAG_SQLSTATE);
      if (expect_rejected)
        EXPECT_STREQ(state, "23505") << p.type << " " << p.first << " = " << p.second
                                     << (c == local_.get() ? " on Tributary" : " on PostgreSQL");
      else
        EXPECT_TRUE(succeeded(two.get())) << p.type << " " << p.first << " <> " << p.second << ": "
                                          << PQresultErrorMessage(two.get());
    }
  };
  for (const auto& p : equal)
    check(p, true);
  for (const auto& p : distinct)
    check(p, false);
}

TEST_F(Types, InputErrorsAreSqlstatesAndMessagesOfPostgres) {
  auto publisher = publisher_.connect();
  const std::vector<std::string> statements = {
      "INSERT INTO e VALUES ('abc', NULL, NULL, NULL)",
      "INSERT INTO e VALUES (3000000000, NULL, NULL, NULL)",
      "INSERT INTO e VALUES (1, 'maybe', NULL, NULL)",
      "INSERT INTO e VALUES (1, NULL, 12345.678, NULL)",
      "INSERT INTO e VALUES (1, NULL, NULL, '2024-02-30')",
      "INSERT INTO e VALUES (1, NULL, NULL, 'yesterday-ish')",
      "INSERT INTO e VALUES (NULL, 1, NULL, NULL)",
      "INSERT INTO e VALUES (NULL, NULL, NULL, 20240101)",
      "INSERT INTO e VALUES (99999999999.5, NULL, NULL, NULL)",
      "INSERT INTO e VALUES (-2147483649, NULL, NULL, NULL)",
      "INSERT INTO e (j) VALUES ('{\"a\":x}')",
      "INSERT INTO e (jb) VALUES ('[1, 2')",
      "INSERT INTO e (jb) VALUES ('{\"a\" 1}')",
      "INSERT INTO e (jb) VALUES ('\"\\u0000\"')"};
  const std::string create = "CREATE TABLE e (i int, b bool, n numeric(5,2), d date, j json, jb jsonb)";
  local_exec(create);
  publisher_.exec(create);
  for (const auto& sql : statements) {
    auto mine = local_try(sql);
    auto theirs = exec(publisher.get(), sql);
    EXPECT_STREQ(PQresultErrorField(mine.get(), PG_DIAG_SQLSTATE),
                 PQresultErrorField(theirs.get(), PG_DIAG_SQLSTATE)) << sql;
    EXPECT_STREQ(PQresultErrorField(mine.get(), PG_DIAG_MESSAGE_PRIMARY),
                 PQresultErrorField(theirs.get(), PG_DIAG_MESSAGE_PRIMARY)) << sql;
    EXPECT_STREQ(PQresultErrorField(mine.get(), PG_DIAG_MESSAGE_DETAIL),
                 PQresultErrorField(theirs.get(), PG_DIAG_MESSAGE_DETAIL)) << sql;
  }
}

TEST_F(Types, EnumAndDomainStatementsAnswerAsPostgres) {
  auto publisher = publisher_.connect();
  const std::vector<std::string> statements = {
      "CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')",
      "CREATE TYPE mood AS ENUM ('x')",
      "CREATE TYPE m2 AS ENUM ('a', 'a')",
      "CREATE TYPE m3 AS ENUM ('" + std::string(64, 'a') + "')",
      "CREATE TYPE nos.m4 AS ENUM ('a')",
      "CREATE DOMAIN posint AS int4 NOT NULL DEFAULT 5",
      "CREATE DOMAIN posint AS int4",
      "CREATE DOMAIN d2 AS nope",
      "CREATE DOMAIN d3 AS mood(3)",
      "CREATE DOMAIN feeling AS mood",
      "CREATE TABLE t (id int PRIMARY KEY, m mood, p posint, f feeling, a mood[])",
      "CREATE TYPE t AS ENUM ('a')",
      "INSERT INTO t VALUES (1, 'happy', 1, 'sad', '{ok}')",
      "INSERT INTO t VALUES (2, 'Happy', 1, NULL, NULL)",
      // an array of the enum: each element is a label, checked, ordered by the enum
      "INSERT INTO t (id, a) VALUES (6, '{ok,nope}')",
      "INSERT INTO t (id, a) VALUES (6, '{ok,Happy}'::mood[])",
      "SELECT '{sad,ok}'::mood[], CAST('{{happy},{NULL}}' AS mood[]), '{ sad }'::public.mood[]",
      "SELECT '{sad,x}'::mood[]",
      "INSERT INTO t VALUES (3, 'ok', NULL, NULL, NULL)",
      "INSERT INTO t (id, m) VALUES (4, 'sad')",
      "UPDATE t SET p = NULL WHERE id = 4",
      "SELECT * FROM t WHERE m = 'nope'",
      "ALTER TYPE mood ADD VALUE 'ok'",
      "ALTER TYPE mood ADD VALUE IF NOT EXISTS 'ok'",
      "ALTER TYPE mood ADD VALUE 'meh' BEFORE 'nope'",
      "ALTER TYPE mood ADD VALUE 'meh' BEFORE 'ok'",
      "ALTER TYPE posint ADD VALUE 'x'",
      "ALTER TYPE nope ADD VALUE 'x'",
      "ALTER TYPE mood RENAME VALUE 'zz' TO 'a'",
      "ALTER TYPE mood RENAME VALUE 'ok' TO 'happy'",
      "ALTER TYPE mood RENAME VALUE 'sad' TO 'blue'",
      "INSERT INTO t VALUES (5, 'meh', 2, 'meh', NULL)",
      "SELECT id, m, p, f FROM t ORDER BY m, id",
      "CREATE TABLE ua (a mood[] UNIQUE)",
      "INSERT INTO ua VALUES ('{meh,happy}'), ('{happy}'), ('{blue,NULL}'), ('{}'), ('{meh}')",
      "INSERT INTO ua VALUES ('{ meh , happy }')",
      "INSERT INTO ua VALUES ('[0:0]={meh}')",
      "SELECT a FROM ua ORDER BY a",
      "SELECT a FROM ua WHERE a > '{meh}' ORDER BY a DESC",
      "ALTER TYPE mood RENAME VALUE 'happy' TO 'glad'",
      "SELECT a FROM ua ORDER BY a",
      "SELECT id, a FROM t ORDER BY id",
      "DROP TABLE ua",
      "SELECT id FROM t WHERE m < 'ok' ORDER BY id",
      "DROP TYPE mood",
      "DROP DOMAIN mood",
      "DROP TYPE nope",
      "DROP TYPE IF EXISTS nope",
      "DROP DOMAIN posint",
      "DROP DOMAIN posint CASCADE",
      "SELECT * FROM t ORDER BY id",
      "DROP TYPE mood CASCADE",
      "SELECT * FROM t ORDER BY id",
      "CREATE TYPE comp AS (a int, b text)",
      "CREATE SCHEMA s",
      "CREATE TYPE s.e AS ENUM ('1')",
      "DROP SCHEMA s",
      "DROP SCHEMA s CASCADE"};
  for (const auto& sql : statements) {
    auto mine = local_try(sql);
    auto theirs = exec(publisher.get(), sql);
    EXPECT_STREQ(PQresultErrorField(mine.get(), PG_DIAG_SQLSTATE),
                 PQresultErrorField(theirs.get(), PG_DIAG_SQLSTATE)) << sql;
    EXPECT_STREQ(PQresultErrorField(mine.get(), PG_DIAG_MESSAGE_PRIMARY),
                 PQresultErrorField(theirs.get(), PG_DIAG_MESSAGE_PRIMARY)) << sql;
    // 23505 names the type's OID, which differs between the two servers.
    if (!sql.starts_with("CREATE TYPE m2"))
      EXPECT_STREQ(PQresultErrorField(mine.get(), PG_DIAG_MESSAGE_DETAIL),
                   PQresultErrorField(theirs.get(), PG_DIAG_MESSAGE_DETAIL)) << sql;
    EXPECT_EQ(PQcmdStatus(mine.get()), std::string(PQcmdStatus(theirs.get()))) << sql;
    if (PQresultStatus(theirs.get()) == PGRES_TUPLES_OK)
      EXPECT_EQ(rows_of(mine.get()), rows_of(theirs.get())) << sql;
  }
}

TEST_F(Types, ALabelAddedOnBothSidesReplicatesAndOrders) {
  create_user_types();
  const std::string create = "CREATE TABLE moods (id int PRIMARY KEY, m mood UNIQUE)";
  publisher_.exec(create + "; CREATE PUBLICATION pub FOR TABLE moods");
  local_exec(create);
  create_subscription("sub", "pub", "binary = true");
  publisher_.exec("INSERT INTO moods VALUES (1, 'happy'), (2, 'sad')");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM moods", "2"));
  // A label the local enum lacks stops the apply with PostgreSQL's input error;
  // once the label is added locally the retry applies the row.
  publisher_.exec("ALTER TYPE mood ADD VALUE 'calm' AFTER 'sad'");
  publisher_.exec("INSERT INTO moods VALUES (3, 'calm')");
  ASSERT_TRUE(wait_local(
      "SELECT count(*) FROM pg_stat_subscription_stats WHERE apply_error_count > 0", "1"));
  local_exec("ALTER TYPE mood ADD VALUE 'calm' AFTER 'sad'");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM moods", "3", std::chrono::seconds(60)));
  EXPECT_EQ(local_rows("SELECT m FROM moods ORDER BY m"),
            (std::vector<std::string>{"sad", "calm", "happy"}));
}

TEST_F(Types, RowDescriptionCarriesTheColumnsTypeAndTypmod) {
  const std::string create =
      "CREATE TABLE d (a int4, b numeric(12,2), c varchar(10), d timestamptz(3), e bool, f int8, g text[])";
  local_exec(create);
  publisher_.exec(create);
  auto publisher = publisher_.connect();
  auto mine = local_try("SELECT * FROM d");
  auto theirs = exec(publisher.get(), "SELECT * FROM d");
  ASSERT_EQ(PQnfields(mine.get()), PQnfields(theirs.get()));
  for (int i = 0; i < PQnfields(theirs.get()); ++i) {
    EXPECT_EQ(PQftype(mine.get(), i), PQftype(theirs.get(), i)) << PQfname(theirs.get(), i);
    EXPECT_EQ(PQfmod(mine.get(), i), PQfmod(theirs.get(), i)) << PQfname(theirs.get(), i);
    EXPECT_EQ(PQfsize(mine.get(), i), PQfsize(theirs.get(), i)) << PQfname(theirs.get(), i);
  }
}

}  // namespace
}  // namespace tributary::integration
