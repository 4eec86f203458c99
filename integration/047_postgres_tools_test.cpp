// 047_postgres_tools: PostgreSQL 15's own programs against Tributary (issue 12):
// pg_settings and SHOW ALL as psql's \dconfig reads them, psql's \gdesc (and
// VALUES lists), pg_isready, createdb /
// dropdb, ALTER TABLE ... ADD PRIMARY KEY / UNIQUE / FOREIGN KEY and DROP
// CONSTRAINT (on tables other tables reference too), COMMENT ON (pg_description, obj_description, col_description),
// information_schema (tables, columns, schemata, table_constraints,
// key_column_usage) and views' column types (pg_dumpall, pg_dump and pgbench are in
// 047_postgres_tools_dump_test.cpp). Where the output is deterministic it is compared with the
// same program's output against a PostgreSQL 15 (the fixture's publisher, not
// replicating here).
#include <fstream>
#include <sstream>

#include "integration/postgres_tools_fixture.hpp"

namespace tributary::integration {
namespace {

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
  // (pg_extension and its pg_description row), \dx+ its members (pg_depend,
  // pg_describe_object), \dL the language (pg_language; owned by the bootstrap
  // superuser, which is this test's user on Tributary and postgres there).
  for (const char* command :
       {"\\dconfig+ work*", "\\dconfig+ enable_*", "\\dconfig bytea_output", "\\dx", "\\dx+", "\\dL"}) {
    auto theirs_out = on_postgresql("psql", {"-X", "-A", "-d", "postgres", "-c", command});
    auto mine_out = on_tributary("psql", {"-X", "-A", "-d", "postgres", "-c", command});
    EXPECT_TRUE(theirs_out.succeeded) << theirs_out.text;
    const std::string owner = "|" + subscriber_.user() + "|";
    if (auto at = mine_out.text.find(owner); std::string(command) == "\\dL" && at != std::string::npos)
      mine_out.text.replace(at, owner.size(), "|postgres|");
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
  // template0 and template1 are listed as PostgreSQL lists them; a new database
  // from either starts empty; another template, or dropping or creating one, is
  // refused with PostgreSQL's errors.
  expect_same_answers({"SELECT datname, datistemplate, encoding, datlocprovider, datconnlimit, "
                       "datacl IS NOT NULL AS acl FROM pg_database WHERE datname LIKE 'template_' ORDER BY 1"});
  auto from_template = on_tributary("createdb", {"-T", "template0", "tools_t0"});
  EXPECT_TRUE(from_template.succeeded) << from_template.text;
  EXPECT_EQ(local_value("SELECT count(*) FROM pg_database WHERE datname = 'tools_t0'"), "1");
  EXPECT_TRUE(on_tributary("dropdb", {"tools_t0"}).succeeded);
  for (const std::vector<std::string>& call :
       {std::vector<std::string>{"createdb", "-T", "no_such_template", "tools_t1"},
        std::vector<std::string>{"createdb", "template1"}, std::vector<std::string>{"dropdb", "template1"},
        std::vector<std::string>{"dropdb", "template0"}}) {
    auto theirs = on_postgresql(call[0], std::vector<std::string>(call.begin() + 1, call.end()));
    auto mine = on_tributary(call[0], std::vector<std::string>(call.begin() + 1, call.end()));
    EXPECT_FALSE(mine.succeeded) << mine.text;
    EXPECT_EQ(mine.text, theirs.text) << call[0] << " " << call.back();
  }
  auto copied = on_tributary("createdb", {"-T", "tools_db", "tools_t2"});
  EXPECT_FALSE(copied.succeeded);
  EXPECT_NE(copied.text.find("is not supported by Tributary"), std::string::npos) << copied.text;
  auto dropped = on_tributary("dropdb", {"tools_db"});
  EXPECT_TRUE(dropped.succeeded) << dropped.text;
  EXPECT_EQ(local_value("SELECT count(*) FROM pg_database WHERE datname = 'tools_db'"), "0");
  auto if_exists = on_tributary("dropdb", {"--if-exists", "tools_db"});
  EXPECT_TRUE(if_exists.succeeded) << if_exists.text;
  // vacuumdb lists the tables to vacuum (OPERATOR(pg_catalog.=) ANY (array[...])),
  // then VACUUM / ANALYZE each; --all lists the databases that allow connections.
  expect_same_answers({"CREATE TABLE vacuumed (id int PRIMARY KEY)"});
  for (const std::vector<std::string>& arguments :
       {std::vector<std::string>{"-d", "postgres"}, std::vector<std::string>{"-d", "postgres", "-z", "-t", "vacuumed"},
        std::vector<std::string>{"-d", "postgres", "--analyze-in-stages"}}) {
    auto mine = on_tributary("vacuumdb", arguments);
    EXPECT_TRUE(mine.succeeded) << mine.text;
    EXPECT_EQ(mine.text, on_postgresql("vacuumdb", arguments).text) << arguments.back();
  }
  auto all = on_tributary("vacuumdb", {"--all", "-z"});
  EXPECT_TRUE(all.succeeded) << all.text;
  EXPECT_NE(all.text.find("vacuumdb: vacuuming database \"postgres\""), std::string::npos) << all.text;
  expect_same_answers({"DROP TABLE vacuumed"});
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

TEST_F(PostgresTools, DomainsTriggersAndObjectsListAsPostgres) {
  // A domain's DEFAULT is in pg_type (typdefault, and typdefaultbin as pg_get_expr
  // prints it); psql's \dD lists domains with pg_type_is_visible; pg_trigger has
  // PostgreSQL's columns; pg_describe_object names objects as PostgreSQL does.
  expect_same_answers({
      "CREATE DOMAIN dprice AS numeric(10,2) DEFAULT 0 CHECK (VALUE >= 0)",
      "CREATE DOMAIN dlabel AS text NOT NULL DEFAULT 'x'",
      "CREATE DOMAIN dsum AS int DEFAULT 1 + 2",
      "CREATE DOMAIN dneg AS int DEFAULT -1",
      "CREATE DOMAIN dplain AS varchar(5)",
      "SELECT typname, typdefault, pg_get_expr(typdefaultbin, 'pg_type'::regclass) AS bin, typnotnull "
      "FROM pg_type WHERE typtype = 'd' AND typname LIKE 'd%' ORDER BY 1",
      "ALTER DOMAIN dplain SET DEFAULT 'y'",
      "ALTER DOMAIN dsum DROP DEFAULT",
      "SELECT typname, typdefault FROM pg_type WHERE typname IN ('dplain', 'dsum') ORDER BY 1",
      "SELECT pg_type_is_visible('int4'::regtype), pg_type_is_visible(t.oid) FROM pg_type t WHERE typname = 'dprice'",
      "SELECT pg_type_is_visible(999999) IS NULL AS missing",
      "CREATE TABLE dt (id int PRIMARY KEY, p dprice)",
      "CREATE VIEW dv AS SELECT id FROM dt",
      "SELECT pg_describe_object('pg_class'::regclass, 'dt'::regclass, 0) AS t, "
      "pg_describe_object('pg_class'::regclass, 'dt'::regclass, 2) AS c, "
      "pg_describe_object('pg_class'::regclass, 'dv'::regclass, 0) AS v, "
      "pg_describe_object('pg_class'::regclass, 'dt_pkey'::regclass, 0) AS i, "
      "pg_describe_object('pg_type'::regclass, 1043, 0) AS ty, "
      "pg_describe_object('pg_namespace'::regclass, 2200, 0) AS n, "
      "pg_describe_object('pg_class'::regclass, 999999, 0) AS missing",
      "SELECT pg_describe_object(1, 1, 0)",
  });
  for (const char* command : {"\\dD", "\\dD+ dp*", "\\d dt", "SELECT * FROM pg_trigger"}) {
    auto theirs = on_postgresql("psql", {"-X", "-A", "-d", "postgres", "-c", command});
    auto mine = on_tributary("psql", {"-X", "-A", "-d", "postgres", "-c", command});
    EXPECT_TRUE(theirs.succeeded) << theirs.text;
    EXPECT_EQ(mine.text, theirs.text) << command;
  }
  expect_same_answers({"DROP VIEW dv", "DROP TABLE dt", "DROP DOMAIN dprice", "DROP DOMAIN dlabel", "DROP DOMAIN dsum",
                       "DROP DOMAIN dneg", "DROP DOMAIN dplain"});
}

TEST_F(PostgresTools, TriggersFunctionsKeywordsAndCatalogColumnsListAsPostgres) {
  // User triggers and their PL/pgSQL functions are in pg_trigger, pg_proc and
  // pg_depend; pg_get_triggerdef and pg_get_function_* print them as PostgreSQL
  // does (psql's \d footers, \df, pg_dump).
  expect_same_answers({
      "CREATE TABLE tg (id int PRIMARY KEY, a text, \"B\" int)",
      "CREATE TABLE tg_log (id int, what text)",
      "CREATE FUNCTION tg_fn() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO tg_log VALUES (NEW.id, "
      "'x'); RETURN NEW; END $$",
      "CREATE TRIGGER tg_before BEFORE INSERT OR UPDATE OF a, \"B\" ON tg FOR EACH ROW WHEN (NEW.id > 0) "
      "EXECUTE FUNCTION tg_fn()",
      "CREATE TRIGGER tg_after AFTER DELETE OR INSERT ON tg FOR EACH ROW EXECUTE FUNCTION tg_fn()",
      "CREATE TRIGGER \"Tg old\" AFTER UPDATE ON tg FOR EACH ROW WHEN (OLD.a <> 'z') "
      "EXECUTE FUNCTION tg_fn()",
      "ALTER TABLE tg DISABLE TRIGGER tg_after",
      "SELECT tgname, pg_get_triggerdef(oid), pg_get_triggerdef(oid, true), tgtype, tgenabled, tgattr, "
      "tgqual IS NULL AS no_when, tgnargs, tgisinternal, (SELECT proname FROM pg_proc WHERE oid = tgfoid), "
      "tgrelid = 'tg'::regclass AS rel FROM pg_trigger ORDER BY 1",
      "SELECT pg_describe_object('pg_trigger'::regclass, oid, 0) FROM pg_trigger ORDER BY 1",
      "SELECT proname, prosrc, prolang, provolatile, prorettype, pronargs, pg_get_function_result(oid), "
      "pg_get_function_arguments(oid), pg_get_function_identity_arguments(oid), pg_function_is_visible(oid), "
      "pg_describe_object('pg_proc'::regclass, oid, 0) FROM pg_proc WHERE proname = 'tg_fn'",
      "SELECT d.deptype, d.refclassid::regclass, d.refobjsubid FROM pg_depend d JOIN pg_trigger t ON "
      "d.objid = t.oid WHERE d.classid = 'pg_trigger'::regclass AND d.refobjsubid = 0 ORDER BY t.tgname, 1",
      "SELECT relhastriggers FROM pg_class WHERE relname IN ('tg', 'tg_log') ORDER BY relname",
      "SELECT tablename, hastriggers FROM pg_tables WHERE tablename LIKE 'tg%' ORDER BY 1",
      "SET search_path = ''",
      "SELECT pg_get_triggerdef(oid, true) FROM pg_catalog.pg_trigger ORDER BY tgname",
      "RESET search_path",
      // pg_get_keywords(): every keyword, its category and whether it may be a bare label.
      "SELECT * FROM pg_get_keywords() ORDER BY word",
      "SELECT count(*), count(*) FILTER (WHERE catcode = 'R') FROM pg_catalog.pg_get_keywords() k(w, c)",
      // The catalogs' own columns (psql's \d pg_class reads them).
      "SELECT c.relname, c.relkind, c.relnatts, string_agg(a.attname || ' ' || format_type(a.atttypid, "
      "a.atttypmod) || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END, ', ' ORDER BY a.attnum) "
      "FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 WHERE c.relnamespace = "
      "'pg_catalog'::regnamespace AND c.relname IN ('pg_class', 'pg_trigger', 'pg_roles', 'pg_tables', "
      "'pg_index', 'pg_settings', 'pg_proc') GROUP BY 1, 2, 3 ORDER BY 1",
      "SELECT 'pg_class'::regclass::oid, 'pg_roles'::regclass::oid, 'pg_tables'::regclass::oid",
  });
  for (const char* command : {"\\d tg", "\\df", "\\df tg*", "\\d pg_tables", "\\d pg_roles", "\\d pg_settings"}) {
    auto theirs = on_postgresql("psql", {"-X", "-A", "-d", "postgres", "-c", command});
    auto mine = on_tributary("psql", {"-X", "-A", "-d", "postgres", "-c", command});
    EXPECT_TRUE(theirs.succeeded) << theirs.text;
    EXPECT_EQ(mine.text, theirs.text) << command;
  }
  // \d of a catalog table: the same columns, types and NOT NULLs (Tributary lists
  // no indexes on its catalogs, and pg_type has no pg_node_tree row for the collation).
  for (const char* command : {"\\d pg_class", "\\d pg_trigger"}) {
    auto theirs = on_postgresql("psql", {"-X", "-A", "-d", "postgres", "-c", command});
    auto mine = on_tributary("psql", {"-X", "-A", "-d", "postgres", "-c", command});
    ASSERT_TRUE(mine.succeeded) << mine.text;
    const auto columns = [](const std::string& text) {
      std::string out, line;
      std::istringstream in(text);
      while (std::getline(in, line) && !line.starts_with("Indexes:"))
        if (!line.starts_with("relpartbound|") && !line.starts_with("tgqual|"))
          out += line + "\n";
      return out;
    };
    EXPECT_NE(theirs.text.find("Table \"pg_catalog."), std::string::npos) << theirs.text;
    EXPECT_EQ(columns(mine.text), columns(theirs.text)) << command;
  }
  expect_same_answers({"DROP TABLE tg", "DROP FUNCTION tg_fn()", "DROP TABLE tg_log",
                       "SELECT count(*) FROM pg_trigger", "SELECT count(*) FROM pg_proc WHERE proname = 'tg_fn'"});
}

TEST_F(PostgresTools, ViewsAreQueriedCreatedAndDroppedAsPostgres) {
  // A query on a view has the types and values PostgreSQL gives (the
  // RowDescription psql's \gdesc shows, numeric arithmetic on its columns); a view
  // may have a column list and live in another schema; CREATE VIEW and DROP VIEW
  // refuse what PostgreSQL refuses, with its errors.
  expect_same_answers({
      "CREATE TABLE qt (id int PRIMARY KEY, price numeric(10,2), name varchar(20), at date)",
      "INSERT INTO qt VALUES (1, 2.5, 'a', '2024-02-29'), (2, 10, 'b', NULL)",
      "CREATE VIEW qv AS SELECT id, price, name, price * 2 AS dp, 'lit' AS lit, at + 1 AS next FROM qt WHERE id > 0",
      "CREATE VIEW qc (a, b) AS SELECT id, name, price FROM qt",
      "CREATE VIEW qw AS SELECT q.a + 1 AS a1, q.b, q.price FROM qc q",
      "CREATE SCHEMA qs",
      "CREATE TABLE qs.o (n int CHECK (n > 0), t text)",
      "ALTER TABLE qs.o ADD CHECK (t <> '')",
      // A CHECK of a table of another schema is named after the table alone.
      "SELECT conname FROM pg_constraint WHERE conrelid = 'qs.o'::regclass ORDER BY 1",
      "INSERT INTO qs.o VALUES (1, 'x'), (2, NULL)",
      "CREATE VIEW qs.ov AS SELECT n, t FROM qs.o",
      "SELECT * FROM qv ORDER BY id",
      "SELECT dp + 1, dp / 3, next - at FROM qv ORDER BY id",
      "SELECT * FROM qc ORDER BY a",
      "SELECT * FROM qw ORDER BY a1",
      "SELECT * FROM qs.ov ORDER BY n",
      "SELECT v.name, o.t FROM qv v JOIN qs.ov o ON o.n = v.id ORDER BY 1",
      // pg_get_viewdef prints the SELECT back as PostgreSQL does (pg_dump's plain
      // form and psql's pretty one; pg_views.definition), tables off the search path qualified.
      "CREATE VIEW qf AS SELECT * FROM qt q WHERE q.price > 1.5 AND name IS NOT NULL",
      "CREATE VIEW qe AS SELECT upper(name) AS u, 1 AS one, -1 AS neg, at + 1 AS nx, price * 2 AS dp, "
      "'lit' AS lit FROM qt WHERE id > 0",
      "CREATE VIEW qa AS SELECT o.n FROM qs.o o",
      "SELECT viewname, definition, pg_get_viewdef((schemaname || '.' || viewname)::regclass, true) "
      "FROM pg_views WHERE viewname IN ('qv', 'qc', 'qw', 'qf', 'qe', 'qa', 'ov') ORDER BY 1",
      "SET search_path = ''",
      "SELECT pg_get_viewdef('public.qc'::regclass), pg_get_viewdef('qs.ov'::regclass)",
      "RESET search_path",
      "DROP VIEW qf, qe, qa",
      "SELECT c.relname, n.nspname, a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_attribute a "
      "JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace "
      "WHERE c.relname IN ('qv', 'qc', 'qw', 'ov') AND a.attnum > 0 ORDER BY 1, a.attnum",
      "CREATE VIEW qbad (a, b, c) AS SELECT id, name FROM qt",
      "CREATE VIEW nosuch.qbad AS SELECT 1 AS a",
      "CREATE VIEW qbad AS SELECT id, id FROM qt",
      "CREATE VIEW qbad AS SELECT nosuch FROM qt",
      "DROP VIEW nosuch",
      "DROP VIEW IF EXISTS nosuch, qw",
      "DROP VIEW qt",
      "DROP VIEW qs.nosuch",
      "SELECT * FROM qw",
  });
  const auto script = std::filesystem::temp_directory_path() /
                      ("tributary_047_views_" + std::to_string(::getpid()) + ".sql");
  {
    std::ofstream out(script);
    out << "SELECT * FROM qv \\gdesc\nSELECT dp + 1 AS x, a FROM qv, qc \\gdesc\nSELECT * FROM qs.ov \\gdesc\n"
           "\\d qc\n\\d qs.ov\n\\d+ qc\n\\d+ qs.ov\n";
  }
  auto theirs = on_postgresql("psql", {"-X", "-A", "-d", "postgres", "-f", script.string()});
  auto mine = on_tributary("psql", {"-X", "-A", "-d", "postgres", "-f", script.string()});
  std::filesystem::remove(script);
  EXPECT_NE(theirs.text.find("dp|numeric"), std::string::npos) << theirs.text;
  EXPECT_EQ(mine.text, theirs.text);
  expect_same_answers({"DROP VIEW qs.ov", "DROP VIEW qc, qv", "SELECT count(*) FROM pg_class WHERE relname LIKE 'q_'",
                       "DROP TABLE qs.o", "DROP SCHEMA qs", "DROP TABLE qt"});
  // DROP TABLE of a table a view reads (or a view of a view) is 2BP01 with one
  // DETAIL line per dependent view; CASCADE drops them with PostgreSQL's NOTICE;
  // ALTER COLUMN TYPE of a column a view reads is 0A000; RENAME TO of a table a
  // view reads renames it in the view's text (psql prints errors and notices, so
  // the scripts' outputs compare them).
  const auto dependents = std::filesystem::temp_directory_path() /
                          ("tributary_047_view_dependents_" + std::to_string(::getpid()) + ".sql");
  {
    std::ofstream out(dependents);
    out << "CREATE TABLE dv_t (id int PRIMARY KEY, name text);\nCREATE TABLE dv_o (id int);\n"
           "CREATE VIEW dv_v AS SELECT id, name FROM dv_t;\nCREATE VIEW dv_w AS SELECT v.id FROM dv_v v;\n"
           "CREATE VIEW dv_x AS SELECT id FROM dv_o;\nDROP TABLE dv_t;\nDROP TABLE dv_o;\nDROP VIEW dv_w;\n"
           "DROP TABLE dv_t;\nCREATE VIEW dv_w AS SELECT id FROM dv_v;\nDROP TABLE dv_t CASCADE;\n"
           "DROP TABLE dv_o CASCADE;\nSELECT count(*) FROM pg_views WHERE viewname LIKE 'dv_%';\n"
           // ALTER COLUMN TYPE of a column a view reads (by name or *): 0A000.
           "CREATE TABLE at_t (id int PRIMARY KEY, name text, other text);\n"
           "CREATE VIEW at_v AS SELECT id, name FROM at_t;\nALTER TABLE at_t ALTER COLUMN name TYPE varchar(5);\n"
           "ALTER TABLE at_t ALTER COLUMN other TYPE varchar(5);\nCREATE VIEW at_s AS SELECT * FROM at_t;\n"
           "ALTER TABLE at_t ALTER COLUMN other TYPE varchar(6);\nDROP VIEW at_s;\nDROP TABLE at_t CASCADE;\n"
           // A view's text follows ALTER TABLE ... RENAME TO of a table it reads.
           "CREATE TABLE rn_t (id int PRIMARY KEY, name text);\n"
           "CREATE VIEW rn_v AS SELECT id, name FROM rn_t WHERE id > 0;\nALTER TABLE rn_t RENAME TO rn_u;\n"
           "SELECT pg_get_viewdef('rn_v'::regclass);\nSELECT * FROM rn_v;\nDROP TABLE rn_u;\n"
           "DROP TABLE rn_u CASCADE;\n";
  }
  auto theirs_dropped = on_postgresql("psql", {"-X", "-A", "-d", "postgres", "-f", dependents.string()});
  auto mine_dropped = on_tributary("psql", {"-X", "-A", "-d", "postgres", "-f", dependents.string()});
  std::filesystem::remove(dependents);
  EXPECT_NE(theirs_dropped.text.find("view dv_w depends on view dv_v"), std::string::npos) << theirs_dropped.text;
  EXPECT_EQ(mine_dropped.text, theirs_dropped.text);
}

TEST_F(PostgresTools, GuiClientsConnectQueriesAndWatchAsPostgres) {
  // What pgAdmin 4 sends when it connects (its psycopg3 driver's _initialize and
  // _set_user_info; the role's name differs: the bootstrap superuser is not
  // "postgres" here), and what DBeaver reads when it opens a PostgreSQL connection.
  expect_same_answers({
      "SET DateStyle=ISO; SET client_min_messages=notice; SELECT set_config('bytea_output','hex',false) "
      "FROM pg_settings WHERE name = 'bytea_output'; SET client_encoding='UTF8';",
      "SELECT version() LIKE 'PostgreSQL 15.%' AS fifteen",
      "SELECT db.oid = (SELECT oid FROM pg_database WHERE datname = 'postgres') AS did, db.datname, db.datallowconn, "
      "pg_encoding_to_char(db.encoding) AS serverencoding, has_database_privilege(db.oid, 'CREATE') as cancreate, "
      "datistemplate FROM pg_catalog.pg_database db WHERE db.datname = current_database()",
      "SELECT gss_authenticated, encrypted FROM pg_catalog.pg_stat_gssapi WHERE pid = pg_backend_pid()",
      "SELECT roles.rolsuper as is_superuser, CASE WHEN roles.rolsuper THEN true ELSE roles.rolcreaterole END as "
      "can_create_role, CASE WHEN roles.rolsuper THEN true ELSE roles.rolcreatedb END as can_create_db, "
      "CASE WHEN 'pg_signal_backend'=ANY(ARRAY(WITH RECURSIVE cte AS (SELECT pg_roles.oid,pg_roles.rolname "
      "FROM pg_roles WHERE pg_roles.oid = roles.oid UNION ALL SELECT m.roleid,pgr.rolname FROM cte cte_1 "
      "JOIN pg_auth_members m ON m.member = cte_1.oid JOIN pg_roles pgr ON pgr.oid = m.roleid) "
      "SELECT rolname FROM cte)) THEN True ELSE False END as can_signal_backend "
      "FROM pg_catalog.pg_roles as roles WHERE rolname = current_user",
      "SELECT CASE WHEN usesuper THEN pg_catalog.pg_is_in_recovery() ELSE FALSE END as inrecovery, "
      "CASE WHEN usesuper AND pg_catalog.pg_is_in_recovery() THEN pg_is_wal_replay_paused() ELSE FALSE END "
      "as isreplaypaused FROM pg_catalog.pg_user WHERE usename=current_user",
      "SELECT pg_is_wal_replay_paused()",
      // DBeaver.
      "SELECT current_database()",
      "SELECT db.datname FROM pg_catalog.pg_database db WHERE 1 = 1 AND datallowconn AND NOT datistemplate "
      "OR db.datname = 'postgres'",
      "SELECT count(*) FROM (SELECT db.oid,db.* FROM pg_catalog.pg_database db WHERE datname='postgres') x",
      "SELECT reset_val FROM pg_settings WHERE name = 'search_path'",
      "SELECT current_schema(), session_user = current_user",
      "SELECT n.nspname, d.description FROM pg_catalog.pg_namespace n LEFT OUTER JOIN pg_catalog.pg_description d "
      "ON d.objoid=n.oid AND d.objsubid=0 AND d.classoid='pg_namespace'::regclass ORDER BY nspname",
      "SHOW search_path",
      "SELECT t.typname, format_type(nullif(t.typbasetype, 0), t.typtypmod) AS base_type_name, c.relkind "
      "FROM pg_catalog.pg_type t LEFT OUTER JOIN pg_catalog.pg_type et ON et.oid=t.typelem "
      "LEFT OUTER JOIN pg_catalog.pg_class c ON c.oid=t.typrelid WHERE t.typname IN ('int4', '_text', 'numeric') "
      "AND (c.relkind IS NULL OR c.relkind = 'c') AND (et.typcategory IS NULL OR et.typcategory <> 'C') ORDER BY 1",
  });
  // psql's \watch runs the query again every interval until psql is stopped.
  const auto script = std::filesystem::temp_directory_path() /
                      ("tributary_047_watch_" + std::to_string(::getpid()) + ".sql");
  {
    std::ofstream out(script);
    out << "SELECT 41 + 1 AS answer\n\\watch 0.2\n";
  }
  const std::vector<std::string> argv = {(postgres_tools_bin / "psql").string(), "-X", "-A", "-h", "127.0.0.1",
                                         "-p", std::to_string(subscriber_.port()), "-U", subscriber_.user(),
                                         "-d", "postgres", "-f", script.string()};
  const auto log = std::filesystem::temp_directory_path() /
                   ("tributary_047_watch_" + std::to_string(::getpid()) + ".out");
  auto watched = run_client(argv, log, std::chrono::milliseconds(1500));
  std::filesystem::remove(log);
  std::filesystem::remove(script);
  size_t runs = 0;
  for (size_t at = watched.text.find("answer\n42\n(1 row)"); at != std::string::npos;
       at = watched.text.find("answer\n42\n(1 row)", at + 1))
    ++runs;
  EXPECT_GE(runs, 3u) << watched.text;
  EXPECT_EQ(watched.text.find("ERROR"), std::string::npos) << watched.text;
}

}  // namespace
}  // namespace tributary::integration
