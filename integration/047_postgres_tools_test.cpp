// 047_postgres_tools: PostgreSQL 15's own programs against Tributary (issue 12):
// pg_settings and SHOW ALL as psql's \dconfig reads them, psql's \gdesc (and
// VALUES lists), pg_isready, createdb /
// dropdb, ALTER TABLE ... ADD PRIMARY KEY / UNIQUE / FOREIGN KEY and DROP
// CONSTRAINT (on tables other tables reference too), COMMENT ON (pg_description, obj_description, col_description),
// information_schema (tables, columns, schemata, table_constraints,
// key_column_usage), pg_dumpall -g, pg_dump (restored into PostgreSQL), and pgbench (initialization with its default steps, then the
// default script). Where the output is deterministic it is compared with the
// same program's output against a PostgreSQL 15 (the fixture's publisher, not
// replicating here).
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "integration/client_program.hpp"
#include "integration/differential_test.hpp"

namespace tributary::integration {
namespace {

const std::filesystem::path bin = "/usr/lib/postgresql/15/bin";
constexpr auto tool_timeout = std::chrono::seconds(60);

class PostgresTools : public DifferentialTest {
protected:
  // `tool` (a PostgreSQL 15 program) with `arguments` against the server on `port` as `user`.
  client_output tool(const std::string& name, std::vector<std::string> arguments, int port, const std::string& user) {
    std::vector<std::string> argv = {(bin / name).string(), "-h", "127.0.0.1", "-p", std::to_string(port), "-U", user};
    for (auto& a : arguments)
      argv.push_back(std::move(a));
    const auto log = std::filesystem::temp_directory_path() /
                     ("tributary_047_" + name + "_" + std::to_string(::getpid()) + ".out");
    auto out = run_client(std::move(argv), log, tool_timeout);
    std::filesystem::remove(log);
    return out;
  }
  client_output on_tributary(const std::string& name, std::vector<std::string> arguments) {
    return tool(name, std::move(arguments), subscriber_.port(), subscriber_.user());
  }
  client_output on_postgresql(const std::string& name, std::vector<std::string> arguments) {
    return tool(name, std::move(arguments), publisher_.port(), "postgres");
  }
};

TEST_F(PostgresTools, PgSettingsDescribesParametersAsPostgres) {
  // What PostgreSQL says about each parameter both servers have.
  const std::string described =
      "SELECT name, unit, category, short_desc, extra_desc, context, vartype, min_val, max_val, enumvals "
      "FROM pg_catalog.pg_settings WHERE name IN ('statement_timeout', 'lock_timeout', 'work_mem', "
      "'DateStyle', 'IntervalStyle', 'TimeZone', 'extra_float_digits', 'bytea_output', 'search_path', "
      "'client_min_messages', 'default_transaction_isolation', 'enable_seqscan', 'port', "
      "'wal_receiver_timeout', 'max_connections', 'random_page_cost', 'application_name') ORDER BY name";
  // Values in the unit column's unit, and where they come from.
  expect_same_answers({
      described,
      "SELECT name, setting, unit, source, boot_val, reset_val FROM pg_settings "
      "WHERE name IN ('statement_timeout', 'work_mem', 'extra_float_digits', 'enable_seqscan', "
      "'wal_receiver_timeout', 'bytea_output') ORDER BY name",
      "SET statement_timeout = '2min'",
      "SET work_mem = '64MB'",
      "SELECT name, setting, unit, source, boot_val, reset_val FROM pg_settings "
      "WHERE name IN ('statement_timeout', 'work_mem') ORDER BY name",
      "SELECT current_setting(name) FROM pg_settings WHERE name = 'statement_timeout'",
      "RESET ALL",
      "SELECT name, setting, source FROM pg_settings WHERE name IN ('statement_timeout', 'work_mem') ORDER BY 1",
      // Hidden as in PostgreSQL.
      "SELECT count(*) FROM pg_settings WHERE name IN ('is_superuser', 'session_authorization')",
      // pg_dump's first catalog read (an empty answer: neither server has this one set).
      "SELECT set_config(name, 'view, foreign-table', false) FROM pg_settings "
      "WHERE name = 'restrict_nonsystem_relation_kind' AND false",
      "SELECT name, setting FROM pg_settings WHERE name = 'no_such_parameter'",
  });
}

TEST_F(PostgresTools, ShowAllAndDconfigAsPostgres) {
  // SHOW ALL: name, setting (as SHOW prints it), description; the rows of the
  // parameters both servers have are PostgreSQL's.
  auto postgres = publisher_.connect();
  pg_result theirs(PQexec(postgres.get(), "SHOW ALL"));
  pg_result mine(local_try("SHOW ALL"));
  ASSERT_EQ(PQresultStatus(mine.get()), PGRES_TUPLES_OK) << PQresultErrorMessage(mine.get());
  ASSERT_EQ(PQnfields(mine.get()), 3);
  for (int c = 0; c < 3; ++c)
    EXPECT_STREQ(PQfname(mine.get(), c), PQfname(theirs.get(), c));
  std::map<std::string, std::string> reference;
  for (int r = 0; r < PQntuples(theirs.get()); ++r)
    reference[PQgetvalue(theirs.get(), r, 0)] =
        std::string(PQgetvalue(theirs.get(), r, 1)) + "|" + PQgetvalue(theirs.get(), r, 2);
  int compared = 0;
  std::string previous;
  for (int r = 0; r < PQntuples(mine.get()); ++r) {
    const std::string name = PQgetvalue(mine.get(), r, 0);
    EXPECT_NE(name, "is_superuser");
    EXPECT_NE(name, "session_authorization");
    for (const char* same : {"work_mem", "statement_timeout", "IntervalStyle", "enable_seqscan", "bytea_output",
                             "wal_receiver_timeout", "max_connections", "random_page_cost"})
      if (name == same) {
        ++compared;
        EXPECT_EQ(std::string(PQgetvalue(mine.get(), r, 1)) + "|" + PQgetvalue(mine.get(), r, 2), reference[name])
            << name;
      }
    previous = name;
  }
  EXPECT_EQ(compared, 8);

  // psql's \dconfig reads pg_settings and pg_parameter_acl; \dx lists plpgsql
  // (pg_extension and its pg_description row).
  for (const char* command : {"\\dconfig+ work*", "\\dconfig+ enable_*", "\\dconfig bytea_output", "\\dx"}) {
    auto theirs_out = on_postgresql("psql", {"-X", "-A", "-d", "postgres", "-c", command});
    auto mine_out = on_tributary("psql", {"-X", "-A", "-d", "postgres", "-c", command});
    EXPECT_TRUE(theirs_out.succeeded) << theirs_out.text;
    EXPECT_EQ(mine_out.text, theirs_out.text) << command;
  }
}

TEST_F(PostgresTools, PsqlGdescAndValuesListsAsPostgres) {
  // \gdesc: Parse + Describe of the query, then psql's own
  // SELECT ... format_type(tp, tpm) FROM (VALUES (...), ...) s(name, tp, tpm).
  const auto script = std::filesystem::temp_directory_path() /
                      ("tributary_047_gdesc_" + std::to_string(::getpid()) + ".sql");
  {
    std::ofstream out(script);
    out << "SELECT 1 AS a, 'x'::text AS b, now() AS c, 1.5::numeric(5,2) AS d, 'q' AS e, "
           "NULL::varchar(7) AS f \\gdesc\n";
  }
  auto theirs = on_postgresql("psql", {"-X", "-A", "-d", "postgres", "-f", script.string()});
  auto mine = on_tributary("psql", {"-X", "-A", "-d", "postgres", "-f", script.string()});
  std::filesystem::remove(script);
  ASSERT_NE(theirs.text.find("d|numeric(5,2)"), std::string::npos) << theirs.text;
  EXPECT_EQ(mine.text, theirs.text);
  expect_same_answers({
      "SELECT * FROM (VALUES (1, 'a'), (2, NULL)) v(n, t) ORDER BY 1",
      "VALUES (1), (2.5)",
      "VALUES ('x', 1)",
      "SELECT column1, column2 FROM (VALUES (1, true)) v",
      "SELECT * FROM (VALUES (1, 2), (3)) v",
      "SELECT * FROM (VALUES (1, 2)) v(a, b, c)",
  });
}

TEST_F(PostgresTools, PgIsreadyCreatedbAndDropdb) {
  auto ready = on_tributary("pg_isready", {});
  EXPECT_TRUE(ready.succeeded) << ready.status << "\n" << ready.text;
  EXPECT_EQ(ready.text, "127.0.0.1:" + std::to_string(subscriber_.port()) + " - accepting connections\n");

  auto created = on_tributary("createdb", {"tools_db"});
  EXPECT_TRUE(created.succeeded) << created.text;
  EXPECT_EQ(local_value("SELECT count(*) FROM pg_database WHERE datname = 'tools_db'"), "1");
  // The same refusals as PostgreSQL's, word for word (but for the program's path).
  for (const std::vector<std::string>& call :
       {std::vector<std::string>{"createdb", "tools_db"}, std::vector<std::string>{"dropdb", "no_such_db"}}) {
    if (call[0] == "createdb")
      ASSERT_TRUE(on_postgresql("createdb", {"tools_db"}).succeeded);
    auto theirs = on_postgresql(call[0], {call[1]});
    auto mine = on_tributary(call[0], {call[1]});
    EXPECT_FALSE(mine.succeeded) << mine.text;
    EXPECT_EQ(mine.text, theirs.text) << call[0] << " " << call[1];
  }
  auto dropped = on_tributary("dropdb", {"tools_db"});
  EXPECT_TRUE(dropped.succeeded) << dropped.text;
  EXPECT_EQ(local_value("SELECT count(*) FROM pg_database WHERE datname = 'tools_db'"), "0");
  auto if_exists = on_tributary("dropdb", {"--if-exists", "tools_db"});
  EXPECT_TRUE(if_exists.succeeded) << if_exists.text;
}

TEST_F(PostgresTools, AddsAndDropsKeyConstraintsAsPostgres) {
  // The rows are tested first (NULLs, duplicates, missing referenced keys), with
  // PostgreSQL's errors; the constraints then show in pg_constraint and psql's \d.
  const std::string constraints =
      "SELECT conname, contype, conkey, confkey, confupdtype, confdeltype, confmatchtype, "
      "pg_get_constraintdef(oid) AS def, (SELECT relname FROM pg_class WHERE oid = confrelid) AS confrel, "
      "(SELECT relname FROM pg_class WHERE oid = conindid) AS idx FROM pg_constraint "
      "WHERE conrelid IN (SELECT oid FROM pg_class WHERE relname IN ('k1', 'k2')) ORDER BY conname";
  expect_same_answers({
      "CREATE TABLE k1 (a int, b text, c int)",
      "INSERT INTO k1 VALUES (2, 'x', 1), (1, 'y', 1), (2, 'z', 2), (3, NULL, 3)",
      "ALTER TABLE k1 ADD PRIMARY KEY (a)",
      "ALTER TABLE k1 ADD PRIMARY KEY (b)",
      "ALTER TABLE k1 ADD PRIMARY KEY (nosuch)",
      "ALTER TABLE k1 ADD UNIQUE (c)",
      "ALTER TABLE k1 ADD UNIQUE (a, b)",
      "DELETE FROM k1 WHERE b = 'z'",
      "UPDATE k1 SET c = 4 WHERE a = 1",
      "ALTER TABLE k1 ADD PRIMARY KEY (a)",
      "ALTER TABLE k1 ADD PRIMARY KEY (a)",
      "ALTER TABLE k1 ADD CONSTRAINT k1_c_uq UNIQUE (c)",
      "ALTER TABLE k1 ADD CONSTRAINT k1_c_uq UNIQUE (b)",
      "ALTER TABLE k1 ADD CONSTRAINT k1_b_uq UNIQUE (b)",
      "ALTER TABLE k1 DROP CONSTRAINT k1_b_uq",
      "ALTER TABLE k1 DROP CONSTRAINT k1_a_b_key",
      "INSERT INTO k1 VALUES (1, 'q', 5)",
      "INSERT INTO k1 VALUES (7, 'q', 1)",
      "CREATE TABLE k2 (x int, y int, z text)",
      "INSERT INTO k2 VALUES (1, 5, 'x'), (NULL, 7, 'w')",
      "ALTER TABLE k2 ADD FOREIGN KEY (y) REFERENCES k1",
      "ALTER TABLE k2 ADD FOREIGN KEY (x) REFERENCES k1",
      "UPDATE k2 SET y = 1",
      "ALTER TABLE k2 ADD FOREIGN KEY (y) REFERENCES k1 (a)",
      "ALTER TABLE k2 ADD CONSTRAINT k2_text FOREIGN KEY (x) REFERENCES k1 (b)",
      "ALTER TABLE k2 ADD CONSTRAINT k2_self FOREIGN KEY (y) REFERENCES k2 (x)",
      "ALTER TABLE k2 ADD FOREIGN KEY (x) REFERENCES nosuch",
      "ALTER TABLE k2 ADD CONSTRAINT k2_z_fk FOREIGN KEY (z) REFERENCES k1 (b)",
      "ALTER TABLE k2 ADD CONSTRAINT k2_c_fk FOREIGN KEY (x) REFERENCES k1 (c) ON DELETE CASCADE",
      "INSERT INTO k2 VALUES (NULL, 9, NULL)",
      constraints,
      "ALTER TABLE k2 DROP CONSTRAINT k2_y_fkey",
      "ALTER TABLE k2 DROP CONSTRAINT nosuch",
      "ALTER TABLE k2 DROP CONSTRAINT IF EXISTS nosuch",
      "INSERT INTO k2 VALUES (NULL, 9, NULL)",
      "DELETE FROM k1 WHERE c = 1",
      "SELECT * FROM k2 ORDER BY x",
      constraints,
      "DROP TABLE k2",
  });
  for (const char* command : {"\\d k1"}) {
    auto theirs = on_postgresql("psql", {"-X", "-A", "-d", "postgres", "-c", command});
    auto mine = on_tributary("psql", {"-X", "-A", "-d", "postgres", "-c", command});
    EXPECT_TRUE(theirs.succeeded) << theirs.text;
    EXPECT_EQ(mine.text, theirs.text) << command;
  }
  expect_same_answers({"DROP TABLE k1"});
  // Referential actions declared with CREATE TABLE act, and show.
  expect_same_answers({
      "CREATE TABLE cp (id int PRIMARY KEY)",
      "CREATE TABLE cc (a int REFERENCES cp ON DELETE CASCADE, b int REFERENCES cp (id) ON DELETE SET NULL, "
      "CONSTRAINT cc_pos CHECK (a > 0))",
      "INSERT INTO cp VALUES (1), (2)",
      "INSERT INTO cc VALUES (1, 2), (2, 1)",
      "DELETE FROM cp WHERE id = 1",
      "SELECT * FROM cc ORDER BY a",
      "SELECT conname, contype, conkey, pg_get_constraintdef(oid), pg_get_constraintdef(oid, true) "
      "FROM pg_constraint WHERE conrelid = 'cc'::regclass ORDER BY 1",
      "SELECT relchecks, relhastriggers FROM pg_class WHERE relname IN ('cp', 'cc') ORDER BY relname",
      "SELECT conname, conrelid::regclass, confrelid::regclass::text FROM pg_constraint "
      "WHERE confrelid IN (SELECT pg_partition_ancestors('cp') UNION ALL VALUES ('cp'::regclass)) ORDER BY 1",
      "DROP TABLE cc",
      "DROP TABLE cp",
  });
}

TEST_F(PostgresTools, KeysOfTablesOthersReferenceChangeAsPostgres) {
  // The referenced table is rebuilt with its children's references left as they
  // are (ON DELETE actions do not run); a key a foreign key depends on is 2BP01
  // unless CASCADE drops the foreign keys too; keys declared with their column
  // (the integer rowid key too) and named keys are dropped by name. CREATE TABLE
  // refuses a foreign key without a matching key as PostgreSQL does.
  const std::string constraints =
      "SELECT conname, contype, conrelid::regclass, confrelid::regclass, conindid::regclass, "
      "pg_get_constraintdef(oid) FROM pg_constraint "
      "WHERE conrelid IN (SELECT oid FROM pg_class WHERE relname IN ('p', 'ch', 'ch2', 'ch3', 'q')) ORDER BY 1";
  expect_same_answers({
      "CREATE TABLE p (a int PRIMARY KEY, b int, c text)",
      "CREATE TABLE ch (x int REFERENCES p ON DELETE CASCADE, y int)",
      "CREATE TABLE ch2 (x int, CONSTRAINT ch2_named FOREIGN KEY (x) REFERENCES p (a))",
      "INSERT INTO p VALUES (1, 10, 'a'), (2, 20, 'b')",
      "INSERT INTO ch VALUES (1, 1), (2, 2)",
      "INSERT INTO ch2 VALUES (1)",
      "ALTER TABLE p ADD UNIQUE (b)",
      "ALTER TABLE p ADD CONSTRAINT p_c_uq UNIQUE (c)",
      "SELECT * FROM ch ORDER BY x",
      "CREATE TABLE ch3 (z int REFERENCES p (b))",
      "INSERT INTO ch3 VALUES (10)",
      "ALTER TABLE p DROP CONSTRAINT p_pkey",
      "ALTER TABLE p DROP CONSTRAINT p_b_key",
      "ALTER TABLE p DROP CONSTRAINT p_c_uq",
      "ALTER TABLE p ALTER COLUMN c SET NOT NULL",
      "ALTER TABLE p ALTER COLUMN c TYPE varchar(10)",
      "INSERT INTO ch VALUES (3, 3)",
      "DELETE FROM p WHERE a = 1",
      "SELECT * FROM ch ORDER BY x",
      "BEGIN",
      "ALTER TABLE p ADD CONSTRAINT p_c_uq UNIQUE (c)",
      "INSERT INTO ch VALUES (3, 3)",
      "ROLLBACK",
      "BEGIN",
      "ALTER TABLE p ADD CONSTRAINT p_c_uq UNIQUE (c)",
      "DELETE FROM p WHERE a = 2",
      "SELECT * FROM ch ORDER BY x",
      "COMMIT",
      constraints,
      "ALTER TABLE p DROP CONSTRAINT p_b_key CASCADE",
      "ALTER TABLE p DROP CONSTRAINT p_pkey CASCADE",
      constraints,
      "INSERT INTO ch VALUES (9, 9)",
      "DROP TABLE ch, ch2, ch3, p",
      // Keys declared with their column, named ones, the serial key.
      "CREATE TABLE p (id serial PRIMARY KEY, code text CONSTRAINT p_code_uq UNIQUE, n int)",
      "CREATE TABLE q (a int CONSTRAINT q_named PRIMARY KEY, b int, CONSTRAINT q_b UNIQUE (b))",
      "CREATE TABLE ch (pid int REFERENCES p ON DELETE SET NULL, code text REFERENCES p (code), "
      "qa int CONSTRAINT c_to_q REFERENCES q)",
      "INSERT INTO p (code, n) VALUES ('x', 1), ('y', 2)",
      "INSERT INTO q VALUES (1, 1)",
      "INSERT INTO ch VALUES (1, 'x', 1), (2, 'y', NULL)",
      constraints,
      "ALTER TABLE p ALTER COLUMN n TYPE bigint",
      "ALTER TABLE p DROP CONSTRAINT p_code_uq",
      "ALTER TABLE p DROP CONSTRAINT p_code_uq CASCADE",
      "ALTER TABLE q DROP CONSTRAINT q_named",
      "ALTER TABLE ch DROP CONSTRAINT c_to_q",
      "ALTER TABLE q DROP CONSTRAINT q_named",
      "ALTER TABLE q DROP CONSTRAINT q_b",
      "DELETE FROM p WHERE id = 1",
      "SELECT * FROM ch ORDER BY code",
      "INSERT INTO p (code, n) VALUES ('x', 3)",
      constraints,
  });
  for (const char* command : {"\\d p", "\\d ch"}) {
    auto theirs = on_postgresql("psql", {"-X", "-A", "-d", "postgres", "-c", command});
    auto mine = on_tributary("psql", {"-X", "-A", "-d", "postgres", "-c", command});
    EXPECT_TRUE(theirs.succeeded) << theirs.text;
    EXPECT_EQ(mine.text, theirs.text) << command;
  }
  expect_same_answers({"DROP TABLE ch, p, q"});
  // CREATE TABLE tests each foreign key's referenced key and types at once.
  expect_same_answers({
      "CREATE TABLE fp (a int PRIMARY KEY, b int, c text UNIQUE)",
      "CREATE TABLE fc1 (x int REFERENCES fp (b))",
      "CREATE TABLE fc2 (x int, CONSTRAINT named FOREIGN KEY (x) REFERENCES fp (c))",
      "CREATE TABLE fc3 (x int REFERENCES fp (c))",
      "CREATE TABLE fc4 (x int REFERENCES fp, y text REFERENCES fp (c))",
      "CREATE TABLE fc5 (x int, y int, FOREIGN KEY (x, y) REFERENCES fp (a, b))",
      "CREATE TABLE fc6 (id int PRIMARY KEY, parent int REFERENCES fc6)",
      "SELECT relname FROM pg_class WHERE relname LIKE 'fc_' ORDER BY 1",
      "DROP TABLE fc4, fc6, fp",
  });
}

TEST_F(PostgresTools, CommentsOnRelationsAndColumnsAsPostgres) {
  const std::string described =
      "SELECT c.relname, d.objsubid, d.description FROM pg_description d JOIN pg_class c ON c.oid = d.objoid "
      "AND d.classoid = 'pg_class'::regclass WHERE c.relname IN ('cm', 'cv', 'cs') ORDER BY 1, 2";
  expect_same_answers({
      "CREATE TABLE cm (id int PRIMARY KEY, name text)",
      "CREATE VIEW cv AS SELECT id FROM cm",
      "CREATE SEQUENCE cs",
      "COMMENT ON TABLE cm IS 'customers'",
      "COMMENT ON COLUMN cm.name IS 'the name'",
      "COMMENT ON VIEW cv IS 'a view'",
      "COMMENT ON COLUMN cv.id IS 'view column'",
      "COMMENT ON SEQUENCE cs IS 'numbers'",
      "COMMENT ON TABLE nosuch IS 'x'",
      "COMMENT ON COLUMN cm.nosuch IS 'x'",
      "COMMENT ON COLUMN nosuch.a IS 'x'",
      "COMMENT ON TABLE cv IS 'x'",
      "COMMENT ON VIEW cm IS 'x'",
      "COMMENT ON SEQUENCE cm IS 'x'",
      described,
      "SELECT obj_description('cm'::regclass, 'pg_class') AS a, obj_description('cm'::regclass) AS b, "
      "col_description('cm'::regclass, 2) AS c, col_description('cm'::regclass, 1) AS d",
      "COMMENT ON TABLE cm IS 'clients'",
      "COMMENT ON COLUMN cm.name IS NULL",
      "COMMENT ON SEQUENCE cs IS ''",
      described,
      "DROP VIEW cv",
      "ALTER TABLE cm RENAME COLUMN id TO ident",
      "COMMENT ON COLUMN cm.ident IS 'key'",
      "ALTER TABLE cm RENAME COLUMN ident TO id",
      "ALTER TABLE cm RENAME TO cm2",
      "SELECT obj_description('cm2'::regclass, 'pg_class') AS renamed",
      "ALTER TABLE cm2 RENAME TO cm",
      described,
      "DROP TABLE cm",
      "CREATE TABLE cm (id int)",
      described,
      "DROP TABLE cm",
      "DROP SEQUENCE cs",
  });
}

TEST_F(PostgresTools, InformationSchemaAsPostgres) {
  // What ORMs and JDBC's DatabaseMetaData read, for the same tables on both.
  const std::string user_schemas = "NOT IN ('pg_catalog', 'information_schema', 'pg_toast')";
  expect_same_answers({
      "CREATE SCHEMA inv",
      "CREATE TABLE inv.items (id serial PRIMARY KEY, code varchar(12) NOT NULL UNIQUE, "
      "price numeric(10,2) DEFAULT 0, qty smallint, weight float8, note text, added timestamptz, "
      "day date, tags text[], big bigint GENERATED ALWAYS AS IDENTITY, flag boolean, c char(3))",
      "CREATE TABLE inv.lines (item int REFERENCES inv.items, n int, PRIMARY KEY (item, n))",
      "CREATE VIEW cheap AS SELECT id, price FROM inv.items",
      "SELECT table_catalog, table_schema, table_name, table_type, self_referencing_column_name, "
      "reference_generation, user_defined_type_catalog, is_insertable_into, is_typed, commit_action "
      "FROM information_schema.tables WHERE table_schema " + user_schemas + " AND table_type = 'BASE TABLE' "
      "ORDER BY table_schema, table_name",
      "SELECT table_schema, table_name, table_type FROM information_schema.tables "
      "WHERE table_name IN ('items', 'lines', 'cheap') ORDER BY table_name",
      "SELECT table_name, column_name, ordinal_position, column_default, is_nullable, data_type, "
      "character_maximum_length, character_octet_length, numeric_precision, numeric_precision_radix, "
      "numeric_scale, datetime_precision, udt_catalog, udt_schema, udt_name, dtd_identifier, is_identity, "
      "identity_generation, identity_start, identity_increment, identity_maximum, identity_minimum, "
      "identity_cycle, is_generated, is_updatable, domain_name, collation_name "
      "FROM information_schema.columns WHERE table_schema = 'inv' AND table_name <> 'cheap' "
      "ORDER BY table_name, ordinal_position",
      "SELECT catalog_name, schema_name, sql_path FROM information_schema.schemata "
      "WHERE schema_name NOT LIKE 'pg_toast%' ORDER BY schema_name",
      "SELECT constraint_schema, constraint_name, table_name, constraint_type, is_deferrable, "
      "initially_deferred, enforced, nulls_distinct FROM information_schema.table_constraints "
      "WHERE table_schema = 'inv' AND constraint_type <> 'CHECK' ORDER BY table_name, constraint_name",
      "SELECT count(*) FROM information_schema.table_constraints WHERE table_schema = 'inv' "
      "AND constraint_type = 'CHECK' AND constraint_name LIKE '%_not_null'",
      "SELECT constraint_name, table_name, column_name, ordinal_position, position_in_unique_constraint "
      "FROM information_schema.key_column_usage WHERE table_schema = 'inv' "
      "ORDER BY table_name, constraint_name, ordinal_position",
      "DROP VIEW cheap",
      "DROP TABLE inv.lines",
      "DROP TABLE inv.items",
      "DROP SCHEMA inv",
  });
}

TEST_F(PostgresTools, ViewColumnsAreTypedAsPostgres) {
  // A view's columns have the types PostgreSQL gives its SELECT's outputs
  // (pg_attribute, information_schema.columns, psql's \d); pg_views lists it.
  expect_same_answers({
      "CREATE TABLE vt (id int PRIMARY KEY, price numeric(10,2), name varchar(20), at timestamptz, flag bool)",
      "CREATE VIEW vv AS SELECT id, price, name, at, flag, price * 2 AS double_price, name || 'x' AS nx, "
      "count(*) OVER () AS n, 1 AS one, 'lit' AS lit FROM vt WHERE id > 0",
      "CREATE VIEW vw AS SELECT v.id AS a, v.n AS b FROM vv v",
      "SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnum, a.attndims FROM pg_attribute a "
      "JOIN pg_class c ON c.oid = a.attrelid WHERE c.relname IN ('vv', 'vw') AND a.attnum > 0 ORDER BY 1, 4",
      "SELECT table_name, column_name, data_type, character_maximum_length, numeric_precision, numeric_scale "
      "FROM information_schema.columns WHERE table_name IN ('vv', 'vw') ORDER BY table_name, ordinal_position",
      "SELECT schemaname, viewname, definition IS NOT NULL AS defined FROM pg_views WHERE viewname LIKE 'v_' "
      "ORDER BY 2",
  });
  for (const char* command : {"\\d vv", "\\d vw"}) {
    auto theirs = on_postgresql("psql", {"-X", "-A", "-d", "postgres", "-c", command});
    auto mine = on_tributary("psql", {"-X", "-A", "-d", "postgres", "-c", command});
    EXPECT_TRUE(theirs.succeeded) << theirs.text;
    EXPECT_EQ(mine.text, theirs.text) << command;
  }
  expect_same_answers({"DROP VIEW vw", "DROP VIEW vv", "DROP TABLE vt"});
}

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
  // script (but for the server's version and the view's SELECT, which PostgreSQL
  // prints from its parse tree).
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
        "COMMENT ON TABLE orders IS 'the orders'", "SELECT nextval('s1')"})
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
  std::string expected = without_varying_lines(theirs.text);
  const std::string their_view =
      " SELECT orders.id,\n    orders.amount\n   FROM public.orders\n  WHERE (orders.amount > (100)::numeric);\n";
  ASSERT_NE(expected.find(their_view), std::string::npos) << expected;
  expected.replace(expected.find(their_view), their_view.size(),
                   " SELECT id, amount FROM public.orders WHERE amount > 100;\n");
  EXPECT_EQ(without_varying_lines(mine.str()), expected);
  EXPECT_NE(expected.find("CONSTRAINT orders_amount_check CHECK ((amount > (0)::numeric))"), std::string::npos);
  EXPECT_NE(expected.find("ALTER SEQUENCE public.customers_id_seq OWNED BY public.customers.id;"),
            std::string::npos);
  EXPECT_NE(expected.find("SELECT pg_catalog.setval('public.s1', 1, true);"), std::string::npos);
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
  // pg_dump reads pg_enum, domains' CHECKs (pg_constraint.contypid), the
  // element of an enum's array type (typname[0]),
  // each column's storage against its type's, and prints user types and casts
  // to them schema-qualified (its search_path is empty); the view names a table
  // of another schema. The restored database dumps the same script but for the
  // view's SELECT text.
  for (const char* sql :
       {"CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')", "CREATE DOMAIN price AS numeric(10,2) CHECK (VALUE >= 0)",
        "CREATE DOMAIN posint AS int CONSTRAINT is_pos CHECK (VALUE > 0) CHECK (VALUE < 100)",
        "CREATE DOMAIN code AS text NOT NULL", "CREATE SCHEMA sales",
        "CREATE TABLE sales.orders (id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY, m mood DEFAULT 'ok', "
        "p price, c code, tags text[], moods mood[])",
        "CREATE TABLE sales.lines (id bigint GENERATED BY DEFAULT AS IDENTITY, o int REFERENCES sales.orders, n int)",
        "CREATE VIEW v AS SELECT id, m FROM sales.orders",
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
  std::string expected = without_varying_lines(theirs.text);
  const std::string their_view = " SELECT orders.id,\n    orders.m\n   FROM sales.orders orders;\n";
  ASSERT_NE(expected.find(their_view), std::string::npos) << expected;
  expected.replace(expected.find(their_view), their_view.size(), " SELECT id, m FROM sales.orders AS \"orders\";\n");
  EXPECT_EQ(without_varying_lines(mine.str()), expected);
  EXPECT_NE(expected.find("CREATE TYPE public.mood AS ENUM (\n    'sad',\n    'ok',\n    'happy'\n);"),
            std::string::npos);
  EXPECT_NE(expected.find("    m public.mood DEFAULT 'ok'::public.mood,\n    p public.price,\n    c public.code,"),
            std::string::npos);
  EXPECT_NE(expected.find("ALTER TABLE sales.orders ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY ("),
            std::string::npos);
  EXPECT_EQ(expected.find("_mood"), std::string::npos);
  EXPECT_NE(expected.find("CREATE DOMAIN public.price AS numeric(10,2)\n\tCONSTRAINT price_check CHECK ((VALUE >= "
                          "(0)::numeric));"),
            std::string::npos);
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
                        "FROM pg_constraint WHERE contype = 'p'"),
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
