// 006_types_defaults: column DEFAULT expressions beyond constants ((1 + 2),
// lower('ABC'), 'a' || 'b', now() + interval '1 day', casts of arithmetic) give
// the values PostgreSQL gives, stored in the column's type so that they compare
// and print as PostgreSQL's; what PostgreSQL refuses in a DEFAULT is refused
// with its error.
//
// Differential against a real PostgreSQL 15 (differential_test.hpp): the same
// statements on both, the same rows or the same error. now()-based values differ
// between two servers, so they are compared through predicates.
#include "integration/differential_test.hpp"

namespace tributary::integration {
namespace {

class TypesDefaults : public DifferentialTest {};

TEST_F(TypesDefaults, ExpressionDefaultsGiveThePostgresValues) {
  expect_same_answers({
      "CREATE TABLE d (id int, a int DEFAULT (1 + 2), b text DEFAULT lower('ABC'), "
      "c text DEFAULT 'a' || 'b', e numeric DEFAULT (10 * 2.5)::numeric(10,2), "
      "f numeric(5,1) DEFAULT 1.25 * 2, g int DEFAULT (1 + 2) * 3, h bigint DEFAULT 2^40, "
      "k text[] DEFAULT '{}'::text[], s varchar(3) DEFAULT upper('xy') || 'z' NOT NULL, "
      "dd date DEFAULT current_date - 1, ts timestamptz DEFAULT now() + interval '1 day', "
      "lt timestamp(0) DEFAULT localtimestamp - interval '1 hour', nt text DEFAULT now())",
      "INSERT INTO d (id) VALUES (1)",
      "INSERT INTO d DEFAULT VALUES",
      "INSERT INTO d (id, a, e) VALUES (3, DEFAULT, DEFAULT)",
      "SELECT id, a, b, c, e, f, g, h, k, s FROM d ORDER BY id",
      "SELECT count(*) FROM d WHERE e = 25 AND f = 2.5 AND a = 3 AND c = 'ab'",
      "SELECT id, dd = current_date - 1, ts > now() + interval '23 hours', "
      "ts < now() + interval '25 hours', lt <= localtimestamp - interval '59 minutes', "
      "nt::timestamptz > now() - interval '1 minute' FROM d ORDER BY id",
  });
}

TEST_F(TypesDefaults, DefaultExpressionsAreRefusedAsPostgres) {
  expect_same_answers({
      "CREATE TABLE r (a int DEFAULT now())",
      "CREATE TABLE r (a int DEFAULT current_date + 1)",
      "CREATE TABLE r (a int, b int DEFAULT a + 1)",
      "CREATE TABLE r (a int DEFAULT (SELECT 1))",
      "CREATE TABLE r (a int DEFAULT max(1))",
      "CREATE TABLE r (a date DEFAULT 1 + 2)",
      "CREATE TABLE r (a int DEFAULT 'x' || 'y')",
      "CREATE TABLE r (a int)",
      "ALTER TABLE r ALTER COLUMN a SET DEFAULT now()",
      "ALTER TABLE r ADD COLUMN u text DEFAULT gen_random_uuid()::text",
      "INSERT INTO r (a) VALUES (1), (2)",
      "SELECT count(DISTINCT u), min(length(u)), max(substr(u, 15, 1)) FROM r",
      "ALTER TABLE r ALTER COLUMN a SET DEFAULT a * 2",
  });
}

TEST_F(TypesDefaults, AlterColumnSetDefaultAndAddColumnTakeExpressions) {
  expect_same_answers({
      "CREATE TABLE m (id int)",
      "INSERT INTO m VALUES (1)",
      "ALTER TABLE m ALTER COLUMN id SET DEFAULT 40 + 2",
      "INSERT INTO m DEFAULT VALUES",
      "ALTER TABLE m ADD COLUMN t text DEFAULT 'ab'",
      "ALTER TABLE m ALTER COLUMN t SET DEFAULT repeat('ab', 2) || upper('c')",
      "INSERT INTO m DEFAULT VALUES",
      "ALTER TABLE m ALTER COLUMN t SET DEFAULT 'x'",
      "INSERT INTO m (id) VALUES (7)",
      "SELECT id, t FROM m ORDER BY id, t",
  });
}

// ADD COLUMN with an expression DEFAULT fills the existing rows as PostgreSQL
// does: a volatile default (random(), nextval()) evaluated for each row, now()
// once per transaction; a fill that leaves NULL in a NOT NULL column or fails
// is PostgreSQL's error and changes nothing; a rolled back ALTER leaves no trace.
TEST_F(TypesDefaults, AddColumnFillsTheExistingRowsFromAnExpressionDefault) {
  expect_same_answers({
      "CREATE TABLE n (id int PRIMARY KEY)",
      "INSERT INTO n VALUES (1), (2), (3), (4), (5)",
      "CREATE SEQUENCE n_seq",
      "ALTER TABLE n ADD COLUMN t text DEFAULT repeat('ab', 2), ADD COLUMN k bigint DEFAULT "
      "nextval('n_seq'), ADD COLUMN r float8 NOT NULL DEFAULT random(), "
      "ADD COLUMN at timestamptz DEFAULT now()",
      "SELECT id, t, k FROM n ORDER BY id",
      "SELECT count(DISTINCT r), count(DISTINCT at), max(at) <= now(), min(r) >= 0 FROM n",
      "ALTER TABLE n ADD COLUMN z int NOT NULL DEFAULT nullif(1, 1)",
      "ALTER TABLE n ADD COLUMN z int DEFAULT 1 / 0",
      "ALTER TABLE n ADD COLUMN z int DEFAULT 'a' || 'b'",
      "BEGIN",
      "INSERT INTO n (id) VALUES (6)",
      "ALTER TABLE n ADD COLUMN at2 timestamptz DEFAULT now(), DROP COLUMN t",
      "SELECT count(*) FROM n WHERE at2 = now()",
      "ROLLBACK",
      "SELECT id, t, k FROM n WHERE id > 4 ORDER BY id",
      "ALTER TABLE n ADD COLUMN u int DEFAULT 2 + 3, DROP COLUMN u",
      "ALTER TABLE n DROP COLUMN t, ADD COLUMN t text DEFAULT upper('x') || id",
      "ALTER TABLE n DROP COLUMN t, ADD COLUMN t text DEFAULT upper('x') || 'y'",
      "INSERT INTO n (id) VALUES (6)",
      "SELECT id, t, k FROM n ORDER BY id",
  });
}

// ALTER COLUMN ... TYPE keeps an expression DEFAULT, assigned to the new type
// without its old cast as PostgreSQL does ((1.5 + 1) on an integer column gives 3,
// on numeric 2.5), or refuses the change with PostgreSQL's error.
TEST_F(TypesDefaults, AlterColumnTypeRetypesAnExpressionDefault) {
  expect_same_answers({
      "CREATE SEQUENCE q_seq",
      "CREATE TABLE q (id int, n numeric(5,1) DEFAULT 1.25 * 2, i int DEFAULT (1.5 + 1), "
      "t text DEFAULT lower('AB'), d date DEFAULT current_date, "
      "ts timestamptz DEFAULT now() + interval '1 day', b bigint DEFAULT nextval('q_seq'), "
      "k text DEFAULT 'it''s', dd timestamptz DEFAULT '2024-01-01'::date, s2 text DEFAULT 'a' || 'b')",
      "INSERT INTO q (id) VALUES (0)",
      "ALTER TABLE q ALTER COLUMN n TYPE numeric(10,3)",
      "ALTER TABLE q ALTER COLUMN i TYPE numeric",
      "ALTER TABLE q ALTER COLUMN t TYPE varchar(1)",
      "ALTER TABLE q ALTER COLUMN d TYPE timestamptz",
      "ALTER TABLE q ALTER COLUMN i TYPE date",
      "ALTER TABLE q ALTER COLUMN ts TYPE date",
      "ALTER TABLE q ALTER COLUMN k TYPE varchar(10)",
      "ALTER TABLE q ALTER COLUMN dd TYPE date",
      "ALTER TABLE q ALTER COLUMN s2 TYPE varchar(5)",
      "ALTER TABLE q ALTER COLUMN b TYPE int",
      "ALTER TABLE q ALTER t TYPE int USING t::int",
      "INSERT INTO q (id) VALUES (1)",
      "ALTER TABLE q ALTER COLUMN t TYPE text",
      "INSERT INTO q (id) VALUES (2)",
      "SELECT id, n, i, t, d IS NOT NULL, k, dd, s2, b FROM q ORDER BY id",
      "SELECT count(ts) FROM q",
  });
}

// The catalog prints each default as PostgreSQL does: pg_get_expr(adbin, adrelid)
// and its pretty mode (what psql's \d shows), typed literals, implicit casts and
// parentheses included.
TEST_F(TypesDefaults, TheCatalogPrintsDefaultsAsPostgres) {
  const std::string defaults =
      "SELECT a.attname, pg_get_expr(d.adbin, d.adrelid), pg_get_expr(d.adbin, d.adrelid, true) "
      "FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum "
      "WHERE d.adrelid = 'pr'::regclass ORDER BY d.adnum";
  expect_same_answers({
      "CREATE SEQUENCE pr_seq",
      "CREATE TABLE pr (a int DEFAULT 42, b int DEFAULT -1, c numeric(5,1) DEFAULT 1.25, "
      "d numeric DEFAULT -1.5, e varchar(3) DEFAULT 'ab', f text DEFAULT 'it''s', "
      "g bool DEFAULT 'yes', h float8 DEFAULT 1.5, i bigint DEFAULT 12345678901, "
      "k date DEFAULT '2024-01-01', l int[] DEFAULT '{1,2}', m timestamptz DEFAULT current_timestamp, "
      "n timestamp(0) DEFAULT localtimestamp, o date DEFAULT current_date, p uuid DEFAULT "
      "gen_random_uuid(), q text DEFAULT NULL, r int DEFAULT (1 + 2) * 3, s float8 DEFAULT random(), "
      "t text DEFAULT upper('x') || 'z', u interval DEFAULT '90 minutes', v numeric DEFAULT 2 ^ 3, "
      "w bigint DEFAULT nextval('pr_seq'), x timestamptz DEFAULT now() + interval '1 day', "
      "y numeric(10,2) DEFAULT (10 * 2.5)::numeric(10,2), z date DEFAULT current_date - 1, "
      "a1 varchar(5) DEFAULT 'a' || 'b', a2 bigint DEFAULT 1 + 2, a3 float8 DEFAULT -random(), "
      "a4 date DEFAULT now()::date, a5 int DEFAULT 1 + 2 * 3 - 4 / 2, a6 text DEFAULT concat('a', 'b'), "
      "a7 numeric(10,2) DEFAULT 1.5 * 2, a8 text DEFAULT to_char(now(), 'YYYY'))",
      "ALTER TABLE pr ALTER COLUMN a SET DEFAULT 2 + 2",
      "ALTER TABLE pr ADD COLUMN a9 text DEFAULT lower('Q')",
      defaults,
  });
}

// ARRAY[...] of constants as a DEFAULT: each element assigned to the element
// type as PostgreSQL's array assignment does (numeric[] to integer[] rounds,
// text[] to integer[] is refused), the catalog printing it as PostgreSQL.
TEST_F(TypesDefaults, ArraysOfConstantsAreDefaults) {
  expect_same_answers({
      "CREATE TABLE ar (id int, a int[] DEFAULT ARRAY[1, 2], b text[] DEFAULT ARRAY['a', 'b\"c', NULL], "
      "c int[] DEFAULT ARRAY[1.5, 2], d numeric[] DEFAULT ARRAY[1, 2.50], "
      "e date[] DEFAULT ARRAY['2024-01-01'::date], f int[] DEFAULT ARRAY[]::int[], "
      "g text[] DEFAULT ARRAY[1, 2], i bool[] DEFAULT ARRAY[true, false])",
      "CREATE TABLE ar2 (a int[] DEFAULT ARRAY['1', '2'])",
      "CREATE TABLE ar3 (a int[] DEFAULT ARRAY['x', 1])",
      "INSERT INTO ar (id) VALUES (1)",
      "SELECT * FROM ar",
      "ALTER TABLE ar ADD COLUMN j int[] DEFAULT ARRAY[3, -4]",
      "ALTER TABLE ar ALTER COLUMN a SET DEFAULT ARRAY[7]",
      "INSERT INTO ar (id) VALUES (2)",
      "SELECT id, a, j FROM ar ORDER BY id",
      "SELECT a.attname, pg_get_expr(d.adbin, d.adrelid), pg_get_expr(d.adbin, d.adrelid, true) "
      "FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum "
      "WHERE d.adrelid = 'ar'::regclass ORDER BY d.adnum",
      // Inside ARRAY[...] the pretty text drops the parentheses precedence does not
      // need; a cast of ARRAY[...] casts each element; sub-arrays; typed NULLs.
      "CREATE TABLE sw (a int[] DEFAULT ARRAY[1 + 1, NULL], b int[] DEFAULT ARRAY[(1 + 2) * 3, -(4)], "
      "c int[] DEFAULT ARRAY[NULL::integer, 1 + 1], d bigint[] DEFAULT ARRAY[1, 2]::bigint[], "
      "e bigint[] DEFAULT ARRAY[1 + 2]::bigint[], f int[] DEFAULT ARRAY[ARRAY[1, 2], ARRAY[3, 4 + 5]], "
      "g text[] DEFAULT ARRAY['a' || 'b', 'c'], h date[] DEFAULT ARRAY[now()::date, current_date - 1], "
      "i numeric[] DEFAULT ARRAY[1.5 * 2, -1], j int[] CHECK (j <> ARRAY[1 + 1, 2]))",
      "SELECT a.attname, pg_get_expr(d.adbin, d.adrelid), pg_get_expr(d.adbin, d.adrelid, true) "
      "FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum "
      "WHERE d.adrelid = 'sw'::regclass ORDER BY d.adnum",
      "SELECT pg_get_constraintdef(oid), pg_get_constraintdef(oid, true) FROM pg_constraint "
      "WHERE conrelid = 'sw'::regclass",
  });
}

// Defaults computed at each insert from the inserting session: ARRAY[...] of
// expressions (ARRAY[now()]), current_user and session_user (SET ROLE changes the
// first), format(...); RETURNING shows them; the catalog prints them as PostgreSQL.
// The two servers' users differ, so the users are compared through predicates.
TEST_F(TypesDefaults, SessionValuesAndArraysOfExpressionsAreComputedAtInsert) {
  expect_same_answers({
      "CREATE TABLE sv (id int, a timestamptz[] DEFAULT ARRAY[now()], b int[] DEFAULT ARRAY[1 + 1, NULL], "
      "u name DEFAULT current_user, s text DEFAULT session_user, v varchar(30) DEFAULT CURRENT_USER, "
      "f text DEFAULT format('%s-%s', 'x', 1 + 1), e text[] DEFAULT ARRAY[lower('A'), upper('b')])",
      "CREATE ROLE sv_writer",
      "GRANT ALL ON sv TO sv_writer",
      "INSERT INTO sv (id) VALUES (1)",
      "SET ROLE sv_writer",
      "INSERT INTO sv (id) VALUES (2)",
      "RESET ROLE",
      "SELECT id, a[1] <= now(), a[1] > now() - interval '1 minute', a[2] IS NULL, b, "
      "u = current_user, s = session_user, v = current_user, f, e FROM sv ORDER BY id",
      "SELECT id, u, v, s = session_user FROM sv WHERE id = 2",
      "INSERT INTO sv (id) VALUES (3) RETURNING id, b, f, e",
      "SELECT a.attname, pg_get_expr(d.adbin, d.adrelid) FROM pg_attrdef d JOIN pg_attribute a "
      "ON a.attrelid = d.adrelid AND a.attnum = d.adnum WHERE d.adrelid = 'sv'::regclass ORDER BY d.adnum",
      "CREATE TABLE sv2 (a int DEFAULT ARRAY[1])",
      "CREATE TABLE sv3 (a int[] DEFAULT ARRAY[current_user])",
  });
}

}  // namespace
}  // namespace tributary::integration

namespace tributary::integration {
namespace {

// A local column the publisher does not send takes its expression DEFAULT in
// the applied rows (the apply connection has the translator's functions), as on
// a PostgreSQL subscriber.
TEST_F(TypesDefaults, ReplicatedRowsTakeTheExpressionDefaultsOfLocalColumns) {
  publisher_.exec("CREATE TABLE r (id int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE r");
  local_exec("CREATE TABLE r (id int PRIMARY KEY, label text DEFAULT lower('ABC') || 'd', "
             "n numeric(6,2) DEFAULT (10 * 2.5)::numeric(10,2), "
             "until timestamptz DEFAULT now() + interval '1 day')");
  create_subscription("sub", "pub");
  ASSERT_TRUE(wait_caught_up("sub"));
  publisher_.exec("INSERT INTO r VALUES (1), (2)");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM r", "2"));
  EXPECT_EQ(local_rows("SELECT id, label, n, until > now() + interval '23 hours' FROM r ORDER BY id"),
            (std::vector<std::string>{"1|abcd|25.00|t", "2|abcd|25.00|t"}));
}

}  // namespace
}  // namespace tributary::integration
