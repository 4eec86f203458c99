// 047_postgres_tools_catalog_indexes: the system catalogs' indexes as PostgreSQL 15
// lists them (issue 12), compared with the fixture's publisher: pg_index, their
// pg_class rows, the PRIMARY KEY / UNIQUE constraints of pg_constraint,
// pg_get_indexdef and pg_get_constraintdef, psql's \d of a catalog ("Indexes:") and
// \di of catalog indexes, their key columns in pg_attribute and \d of one; and a
// user table's indexes on expressions and with a WHERE (issue 11) in
// pg_get_indexdef, pg_indexes and \d. Same fixture as 047_postgres_tools_test.cpp.
#include "integration/postgres_tools_fixture.hpp"

namespace tributary::integration {
namespace {

TEST_F(PostgresTools, SystemCatalogIndexesListAsPostgres) {
  const std::string catalogs =
      "('pg_class', 'pg_type', 'pg_attribute', 'pg_proc', 'pg_namespace', 'pg_constraint', 'pg_index', "
      "'pg_trigger', 'pg_depend', 'pg_description', 'pg_authid', 'pg_database', 'pg_am', 'pg_rewrite')";
  expect_same_answers({
      "SELECT t.relname, c.relname, c.relkind, c.relam, c.relnatts, i.indnatts, i.indisunique, i.indisprimary, "
      "i.indkey, pg_get_indexdef(i.indexrelid), pg_get_indexdef(i.indexrelid, 0, true), "
      "pg_get_indexdef(i.indexrelid, 1, true) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
      "JOIN pg_class t ON t.oid = i.indrelid WHERE t.relnamespace = 'pg_catalog'::regnamespace AND t.relname IN " +
          catalogs + " ORDER BY 1, 2",
      "SELECT t.relname, con.conname, con.contype, con.conkey, pg_get_constraintdef(con.oid), "
      "pg_get_constraintdef(con.oid, true), con.conindid = c.oid FROM pg_constraint con "
      "JOIN pg_class t ON t.oid = con.conrelid JOIN pg_class c ON c.relname = con.conname "
      "WHERE con.connamespace = 'pg_catalog'::regnamespace AND t.relname IN " +
          catalogs + " ORDER BY 1, 2",
      "SELECT relname, relhasindex FROM pg_class WHERE relnamespace = 'pg_catalog'::regnamespace AND relname IN " +
          catalogs + " ORDER BY 1",
      // relreplident 'n' for every catalog (psql's \d+ pg_am printed "Replica Identity: ???" for 'd').
      "SELECT relkind, relreplident, count(*) > 0 FROM pg_class WHERE relnamespace = 'pg_catalog'::regnamespace "
      "AND relname IN " + catalogs + " GROUP BY 1, 2 ORDER BY 1, 2",
  });
  for (const char* command : {"\\d pg_class", "\\di pg_catalog.pg_proc*"}) {
    auto theirs = on_postgresql("psql", {"-X", "-A", "-d", "postgres", "-c", command});
    auto mine = on_tributary("psql", {"-X", "-A", "-d", "postgres", "-c", command});
    ASSERT_TRUE(theirs.succeeded) << theirs.text;
    // The catalogs belong to the bootstrap superuser: postgres there, this test's user here.
    for (size_t at = mine.text.find("|" + subscriber_.user() + "|"); at != std::string::npos;
         at = mine.text.find("|" + subscriber_.user() + "|", at))
      mine.text.replace(at, subscriber_.user().size() + 2, "|postgres|");
    const auto indexes = [](const std::string& text) {
      const size_t at = text.find("Indexes:");
      return at == std::string::npos ? text : text.substr(at);
    };
    EXPECT_EQ(indexes(mine.text), indexes(theirs.text)) << command;
  }
}

// Their key columns in pg_attribute (a name key is a cstring, as name_ops stores
// it), \d of an index, and ::regclass both ways.
TEST_F(PostgresTools, SystemCatalogIndexColumnsAndNamesAsPostgres) {
  expect_same_answers({
      "SELECT c.relname, a.attnum, a.attname, a.atttypid::regtype, a.attlen, a.attbyval, a.attalign, "
      "a.attstorage, a.attndims, a.attnotnull, a.atthasdef, a.attcollation, a.atttypmod FROM pg_attribute a "
      "JOIN pg_class c ON c.oid = a.attrelid WHERE c.relkind = 'i' AND c.relnamespace = 'pg_catalog'::regnamespace "
      "AND c.relname ~ '^pg_(class|proc|attribute|description|type|constraint)_' ORDER BY 1, 2",
      "SELECT 'pg_class_oid_index'::regclass::oid, 'pg_catalog.pg_proc_proname_args_nsp_index'::regclass, "
      "2662::regclass, 'pg_class_oid_index'::regclass::text",
      "SELECT attname, attstorage FROM pg_attribute WHERE attrelid = 'pg_proc'::regclass AND attname IN "
      "('proargtypes', 'proname', 'prosrc') ORDER BY 1",
      "SELECT 'public.pg_class_oid_index'::regclass",
  });
  for (const char* command : {"\\d pg_class_oid_index", "\\d+ pg_proc_proname_args_nsp_index",
                              "\\d pg_catalog.pg_class_relname_nsp_index"}) {
    auto theirs = on_postgresql("psql", {"-X", "-A", "-d", "postgres", "-c", command});
    auto mine = on_tributary("psql", {"-X", "-A", "-d", "postgres", "-c", command});
    ASSERT_TRUE(theirs.succeeded) << theirs.text;
    EXPECT_EQ(mine.text, theirs.text) << command;
  }
}

// CREATE INDEX on expressions and partial ones: the text PostgreSQL keeps of them
// (its deparser's, not as written), plain and pretty, per column, after DROP INDEX.
TEST_F(PostgresTools, ExpressionAndPartialIndexesPrintAsPostgres) {
  expect_same_answers({
      "CREATE TABLE ei (a int, b int, v text, n numeric)",
      "CREATE INDEX ON ei (lower(v))",
      "CREATE UNIQUE INDEX ei_sum ON ei ((a + b))",
      "CREATE INDEX ON ei (lower(v), a)",
      "CREATE INDEX ON ei (a) WHERE b > 0",
      "CREATE INDEX ei_two ON ei ((a * 2), (b - 1) DESC) WHERE v IS NOT NULL AND n > 1.5",
      "CREATE INDEX ei_gone ON ei (upper(v))",
      "DROP INDEX ei_gone",
      "CREATE INDEX ei_gone ON ei (b)",
  });
  expect_same_answers({
      "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'ei' ORDER BY 1",
      "SELECT c.relname, pg_get_indexdef(i.indexrelid, 0, true), pg_get_indexdef(i.indexrelid, 1, false), "
      "pg_get_indexdef(i.indexrelid, 1, true) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
      "WHERE i.indrelid = 'ei'::regclass ORDER BY 1",
  });
  expect_same_meta_commands({"\\d ei"});
  expect_same_answers({"DROP TABLE ei"});
}

}  // namespace
}  // namespace tributary::integration
