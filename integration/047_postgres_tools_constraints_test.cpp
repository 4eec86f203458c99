// 047_postgres_tools_constraints: ALTER TABLE ... ADD PRIMARY KEY / UNIQUE /
// FOREIGN KEY and DROP CONSTRAINT, also on tables other tables reference, as
// PostgreSQL 15 answers them: the rows tested first with its errors, then
// pg_constraint and psql's \d compared with the fixture's publisher (issue 12).
// Same fixture as 047_postgres_tools_test.cpp.
#include "integration/postgres_tools_fixture.hpp"

namespace tributary::integration {
namespace {

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

}  // namespace
}  // namespace tributary::integration
