// 047_postgres_tools_catalog_lists: psql's lists of built-in catalog objects that are
// Tributary's too (\dTS types), against Tributary and the fixture's PostgreSQL 15
// (issue 12): the same output byte for byte, and the catalog reads beneath them
// (pg_type_is_visible of internal and array types, the types' obj_description).
// Same fixture as 047_postgres_tools_test.cpp.
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

}  // namespace
}  // namespace tributary::integration
