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

namespace tributary::integration {
namespace {

struct type_family {
  std::string table;
  std::string columns;                 // after "id int PRIMARY KEY, "
  std::vector<std::string> rows;       // VALUES tuples after the id
  std::vector<std::string> ordered;    // columns whose ORDER BY must match PostgreSQL's
  bool local_input = true;  // false: local input is stored as written, not normalized yet
  bool binary = true;       // false: no binary receive function here (binary = true refused)
};

const std::vector<type_family>& families() {
  static const std::vector<type_family> all = {
      {"t_integers", "i2 int2, i4 int4, i8 int8, o oid",
       {"-32768, -2147483648, -9223372036854775808, 0", "32767, 2147483647, 9223372036854775807, 4294967295",
        "0, -1, 1, 17", "NULL, NULL, NULL, NULL"},
       {"i2", "i4", "i8", "o"}},
      {"t_numeric", "n122 numeric(12,2), n numeric, n3010 numeric(30,10)",
       {"1234.50, 12345678901234567890.0123456789, -99999999999999999999.9999999999",
        "-0.10, 0.1000000000000000001, 0", "3.00, 0.1000000000000000002, 1.5",
        "1234.5, 'NaN', -1", "'-0.001', 'Infinity', 0.00000000001", "0, '-Infinity', NULL",
        "1e3, 1.0, 1.00"},
       {"n122", "n", "n3010"}},
      {"t_float", "f4 float4, f8 float8",
       {"'-0', '-0'", "0.1, 0.30000000000000004", "'NaN', 'NaN'", "'Infinity', 'Infinity'",
        "'-Infinity', '-Infinity'", "1.17549435e-38, 1e-310", "3.4028235e38, 1.7976931348623157e308",
        "1234567, 1e15", "1e-5, 123456789012345", "0, 0"},
       {"f4", "f8"}},
      {"t_bool", "b bool", {"true", "false", "NULL", "'t'"}, {"b"}},
      {"t_text", "t text, v varchar(10), c char(5), n name, ch \"char\"",
       {"'', '', '', '', ''", "'a', 'a', 'a', 'a', 'a'", "'B', 'B  ', 'b', 'Bb', 'B'",
        "'multi\nline\ttab', 'äöü', 'ä', 'ñ', 'z'", "' lead', 'x', 'a b', 'x y', 'y'"},
       {"t", "v", "c", "n"}},
      {"t_bytea", "b bytea", {"'\\x'", "'\\x00ff'", "'\\xdeadbeef'", "'\\x00'", "'abc'"}, {"b"}},
      {"t_datetime",
       "d date, t time, tz timetz, ts timestamp, tstz timestamptz, iv interval",
       {"'2024-02-29', '00:00:00', '12:00:00+01', '2024-02-29 06:45:30', '2024-02-29 06:45:30-05', '1 year 2 mons 3 days 04:05:06.789'",
        "'0044-03-15 BC', '24:00:00', '11:00:00+00', '0044-03-15 10:00:00 BC', '0001-01-01 00:00:00+00 BC', '-1 days +01:00:00'",
        "'infinity', '23:59:59.999999', '00:00:00-05:30', 'infinity', 'infinity', '1 mon'",
        "'-infinity', '12:34:56.5', '23:59:59+14', '-infinity', '-infinity', '30 days'",
        "'1999-12-31', '01:02:03', '12:00:00-12', '1999-12-31 23:59:59.999999', '1883-11-18 12:00:00-05', '00:00:00'",
        "'2000-01-01', '13:00', '13:00:00+01', '2000-01-01 00:00:00', '2024-11-03 01:30:00-04', '-1 years -2 mons +3 days -04:05:06'"},
       {"d", "t", "tz", "ts", "tstz", "iv"}},
      {"t_misc", "u uuid, b8 bit(8), vb varbit, m money",
       {"'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '00001111', '101', '1234.5'",
        "'00000000-0000-0000-0000-000000000000', '11110000', '0101', '-1234.5'",
        "'ffffffff-ffff-ffff-ffff-ffffffffffff', '00000000', '', '0'",
        "'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A12', '10000000', '1', '92233720368547758.07'"},
       {"u", "b8", "vb", "m"}},
      {"t_verbatim_binary",
       "j json, ip inet, cid cidr, mac macaddr, ia int4[], ta text[], p point, x xml, l pg_lsn, jb jsonb",
       {"'{\"a\": 123.4500}', '192.168.1.5/24', '10.0.0.0/8', '08:00:2b:01:02:03', '{1,NULL,3}', '{\"a b\",c}', '(1.5,2)', '<a>x</a>', '16/B374D848', '{\"b\": 1, \"a\": [1, 2.50], \"a\": 1e2}'",
        "'[1, 2]', '::1', '2001:db8::/32', 'ff:ff:ff:ff:ff:ff', '{{1,2},{3,4}}', '{}', '(0,0)', '<b/>', '0/0', 'null'",
        "'null', '::ffff:1.2.3.4', '192.168.1.0/24', '00:00:00:00:00:00', '[0:1]={7,8}', '{NULL,\"\",\"NULL\",\"q\\\"\"}', '(-1e-05,1e+20)', NULL, 'FFFFFFFF/FFFFFFFF', '[{\"é\":\"\\u00e9\\n\"}, -0.0, true]'",
        "'{}', '10.0.0.0/16', '10.0.0.0/8', '00:00:00:00:00:01', '{}', '{}', '(0,0)', NULL, '0/1', '{}'",
        "'{}', '10.0.0.1/8', '9.0.0.0/8', '00:00:00:00:00:01', '{}', '{}', '(0,0)', NULL, '2/0', '[]'"},
       {"ip", "cid", "mac", "jb", "ia", "ta", "l"}},
      {"t_arrays", "ia int4[], na numeric[], ta text[], tza timestamptz[], fa float8[], ba bool[]",
       {"'{1,2,3}', '{1.0,2.50}', '{b,a}', '{\"2024-02-29 06:45:30-05\"}', '{-0,1.5}', '{t,f}'",
        "'{ 1 , NULL }', '{1.00}', '{a,NULL}', '{infinity,\"2000-01-01 00:00:00+00\"}', '{0}', '{f}'",
        "'{{1,2},{3,4}}', '{NaN}', '{\"\"}', '{}', '{NaN,1}', '{NULL}'",
        "'[0:1]={1,2}', '{-1e3}', '{a}', '{\"1999-12-31 23:59:59.5+02\"}', '{-Infinity}', '{}'",
        "'{}', '{}', '{A}', NULL, '{1e-310}', '{t}'",
        "'{1,2}', '{1.000,2.5}', '{a,b,c}', '{\"2024-02-29 11:45:30+00\"}', '{1.5,-0}', '{t,f,NULL}'"},
       {"ia", "na", "ta", "tza", "fa", "ba"}},
      {"t_ranges", "r int4range, nr numrange, tr tstzrange, dr daterange, mr int4multirange, i8 int8range",
       {"'[1,5)', '[1.0,2.50]', '[2024-02-29 06:45:30-05,2024-03-01 00:00:00+00)', '[2024-01-01,2024-02-01]', '{[1,3),[2,6)}', '(,10]'",
        "'empty', 'empty', 'empty', 'empty', '{}', 'empty'",
        "'(1,5]', '(,)', '(,2024-01-01 00:00:00+00)', '[-infinity,infinity)', '{[1,2],[5,6)}', '[-9223372036854775808,0)'",
        "' [ 1 , 4 ] ', '[1,1]', '[2024-02-29 11:45:30+00,)', '(2024-01-01,2024-01-02)', '{empty,[3,4)}', '[5,5]'",
        "'[0,0]', '(1.5,\"2.5\")', NULL, '[2000-01-01,2000-01-02)', '{[-1,0]}', NULL"},
       {"r", "nr", "tr", "dr", "mr", "i8"}},
      {"t_geometric", "ln line, ls lseg, bx box, pa path, pg polygon, ci circle",
       {"'{1,2,3}', '[(1,2),(3,4)]', '(1,2),(3,4)', '[(1,2),(3,4)]', '((0,0),(1,1),(1,0))', '<(1,2),3>'",
        "'[(0,0),(1,1)]', '((0.1,0.2),(0.3,0.4))', '((3,4),(1,2))', '((0,0),(1,1))', '(0,0),(2,2)', '((1,2),0.5)'",
        "'{0.1,-1,1e300}', '[(-0,0),(1e-5,1e20)]', '1,2,3,4', '(1,2,3,4)', '((1,1))', '1,2,3'"},
       {}},
      {"t_tsvector", "ts tsvector",
       {"'a fat cat'", "'x:1A y:2'", "'cat:3 fat:2,1 a'", "''", "'fat:1 cat:2'"},
       {"ts"}},
      {"t_tsquery", "q tsquery",
       {"'a & b | c'", "'!(x <-> y:*) & z:AB'", "'a <2> b'", "'a:A'", "'a'"},
       {"q"}},
      // users' types (user_types_ddl): an enum and an array of it, domains over
      // int4 and numeric(7,2)
      {"t_user_types", "m mood, p posint, pr price, pra price[], ma mood[]",
       {"'happy', 1, 12.5, '{1.005,2}', '{happy,sad}'", "'sad', 2, -0.5, NULL, '{sad,NULL}'",
        "'meh', 3, NULL, '{}', '{}'", "'ok', 4, 99999.99, '{NULL,-1}', '{{meh,ok},{sad,happy}}'",
        "NULL, 5, 0, NULL, NULL", "'ok', 0, 1e3, '{7}', '{ meh }'",
        "'sad', 6, 1, '{}', '{sad,happy}'", "'meh', 7, 2, '{}', '[0:1]={ok,meh}'"},
       {"m", "p", "pr", "pra", "ma"}},
  };
  return all;
}

// The enums and domains t_user_types needs, on both servers before the tables.
// 'meh' is added between 'sad' and 'ok', so the order is not the creation order.
constexpr const char* user_types_ddl =
    "CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy'); "
    "ALTER TYPE mood ADD VALUE 'meh' BEFORE 'ok'; "
    "CREATE DOMAIN posint AS int4 NOT NULL DEFAULT 5; "
    "CREATE DOMAIN price AS numeric(7,2)";

std::string ddl(const type_family& f) {
  return "CREATE TABLE " + f.table + " (id int PRIMARY KEY, " + f.columns + ")";
}

std::string inserts(const type_family& f, int first_id = 1) {
  std::string sql = "INSERT INTO " + f.table + " VALUES ";
  for (size_t i = 0; i < f.rows.size(); ++i)
    sql += (i ? ", (" : "(") + std::to_string(first_id + static_cast<int>(i)) + ", " + f.rows[i] + ")";
  return sql;
}

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
    if (sql.starts_with("CREATE TYPE comp")) {  // composite types: not yet (0A000)
      EXPECT_STREQ(PQresultErrorField(mine.get(), PG_DIAG_SQLSTATE), "0A000");
      continue;
    }
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
