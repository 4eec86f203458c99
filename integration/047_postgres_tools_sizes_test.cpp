// 047_postgres_tools_sizes: the relation size functions psql's \dt+ and \di+ read
// (pg_table_size, pg_relation_size, pg_indexes_size, pg_total_relation_size). Their
// bytes are SQLite's: the b-tree pages a table or index occupies in the database
// file (pages of block_size bytes; an empty table has its root page; a primary key that is
// the table's rowid has no b-tree of its own), so the numbers are not PostgreSQL's
// heap and TOAST pages. What holds on both, compared with the fixture's PostgreSQL
// 15 (issue 12): how they add up and grow. Same fixture as 047_postgres_tools_test.cpp.
#include "integration/postgres_tools_fixture.hpp"

namespace tributary::integration {
namespace {

TEST_F(PostgresTools, RelationSizesAddUpAndGrowAsPostgres) {
  expect_same_answers({
      "CREATE TABLE rs (id int PRIMARY KEY, t text)",
      "CREATE TABLE rs_empty (id int)",
      "INSERT INTO rs SELECT g, repeat('x', 100) FROM generate_series(1, 1000) g",
      "CREATE INDEX rs_t ON rs (t)",
      "SELECT pg_total_relation_size('rs') = pg_table_size('rs') + pg_indexes_size('rs'), "
      "pg_table_size('rs') >= pg_relation_size('rs'), pg_relation_size('rs') > pg_relation_size('rs_empty'), "
      "pg_indexes_size('rs') >= pg_relation_size('rs_t'), pg_relation_size('rs_t') > 0, "
      "pg_indexes_size('rs_empty'), pg_relation_size('rs') % current_setting('block_size')::int8",
      "CREATE TABLE rs_before AS SELECT pg_relation_size('rs') AS table_bytes, pg_relation_size('rs_t') AS index_bytes",
      "INSERT INTO rs SELECT g, repeat('y', 100) FROM generate_series(1001, 3000) g",
      "SELECT pg_relation_size('rs') > table_bytes, pg_relation_size('rs_t') > index_bytes FROM rs_before",
      // \dt+ and \di+ print pg_table_size through pg_size_pretty.
      "SELECT pg_size_pretty(pg_table_size('rs')) ~ '^[0-9]+ (bytes|kB|MB)$'",
      "SELECT pg_relation_size('rs_nosuch')",
      "DROP TABLE rs, rs_empty, rs_before",
  });
}

}  // namespace
}  // namespace tributary::integration
