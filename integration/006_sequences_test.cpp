// 006_sequences: sequences, serial and identity columns, and TRUNCATE answer as
// PostgreSQL 15 answers them (issues 7 and 8).
//
// Differential: the same statements run on the publisher (used here as a plain
// PostgreSQL server) and on Tributary, and each answer must be the same: the rows
// as printed, or the SQLSTATE, message, DETAIL and HINT of the error, and the
// command tag.
#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

class Sequences : public ReplicationTest {
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
      if (PQresultStatus(theirs.get()) == PGRES_TUPLES_OK)
        EXPECT_EQ(rows_of(mine.get()), rows_of(theirs.get())) << sql;
    }
  }
};

TEST_F(Sequences, NextvalCurrvalSetvalAndLastvalAnswerAsPostgres) {
  expect_same_answers({
      "SELECT lastval()",
      "CREATE SEQUENCE s",
      "SELECT currval('s')",
      "SELECT nextval('s'), nextval('s')",
      "SELECT currval('s'), lastval()",
      "SELECT last_value, is_called FROM s",
      "CREATE SEQUENCE s",
      "CREATE SEQUENCE IF NOT EXISTS s",
      "SELECT nextval('nope')",
      "SELECT currval('nope')",
      "SELECT nextval('S'), nextval('public.s'), nextval('\"s\"'), nextval('s'::regclass)",
      "SELECT nextval('a..b')",
      "CREATE SEQUENCE m MAXVALUE 2",
      "SELECT nextval('m')",
      "SELECT nextval('m')",
      "SELECT nextval('m')",
      "SELECT setval('m', 5)",
      "SELECT setval('m', 1, false)",
      "SELECT nextval('m'), currval('m')",
      "SELECT setval('m', 2)",
      "SELECT currval('m'), lastval()",
      "CREATE SEQUENCE d AS smallint INCREMENT BY -3 MAXVALUE 10 START 7 CYCLE",
      "SELECT nextval('d'), nextval('d'), nextval('d'), nextval('d')",
      "CREATE TABLE t (a int)",
      "SELECT nextval('t')",
  });
}

TEST_F(Sequences, CreateAlterAndDropCheckTheirOptionsAsPostgres) {
  expect_same_answers({
      "CREATE SEQUENCE bad INCREMENT 0",
      "CREATE SEQUENCE bad AS text",
      "CREATE SEQUENCE bad AS smallint MAXVALUE 40000",
      "CREATE SEQUENCE bad MINVALUE 5 MAXVALUE 5",
      "CREATE SEQUENCE bad MINVALUE -5 START -6",
      "CREATE SEQUENCE bad MAXVALUE 5 START 7",
      "CREATE SEQUENCE bad CACHE 0",
      "CREATE SEQUENCE bad START 1 START 2",
      "CREATE SEQUENCE bad START 99999999999999999999",
      "CREATE SEQUENCE bad OWNED BY nowhere",
      "CREATE SEQUENCE bad OWNED BY nowhere.c",
      "CREATE TABLE t (a int)",
      "CREATE SEQUENCE bad OWNED BY t.nope",
      "CREATE SEQUENCE c START 5 INCREMENT 5 OWNED BY t.a",
      "SELECT nextval('c'), nextval('c')",
      "ALTER SEQUENCE c INCREMENT 1",
      "SELECT nextval('c')",
      "ALTER SEQUENCE c RESTART",
      "SELECT nextval('c')",
      "ALTER SEQUENCE c RESTART WITH 100 MAXVALUE 101",
      "SELECT nextval('c'), nextval('c')",
      "SELECT nextval('c')",
      "ALTER SEQUENCE c RESTART WITH 0",
      "ALTER SEQUENCE c AS smallint",
      "SELECT last_value, is_called FROM c",
      "ALTER SEQUENCE nope RESTART",
      "ALTER SEQUENCE IF EXISTS nope RESTART",
      "ALTER SEQUENCE t RESTART",
      "DROP SEQUENCE t",
      "DROP SEQUENCE nope",
      "DROP SEQUENCE IF EXISTS nope, c",
      "SELECT nextval('c')",
      "CREATE SEQUENCE t2",
      "CREATE TABLE t2 (a int)",
      "DROP TABLE t2",
      "DROP TABLE IF EXISTS t2",
      "DROP SEQUENCE t2",
      "CREATE TABLE t2 (a int)",
  });
}

TEST_F(Sequences, NextvalIsNotUndoneByARollback) {
  expect_same_answers({
      "CREATE SEQUENCE s",
      "BEGIN",
      "SELECT nextval('s')",
      "ROLLBACK",
      "SELECT nextval('s')",
      "BEGIN",
      "SELECT setval('s', 40)",
      "ROLLBACK",
      "SELECT nextval('s')",
      "BEGIN",
      "ALTER SEQUENCE s RESTART WITH 7",
      "ROLLBACK",
      "SELECT nextval('s')",
  });
}

TEST_F(Sequences, SerialAndIdentityColumnsTakeTheirSequencesValuesAsPostgres) {
  expect_same_answers({
      "CREATE TABLE t (id serial PRIMARY KEY, v text)",
      "INSERT INTO t (v) VALUES ('a') RETURNING id",
      "INSERT INTO t VALUES (DEFAULT, 'b') RETURNING *",
      "INSERT INTO t VALUES (10, 'explicit')",  // does not advance the sequence
      "INSERT INTO t (v) VALUES ('d') RETURNING id",
      "SELECT * FROM t ORDER BY id",
      "SELECT currval('t_id_seq'), lastval()",
      "SELECT last_value, is_called FROM t_id_seq",
      "UPDATE t SET id = DEFAULT WHERE v = 'explicit' RETURNING id",
      "CREATE TABLE g (id int GENERATED ALWAYS AS IDENTITY (START 10 INCREMENT 5) PRIMARY KEY, v text)",
      "INSERT INTO g (v) VALUES ('a'), ('b') RETURNING id",
      "INSERT INTO g VALUES (1, 'x')",
      "INSERT INTO g (id, v) SELECT 7, 'z'",
      "INSERT INTO g OVERRIDING SYSTEM VALUE VALUES (1, 'x')",
      "INSERT INTO g VALUES (DEFAULT, 'y') RETURNING id",
      "UPDATE g SET id = 99 WHERE v = 'x'",
      "UPDATE g SET id = DEFAULT WHERE v = 'x' RETURNING id",
      "SELECT * FROM g ORDER BY id",
      "CREATE TABLE b (id bigint GENERATED BY DEFAULT AS IDENTITY, v text)",
      "INSERT INTO b (v) VALUES ('a')",
      "INSERT INTO b VALUES (50, 'b')",
      "INSERT INTO b OVERRIDING USER VALUE VALUES (60, 'c')",
      "SELECT * FROM b ORDER BY id",
      "CREATE TABLE t2 (a smallserial, b bigserial, c text DEFAULT 'x')",
      "INSERT INTO t2 DEFAULT VALUES",
      "INSERT INTO t2 (c) VALUES ('y') RETURNING *",
      "SELECT nextval('t2_a_seq'), nextval('t2_b_seq')",
      "CREATE SEQUENCE u_id_seq",
      "CREATE TABLE u (id serial)",
      "INSERT INTO u DEFAULT VALUES RETURNING id",
      "SELECT nextval('u_id_seq1')",
      "CREATE TABLE bad1 (id text GENERATED ALWAYS AS IDENTITY)",
      "CREATE TABLE bad2 (id int DEFAULT 1 GENERATED ALWAYS AS IDENTITY)",
      "CREATE TABLE bad3 (id serial DEFAULT 1)",
      "DROP SEQUENCE t_id_seq",
      "DROP SEQUENCE g_id_seq",
      "TRUNCATE t RESTART IDENTITY",
      "INSERT INTO t (v) VALUES ('again') RETURNING id",
      "TRUNCATE g, b RESTART IDENTITY",
      "INSERT INTO g (v) VALUES ('again') RETURNING id",
      "INSERT INTO b (v) VALUES ('again') RETURNING id",
      "DROP TABLE t",
      "SELECT nextval('t_id_seq')",
      // The owned sequence follows its table and column, and goes with the column.
      "CREATE TABLE m (id serial, k bigserial, v text)",
      "ALTER TABLE m RENAME TO m2",
      "ALTER TABLE m2 RENAME COLUMN id TO ident",
      "ALTER TABLE m2 RENAME TO m_id_seq",
      "INSERT INTO m2 (v) VALUES ('a') RETURNING ident, k",
      "DROP SEQUENCE m_id_seq",
      "ALTER TABLE m2 DROP COLUMN k",
      "SELECT nextval('m_k_seq')",
      "DROP TABLE m2",
      "SELECT nextval('m_id_seq')",
  });
  // An explicit id the sequence has not reached yet makes a later default collide,
  // as on PostgreSQL (whose DETAIL names the key; SQLite's does not yet).
  local_exec("CREATE TABLE c (id serial PRIMARY KEY)");
  local_exec("INSERT INTO c VALUES (1)");
  auto collision = local_try("INSERT INTO c DEFAULT VALUES");
  EXPECT_STREQ(PQresultErrorField(collision.get(), PG_DIAG_SQLSTATE), "23505");
  EXPECT_EQ(local_value("INSERT INTO c DEFAULT VALUES RETURNING id"), "2");
}

TEST_F(Sequences, ReplicatedRowsCarryTheirIdsAndNeverAdvanceTheSequence) {
  publisher_.exec("CREATE TABLE r (id serial PRIMARY KEY, v text); CREATE PUBLICATION pub FOR TABLE r");
  local_exec("CREATE TABLE r (id serial PRIMARY KEY, v text)");
  create_subscription("sub", "pub");
  publisher_.exec("INSERT INTO r (v) VALUES ('a'), ('b'), ('c')");
  wait_local("SELECT count(*) FROM r", "3");
  EXPECT_EQ(local_value("SELECT last_value FROM r_id_seq"), "1");
  EXPECT_EQ(local_value("SELECT is_called FROM r_id_seq"), "f");
  EXPECT_EQ(local_rows("SELECT id FROM r ORDER BY id"), (std::vector<std::string>{"1", "2", "3"}));
  // The replica's own next value is 1, as on a PostgreSQL subscriber: it collides.
  auto local_row = local_try("INSERT INTO r (v) VALUES ('local')");
  EXPECT_STREQ(PQresultErrorField(local_row.get(), PG_DIAG_SQLSTATE), "23505");
  // A replicated TRUNCATE ... RESTART IDENTITY restarts the local owned sequence.
  local_exec("SELECT setval('r_id_seq', 40)");
  publisher_.exec("TRUNCATE r RESTART IDENTITY");
  wait_local("SELECT count(*) FROM r", "0");
  wait_local("SELECT last_value FROM r_id_seq", "1");
  EXPECT_EQ(local_value("SELECT is_called FROM r_id_seq"), "f");
  EXPECT_EQ(local_value("INSERT INTO r (v) VALUES ('local') RETURNING id"), "1");
}

TEST_F(Sequences, DefaultsTakeTheSessionsTimeZoneAndNextval) {
  expect_same_answers({
      "SET TimeZone = 'Pacific/Kiritimati'",
      "CREATE TABLE d (id int, day date DEFAULT CURRENT_DATE, lt timestamp(0) DEFAULT LOCALTIMESTAMP, "
      "nt timestamp DEFAULT now(), nd date DEFAULT now(), tz timestamptz DEFAULT now())",
      "INSERT INTO d (id) VALUES (1)",
      "SELECT day = CURRENT_DATE, lt = LOCALTIMESTAMP(0), nt = LOCALTIMESTAMP, nd = CURRENT_DATE, "
      "tz = now() FROM d",
      "SET TimeZone = 'America/Adak'",  // UTC+14 and UTC-10: never the same day
      "INSERT INTO d (id) VALUES (2)",
      "SELECT id, day = CURRENT_DATE, nd = CURRENT_DATE, nt = LOCALTIMESTAMP FROM d WHERE id = 2",
      "CREATE SEQUENCE s START 100",
      "CREATE TABLE n (id bigint DEFAULT nextval('s'::regclass), v text)",
      "INSERT INTO n (v) VALUES ('a') RETURNING id",
      "INSERT INTO n VALUES (DEFAULT, 'b') RETURNING id",
      "SELECT currval('s')",
  });
}

TEST_F(Sequences, TruncateEmptiesTablesAndRestartsOwnedSequencesAsPostgres) {
  expect_same_answers({
      "CREATE TABLE p (id int PRIMARY KEY, v text)",
      "CREATE TABLE c (id int PRIMARY KEY, p_id int REFERENCES p)",
      "CREATE TABLE g (id int PRIMARY KEY, c_id int REFERENCES c)",
      "CREATE TABLE o (id int)",
      "INSERT INTO p VALUES (1, 'a'), (2, 'b')",
      "INSERT INTO c VALUES (1, 1)",
      "INSERT INTO g VALUES (1, 1)",
      "INSERT INTO o VALUES (5)",
      "TRUNCATE p",
      "TRUNCATE TABLE p, c",
      "TRUNCATE nope",
      "TRUNCATE o, nope",
      "SELECT count(*) FROM o",
      "TRUNCATE p CASCADE",
      "SELECT (SELECT count(*) FROM p), (SELECT count(*) FROM c), (SELECT count(*) FROM g)",
      "INSERT INTO p VALUES (1, 'a')",
      "INSERT INTO c VALUES (1, 1)",
      "TRUNCATE g, c, p RESTRICT",
      "SELECT count(*) FROM c",
      "INSERT INTO c VALUES (2, 3)",
      "CREATE SEQUENCE q OWNED BY o.id",
      "SELECT nextval('q'), nextval('q')",
      "TRUNCATE ONLY o CONTINUE IDENTITY",
      "SELECT nextval('q')",
      "TRUNCATE o RESTART IDENTITY",
      "SELECT nextval('q')",
      "BEGIN",
      "INSERT INTO o VALUES (1)",
      "TRUNCATE o",
      "SELECT count(*) FROM o",
      "ROLLBACK",
      "TRUNCATE q",
  });
}

}  // namespace
}  // namespace tributary::integration
