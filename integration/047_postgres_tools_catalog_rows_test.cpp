// 047_postgres_tools_catalog_rows: catalog rows tools read, compared with the
// fixture's PostgreSQL 15 (issue 12): COMMENT ON (pg_description,
// obj_description, col_description), information_schema (tables, columns,
// schemata, table_constraints, key_column_usage), views' column types, domains
// (pg_type, psql's \dD), triggers and their functions (pg_trigger, pg_proc,
// pg_depend, \df), keywords and catalog columns. Same fixture as
// 047_postgres_tools_test.cpp.
#include <sstream>

#include "integration/postgres_tools_fixture.hpp"

namespace tributary::integration {
namespace {

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

}  // namespace
}  // namespace tributary::integration
