// 047_postgres_tools_catalog_lists: psql's lists of built-in catalog objects that are
// Tributary's too (\dTS types, \dC casts), against Tributary and the fixture's
// PostgreSQL 15 (issue 12): the same output byte for byte, and the catalog reads
// beneath them (pg_type_is_visible of internal and array types, the types'
// obj_description; \dO's encoding functions and pg_collation_is_visible). pg_cast
// lists only the casts Tributary does: each of its rows is PostgreSQL's, and a cast
// it leaves out is one Tributary refuses.
// Same fixture as 047_postgres_tools_test.cpp.
#include <sstream>

#include "integration/postgres_tools_fixture.hpp"

namespace tributary::integration {
namespace {

TEST_F(PostgresTools, BuiltinTypeListsAsPostgres) {
  // \dTS lists pg_catalog's types with their comments (the pseudo-types and internal
  // types among them); \dTS+ their internal names, sizes and owner.
  expect_same_meta_commands({"\\dTS", "\\dTS+", "\\dT", "\\dTS int*", "\\dTS+ \"char\"", "\\dTS reg*",
                             "\\dTS+ pg_catalog.any*", "\\dTS nosuch"});
  expect_same_answers({
      // int4, its array, "any", aclitem[], none.
      "SELECT pg_type_is_visible(23), pg_type_is_visible(1007), pg_type_is_visible(2276), pg_type_is_visible(1034), "
      "pg_type_is_visible(1)",
      "SELECT obj_description(23, 'pg_type'), obj_description(2277, 'pg_type'), obj_description(1007, 'pg_type')",
      "SELECT count(*) FROM pg_description WHERE classoid = 'pg_type'::regclass",
  });
}

TEST_F(PostgresTools, CastListsAsPostgresForTheCastsTributaryDoes) {
  // Types all of whose casts Tributary does list as PostgreSQL's.
  expect_same_meta_commands({"\\dC \"timestamp*\"", "\\dC+ date", "\\dC bit*", "\\dC regclass", "\\dC json",
                             "\\dC uuid", "\\dC nosuch"});
  // Every pg_cast row of Tributary's is one of PostgreSQL's, as it is there.
  const std::vector<std::string> query = {"-X", "-A", "-t", "-d", "postgres", "-c",
                                          "SELECT oid, castsource, casttarget, castfunc, castcontext, castmethod "
                                          "FROM pg_cast ORDER BY oid"};
  const std::string theirs = "\n" + on_postgresql("psql", query).text, mine = on_tributary("psql", query).text;
  std::istringstream rows(mine);
  size_t count = 0;
  for (std::string row; std::getline(rows, row); ++count)
    EXPECT_NE(theirs.find("\n" + row + "\n"), std::string::npos) << row;
  EXPECT_GT(count, 100u);
  // Casts it leaves out are ones Tributary does not do as PostgreSQL (here: refuses).
  for (const std::string sql : {"SELECT '(1,2)'::point::box", "SELECT '[1,5)'::int4range::int4multirange",
                                "SELECT '1 day 02:03:04'::interval::time"}) {
    EXPECT_EQ(PQresultStatus(exec(publisher_.connect().get(), sql).get()), PGRES_TUPLES_OK) << sql;
    EXPECT_EQ(PQresultStatus(local_try(sql).get()), PGRES_FATAL_ERROR) << sql;
  }
}

TEST_F(PostgresTools, CollationListsAsPostgres) {
  // The user's collations (none) and the built-in ones Tributary has (default, C,
  // POSIX; PostgreSQL's ICU collations and C.utf8 are not, so \dOS differs).
  expect_same_meta_commands({"\\dO", "\\dO+", "\\dO nosuch", "\\dOS C", "\\dOS+ posix", "\\dOS \"default\""});
  expect_same_answers({
      "SELECT pg_char_to_encoding('utf-8'), pg_char_to_encoding('Unicode'), pg_char_to_encoding('x'), "
      "pg_char_to_encoding(''), pg_char_to_encoding('latin1'), pg_char_to_encoding('euc_jp')",
      "SELECT pg_encoding_to_char(-1), pg_encoding_to_char(99), pg_encoding_to_char(8), pg_encoding_to_char(6)",
      "SELECT pg_typeof(getdatabaseencoding()), getdatabaseencoding()",
      "SELECT pg_collation_is_visible(950), pg_collation_is_visible(100), pg_collation_is_visible(1)",
  });
}

TEST_F(PostgresTools, AccessMethodListsAsPostgres) {
  // heap, btree and hash (Tributary has no gist, gin, spgist or brin: \dA lists 3 of
  // PostgreSQL's 7, and \dAc etc. of them none), with PostgreSQL's handler functions
  // and comments.
  expect_same_meta_commands({"\\dA+ btree", "\\dA+ h*", "\\dA heap", "\\dA nosuch", "\\df bthandler"});
  // Their operator classes and families, with operators and support functions.
  expect_same_meta_commands({"\\dAc btree", "\\dAc+ hash", "\\dAc btree int*", "\\dAf btree", "\\dAf+ hash",
                             "\\dAp btree", "\\dAp+ hash", "\\dAo btree", "\\dAo+ hash",
                             "\\dAo+ btree integer_ops", "\\dAc btree nosuch"});
  expect_same_answers({
      "SELECT amname, amhandler, amhandler::oid, amtype, obj_description(oid, 'pg_am') FROM pg_am "
      "WHERE amname IN ('heap', 'btree', 'hash') ORDER BY 1",
      "SELECT proname, prorettype::regtype, proargtypes::text FROM pg_proc WHERE proname = 'hashhandler'",
      "SELECT pg_opclass_is_visible(1978), pg_opfamily_is_visible(1976), pg_opclass_is_visible(1), "
      "pg_opfamily_is_visible(1)",
      "SELECT opcname, opcfamily, opcintype::regtype, opcdefault FROM pg_opclass WHERE opcname = 'int4_ops' ORDER BY 1, 2",
  });
}

TEST_F(PostgresTools, PresetParametersAsPostgres) {
  // Read-only preset parameters, as SHOW, current_setting and pg_settings give them
  // (the fixture's PostgreSQL runs with locale C, as Tributary's text compares).
  expect_same_answers({
      "SHOW data_checksums", "SHOW debug_assertions", "SHOW lc_collate", "SHOW lc_ctype",
      "SELECT current_setting('lc_ctype'), current_setting('data_checksums')",
      "SELECT name, setting, unit, category, short_desc, extra_desc, context, vartype, source, min_val, max_val, "
      "enumvals, boot_val, reset_val FROM pg_settings "
      "WHERE name IN ('data_checksums', 'debug_assertions', 'lc_collate', 'lc_ctype') ORDER BY 1",
      "SET data_checksums = on", "SET block_size = 8192",
  });
  // block_size is the unit of each server's relation sizes: PostgreSQL's 8 kB block,
  // SQLite's 1 kB page here (the README says so); a one-row table is one of them.
  expect_same_answers({
      "CREATE TABLE preset_t (id int PRIMARY KEY, v text)", "INSERT INTO preset_t VALUES (1, 'x')",
      "SELECT pg_relation_size('preset_t') = current_setting('block_size')::int8, "
      "pg_relation_size('preset_t') % current_setting('block_size')::int8",
      "SELECT unit, context, vartype, setting = min_val, setting = max_val FROM pg_settings WHERE name = 'block_size'",
      "DROP TABLE preset_t",
  });
}

}  // namespace
}  // namespace tributary::integration
