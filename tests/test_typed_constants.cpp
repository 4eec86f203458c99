// typed_constants: quoted literals compared with typed columns, UPDATE ... SET values
// and $n are rewritten to the columns' stored forms, the rest of the text untouched.
#include <gtest/gtest.h>

#include <pg_query.h>

#include <nlohmann/json.hpp>

#include "stages/sql/typed_constants.hpp"

namespace tributary {
namespace {

const std::vector<column_definition> orders = {
    {"id", builtin_column_type(20), 0, true, {}, ""},
    {"paid", builtin_column_type(16), 0, false, {}, ""},
    {"at", builtin_column_type(1184), 0, false, {}, ""},
    {"amount", builtin_column_type(1700, ((12 << 16) | 2) + 4), 0, false, {}, ""}};

result<typed_statement, pg_error> rewrite(const std::string& sql) {
  PgQueryParseResult parsed = pg_query_parse(sql.c_str());
  EXPECT_EQ(parsed.error, nullptr) << sql;
  auto tree = nlohmann::json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  const auto& stmt = tree["stmts"][0]["stmt"];
  const table_columns_lookup lookup = [](const std::string& table) {
    return table == "orders" ? &orders : nullptr;
  };
  return rewrite_typed_constants(stmt.begin().key(), stmt.begin().value(), sql, lookup,
                                 type_settings{});
}

std::string rewritten(const std::string& sql) {
  auto r = rewrite(sql);
  EXPECT_TRUE(r.ok()) << sql << ": " << (r.ok() ? "" : r.error().message);
  return r.ok() ? r->sql : std::string();
}

TEST(TypedConstants, QuotedLiteralsComparedWithTypedColumnsTakeTheStoredForm) {
  EXPECT_EQ(rewritten("SELECT * FROM orders WHERE paid = 't'"), "SELECT * FROM orders WHERE paid = 1");
  EXPECT_EQ(rewritten("SELECT id FROM orders o WHERE '2000-01-01 00:00:01+00' < o.at"),
            "SELECT id FROM orders o WHERE 1000000 < o.at");
  EXPECT_EQ(rewritten("DELETE FROM orders WHERE id IN ('1', '2') OR amount BETWEEN '1' AND '2.5'"),
            "DELETE FROM orders WHERE id IN (1, 2) OR amount BETWEEN '1.00' AND '2.50'");
  EXPECT_EQ(rewritten("SELECT 1 FROM orders WHERE paid = E'yes'"), "SELECT 1 FROM orders WHERE paid = 1");
}

TEST(TypedConstants, NumbersInComparisonsAndUntypedTablesAreLeftAlone) {
  for (const char* sql : {"SELECT * FROM orders WHERE id = 2.5", "SELECT * FROM other WHERE paid = 't'",
                          "SELECT 't' = 't'", "SELECT * FROM orders WHERE paid = true",
                          "SELECT * FROM orders WHERE paid = $$t$$",
                          "SELECT * FROM orders WHERE paid = U&'t'"})
    EXPECT_EQ(rewritten(sql), sql);
}

TEST(TypedConstants, UpdateSetValuesAreAssignedAsInInsert) {
  EXPECT_EQ(rewritten("UPDATE orders SET paid = 'no', amount = 7 WHERE id = '3'"),
            "UPDATE orders SET paid = 0, amount = '7.00' WHERE id = 3");
}

TEST(TypedConstants, ParametersTakeTheTypeOfTheColumnTheyMeet) {
  auto r = rewrite("UPDATE orders SET at = $2 WHERE amount > $1");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->parameter_types.at(1).oid, 1700u);
  EXPECT_EQ(r->parameter_types.at(2), builtin_column_type(1184));
}

TEST(TypedConstants, OrderByGetsPostgresNullPlacementOnEveryTable) {
  EXPECT_EQ(rewritten("SELECT * FROM other ORDER BY a, b DESC, o.c ASC, 2 desc, \"Q\"\"x\""),
            "SELECT * FROM other ORDER BY a NULLS LAST, b DESC NULLS FIRST, o.c ASC NULLS LAST, "
            "2 desc NULLS FIRST, \"Q\"\"x\" NULLS LAST");
  EXPECT_EQ(rewritten("SELECT * FROM other ORDER BY a NULLS FIRST, lower(b), c USING <"),
            "SELECT * FROM other ORDER BY a NULLS FIRST, lower(b), c USING <")
      << "explicit placement and expressions are left as written";
  EXPECT_EQ(rewritten("SELECT (SELECT max(x) FROM u ORDER BY 1) FROM other"),
            "SELECT (SELECT max(x) FROM u ORDER BY 1 NULLS LAST) FROM other");
}

TEST(TypedConstants, ALiteralTheColumnsTypeRejectsIsItsInputError) {
  auto r = rewrite("SELECT * FROM orders WHERE id = 'abc'");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().sqlstate, "22P02");
  EXPECT_EQ(r.error().message, "invalid input syntax for type bigint: \"abc\"");
}

}  // namespace
}  // namespace tributary
