// 047_postgres_tools_views: views as PostgreSQL 15 keeps them, compared with the
// fixture's publisher (issue 12): queries on views (types and values, \gdesc, \d),
// CREATE VIEW / DROP VIEW refusals, DROP TABLE of tables views read, CREATE OR REPLACE VIEW and its 42P16 rules, WITH
// (check_option, security_barrier) and WITH [LOCAL | CASCADED] CHECK OPTION as
// reloptions (psql's \d+ "Options:", pg_dump's WITH), DROP VIEW of a view other
// views read (2BP01 with PostgreSQL's DETAIL; CASCADE with its NOTICE), RENAME
// COLUMN of a column views read, RENAME TO of a table they read, DROP SCHEMA
// ... CASCADE of the views in and reading a schema, temporary views (pg_temp_N),
// and
// pg_get_viewdef (pg_views, psql's \d+, pg_dump) of joins, GROUP BY, ORDER BY,
// DISTINCT and set operations. Same fixture as 047_postgres_tools_test.cpp.
#include <fstream>
#include <regex>

#include "integration/postgres_tools_fixture.hpp"

namespace tributary::integration {
namespace {

class PostgresViews : public PostgresTools {};

TEST_F(PostgresViews, CreateOrReplaceViewAddsColumnsAndRefusesChangesAsPostgres) {
  expect_same_answers({
      "CREATE TABLE rt (id int PRIMARY KEY, name text, price numeric(10,2))",
      "INSERT INTO rt VALUES (1, 'a', 2.5)",
      "CREATE OR REPLACE VIEW rv AS SELECT id, name FROM rt",
      "CREATE VIEW rw AS SELECT id FROM rv",
      // Columns may be added at the end; an expression may change if its type does not.
      "CREATE OR REPLACE VIEW rv AS SELECT id, name, price FROM rt",
      "CREATE OR REPLACE VIEW rv AS SELECT id, upper(name) AS name, price FROM rt WHERE id > 0",
      "SELECT * FROM rv",
      "SELECT * FROM rw",
      "SELECT pg_get_viewdef('rv'::regclass, true)",
      "SELECT a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_attribute a "
      "WHERE a.attrelid = 'rv'::regclass AND a.attnum > 0 ORDER BY a.attnum",
      // PostgreSQL's checkViewTupleDesc: 42P16.
      "CREATE OR REPLACE VIEW rv AS SELECT id, name FROM rt",
      "CREATE OR REPLACE VIEW rv AS SELECT id, price AS name, price FROM rt",
      "CREATE OR REPLACE VIEW rv AS SELECT id AS ident, name, price FROM rt",
      "CREATE OR REPLACE VIEW rv (a) AS SELECT id, name, price FROM rt",
      "CREATE OR REPLACE VIEW rv AS SELECT id, name, price::numeric(12,2) AS price FROM rt",
      "CREATE OR REPLACE VIEW rt AS SELECT 1 AS id",
      "SELECT * FROM rv",
      "DROP VIEW rw, rv",
      "DROP TABLE rt",
  });
}

TEST_F(PostgresViews, ViewOptionsAndCheckOptionAreReloptionsAsPostgres) {
  expect_same_answers({
      "CREATE TABLE ot (id int PRIMARY KEY, name text)",
      "CREATE VIEW oa WITH (security_barrier) AS SELECT id, name FROM ot",
      "CREATE VIEW ob WITH (check_option = local, security_barrier = false) AS SELECT id FROM ot WHERE id > 0",
      "CREATE VIEW oc AS SELECT id FROM ot WHERE id > 0 WITH CASCADED CHECK OPTION",
      "CREATE VIEW od AS SELECT id FROM ot WHERE id > 0 WITH LOCAL CHECK OPTION",
      "CREATE VIEW oe AS SELECT id FROM ot WITH CHECK OPTION",
      "CREATE VIEW of AS SELECT id FROM ot",
      // PostgreSQL's 22023s.
      "CREATE VIEW ox WITH (fillfactor = 10) AS SELECT id FROM ot",
      "CREATE VIEW ox WITH (check_option = other) AS SELECT id FROM ot",
      "CREATE VIEW ox WITH (security_barrier = maybe) AS SELECT id FROM ot",
      "SELECT relname, reloptions FROM pg_class WHERE relname IN ('oa', 'ob', 'oc', 'od', 'oe', 'of', 'ot') "
      "ORDER BY 1",
      "SELECT viewname, definition FROM pg_views WHERE viewname LIKE 'o_' ORDER BY 1",
  });
  expect_same_psql_output("view_options", "\\d+ ob\n\\d+ oc\n\\d+ oa\n");
  // pg_dump prints them back: WITH (security_barrier='true') and WITH LOCAL CHECK OPTION.
  auto dumped = on_tributary("pg_dump", {"-s", "-t", "oa", "-t", "od", "postgres"});
  ASSERT_TRUE(dumped.succeeded) << dumped.text;
  auto reference = on_postgresql("pg_dump", {"-s", "-t", "oa", "-t", "od", "postgres"});
  for (const char* expected : {"CREATE VIEW public.oa WITH (security_barrier='true') AS",
                               "   FROM public.ot\n  WHERE (ot.id > 0)\n  WITH LOCAL CHECK OPTION;"}) {
    EXPECT_NE(reference.text.find(expected), std::string::npos) << reference.text;
    EXPECT_NE(dumped.text.find(expected), std::string::npos) << dumped.text;
  }
  expect_same_answers({"DROP TABLE ot CASCADE"});
}

TEST_F(PostgresViews, DropViewLooksForTheViewsThatReadItAsPostgres) {
  expect_same_psql_output(
      "drop_view_dependents",
      "CREATE TABLE dt (id int PRIMARY KEY, name text);\n"
      "CREATE VIEW da AS SELECT id, name FROM dt;\nCREATE VIEW db AS SELECT id FROM da;\n"
      "CREATE VIEW dc AS SELECT a.name FROM da a;\nCREATE VIEW dd AS SELECT id FROM db;\n"
      // 2BP01 for one view, for several, and with RESTRICT; those dropped together do not count.
      "DROP VIEW da;\nDROP VIEW da, db;\nDROP VIEW da RESTRICT;\nDROP VIEW dd, db;\n"
      "CREATE VIEW db AS SELECT id FROM da;\nCREATE VIEW dd AS SELECT id FROM db;\n"
      // CASCADE: the NOTICE, and every view reached goes.
      "DROP VIEW db CASCADE;\nDROP VIEW da CASCADE;\n"
      "SELECT count(*) FROM pg_views WHERE viewname IN ('da', 'db', 'dc', 'dd');\n"
      "CREATE VIEW da AS SELECT id FROM dt;\nDROP VIEW IF EXISTS nosuch, da CASCADE;\n"
      // A temporary view is dropped as any view.
      "CREATE TEMP VIEW dtmp AS SELECT id FROM dt;\nDROP VIEW dtmp;\nDROP VIEW dtmp;\nDROP TABLE dt;\n");
}

TEST_F(PostgresViews, RenameColumnRenamesItInTheViewsThatReadItAsPostgres) {
  // The view's column keeps its name (t.title AS name); its WHERE and ORDER BY
  // read the new one; the views keep their order (DROP ... CASCADE's NOTICE).
  expect_same_psql_output(
      "rename_column",
      "CREATE TABLE rc_t (id int PRIMARY KEY, name text, price numeric);\n"
      "CREATE VIEW rc_v AS SELECT id, name, t.price FROM rc_t t WHERE name <> '' ORDER BY name;\n"
      "CREATE VIEW rc_w AS SELECT rc_t.name AS label FROM rc_t;\n"
      "CREATE VIEW rc_x AS SELECT label FROM rc_w;\n"
      "INSERT INTO rc_t VALUES (1, 'a', 2);\nALTER TABLE rc_t RENAME COLUMN name TO title;\n"
      "SELECT * FROM rc_v;\nSELECT * FROM rc_x;\n"
      "SELECT pg_get_viewdef('rc_v'::regclass), pg_get_viewdef('rc_w'::regclass, true);\n"
      "ALTER TABLE rc_t RENAME price TO cost;\nSELECT pg_get_viewdef('rc_v'::regclass, true);\n\\d rc_v\n"
      "DROP TABLE rc_t CASCADE;\n");
}

TEST_F(PostgresViews, RenameTableRenamesItInTheViewsThatReadItAsPostgres) {
  // FROM t and t.c follow the new name, of schema public and of another schema; an
  // alias stays; the views still read the table.
  expect_same_psql_output(
      "rename_table",
      "CREATE TABLE rt_t (id int, name text);\n"
      "CREATE VIEW rt_pv AS SELECT rt_t.id, name FROM rt_t WHERE rt_t.id > 0;\n"
      "CREATE VIEW rt_pa AS SELECT x.id FROM rt_t x;\n"
      "ALTER TABLE rt_t RENAME TO rt_u;\n"
      "SELECT pg_get_viewdef('rt_pv'::regclass), pg_get_viewdef('rt_pa'::regclass, true);\n"
      "INSERT INTO rt_u VALUES (1, 'a');\nSELECT * FROM rt_pv;\n"
      "CREATE SCHEMA rts;\nCREATE TABLE rts.t (id int, name text);\n"
      "CREATE VIEW rts.v AS SELECT id, t.name FROM rts.t WHERE t.id > 0;\n"
      "CREATE VIEW rt_x AS SELECT x.name FROM rts.t x;\n"
      "CREATE VIEW rt_y AS SELECT t.name, q.id FROM rts.t, public.rt_u q;\n"
      "ALTER TABLE rts.t RENAME TO u;\n"
      "SELECT pg_get_viewdef('rts.v'::regclass), pg_get_viewdef('rt_x'::regclass, true);\n"
      "SELECT pg_get_viewdef('rt_y'::regclass);\n"
      "INSERT INTO rts.u VALUES (2, 'b');\nSELECT * FROM rts.v;\nSELECT * FROM rt_y;\n\\d+ rts.v\n"
      "DROP SCHEMA rts CASCADE;\nDROP TABLE rt_u CASCADE;\n");
}

TEST_F(PostgresViews, DropSchemaCascadeDropsItsViewsAndTheViewsReadingItAsPostgres) {
  // PostgreSQL's order: each relation of the schema (as created) with the views
  // reading it depth first; 2BP01 names what each depends on.
  expect_same_psql_output(
      "drop_schema_views",
      "CREATE SCHEMA ds;\nCREATE TABLE ds.a (id int, v text);\n"
      "CREATE VIEW ds.va AS SELECT id FROM ds.a;\nCREATE TABLE ds.b (id int);\n"
      "CREATE VIEW ds_pv AS SELECT a.id FROM ds.a a JOIN ds.b b USING (id);\n"
      "CREATE VIEW ds_pv2 AS SELECT id FROM ds_pv;\nCREATE VIEW ds.vb AS SELECT id FROM ds.b;\n"
      "CREATE TABLE ds_keep (id int);\nCREATE VIEW ds_kv AS SELECT id FROM ds_keep;\n"
      "DROP SCHEMA ds;\nDROP SCHEMA ds RESTRICT;\nDROP SCHEMA ds CASCADE;\n"
      "SELECT viewname FROM pg_views WHERE viewname LIKE 'ds%' ORDER BY 1;\n"
      // The names are free again (no privileges or columns left behind).
      "CREATE SCHEMA ds;\nCREATE TABLE ds.a (id int);\nCREATE VIEW ds.va AS SELECT id FROM ds.a;\n"
      "DROP SCHEMA ds CASCADE;\nCREATE SCHEMA ds;\nCREATE VIEW ds.only AS SELECT 1 AS one;\n"
      "DROP SCHEMA ds CASCADE;\nDROP TABLE ds_keep CASCADE;\n");
}

// Temporary views are in the session's pg_temp_N schema (N is PostgreSQL's backend
// number: compared as pg_temp_N), typed, and CREATE OR REPLACE TEMP VIEW keeps
// PostgreSQL's rules; the schema (pg_my_temp_schema(), with pg_toast_temp_N) is
// made with the first temporary view and stays after the last is dropped.
TEST_F(PostgresViews, TemporaryViewsAreListedInTheSessionsTemporarySchemaAsPostgres) {
  const std::string script =
      "CREATE TABLE tvt (id int, name varchar(5));\n"
      "SELECT pg_my_temp_schema() = 0 AS none_yet;\n"
      "CREATE TEMP VIEW tv1 AS SELECT id, name FROM tvt WHERE id > 0;\n"
      "CREATE TEMPORARY VIEW tv2 AS SELECT count(*) AS n FROM tvt;\n"
      "\\dv\n"
      "SELECT schemaname, viewname, definition FROM pg_views WHERE viewname LIKE 'tv%' ORDER BY 2;\n"
      "SELECT c.relname, c.relkind, c.relpersistence, n.nspname, pg_table_is_visible(c.oid) FROM pg_class c "
      "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE relname LIKE 'tv%' ORDER BY 1;\n"
      "SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'tv1'::regclass "
      "AND attnum > 0 ORDER BY attnum;\n"
      "SELECT pg_get_viewdef('tv1'::regclass, true), 'tv1'::regclass, 'pg_temp.tv2'::regclass;\n"
      "CREATE OR REPLACE TEMP VIEW tv1 AS SELECT id, name, id * 2 AS twice FROM tvt;\n"
      "SELECT * FROM tv1 \\gdesc\n"
      "CREATE OR REPLACE TEMP VIEW tv1 AS SELECT id FROM tvt;\n"
      "CREATE OR REPLACE TEMP VIEW tv1 AS SELECT id, name::text, 1 AS twice FROM tvt;\n"
      "CREATE OR REPLACE TEMP VIEW tv3 AS SELECT name FROM tvt;\n"
      "\\d tv1\n\\dv\n"
      "DROP VIEW tv1, tv2, tv3;\n\\dv\nDROP TABLE tvt;\n"
      // The schema (and its toast schema) stays after its last object is dropped.
      "SELECT nspname FROM pg_namespace WHERE oid = pg_my_temp_schema() OR nspname = "
      "replace((SELECT nspname FROM pg_namespace WHERE oid = pg_my_temp_schema()), 'pg_temp', 'pg_toast_temp') "
      "ORDER BY 1;\n";
  expect_same_temporary_psql_output("temp_views", script);
}

TEST_F(PostgresViews, ViewDefinitionsOfJoinsGroupingAndSetOperationsPrintAsPostgres) {
  expect_same_answers({
      "CREATE TABLE ga (id int PRIMARY KEY, name text, price numeric(10,2), cat int)",
      "CREATE TABLE gb (aid int, sku text, qty int)",
      "CREATE VIEW g1 AS SELECT a.id, b.sku FROM ga a JOIN gb b ON b.aid = a.id",
      "CREATE VIEW g2 AS SELECT a.id, b.sku, qty FROM ga a LEFT JOIN gb b ON b.aid = a.id AND b.qty > 0 "
      "WHERE a.id > 1",
      "CREATE VIEW g3 AS SELECT name, count(*) AS n, sum(price) AS total, max(cat) AS m FROM ga GROUP BY name "
      "HAVING count(*) > 1 ORDER BY name DESC",
      "CREATE VIEW g4 AS SELECT DISTINCT name FROM ga ORDER BY name",
      "CREATE VIEW g5 AS SELECT id FROM ga UNION SELECT aid FROM gb",
      "CREATE VIEW g6 AS SELECT id, name FROM ga UNION ALL SELECT aid, sku FROM gb",
      "CREATE VIEW g7 AS SELECT id FROM ga EXCEPT SELECT aid FROM gb",
      "CREATE VIEW g8 AS SELECT id, name FROM ga ORDER BY id LIMIT 10 OFFSET 2",
      "CREATE VIEW g9 AS SELECT ga.id, gb.qty FROM ga, gb WHERE gb.aid = ga.id",
      "CREATE VIEW g10 AS SELECT a.id FROM ga a RIGHT JOIN gb b ON a.id = b.aid",
      "CREATE VIEW g11 AS SELECT a.id FROM ga a FULL JOIN gb b ON a.id = b.aid",
      "CREATE VIEW g12 AS SELECT cat, avg(price) AS a, sum(cat) AS s, min(name) AS mn, count(id) AS c FROM ga "
      "GROUP BY cat ORDER BY 1",
      "CREATE VIEW g13 AS SELECT id FROM ga INTERSECT SELECT aid FROM gb",
      "CREATE VIEW g14 AS SELECT a.id, b.sku, c.qty FROM ga a JOIN gb b ON b.aid = a.id JOIN gb c ON c.aid = a.id",
      "CREATE VIEW g15 AS SELECT name FROM ga ORDER BY price DESC NULLS LAST, id NULLS FIRST",
      "SELECT viewname, definition FROM pg_views WHERE viewname ~ '^g[0-9]+$' ORDER BY length(viewname), viewname",
      "SELECT c.relname, pg_get_viewdef(c.oid, true) FROM pg_class c WHERE relname ~ '^g[0-9]+$' "
      "AND relkind = 'v' ORDER BY length(relname), relname",
  });
  expect_same_psql_output("view_joins", "\\d+ g2\n\\d+ g3\n\\d+ g6\n");
  // pg_dump qualifies the tables (its search_path is empty).
  auto dumped = on_tributary("pg_dump", {"-s", "-t", "g14", "-t", "g5", "postgres"});
  ASSERT_TRUE(dumped.succeeded) << dumped.text;
  for (const char* expected : {"   FROM ((public.ga a\n     JOIN public.gb b ON ((b.aid = a.id)))\n"
                               "     JOIN public.gb c ON ((c.aid = a.id)));",
                               " SELECT ga.id\n   FROM public.ga\nUNION\n SELECT gb.aid AS id\n   FROM public.gb;"})
    EXPECT_NE(dumped.text.find(expected), std::string::npos) << dumped.text;
  expect_same_answers({"DROP TABLE ga, gb CASCADE"});
}

// A SELECT the printer does not cover (a USING column of text and varchar, which
// PostgreSQL casts) shows as written, whatever the case of CREATE VIEW's words
// (it was NULL for `create view v as select ...`).
TEST_F(PostgresViews, ViewsThePrinterDoesNotCoverShowTheirTextInAnyCase) {
  for (const std::string sql : {"CREATE TABLE lc_a (id int, name text)", "CREATE TABLE lc_b (id int, name varchar(5))",
                                "create view lc1 as select lc_a.id from lc_a where name similar to 'x%'",
                                "Create View \"as lc2\" As select 'x' as name from lc_a union select name from lc_b"})
    ASSERT_TRUE(succeeded(local_try(sql).get())) << sql;
  auto shown = local_try("SELECT viewname, definition, pg_get_viewdef(quote_ident(viewname)::regclass, true) "
                         "FROM pg_views WHERE viewname LIKE '%lc_' ORDER BY 1");
  EXPECT_EQ(rows_of(shown.get()),
            (std::vector<std::string>{
                "as lc2| select 'x' as name from lc_a union select name from lc_b;| select 'x' as name from lc_a union "
                "select name from lc_b;",
                "lc1| select lc_a.id from lc_a where name similar to 'x%';| select lc_a.id from lc_a where name similar "
                "to 'x%';"}));
  ASSERT_TRUE(succeeded(local_try("DROP TABLE lc_a, lc_b CASCADE").get()));
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

// A view reads the session's identity and settings when it is read, not when it
// was made: current_user (a row filter per role), current_setting('app.tenant',
// true), current_database(); pg_get_viewdef prints them as PostgreSQL.
TEST_F(PostgresViews, ViewsReadTheReadingSessionsUserAndSettingsAsPostgres) {
  expect_same_answers({
      "CREATE ROLE vs_reader",
      "CREATE TABLE vs_t (id int, owner name, tenant text)",
      "INSERT INTO vs_t VALUES (1, 'vs_reader', 'a'), (2, 'other', 'b'), (3, 'vs_reader', 'b')",
      "CREATE VIEW vs_mine AS SELECT id, current_user FROM vs_t WHERE owner = current_user",
      "CREATE VIEW vs_tenant AS SELECT id, current_setting('app.tenant', true) AS t FROM vs_t "
      "WHERE tenant = current_setting('app.tenant', true)",
      "CREATE TEMP VIEW vs_db AS SELECT current_database() AS d, current_catalog AS c",
      "CREATE VIEW vs_missing AS SELECT current_setting('app.nosuch') AS m",
      "GRANT SELECT ON vs_t, vs_mine, vs_tenant TO vs_reader",
      "SELECT * FROM vs_tenant",
      "SET app.tenant = 'b'",
      "SELECT * FROM vs_tenant ORDER BY id",
      "SELECT * FROM vs_db",
      "SELECT * FROM vs_missing",
      "SET ROLE vs_reader",
      "SELECT * FROM vs_mine ORDER BY id",
      "RESET ROLE",
      "SELECT count(*) FROM vs_mine",
      "SELECT c.relname, pg_get_viewdef(c.oid), pg_get_viewdef(c.oid, true) FROM pg_class c "
      "WHERE c.relname LIKE 'vs\\_%' AND c.relkind = 'v' ORDER BY 1",
      "SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'vs_db'::regclass "
      "AND attnum > 0 ORDER BY attnum",
      "DROP VIEW vs_db",
      "DROP VIEW vs_mine, vs_tenant, vs_missing",
      "DROP TABLE vs_t",
      "DROP ROLE vs_reader",
  });
}

// Each session has its own temporary schema, pg_temp_N by its backend number, and
// sees another's in pg_namespace (pg_is_other_temp_schema true) but not its views,
// as PostgreSQL 15. (PostgreSQL lists the other's views in pg_class and pg_views,
// not visible; Tributary does not list them.)
TEST_F(PostgresViews, EachSessionHasItsOwnTemporarySchemaAsPostgres) {
  const auto answers = [&](PGconn* first, PGconn* second) {
    session_answers collected;
    std::vector<std::string>& out = collected.lines;
    const auto ask = [&](PGconn* c, const std::string& sql) { collected.ask(c, sql); };
    ask(first, "CREATE TEMP VIEW ts_a AS SELECT 1 AS one");
    auto name = exec(first, "SELECT nspname FROM pg_namespace WHERE oid = pg_my_temp_schema()");
    const std::string first_schema = PQntuples(name.get()) == 1 ? PQgetvalue(name.get(), 0, 0) : "";
    out.push_back(first_schema.starts_with("pg_temp_") ? "pg_temp_N" : first_schema);
    const std::string first_toast = "pg_toast_temp_" + first_schema.substr(std::min<size_t>(8, first_schema.size()));
    ask(second, "SELECT pg_my_temp_schema() = 0 AS none_yet");
    ask(second, "SELECT nspname = '" + first_schema + "' AS theirs, pg_is_other_temp_schema(oid) FROM pg_namespace "
                "WHERE nspname IN ('" + first_schema + "', '" + first_toast + "') ORDER BY 1");
    ask(second, "SELECT 'ts_a'::regclass");
    ask(second, "CREATE TEMP VIEW ts_b AS SELECT 2 AS two");
    ask(second, "SELECT nspname <> '" + first_schema + "' AS own, nspname ~ '^pg_temp_[0-9]+$' AS named, "
                "pg_is_other_temp_schema(oid) FROM pg_namespace WHERE oid = pg_my_temp_schema()");
    ask(second, "SELECT n.nspname = '" + first_schema + "' FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                "WHERE c.relname = 'ts_b'");
    ask(first, "SELECT pg_is_other_temp_schema(oid) FROM pg_namespace WHERE oid = pg_my_temp_schema()");
    ask(first, "SELECT * FROM ts_b");
    ask(first, "SELECT pg_is_other_temp_schema(NULL), pg_is_other_temp_schema(11), pg_is_other_temp_schema(0)");
    return out;
  };
  auto their_first = publisher_.connect(), their_second = publisher_.connect();
  auto my_first = subscriber_.connect(), my_second = subscriber_.connect();
  const auto theirs = answers(their_first.get(), their_second.get());
  EXPECT_EQ(answers(my_first.get(), my_second.get()), theirs);
  EXPECT_NE(std::find(theirs.begin(), theirs.end(), "f|t"), theirs.end());  // the other's schema
}

// A RANGE frame with an offset over a date, time or numeric key does not run yet:
// CREATE VIEW of it is refused as its SELECT is (SQLite kept such a view and failed
// when it was read); over an integer key both answer as PostgreSQL.
TEST_F(PostgresViews, ARangeOffsetTheTranslatorDoesNotCoverIsRefusedAtCreateView) {
  expect_same_answers({
      "CREATE TABLE rf (id int, d date, n numeric)",
      "INSERT INTO rf VALUES (1, '2024-01-01', 1), (2, '2024-01-02', 2.5), (3, '2024-01-04', 3)",
      "CREATE VIEW rf_i AS SELECT id, sum(id) OVER (ORDER BY id RANGE BETWEEN 1 PRECEDING AND 2 FOLLOWING) AS s "
      "FROM rf",
      "SELECT * FROM rf_i ORDER BY id",
      "DROP VIEW rf_i",
  });
  for (const std::string select :
       {"SELECT id, sum(id) OVER (ORDER BY d RANGE BETWEEN '1 day' PRECEDING AND CURRENT ROW) AS s FROM rf",
        "SELECT id, sum(id) OVER (ORDER BY n RANGE BETWEEN 1.5 PRECEDING AND 2 FOLLOWING) AS s FROM rf"}) {
    auto queried = local_try(select);
    auto created = local_try("CREATE VIEW rf_v AS " + select);
    EXPECT_STREQ(PQresultErrorField(queried.get(), PG_DIAG_SQLSTATE), "0A000") << select;
    EXPECT_STREQ(PQresultErrorField(created.get(), PG_DIAG_SQLSTATE), "0A000") << select;
    EXPECT_EQ(std::string(PQresultErrorMessage(created.get())), PQresultErrorMessage(queried.get()));
    EXPECT_EQ(local_value("SELECT count(*) FROM pg_views WHERE viewname = 'rf_v'"), "0");
  }
  expect_same_answers({"DROP TABLE rf"});
}

}  // namespace
}  // namespace tributary::integration
