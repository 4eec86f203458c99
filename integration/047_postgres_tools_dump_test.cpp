// 047_postgres_tools_dump: PostgreSQL 15's pg_dumpall -g, pg_dump (its script restored
// into PostgreSQL 15 and dumped again there, compared with Tributary's) and pgbench
// (initialization with its default steps, then the default script) against
// Tributary (issue 12). Split from 047_postgres_tools_test.cpp; same fixture.
#include <fstream>
#include <sstream>

#include "integration/postgres_tools_fixture.hpp"

namespace tributary::integration {
namespace {

TEST_F(PostgresTools, PgDumpallGlobalsRunsToCompletion) {
  // pg_dumpall -g reads pg_authid, pg_auth_members, pg_db_role_setting,
  // pg_parameter_acl and pg_tablespace (acldefault(), pg_tablespace_location()).
  local_exec("CREATE ROLE dump_reader LOGIN");
  auto dumped = on_tributary("pg_dumpall", {"-g"});
  ASSERT_TRUE(dumped.succeeded) << dumped.text;
  EXPECT_NE(dumped.text.find("CREATE ROLE " + subscriber_.user() + ";\nALTER ROLE " + subscriber_.user() +
                             " WITH SUPERUSER INHERIT CREATEROLE CREATEDB LOGIN REPLICATION BYPASSRLS;"),
            std::string::npos)
      << dumped.text;
  EXPECT_NE(dumped.text.find("CREATE ROLE dump_reader;\nALTER ROLE dump_reader WITH NOSUPERUSER INHERIT "
                             "NOCREATEROLE NOCREATEDB LOGIN NOREPLICATION NOBYPASSRLS;"),
            std::string::npos)
      << dumped.text;
  EXPECT_NE(dumped.text.find("PostgreSQL database cluster dump complete"), std::string::npos) << dumped.text;
  expect_same_answers({"SELECT acldefault('r', 10) = acldefault('r'::\"char\", 10) AS same",
                       "SELECT pg_tablespace_location(oid) FROM pg_tablespace WHERE spcname = 'pg_default'"});
}

TEST_F(PostgresTools, PgDumpOfTributaryRestoresIntoPostgresAsItsOwnDump) {
  // The same tables on Tributary; its pg_dump (schema and data) restores into a
  // new database of the PostgreSQL 15, whose own pg_dump then prints the same
  // script (but for the server's version).
  for (const char* sql :
       {"CREATE TABLE customers (id serial PRIMARY KEY, name text NOT NULL, email varchar(80) UNIQUE, "
        "age int CHECK (age >= 0))",
        "CREATE TABLE orders (id int PRIMARY KEY, customer int REFERENCES customers (id) ON DELETE CASCADE, "
        "amount numeric(12,2) DEFAULT 0 CHECK (amount > 0), placed timestamptz, note text)",
        "CREATE INDEX orders_amount_idx ON orders (amount)", "CREATE SEQUENCE s1",
        "CREATE VIEW big_orders AS SELECT id, amount FROM orders WHERE amount > 100",
        "INSERT INTO customers (name, email, age) VALUES ('ann', 'a@x', 30), ('bob', NULL, 40), "
        "(E'tab\\tquote''s', 'c\\d', NULL)",
        "INSERT INTO orders VALUES (1, 1, 10.5, '2024-01-02 03:04:05+00', 'n1'), (2, 2, 200, NULL, NULL)",
        "COMMENT ON TABLE orders IS 'the orders'", "SELECT nextval('s1')",
        // A trigger function and its triggers (one disabled): pg_proc, pg_trigger, pg_get_triggerdef.
        "CREATE FUNCTION note_order() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.note IS NULL THEN "
        "RAISE EXCEPTION 'no note'; END IF; RETURN NEW; END $$",
        "CREATE TRIGGER orders_noted BEFORE UPDATE OF note ON orders FOR EACH ROW WHEN (NEW.amount > 0) "
        "EXECUTE FUNCTION note_order()",
        "CREATE TRIGGER orders_deleted AFTER DELETE ON orders FOR EACH ROW EXECUTE FUNCTION note_order()",
        "ALTER TABLE orders DISABLE TRIGGER orders_deleted"})
    local_exec(sql);
  const auto script = std::filesystem::temp_directory_path() /
                      ("tributary_047_dump_" + std::to_string(::getpid()) + ".sql");
  const auto without_varying_lines = [](const std::string& text) {
    std::string out, line;
    std::istringstream in(text);
    while (std::getline(in, line))
      if (!line.starts_with("\\restrict") && !line.starts_with("\\unrestrict") &&
          !line.starts_with("-- Dumped from database version"))
        out += line + "\n";
    return out;
  };
  auto schema = on_tributary("pg_dump", {"-s", "-O", "-d", "postgres"});
  ASSERT_TRUE(schema.succeeded) << schema.text;
  auto dumped = on_tributary("pg_dump", {"-O", "-d", "postgres", "-f", script.string()});
  ASSERT_TRUE(dumped.succeeded) << dumped.text;
  ASSERT_TRUE(on_postgresql("createdb", {"restored"}).succeeded);
  auto restored = on_postgresql("psql", {"-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", "restored", "-f", script.string()});
  EXPECT_TRUE(restored.succeeded) << restored.text;
  std::ifstream in(script);
  std::stringstream mine;
  mine << in.rdbuf();
  std::filesystem::remove(script);
  auto theirs = on_postgresql("pg_dump", {"-O", "-d", "restored"});
  ASSERT_TRUE(theirs.succeeded) << theirs.text;
  const std::string expected = without_varying_lines(theirs.text);
  // The view's SELECT as PostgreSQL prints it back (pg_get_viewdef).
  EXPECT_NE(expected.find(" SELECT orders.id,\n    orders.amount\n   FROM public.orders\n  WHERE (orders.amount > "
                          "(100)::numeric);\n"),
            std::string::npos)
      << expected;
  EXPECT_EQ(without_varying_lines(mine.str()), expected);
  EXPECT_NE(expected.find("CONSTRAINT orders_amount_check CHECK ((amount > (0)::numeric))"), std::string::npos);
  EXPECT_NE(expected.find("ALTER SEQUENCE public.customers_id_seq OWNED BY public.customers.id;"),
            std::string::npos);
  EXPECT_NE(expected.find("SELECT pg_catalog.setval('public.s1', 1, true);"), std::string::npos);
  EXPECT_NE(expected.find("CREATE TRIGGER orders_noted BEFORE UPDATE OF note ON public.orders FOR EACH ROW WHEN "
                          "((new.amount > (0)::numeric)) EXECUTE FUNCTION public.note_order();"),
            std::string::npos)
      << expected;
  EXPECT_NE(expected.find("ALTER TABLE public.orders DISABLE TRIGGER orders_deleted;"), std::string::npos);
  // The schema-only dump is the same script without the data.
  EXPECT_EQ(schema.text.find("COPY public."), std::string::npos);
  EXPECT_NE(schema.text.find("CREATE TABLE public.orders ("), std::string::npos) << schema.text;
  // pg_dump locks the tables it dumps: LOCK TABLE as PostgreSQL answers it.
  expect_same_answers({"CREATE TABLE lk (a int)", "CREATE VIEW lv AS SELECT a FROM lk", "LOCK TABLE lk", "BEGIN",
                       "LOCK TABLE lk IN ACCESS SHARE MODE", "LOCK TABLE nosuch IN ACCESS SHARE MODE", "ROLLBACK",
                       "BEGIN READ ONLY", "LOCK TABLE ONLY lk, lv IN ACCESS SHARE MODE", "COMMIT", "DROP VIEW lv",
                       "DROP TABLE lk"});
}

TEST_F(PostgresTools, PgDumpOfEnumsDomainsSchemasAndIdentityRestoresIntoPostgres) {
  // pg_dump reads pg_enum, domains' CHECKs (pg_constraint.contypid) and DEFAULTs
  // (pg_type.typdefaultbin), the
  // element of an enum's array type (typname[0]),
  // each column's storage against its type's, and prints user types and casts
  // to them schema-qualified (its search_path is empty); the view names a table
  // of another schema, and so do a view and a serial column of another schema. The
  // restored database dumps the same script.
  for (const char* sql :
       {"CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')", "CREATE DOMAIN price AS numeric(10,2) DEFAULT 0 CHECK (VALUE >= 0)",
        "CREATE DOMAIN posint AS int CONSTRAINT is_pos CHECK (VALUE > 0) CHECK (VALUE < 100)",
        "CREATE DOMAIN code AS text NOT NULL DEFAULT 'none'", "CREATE SCHEMA sales",
        "CREATE TABLE sales.orders (id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY, m mood DEFAULT 'ok', "
        "p price, c code, tags text[], moods mood[])",
        "CREATE TABLE sales.lines (id bigint GENERATED BY DEFAULT AS IDENTITY, o int REFERENCES sales.orders, n int)",
        "CREATE VIEW v AS SELECT id, m FROM sales.orders",
        "CREATE TABLE sales.notes (id serial PRIMARY KEY, t text)",
        "CREATE VIEW sales.lv (line, qty) AS SELECT id, n FROM sales.lines WHERE n > 0",
        "INSERT INTO sales.orders (m, p, c, tags, moods) VALUES ('happy', 1.5, 'a', '{x,y}', '{ok,sad}'), "
        "('sad', 0, 'b', NULL, NULL)",
        "INSERT INTO sales.lines (o, n) VALUES (1, 5)"})
    local_exec(sql);
  const auto script = std::filesystem::temp_directory_path() /
                      ("tributary_047_types_dump_" + std::to_string(::getpid()) + ".sql");
  auto dumped = on_tributary("pg_dump", {"-O", "-d", "postgres", "-f", script.string()});
  ASSERT_TRUE(dumped.succeeded) << dumped.text;
  ASSERT_TRUE(on_postgresql("createdb", {"restored_types"}).succeeded);
  auto restored =
      on_postgresql("psql", {"-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", "restored_types", "-f", script.string()});
  EXPECT_TRUE(restored.succeeded) << restored.text;
  std::ifstream in(script);
  std::stringstream mine;
  mine << in.rdbuf();
  std::filesystem::remove(script);
  auto theirs = on_postgresql("pg_dump", {"-O", "-d", "restored_types"});
  ASSERT_TRUE(theirs.succeeded) << theirs.text;
  const auto without_varying_lines = [](const std::string& text) {
    std::string out, line;
    std::istringstream lines(text);
    while (std::getline(lines, line))
      if (!line.starts_with("\\restrict") && !line.starts_with("\\unrestrict") &&
          !line.starts_with("-- Dumped from database version"))
        out += line + "\n";
    return out;
  };
  const std::string expected = without_varying_lines(theirs.text);
  EXPECT_NE(expected.find(" SELECT orders.id,\n    orders.m\n   FROM sales.orders;\n"), std::string::npos) << expected;
  EXPECT_NE(expected.find("CREATE VIEW sales.lv AS\n SELECT lines.id AS line,\n    lines.n AS qty\n   FROM sales.lines\n"
                          "  WHERE (lines.n > 0);"),
            std::string::npos);
  EXPECT_NE(expected.find("ALTER TABLE ONLY sales.notes ALTER COLUMN id SET DEFAULT nextval('sales.notes_id_seq'::regclass);"),
            std::string::npos);
  EXPECT_EQ(without_varying_lines(mine.str()), expected);
  EXPECT_NE(expected.find("CREATE TYPE public.mood AS ENUM (\n    'sad',\n    'ok',\n    'happy'\n);"),
            std::string::npos);
  EXPECT_NE(expected.find("    m public.mood DEFAULT 'ok'::public.mood,\n    p public.price,\n    c public.code,"),
            std::string::npos);
  EXPECT_NE(expected.find("ALTER TABLE sales.orders ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY ("),
            std::string::npos);
  EXPECT_EQ(expected.find("_mood"), std::string::npos);
  EXPECT_NE(expected.find("CREATE DOMAIN public.price AS numeric(10,2) DEFAULT 0\n\tCONSTRAINT price_check CHECK "
                          "((VALUE >= (0)::numeric));"),
            std::string::npos);
  EXPECT_NE(expected.find("CREATE DOMAIN public.code AS text NOT NULL DEFAULT 'none'::text;"), std::string::npos);
  expect_same_answers({"CREATE TYPE mood2 AS ENUM ('b', 'a')",
                       "SELECT e.enumlabel, e.enumsortorder FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid "
                       "WHERE t.typname = 'mood2' ORDER BY 2",
                       "DROP TYPE mood2",
                       "CREATE DOMAIN posint2 AS int CONSTRAINT is_pos2 CHECK (VALUE > 0) CHECK (VALUE < 100)",
                       "SELECT c.conname, c.contype, c.conrelid, t.typname, c.conkey, pg_get_constraintdef(c.oid), "
                       "pg_get_constraintdef(c.oid, true), c.convalidated FROM pg_constraint c "
                       "JOIN pg_type t ON t.oid = c.contypid WHERE t.typname = 'posint2' ORDER BY 1",
                       "DROP DOMAIN posint2",
                       "SELECT typname[0] = '_' AS underscore, typname[1] FROM pg_type WHERE typname = '_int4'",
                       "SELECT 0::regclass AS c, 0::regtype AS t"});
}

TEST_F(PostgresTools, PgbenchInitializesAndRunsTheDefaultScript) {
  // What pgbench -i needs beyond plain DDL, with PostgreSQL's errors.
  expect_same_answers({
      "CREATE TABLE ff (a int) WITH (fillfactor=5)",
      "CREATE TABLE ff (a int) WITH (fillfactor=-5)",
      "CREATE TABLE ff (a int) WITH (fillfactor='x')",
      "CREATE TABLE ff (a int) WITH (fillfactor=70)",
      "VACUUM ANALYZE ff",
      "VACUUM",
      "ANALYZE ff",
      "VACUUM nosuch",
      "ANALYZE nosuch",
      "BEGIN",
      "ANALYZE ff",
      "VACUUM ff",
      "ROLLBACK",
      "DROP TABLE ff",
  });

  // pgbench -i with its default steps (dtgvp): DROP TABLE IF EXISTS of four
  // tables, CREATE TABLE ... WITH (fillfactor=100), TRUNCATE and COPY ... WITH
  // (FREEZE ON) in one transaction, VACUUM ANALYZE, then ALTER TABLE ... ADD
  // PRIMARY KEY on the three filled tables.
  auto init = on_tributary("pgbench", {"-i", "-s", "1", "postgres"});
  ASSERT_TRUE(init.succeeded) << init.status << "\n" << init.text;
  EXPECT_NE(init.text.find("done in"), std::string::npos) << init.text;
  EXPECT_EQ(local_value("SELECT count(*) FROM pgbench_accounts"), "100000");
  EXPECT_EQ(local_value("SELECT count(*) FROM pgbench_tellers"), "10");
  EXPECT_EQ(local_value("SELECT count(*) FROM pgbench_branches"), "1");
  EXPECT_EQ(local_value("SELECT sum(abalance) FROM pgbench_accounts"), "0");
  EXPECT_EQ(local_value("SELECT string_agg(conname || ' ' || pg_get_constraintdef(oid), ', ' ORDER BY conname) "
                        "FROM pg_constraint WHERE contype = 'p' AND connamespace = 'public'::regnamespace"),
            "pgbench_accounts_pkey PRIMARY KEY (aid), pgbench_branches_pkey PRIMARY KEY (bid), "
            "pgbench_tellers_pkey PRIMARY KEY (tid)");

  // The default (TPC-B like) script: its catalog query finds pgbench_accounts on
  // the search path (CROSS JOIN LATERAL, array_position(current_schemas(true), ...)).
  auto run = on_tributary("pgbench", {"-t", "50", "postgres"});
  ASSERT_TRUE(run.succeeded) << run.status << "\n" << run.text;
  EXPECT_NE(run.text.find("number of transactions actually processed: 50/50"), std::string::npos) << run.text;
  EXPECT_NE(run.text.find("number of failed transactions: 0"), std::string::npos) << run.text;
  // Every transaction moved the same delta through an account, a teller, a branch
  // and the history.
  EXPECT_EQ(local_value("SELECT count(*) FROM pgbench_history"), "50");
  const std::string total = local_value("SELECT coalesce(sum(delta), 0) FROM pgbench_history");
  EXPECT_EQ(local_value("SELECT coalesce(sum(abalance), 0) FROM pgbench_accounts"), total);
  EXPECT_EQ(local_value("SELECT coalesce(sum(tbalance), 0) FROM pgbench_tellers"), total);
  EXPECT_EQ(local_value("SELECT coalesce(sum(bbalance), 0) FROM pgbench_branches"), total);
}

}  // namespace
}  // namespace tributary::integration
