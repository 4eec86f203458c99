// insert_values: INSERT ... VALUES into a table of known column types stores each
// value in its type's stored form, with PostgreSQL's input errors.
#include <gtest/gtest.h>

#include <pg_query.h>

#include <nlohmann/json.hpp>

#include "stages/sql/insert_values.hpp"

namespace tributary {
namespace {

nlohmann::json insert_stmt(const std::string& sql) {
  PgQueryParseResult parsed = pg_query_parse(sql.c_str());
  EXPECT_EQ(parsed.error, nullptr) << sql;
  auto tree = nlohmann::json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  return tree["stmts"][0]["stmt"]["InsertStmt"];
}

insert_target orders() {
  insert_target t;
  t.table = "orders";
  t.columns = {{"id", builtin_column_type(20), 0, true, {}, "d"},
               {"paid", builtin_column_type(16), 0, false, {}, ""},
               {"amount", builtin_column_type(1700, ((12 << 16) | 2) + 4), 0, false, {}, ""},
               {"note", builtin_column_type(25), 0, false, std::string("'none'"), ""}};
  t.sqlite_defaults = {"", "", "", "'none'"};
  return t;
}

result<translated_insert, pg_error> translate(const std::string& sql) {
  return translate_insert(insert_stmt(sql), sql, orders(), type_settings{});
}

TEST(InsertValues, ConstantsAreStoredInTheirColumnsForm) {
  auto t = translate("INSERT INTO orders VALUES (1, 'yes', '1234.5', 'it''s')");
  ASSERT_TRUE(t.ok()) << t.error().message;
  EXPECT_EQ(t->sql,
            "INSERT INTO \"orders\" (\"id\", \"paid\", \"amount\", \"note\") VALUES "
            "(1, 1, '1234.50', 'it''s')");
}

TEST(InsertValues, ColumnListsDefaultsNullsAndSeveralRows) {
  auto t = translate(
      "INSERT INTO orders (amount, id, note) VALUES (1e3, DEFAULT, DEFAULT), (NULL, 7, 'x')");
  ASSERT_TRUE(t.ok()) << t.error().message;
  EXPECT_EQ(t->sql,
            "INSERT INTO \"orders\" (\"amount\", \"id\", \"note\") VALUES "
            "('1000.00', NULL, 'none'), (NULL, 7, 'x')");
}

TEST(InsertValues, ParametersTakeTheTypeOfTheirColumn) {
  auto t = translate("INSERT INTO orders (id, amount) VALUES ($1, $2) RETURNING id, amount AS a");
  ASSERT_TRUE(t.ok()) << t.error().message;
  EXPECT_EQ(t->sql, "INSERT INTO \"orders\" (\"id\", \"amount\") VALUES ($1, $2) RETURNING \"id\", "
                    "\"amount\" AS \"a\"");
  EXPECT_EQ(t->parameter_types.at(1), builtin_column_type(20));
  EXPECT_EQ(t->parameter_types.at(2).oid, 1700u);
}

TEST(InsertValues, InputErrorsArePostgres) {
  auto t = translate("INSERT INTO orders VALUES ('abc')");
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.error().sqlstate, "22P02");
  EXPECT_EQ(t.error().message, "invalid input syntax for type bigint: \"abc\"");
  EXPECT_EQ(translate("INSERT INTO orders VALUES (1, 'maybe')").error().message,
            "invalid input syntax for type boolean: \"maybe\"");
  EXPECT_EQ(translate("INSERT INTO orders VALUES (1, true, '12345678901')").error().sqlstate, "22003");
}

TEST(InsertValues, NumbersAreTypedConstantsAssignedAsPostgresCastsThem) {
  // An unquoted number is int4/int8/numeric before it meets the column.
  auto rounded = translate("INSERT INTO orders (id) VALUES (2.5)");
  ASSERT_TRUE(rounded.ok()) << rounded.error().message;
  EXPECT_EQ(rounded->sql, "INSERT INTO \"orders\" (\"id\") VALUES (3)");
  auto negative = translate("INSERT INTO orders (id, amount) VALUES (-7, -0.005)");
  ASSERT_TRUE(negative.ok()) << negative.error().message;
  EXPECT_EQ(negative->sql, "INSERT INTO \"orders\" (\"id\", \"amount\") VALUES (-7, '-0.01')");
  EXPECT_EQ(translate("INSERT INTO orders (id) VALUES (99999999999999999999)").error().message,
            "bigint out of range");
  auto mismatch = translate("INSERT INTO orders (paid) VALUES (1)");
  ASSERT_FALSE(mismatch.ok());
  EXPECT_EQ(mismatch.error().sqlstate, "42804");
  EXPECT_EQ(mismatch.error().message,
            "column \"paid\" is of type boolean but expression is of type integer");
  EXPECT_EQ(mismatch.error().hint, "You will need to rewrite or cast the expression.");
  auto text = translate("INSERT INTO orders (note, paid) VALUES (12.50, true)");
  ASSERT_TRUE(text.ok()) << text.error().message;
  EXPECT_EQ(text->sql, "INSERT INTO \"orders\" (\"note\", \"paid\") VALUES ('12.50', 1)");
}

TEST(InsertValues, ShapeErrorsAreSyntaxErrorsAndUnknownColumns42703) {
  EXPECT_EQ(translate("INSERT INTO orders (id) VALUES (1, 2)").error().message,
            "INSERT has more expressions than target columns");
  EXPECT_EQ(translate("INSERT INTO orders (id, note) VALUES (1)").error().message,
            "INSERT has more target columns than expressions");
  EXPECT_EQ(translate("INSERT INTO orders (nope) VALUES (1)").error().message,
            "column \"nope\" of relation \"orders\" does not exist");
}

TEST(InsertValues, OnConflictDoNothingIsKept) {
  auto t = translate("INSERT INTO orders (id) VALUES (1) ON CONFLICT (id) DO NOTHING");
  ASSERT_TRUE(t.ok()) << t.error().message;
  EXPECT_EQ(t->sql, "INSERT INTO \"orders\" (\"id\") VALUES (1) ON CONFLICT (\"id\") DO NOTHING");
}

TEST(InsertValues, WhatCannotBeTranslatedYetIs0A000) {
  for (const char* sql : {"INSERT INTO orders VALUES (1 + 1)", "INSERT INTO orders SELECT 1",
                          "INSERT INTO orders (id) VALUES (1) ON CONFLICT (id) DO UPDATE SET id = 2",
                          "INSERT INTO orders (id) VALUES (1) RETURNING id + 1"}) {
    auto t = translate(sql);
    ASSERT_FALSE(t.ok()) << sql;
    EXPECT_EQ(t.error().sqlstate, "0A000") << sql;
  }
}

}  // namespace
}  // namespace tributary
