// 047_postgres_tools_deparse: what PostgreSQL 15 prints back of the definitions a
// tool reads (issue 12), compared with the fixture's publisher: pg_get_viewdef
// (pg_views, psql's \d+, pg_dump) of USING and NATURAL joins, sub-selects in FROM,
// WHERE and the SELECT list, WITH, DISTINCT ON, window functions, GROUP BY and
// ORDER BY of expressions and output names and nested set operations; a view's text
// after RENAME COLUMN of a table in another schema; a trigger's WHEN comparing
// whole rows (it fires as PostgreSQL's, pg_get_triggerdef and \d print it); the
// cursor position of regproc input errors; temporary views typed as PostgreSQL types them. Same fixture as 047_postgres_tools_test.cpp.
#include "integration/postgres_tools_fixture.hpp"

namespace tributary::integration {
namespace {

// The CREATE VIEW statement of `view` in a pg_dump script ("" when none).
std::string dumped_view(const std::string& script, const std::string& view) {
  const size_t begin = script.find("CREATE VIEW public." + view + " AS");
  if (begin == std::string::npos)
    return {};
  return script.substr(begin, script.find(";\n", begin) + 1 - begin);
}

TEST_F(PostgresTools, ViewDefinitionsOfSubSelectsWindowsAndUsingJoinsPrintAsPostgres) {
  expect_same_answers({
      "CREATE TABLE da (id int PRIMARY KEY, name text, price numeric(10,2), cat int)",
      "CREATE TABLE db (aid int, sku text, qty int)",
      "CREATE TABLE dc (id int, sku text)",
      "CREATE VIEW d1 AS SELECT * FROM db JOIN dc USING (sku)",
      "CREATE VIEW d2 AS SELECT sku, qty FROM db LEFT JOIN dc USING (sku) WHERE sku > 'a'",
      "CREATE VIEW d3 AS SELECT * FROM db NATURAL JOIN dc",
      "CREATE VIEW d4 AS SELECT x.aid FROM db x JOIN dc y USING (sku) JOIN da z ON z.id = x.aid",
      "CREATE VIEW d5 AS SELECT x.id FROM (SELECT id, name FROM da WHERE cat > 1) x",
      "CREATE VIEW d6 AS SELECT a.id, x.sku FROM da a, (SELECT sku, aid FROM db) x WHERE x.aid = a.id",
      "CREATE VIEW d7 AS SELECT id FROM da WHERE id IN (SELECT aid FROM db) AND NOT EXISTS (SELECT 1 FROM dc)",
      "CREATE VIEW d8 AS SELECT id, (SELECT max(qty) FROM db WHERE db.aid = da.id) AS mq FROM da",
      "CREATE VIEW d9 AS WITH c AS (SELECT id, name FROM da), d AS (SELECT aid FROM db) "
      "SELECT c.id, d.aid FROM c JOIN d ON c.id = d.aid",
      "CREATE VIEW d10 AS SELECT DISTINCT ON (cat) cat, name FROM da ORDER BY cat, name",
      "CREATE VIEW d11 AS SELECT id, row_number() OVER (PARTITION BY cat ORDER BY price DESC) AS rn, "
      "sum(price) OVER () AS t, rank() OVER (ORDER BY price), lag(name) OVER (PARTITION BY cat, id ORDER BY id) "
      "FROM da",
      "CREATE VIEW d12 AS SELECT cat + 1 AS c1, count(*) AS n FROM da GROUP BY cat + 1 ORDER BY cat + 1",
      "CREATE VIEW d13 AS SELECT cat AS c, count(*) AS n FROM da GROUP BY c ORDER BY n DESC",
      "CREATE VIEW d14 AS SELECT lower(name) FROM da ORDER BY lower(name)",
      "CREATE VIEW d15 AS SELECT id FROM da UNION SELECT aid FROM db EXCEPT SELECT id FROM dc",
      "CREATE VIEW d16 AS SELECT id FROM da UNION (SELECT aid FROM db INTERSECT SELECT id FROM dc)",
      "CREATE VIEW d17 AS SELECT id FROM da UNION ALL SELECT aid FROM db UNION ALL SELECT id FROM dc",
      "CREATE VIEW d18 AS SELECT id FROM da UNION SELECT aid FROM db ORDER BY 1 LIMIT 5",
      "CREATE VIEW d19 AS SELECT cat, count(*) FROM da GROUP BY 1 ORDER BY 2 DESC",
      "CREATE VIEW d20 AS SELECT id + 1 FROM da",
      "CREATE VIEW d21 AS SELECT sku FROM db RIGHT JOIN dc USING (sku) CROSS JOIN da",
      "SELECT viewname, definition FROM pg_views WHERE viewname ~ '^d[0-9]+$' ORDER BY length(viewname), viewname",
      "SELECT c.relname, pg_get_viewdef(c.oid, true) FROM pg_class c WHERE relname ~ '^d[0-9]+$' "
      "AND relkind = 'v' ORDER BY length(relname), relname",
  });
  expect_same_psql_output("deparse_views", "\\d+ d4\n\\d+ d9\n\\d+ d15\n");
  // pg_dump (an empty search_path: the tables qualified) writes each view as PostgreSQL's pg_dump does.
  const std::vector<std::string> tables = {"-t", "d1", "-t", "d7", "-t", "d9", "-t", "d11", "-t", "d16"};
  std::vector<std::string> arguments = {"-s"};
  arguments.insert(arguments.end(), tables.begin(), tables.end());
  arguments.push_back("postgres");
  auto mine = on_tributary("pg_dump", arguments);
  auto theirs = on_postgresql("pg_dump", arguments);
  ASSERT_TRUE(mine.succeeded) << mine.text;
  for (const char* view : {"d1", "d7", "d9", "d11", "d16"}) {
    const std::string expected = dumped_view(theirs.text, view);
    EXPECT_NE(expected, "") << theirs.text;
    EXPECT_EQ(dumped_view(mine.text, view), expected);
  }
  expect_same_answers({"DROP TABLE da, db, dc CASCADE"});
}

TEST_F(PostgresTools, ViewsOfLateralColumnAliasesAndUnnamedBranchesPrintAsPostgres) {
  expect_same_answers({
      "CREATE TABLE la (id int PRIMARY KEY, price numeric, name text)",
      "INSERT INTO la VALUES (1, 2.5, 'a'), (2, NULL, 'b'), (3, 4, NULL)",
      "CREATE VIEW l1 AS SELECT s.x, s.y FROM (SELECT id, name FROM la) s(x, y)",
      "CREATE VIEW l2 AS SELECT * FROM (SELECT id, name FROM la) s(x)",
      "CREATE VIEW l3 AS SELECT v.id, l.n FROM la v, LATERAL (SELECT v.id + 1 AS n) l",
      "CREATE VIEW l4 AS SELECT v.id, l.n FROM la v LEFT JOIN LATERAL "
      "(SELECT max(w.price) AS n FROM la w WHERE w.id < v.id) l ON true",
      "CREATE VIEW l5 AS SELECT id + 1, name FROM la UNION SELECT id, name FROM la",
      "CREATE VIEW l6 AS SELECT 1 + 1 UNION SELECT 2",
      "CREATE VIEW l7 AS SELECT 1 + 1 AS a, name FROM la EXCEPT SELECT 2, 'x' ORDER BY 1",
      "CREATE VIEW l8 AS SELECT x FROM (SELECT upper(name) FROM la UNION ALL SELECT name FROM la) u(x)",
      "SELECT viewname, definition, pg_get_viewdef(viewname::regclass, true) FROM pg_views "
      "WHERE viewname ~ '^l[0-9]$' ORDER BY 1",
      "SELECT * FROM l4 ORDER BY 1",
      "SELECT * FROM l2 ORDER BY 1",
      "DROP TABLE la CASCADE",
  });
}

// PostgreSQL renames a relation a SELECT around names too (vt_1, vt_2 past the
// names taken); a scalar sub-select is parenthesised in pretty mode as ruleutils'.
TEST_F(PostgresTools, ViewsNamingARelationAgainInSubSelectsPrintAsPostgres) {
  expect_same_answers({
      "CREATE TABLE rn_t (id int, price numeric, name text)",
      "CREATE TABLE rn_u (id int, sku text)",
      "CREATE VIEW rn1 AS WITH c AS (SELECT id FROM rn_t) SELECT c.id FROM c JOIN rn_t USING (id)",
      "CREATE VIEW rn2 AS SELECT id FROM rn_t WHERE id IN (SELECT rn_t.id FROM rn_t WHERE rn_t.price > 1) "
      "AND EXISTS (SELECT 1 FROM rn_t v WHERE v.id = rn_t.id)",
      "CREATE VIEW rn3 AS SELECT a.id FROM rn_t a WHERE a.id > (SELECT max(a.id) FROM rn_u a)",
      "CREATE VIEW rn4 AS SELECT (SELECT count(*) FROM rn_t) AS n, s.id FROM (SELECT rn_t.id FROM rn_t) s, rn_t",
      "CREATE VIEW rn5 AS SELECT rn_t.id FROM rn_t, (SELECT rn_t.id FROM rn_t) s(k), rn_u rn_t_1",
      "CREATE VIEW rn6 AS SELECT x.* FROM rn_t, LATERAL (SELECT rn_t.id, t.* FROM rn_u t, rn_u rn_t "
      "WHERE t.id = rn_t.id) x",
      "CREATE VIEW rn7 AS SELECT (SELECT max(name) FROM rn_t)::varchar AS m, (SELECT min(id) FROM rn_u) IS NULL AS e "
      "FROM rn_t WHERE (SELECT count(*) > 0 FROM rn_u) AND - (SELECT max(id) FROM rn_u) < rn_t.id",
      "SELECT viewname, definition, pg_get_viewdef(viewname::regclass, true) FROM pg_views "
      "WHERE viewname ~ '^rn[0-9]$' ORDER BY 1",
      "DROP TABLE rn_t, rn_u CASCADE",
  });
}

TEST_F(PostgresTools, ViewsOfRecursiveWithAndWithColumnListsPrintAsPostgres) {
  expect_same_answers({
      "CREATE TABLE ct (id int, parent int, name text)",
      "CREATE VIEW c1 AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT n FROM r",
      "CREATE VIEW c2 AS WITH RECURSIVE tree AS (SELECT id, parent, name, 1 AS depth FROM ct WHERE parent IS NULL "
      "UNION ALL SELECT c.id, c.parent, c.name, t.depth + 1 FROM ct c JOIN tree t ON c.parent = t.id) "
      "SELECT id, name, depth FROM tree ORDER BY depth, id",
      "CREATE VIEW c3 AS WITH c(x, y) AS (SELECT id, name FROM ct) SELECT x, c.y FROM c",
      "CREATE VIEW c4 AS WITH RECURSIVE a AS (SELECT id FROM ct), b(k) AS (SELECT id FROM a UNION "
      "SELECT k + 1 FROM b WHERE k < 3) SELECT k FROM b",
      "CREATE VIEW c5 AS WITH c(x) AS (SELECT id, name FROM ct) SELECT * FROM c",
      "SELECT viewname, definition, pg_get_viewdef(viewname::regclass, true) FROM pg_views "
      "WHERE viewname ~ '^c[0-9]$' ORDER BY 1",
      "INSERT INTO ct VALUES (1, NULL, 'a'), (2, 1, 'b'), (3, 2, 'c')",
      "SELECT * FROM c2",
      "SELECT * FROM c1",
      "DROP TABLE ct CASCADE",
  });
}

TEST_F(PostgresTools, ViewsOfWindowFramesPrintAndRunAsPostgres) {
  expect_same_answers({
      "CREATE TABLE wf (id int, price numeric, at date)",
      "CREATE VIEW f1 AS SELECT sum(id) OVER (ORDER BY id ROWS 2 PRECEDING) AS s FROM wf",
      "CREATE VIEW f2 AS SELECT sum(id) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS s, "
      "count(*) OVER (PARTITION BY price ORDER BY id RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING EXCLUDE TIES) "
      "AS c FROM wf",
      "CREATE VIEW f3 AS SELECT sum(id) OVER (ORDER BY id GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING "
      "EXCLUDE CURRENT ROW) AS s, sum(id) OVER (ORDER BY id RANGE BETWEEN 2 PRECEDING AND 3 FOLLOWING) AS r FROM wf",
      "CREATE VIEW f4 AS SELECT max(id) OVER (ORDER BY id RANGE 1 PRECEDING) AS m, first_value(id) "
      "OVER (ORDER BY id ROWS BETWEEN 1 + 1 PRECEDING AND UNBOUNDED FOLLOWING EXCLUDE GROUP) AS fv FROM wf",
      "CREATE VIEW f5 AS SELECT sum(id) OVER (RANGE UNBOUNDED PRECEDING) AS s FROM wf",
      // Untyped offsets: typed by the ORDER BY column's in_range function (the
      // column's type for integers), bigint for ROWS / GROUPS. (Over a date or a
      // numeric a RANGE offset does not run yet: CREATE VIEW of it is 0A000, see
      // PostgresViews.ARangeOffsetTheTranslatorDoesNotCoverIsRefusedAtCreateView.)
      "CREATE VIEW f6 AS SELECT sum(id) OVER (ORDER BY id RANGE '1' PRECEDING) AS s, "
      "sum(id) OVER (ORDER BY id GROUPS '1' PRECEDING) AS g, count(*) OVER (ORDER BY id ROWS '2' PRECEDING) AS c FROM wf",
      "SELECT viewname, definition, pg_get_viewdef(viewname::regclass, true) FROM pg_views "
      "WHERE viewname ~ '^f[0-9]$' ORDER BY 1",
      "INSERT INTO wf VALUES (1, 2, '2024-01-01'), (2, 3, '2024-01-02'), (3, 3, '2024-01-02')",
      "SELECT * FROM f3",
      "SELECT * FROM f4",
      "SELECT * FROM f6",
      "DROP TABLE wf CASCADE",
  });
}

TEST_F(PostgresTools, ViewsOfNamedWindowsPrintAndRunAsPostgres) {
  expect_same_answers({
      "CREATE TABLE nw (id int, price numeric)",
      "CREATE VIEW n1 AS SELECT sum(id) OVER w AS s, max(id) OVER (w ROWS 1 PRECEDING) AS m, rank() OVER w2 FROM nw "
      "WINDOW w AS (PARTITION BY price ORDER BY id), w2 AS (w), w3 AS (ORDER BY price DESC) ORDER BY 1",
      "CREATE VIEW n2 AS SELECT sum(id) OVER (w) AS s FROM nw WINDOW w AS (ORDER BY id)",
      "CREATE VIEW n3 AS SELECT id, count(*) OVER w FROM nw GROUP BY id HAVING id > 0 "
      "WINDOW w AS (ORDER BY id RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING) ORDER BY id",
      "SELECT viewname, definition, pg_get_viewdef(viewname::regclass, true) FROM pg_views "
      "WHERE viewname ~ '^n[0-9]$' ORDER BY 1",
      "INSERT INTO nw VALUES (1, 2), (2, 2), (3, 5)",
      "SELECT * FROM n1",
      "SELECT * FROM n3",
      "DROP TABLE nw CASCADE",
  });
}

TEST_F(PostgresTools, ViewsOfSetOperationsOfDifferentNumberTypesPrintAndRunAsPostgres) {
  expect_same_answers({
      "CREATE TABLE so (id int, price numeric, b bigint, f float8)",
      "CREATE VIEW so1 AS SELECT id FROM so UNION SELECT price FROM so",
      "CREATE VIEW so2 AS SELECT 1 UNION SELECT 2.5",
      "CREATE VIEW so3 AS SELECT id + 1 AS x FROM so EXCEPT SELECT b FROM so",
      "CREATE VIEW so4 AS SELECT u.x + 1 AS y FROM (SELECT id AS x FROM so UNION ALL SELECT f FROM so) u",
      "CREATE VIEW so5 AS SELECT id, b FROM so INTERSECT SELECT b, id FROM so UNION SELECT price, price FROM so",
      "SELECT viewname, definition, pg_get_viewdef(viewname::regclass, true) FROM pg_views "
      "WHERE viewname ~ '^so[0-9]$' ORDER BY 1",
      "INSERT INTO so VALUES (1, 1.5, 7, 2.5)",
      "SELECT * FROM so4 ORDER BY 1",
      "SELECT * FROM so5 ORDER BY 1, 2",
      "DROP VIEW so2",
      "DROP TABLE so CASCADE",
  });
}

TEST_F(PostgresTools, ViewsOfAliasedJoinsPrintAndRunAsPostgres) {
  expect_same_answers({
      "CREATE TABLE aj_t (id int, price numeric, name text)",
      "CREATE TABLE aj_u (id int, sku text)",
      "CREATE VIEW j1 AS SELECT j.id, j.sku FROM (aj_t a JOIN aj_u b USING (id)) j",
      "CREATE VIEW j2 AS SELECT j.sku, price FROM (aj_t a JOIN aj_u b ON a.id = b.id) j",
      "CREATE VIEW j3 AS SELECT * FROM (aj_t a JOIN aj_u b USING (id)) AS j",
      "CREATE VIEW j4 AS SELECT j.id FROM (aj_t a JOIN aj_t b USING (id)) j",
      "CREATE VIEW j5 AS SELECT j.name, x.sku FROM (aj_t a LEFT JOIN aj_u b USING (id)) j JOIN aj_u x ON x.id = j.id",
      "SELECT viewname, definition, pg_get_viewdef(viewname::regclass, true) FROM pg_views "
      "WHERE viewname ~ '^j[0-9]$' ORDER BY 1",
      "INSERT INTO aj_t VALUES (1, 2, 'a')",
      "INSERT INTO aj_u VALUES (1, 's')",
      "SELECT * FROM j5",
      "SELECT * FROM j3",
      "DROP TABLE aj_t, aj_u CASCADE",
  });
}

// USING columns of different types: the merged column is the side's that needs no
// cast (vb.id beside an int), else printed bare (FULL JOIN, a cast left side).
TEST_F(PostgresTools, ViewsOfUsingJoinsOfDifferentTypesPrintAndRunAsPostgres) {
  expect_same_answers({
      "CREATE TABLE ut_a (id int, price numeric(10,2), name text)",
      "CREATE TABLE ut_b (id bigint, price numeric, sku text)",
      "CREATE VIEW u1 AS SELECT id, name, ut_a.id AS a FROM ut_a JOIN ut_b USING (id) WHERE id > 1",
      "CREATE VIEW u2 AS SELECT id, price FROM ut_a LEFT JOIN ut_b USING (id, price) WHERE id > 1",
      "CREATE VIEW u3 AS SELECT id, price FROM ut_a RIGHT JOIN ut_b USING (id, price)",
      "CREATE VIEW u4 AS SELECT * FROM ut_a FULL JOIN ut_b USING (id, price, name)",
      "CREATE VIEW u5 AS SELECT * FROM ut_a a FULL JOIN ut_a b USING (id) FULL JOIN ut_b USING (id)",
      "CREATE VIEW u6 AS SELECT j.id, j.sku FROM (ut_a NATURAL JOIN ut_b) j",
      "SELECT viewname, definition, pg_get_viewdef(viewname::regclass, true) FROM pg_views "
      "WHERE viewname ~ '^u[0-9]$' ORDER BY 1",
      "INSERT INTO ut_a VALUES (1, 1.5, 'a'), (2, 2, 'b')",
      "INSERT INTO ut_b VALUES (2, 2, 's'), (3, 3, 't')",
      "SELECT * FROM u1",
      "SELECT * FROM u2 ORDER BY 1",
      "SELECT * FROM u3 ORDER BY 1",
      "SELECT * FROM u5 ORDER BY 1",
      "DROP TABLE ut_a, ut_b CASCADE",
  });
}

// Strings of different types: set operation branches print as they are (the result
// is text beside text, else the first branch's type); a USING column's merged
// column is the text side's, bare where a left varchar is relabelled as text or a
// typmod is dropped.
TEST_F(PostgresTools, ViewsOfSetOperationsAndUsingJoinsOfDifferentStringTypesPrintAndRunAsPostgres) {
  expect_same_answers({
      "CREATE TABLE st_a (id int, t text, v varchar(5), c char(3), n name)",
      "CREATE TABLE st_b (id int, t varchar(5), v text, c varchar(10), n text)",
      "CREATE TABLE st_c (id int, t varchar(8))",
      "CREATE VIEW s1 AS SELECT t FROM st_a UNION SELECT t FROM st_b",
      "CREATE VIEW s2 AS SELECT v, c FROM st_a UNION ALL SELECT v, c FROM st_b",
      "CREATE VIEW s3 AS SELECT c, n FROM st_a EXCEPT SELECT c, n FROM st_b",
      "CREATE VIEW s4 AS SELECT v FROM st_a UNION SELECT t FROM st_c INTERSECT SELECT v FROM st_b",
      "CREATE VIEW s5 AS SELECT t, st_a.id FROM st_a JOIN st_b USING (t)",
      "CREATE VIEW s6 AS SELECT t FROM st_b JOIN st_a USING (t)",
      "CREATE VIEW s7 AS SELECT t FROM st_b JOIN st_c USING (t)",
      "CREATE VIEW s8 AS SELECT t, st_a.v FROM st_a LEFT JOIN st_b USING (t)",
      "SELECT viewname, definition, pg_get_viewdef(viewname::regclass, true) FROM pg_views "
      "WHERE viewname ~ '^s[0-9]$' ORDER BY 1",
      "INSERT INTO st_a VALUES (1, 'a', 'x', 'p', 'n'), (2, 'b', 'y', 'q', 'm')",
      "INSERT INTO st_b VALUES (1, 'a', 'x', 'p', 'n'), (3, 'c', 'z', 'r', 'o')",
      "INSERT INTO st_c VALUES (1, 'a'), (2, 'x')",
      "SELECT * FROM s1 ORDER BY 1",
      "SELECT * FROM s2 ORDER BY 1, 2",
      "SELECT * FROM s3 ORDER BY 1",
      "SELECT * FROM s4 ORDER BY 1",
      "SELECT * FROM s5",
      "SELECT * FROM s7",
      "SELECT * FROM s8 ORDER BY 1",
      "DROP TABLE st_a, st_b, st_c CASCADE",
  });
}

TEST_F(PostgresTools, RenameColumnOfATableInAnotherSchemaRewritesItsViewsAsPostgres) {
  expect_same_psql_output(
      "rename_in_schema",
      "CREATE SCHEMA rs;\nCREATE TABLE rs.o (id int PRIMARY KEY, name text, price numeric);\n"
      "CREATE VIEW rs.v AS SELECT id, name FROM rs.o WHERE price > 0 ORDER BY name;\n"
      "CREATE VIEW rs_p AS SELECT o.name, o.price FROM rs.o o;\n"
      "INSERT INTO rs.o VALUES (1, 'a', 2);\n"
      "ALTER TABLE rs.o RENAME COLUMN name TO title;\nALTER TABLE rs.o RENAME price TO cost;\n"
      "SELECT * FROM rs.v;\nSELECT * FROM rs_p;\n"
      "SELECT pg_get_viewdef('rs.v'::regclass), pg_get_viewdef('rs_p'::regclass, true);\n"
      "\\d+ rs.v\n"
      "DROP VIEW rs_p, rs.v;\nDROP TABLE rs.o;\nDROP SCHEMA rs;\n");
}

TEST_F(PostgresTools, TriggerWhenComparingWholeRowsFiresAndPrintsAsPostgres) {
  expect_same_answers({
      "CREATE TABLE wr (id int PRIMARY KEY, name text, qty int)",
      "CREATE TABLE wr_log (id int, what text)",
      "CREATE FUNCTION wr_changed() RETURNS trigger LANGUAGE plpgsql AS "
      "$$ BEGIN INSERT INTO wr_log VALUES (NEW.id, 'changed'); RETURN NEW; END $$",
      "CREATE FUNCTION wr_same() RETURNS trigger LANGUAGE plpgsql AS "
      "$$ BEGIN INSERT INTO wr_log VALUES (NEW.id, 'same'); RETURN NEW; END $$",
      "CREATE TRIGGER wr1 AFTER UPDATE ON wr FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) "
      "EXECUTE FUNCTION wr_changed()",
      "CREATE TRIGGER wr2 AFTER UPDATE ON wr FOR EACH ROW WHEN (NEW IS NOT DISTINCT FROM OLD) "
      "EXECUTE FUNCTION wr_same()",
      "CREATE TRIGGER wr3 BEFORE INSERT ON wr FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) "
      "EXECUTE FUNCTION wr_changed()",
      // Two records are equal when their NULLs are (unlike two row constructors).
      "CREATE TRIGGER wr4 AFTER UPDATE ON wr FOR EACH ROW WHEN (OLD.* = NEW.*) EXECUTE FUNCTION wr_same()",
      "CREATE TRIGGER wr5 AFTER UPDATE ON wr FOR EACH ROW WHEN (old <> new AND NEW.id > 1) "
      "EXECUTE FUNCTION wr_changed()",
      "INSERT INTO wr VALUES (1, 'a', NULL), (2, NULL, 5)",
      // Unchanged rows (NULLs included) are not distinct; a changed column is.
      "UPDATE wr SET name = name",
      "UPDATE wr SET qty = 7 WHERE id = 1",
      "UPDATE wr SET name = NULL WHERE id = 1",
      "SELECT id, what, count(*) FROM wr_log GROUP BY id, what ORDER BY id, what",
      "SELECT tgname, pg_get_triggerdef(oid), pg_get_triggerdef(oid, true) FROM pg_trigger "
      "WHERE tgrelid = 'wr'::regclass ORDER BY 1",
  });
  expect_same_psql_output("whole_row_when", "\\d wr\n");
  expect_same_answers({"DROP TABLE wr, wr_log", "DROP FUNCTION wr_changed()", "DROP FUNCTION wr_same()"});
}

// Records ordered as PostgreSQL's record_cmp: column by column, a NULL after every
// value and equal to a NULL.
TEST_F(PostgresTools, TriggerWhenOrderingWholeRowsFiresAsPostgres) {
  expect_same_answers({
      "CREATE TABLE wo (id int, name text)",
      "CREATE TABLE wo_log (what text, old_row text, new_row text)",
      "CREATE FUNCTION wo_up() RETURNS trigger LANGUAGE plpgsql AS "
      "$$ BEGIN INSERT INTO wo_log VALUES ('up', OLD.id || '/' || coalesce(OLD.name, '-'), "
      "NEW.id || '/' || coalesce(NEW.name, '-')); RETURN NEW; END $$",
      "CREATE FUNCTION wo_down() RETURNS trigger LANGUAGE plpgsql AS "
      "$$ BEGIN INSERT INTO wo_log VALUES ('down', OLD.id || '/' || coalesce(OLD.name, '-'), "
      "NEW.id || '/' || coalesce(NEW.name, '-')); RETURN NEW; END $$",
      "CREATE FUNCTION wo_not_after() RETURNS trigger LANGUAGE plpgsql AS "
      "$$ BEGIN INSERT INTO wo_log VALUES ('not after', OLD.id || '/' || coalesce(OLD.name, '-'), "
      "NEW.id || '/' || coalesce(NEW.name, '-')); RETURN NEW; END $$",
      "CREATE TRIGGER wo1 AFTER UPDATE ON wo FOR EACH ROW WHEN (OLD.* < NEW.*) EXECUTE FUNCTION wo_up()",
      "CREATE TRIGGER wo2 AFTER UPDATE ON wo FOR EACH ROW WHEN (new >= old IS NOT TRUE) EXECUTE FUNCTION wo_down()",
      "CREATE TRIGGER wo3 AFTER UPDATE ON wo FOR EACH ROW WHEN (NOT (OLD.*) > NEW.* AND NEW.id > 0) "
      "EXECUTE FUNCTION wo_not_after()",
      "INSERT INTO wo VALUES (1, 'a'), (2, NULL), (3, 'c')",
      "UPDATE wo SET name = NULL WHERE id = 1",
      "UPDATE wo SET name = 'b' WHERE id = 2",
      "UPDATE wo SET name = name WHERE id = 3",
      "UPDATE wo SET id = 0, name = 'z' WHERE id = 3",
      "SELECT * FROM wo_log ORDER BY 1, 2, 3",
      "SELECT tgname, pg_get_triggerdef(oid) FROM pg_trigger WHERE tgrelid = 'wo'::regclass ORDER BY 1",
      "DROP TABLE wo, wo_log",
      "DROP FUNCTION wo_up()",
      "DROP FUNCTION wo_down()",
      "DROP FUNCTION wo_not_after()",
  });
}

// 42P17 points at the condition's first reference to the record the event has not.
TEST_F(PostgresTools, TriggerWhenReadingAMissingRecordIsRefusedAtItAsPostgres) {
  expect_same_answers({"CREATE TABLE wm (id int, name text)",
                       "CREATE FUNCTION wm_f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$"});
  expect_same_answers(
      {"CREATE TRIGGER wm1 BEFORE INSERT ON wm FOR EACH ROW WHEN (NEW.id > 0 AND old.id > 1) EXECUTE FUNCTION wm_f()",
       "CREATE TRIGGER wm1 BEFORE INSERT ON wm FOR EACH ROW WHEN (1 = 1 AND OLD.* IS DISTINCT FROM NEW.*) "
       "EXECUTE FUNCTION wm_f()",
       "CREATE TRIGGER wm1 BEFORE INSERT ON wm FOR EACH ROW WHEN (old IS NULL) EXECUTE FUNCTION wm_f()",
       "CREATE TRIGGER wm1 AFTER DELETE ON wm FOR EACH ROW WHEN (OLD.id > 0 OR  new.name = 'é' OR NEW.id = 1) "
       "EXECUTE FUNCTION wm_f()",
       "SELECT 1; CREATE TRIGGER wm1 BEFORE INSERT OR UPDATE ON wm FOR EACH ROW WHEN (OLD.id > 0) "
       "EXECUTE FUNCTION wm_f()"},
      true);
  expect_same_answers({"DROP TABLE wm", "DROP FUNCTION wm_f()"});
}

TEST_F(PostgresTools, TemporaryViewsAreTypedAsPostgres) {
  auto publisher = publisher_.connect();
  for (const std::string sql : {"CREATE TABLE tv_t (id int PRIMARY KEY, price numeric(10,2), name varchar(5), at date)",
                                "INSERT INTO tv_t VALUES (1, 2.5, 'ab', '2024-01-02'), (2, NULL, NULL, NULL)",
                                "CREATE TEMP VIEW tv AS SELECT id, price * 2 AS dp, name, at + 1 AS next, "
                                "price > 1 AS big FROM tv_t"}) {
    ASSERT_TRUE(succeeded(local_try(sql).get())) << sql;
    ASSERT_TRUE(succeeded(exec(publisher.get(), sql).get())) << sql;
  }
  // RowDescription: each column's type, as PostgreSQL types the view's SELECT.
  const std::string select = "SELECT * FROM tv ORDER BY id";
  auto mine = local_try(select);
  auto theirs = exec(publisher.get(), select);
  ASSERT_EQ(PQnfields(mine.get()), PQnfields(theirs.get()));
  for (int i = 0; i < PQnfields(theirs.get()); ++i) {
    EXPECT_EQ(PQftype(mine.get(), i), PQftype(theirs.get(), i)) << PQfname(theirs.get(), i);
    EXPECT_EQ(PQfmod(mine.get(), i), PQfmod(theirs.get(), i)) << PQfname(theirs.get(), i);
  }
  EXPECT_EQ(rows_of(mine.get()), rows_of(theirs.get()));
  for (const std::string sql : {"SELECT dp + 1, name || 'x', next - at FROM tv JOIN tv_t USING (id) ORDER BY 1",
                                "SELECT pg_typeof(dp), pg_typeof(name), pg_typeof(big) FROM tv LIMIT 1",
                                "DROP VIEW tv", "SELECT * FROM tv", "DROP TABLE tv_t"}) {
    auto a = local_try(sql);
    auto b = exec(publisher.get(), sql);
    EXPECT_EQ(sqlstate_of(a.get()), sqlstate_of(b.get())) << sql;
    EXPECT_EQ(rows_of(a.get()), rows_of(b.get())) << sql;
  }
}

TEST_F(PostgresTools, RegprocInputErrorsPointAtTheLiteralAsPostgres) {
  auto publisher = publisher_.connect();
  for (const std::string sql : {"SELECT 'nosuch'::regproc", "SELECT 1,\n  'nosuch(int)'::regprocedure",
                                "SELECT 'pg_catalog.nosuch'::regproc", "SELECT 'plpgsql_validator(text)'::regprocedure"}) {
    auto mine = local_try(sql);
    auto theirs = exec(publisher.get(), sql);
    for (int field : {PG_DIAG_SQLSTATE, PG_DIAG_MESSAGE_PRIMARY, PG_DIAG_STATEMENT_POSITION}) {
      const char* a = PQresultErrorField(mine.get(), field);
      const char* b = PQresultErrorField(theirs.get(), field);
      EXPECT_NE(b, nullptr) << sql;
      EXPECT_EQ(std::string(a ? a : "<none>"), std::string(b ? b : "<none>")) << sql << " (field " << char(field) << ")";
    }
  }
}

}  // namespace
}  // namespace tributary::integration
