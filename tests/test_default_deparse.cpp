// default_deparse: a DEFAULT's text as PostgreSQL 15's pg_get_expr prints it, in
// both modes (the expected texts were printed by PostgreSQL 15 for the same
// column definitions).
#include <gtest/gtest.h>

#include <pg_query.h>

#include <nlohmann/json.hpp>

#include "stages/sql/default_deparse.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary {
namespace {

// The text `expression` as the DEFAULT of a column of `type`.
std::optional<std::string> printed(const std::string& expression, oid_t type, bool pretty = false,
                                   int32_t typmod = -1) {
  const std::string select = "SELECT " + expression;
  PgQueryParseResult parsed = pg_query_parse(select.c_str());
  EXPECT_EQ(parsed.error, nullptr) << expression;
  auto tree = nlohmann::json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  const auto& node = tree["stmts"][0]["stmt"]["SelectStmt"]["targetList"][0]["ResTarget"]["val"];
  column_definition column;
  column.name = "c";
  column.type = builtin_column_type(type, typmod);
  return deparse_default(node, select, column, pretty);
}

TEST(DefaultDeparse, LiteralsAsGetConstExprPrintsThem) {
  EXPECT_EQ(printed("42", 23), "42");
  EXPECT_EQ(printed("-1", 23), "'-1'::integer");
  EXPECT_EQ(printed("-(2)", 23), "'-2'::integer");
  EXPECT_EQ(printed("1.25", 1700), "1.25");
  EXPECT_EQ(printed("-1.5", 1700), "'-1.5'::numeric");
  EXPECT_EQ(printed("12345678901", 20), "'12345678901'::bigint");
  EXPECT_EQ(printed("99999999999999999999", 1700), "'99999999999999999999'::numeric");
  EXPECT_EQ(printed("'ab'", 1043, false, 7), "'ab'::character varying");  // typmod not shown
  EXPECT_EQ(printed("'it''s'", 25), "'it''s'::text");
  EXPECT_EQ(printed("'yes'", 16), "true");
  EXPECT_EQ(printed("'7'", 23), "7");
  EXPECT_EQ(printed("'{1,2}'", 1007), "'{1,2}'::integer[]");
  EXPECT_EQ(printed("interval '90 minutes'", 1186), "'01:30:00'::interval");  // by the type's output
  EXPECT_EQ(printed("'NaN'", 1700), "'NaN'::numeric");
}

TEST(DefaultDeparse, OperatorsShowTheImplicitCastsOfTheirOperands) {
  EXPECT_EQ(printed("1 + 2", 23), "(1 + 2)");
  EXPECT_EQ(printed("1.25 * 2", 1700), "(1.25 * (2)::numeric)");
  EXPECT_EQ(printed("2 ^ 3", 1700), "((2)::double precision ^ (3)::double precision)");
  EXPECT_EQ(printed("2.5::float8 * 2", 701), "((2.5)::double precision * (2)::double precision)");
  EXPECT_EQ(printed("upper('x') || 'z'", 25), "(upper('x'::text) || 'z'::text)");
  EXPECT_EQ(printed("now() + interval '1 day'", 1184), "(now() + '1 day'::interval)");
  EXPECT_EQ(printed("current_date - 1", 1082), "(CURRENT_DATE - 1)");
  EXPECT_EQ(printed("-random()", 701), "(- random())");
  EXPECT_EQ(printed("1 + 2 * 3 - 4 / 2", 23), "((1 + (2 * 3)) - (4 / 2))");
}

TEST(DefaultDeparse, FunctionsCastsAndArrays) {
  EXPECT_EQ(printed("nextval('s')", 20), "nextval('s'::regclass)");
  EXPECT_EQ(printed("concat('a', 'b')", 25), "concat('a', 'b')");  // "any" arguments stay untyped
  EXPECT_EQ(printed("to_char(now(), 'YYYY')", 25), "to_char(now(), 'YYYY'::text)");
  EXPECT_EQ(printed("now()::date", 1082), "(now())::date");
  EXPECT_EQ(printed("(10 * 2.5)::numeric(10,2)", 1700), "(((10)::numeric * 2.5))::numeric(10,2)");
  EXPECT_EQ(printed("localtimestamp(3)", 1114), "LOCALTIMESTAMP(3)");
  EXPECT_EQ(printed("ARRAY['a', 'b']", 1009), "ARRAY['a'::text, 'b'::text]");
  EXPECT_EQ(printed("ARRAY[1, 2]", 1007), "ARRAY[1, 2]");
  // Untyped literals are text (no hint from the column), NULL elements labelled,
  // numbers of two types cast to the larger.
  EXPECT_EQ(printed("ARRAY['ab']", 1015), "ARRAY['ab'::text]");
  EXPECT_EQ(printed("ARRAY['a', NULL]", 1009), "ARRAY['a'::text, NULL::text]");
  EXPECT_EQ(printed("ARRAY[1.5, 2]", 1007), "ARRAY[1.5, (2)::numeric]");
  EXPECT_EQ(printed("ARRAY[]::int[]", 1007), "ARRAY[]::integer[]");
}

TEST(DefaultDeparse, PrettyModeKeepsOnlyTheParenthesesPrecedenceNeeds) {
  EXPECT_EQ(printed("(1 + 2) * 3", 23, true), "(1 + 2) * 3");
  EXPECT_EQ(printed("1 + 2 * 3 - 4 / 2", 23, true), "1 + 2 * 3 - 4 / 2");
  EXPECT_EQ(printed("'a' || 'b' || 'c'", 25, true), "('a'::text || 'b'::text) || 'c'::text");
  EXPECT_EQ(printed("(10 * 2.5)::numeric(10,2)", 1700, true), "(10::numeric * 2.5)::numeric(10,2)");
  EXPECT_EQ(printed("now()::date", 1082, true), "now()::date");
  EXPECT_EQ(printed("-random()", 701, true), "- random()");
  // Under the hidden cast to the column's type, and its length coercion.
  EXPECT_EQ(printed("1 + 2", 20, true), "(1 + 2)");
  EXPECT_EQ(printed("1.5 * 2", 1700, true, (10 << 16 | 2) + 4), "(1.5 * 2::numeric)");
  EXPECT_EQ(printed("'a' || 'b'", 1043, true, 9), "(('a'::text || 'b'::text))");
}

TEST(DefaultDeparse, WhatItDoesNotCoverIsLeftToTheSourceText) {
  EXPECT_EQ(printed("no_such_function() + 1", 23), std::nullopt);
  EXPECT_EQ(printed("'a' ~ 'b'", 16), std::nullopt);
  EXPECT_EQ(printed("NULL", 25), std::nullopt);
  EXPECT_EQ(printed("ARRAY[]", 1007), std::nullopt);
}

}  // namespace
}  // namespace tributary
