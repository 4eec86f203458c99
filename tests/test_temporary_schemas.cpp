// Sessions' backend numbers and temporary schemas (cli/catalog/temporary_schemas).
#include <gtest/gtest.h>

#include "cli/catalog/temporary_schemas.hpp"

using tributary::temporary_schema_registry;

TEST(TemporarySchemas, SessionsTakeTheLowestFreeNumberFromThreeAndGiveItBack) {
  auto registry = temporary_schema_registry::create();
  auto first = registry->take_number();
  auto second = registry->take_number();
  EXPECT_EQ(first->number(), 3);
  EXPECT_EQ(second->number(), 4);
  first.reset();  // the session ended: its number is free again
  auto third = registry->take_number();
  EXPECT_EQ(third->number(), 3);
  EXPECT_EQ(registry->take_number()->number(), 5);
}

TEST(TemporarySchemas, MadeSchemasAreListedPerDatabaseAfterTheirSessionEnds) {
  auto registry = temporary_schema_registry::create();
  {
    auto session = registry->take_number();
    registry->made("postgres", session->number());
    registry->made("postgres", session->number());
  }
  registry->made("other", 7);
  EXPECT_EQ(registry->made_in("postgres"), std::vector<int>{3});
  EXPECT_EQ(registry->made_in("other"), std::vector<int>{7});
  EXPECT_TRUE(registry->made_in("none").empty());
  EXPECT_EQ(tributary::temporary_schema_name(4), "pg_temp_4");
  EXPECT_EQ(tributary::temporary_toast_schema_name(4), "pg_toast_temp_4");
}

TEST(TemporarySchemas, AConnectionWithoutTheFunctionsReadsNumberThreeAndNothingMade) {
  auto db = tributary::sqlite_connection::open(":memory:");
  ASSERT_TRUE(db);
  const auto state = tributary::read_temporary_schema_state(*db);
  EXPECT_EQ(state.number, 3);
  EXPECT_TRUE(state.made.empty());
}

TEST(TemporarySchemas, AConnectionReadsItsNumberAndNotesItsSchema) {
  auto registry = temporary_schema_registry::create();
  auto db = tributary::sqlite_connection::open(":memory:");
  ASSERT_TRUE(db);
  auto taken = registry->take_number();  // another session holds 3
  ASSERT_EQ(tributary::install_temporary_schema_functions(db->handle(), registry, "postgres",
                                                          registry->take_number()),
            0);
  EXPECT_EQ(tributary::read_temporary_schema_state(*db).number, 4);
  EXPECT_TRUE(tributary::read_temporary_schema_state(*db).made.empty());
  ASSERT_TRUE(db->exec("SELECT tributary_note_temporary_schema()"));
  registry->made("postgres", 3);
  EXPECT_EQ(tributary::read_temporary_schema_state(*db).made, (std::vector<int>{3, 4}));
}
