// default_deparse: a DEFAULT's text as PostgreSQL 15's pg_get_expr prints it, in
// both modes (the expected texts were printed by PostgreSQL 15 for the same
// column definitions).
#include <gtest/gtest.h>

#include <tuple>

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
  // A cast of ARRAY[...] casts each element; sub-arrays keep their type; NULL::t.
  EXPECT_EQ(printed("ARRAY[1, 2]::bigint[]", 1016), "ARRAY[(1)::bigint, (2)::bigint]");
  EXPECT_EQ(printed("ARRAY[1 + 2]::bigint[]", 1016), "ARRAY[((1 + 2))::bigint]");
  EXPECT_EQ(printed("ARRAY[1 + 2]::bigint[]", 1016, true), "ARRAY[(1 + 2)::bigint]");
  EXPECT_EQ(printed("ARRAY[ARRAY[1, 2], ARRAY[3, 4 + 5]]", 1007),
            "ARRAY[ARRAY[1, 2], ARRAY[3, (4 + 5)]]");
  EXPECT_EQ(printed("ARRAY[ARRAY[1, 2], ARRAY[3, 4 + 5]]", 1007, true), "ARRAY[ARRAY[1, 2], ARRAY[3, 4 + 5]]");
  EXPECT_EQ(printed("ARRAY[NULL::integer, 1 + 1]", 1007), "ARRAY[NULL::integer, (1 + 1)]");
  EXPECT_EQ(printed("ARRAY[(1 + 1), NULL::integer]", 1007, true), "ARRAY[1 + 1, NULL::integer]");
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

// A CHECK on the table ck (a int, n numeric, s text, v varchar(10), f float8,
// b bigint) as pg_get_constraintdef(oid [, true]) prints it: {plain, pretty}.
std::pair<std::optional<std::string>, std::optional<std::string>> check_printed(const std::string& expression) {
  const std::string select = "SELECT " + expression;
  PgQueryParseResult parsed = pg_query_parse(select.c_str());
  EXPECT_EQ(parsed.error, nullptr) << expression;
  auto tree = nlohmann::json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  const auto& node = tree["stmts"][0]["stmt"]["SelectStmt"]["targetList"][0]["ResTarget"]["val"];
  std::vector<column_definition> columns;
  for (const auto& [name, type, typmod] : std::vector<std::tuple<std::string, oid_t, int32_t>>{
           {"a", 23, -1}, {"n", 1700, -1}, {"s", 25, -1}, {"v", 1043, 14}, {"f", 701, -1}, {"b", 20, -1}}) {
    column_definition c;
    c.name = name;
    c.type = builtin_column_type(type, typmod);
    columns.push_back(std::move(c));
  }
  return {deparse_check(node, select, columns, false), deparse_check(node, select, columns, true)};
}

TEST(CheckDeparse, ComparisonsShowTheCastsOperatorResolutionAdds) {
  using texts = std::pair<std::optional<std::string>, std::optional<std::string>>;
  // As PostgreSQL 15 printed them for the same CHECKs.
  EXPECT_EQ(check_printed("a > 0"), texts("CHECK ((a > 0))", "CHECK (a > 0)"));
  EXPECT_EQ(check_printed("n >= 0"), texts("CHECK ((n >= (0)::numeric))", "CHECK (n >= 0::numeric)"));
  EXPECT_EQ(check_printed("s <> ''"), texts("CHECK ((s <> ''::text))", "CHECK (s <> ''::text)"));
  EXPECT_EQ(check_printed("v <> ''"), texts("CHECK (((v)::text <> ''::text))", "CHECK (v::text <> ''::text)"));
  EXPECT_EQ(check_printed("f > 0"),
            texts("CHECK ((f > (0)::double precision))", "CHECK (f > 0::double precision)"));
  EXPECT_EQ(check_printed("a + 1 > b"), texts("CHECK (((a + 1) > b))", "CHECK ((a + 1) > b)"));
  EXPECT_EQ(check_printed("n > 1.5"), texts("CHECK ((n > 1.5))", "CHECK (n > 1.5)"));
}

TEST(CheckDeparse, BooleanOperatorsTakeParenthesesOnlyWherePrecedenceNeedsThem) {
  using texts = std::pair<std::optional<std::string>, std::optional<std::string>>;
  EXPECT_EQ(check_printed("a > 0 AND b < 10"), texts("CHECK (((a > 0) AND (b < 10)))", "CHECK (a > 0 AND b < 10)"));
  EXPECT_EQ(check_printed("a IS NOT NULL OR s IS NULL"),
            texts("CHECK (((a IS NOT NULL) OR (s IS NULL)))", "CHECK (a IS NOT NULL OR s IS NULL)"));
  EXPECT_EQ(check_printed("NOT (a = 1)"), texts("CHECK ((NOT (a = 1)))", "CHECK (NOT a = 1)"));
  EXPECT_EQ(check_printed("(a > 0 OR a < -5) AND b > 0"),
            texts("CHECK ((((a > 0) OR (a < '-5'::integer)) AND (b > 0)))",
                  "CHECK ((a > 0 OR a < '-5'::integer) AND b > 0)"));
  EXPECT_EQ(check_printed("NOT (a > 0 AND b > 0)"),
            texts("CHECK ((NOT ((a > 0) AND (b > 0))))", "CHECK (NOT (a > 0 AND b > 0))"));
}

TEST(CheckDeparse, InListsAreAnyOfAnArray) {
  using texts = std::pair<std::optional<std::string>, std::optional<std::string>>;
  EXPECT_EQ(check_printed("s IN ('x','y')"), texts("CHECK ((s = ANY (ARRAY['x'::text, 'y'::text])))",
                                                   "CHECK (s = ANY (ARRAY['x'::text, 'y'::text]))"));
  EXPECT_EQ(check_printed("a IN (1,2)"), texts("CHECK ((a = ANY (ARRAY[1, 2])))", "CHECK (a = ANY (ARRAY[1, 2]))"));
  EXPECT_EQ(check_printed("n NOT IN (1, 2)"), texts("CHECK ((n <> ALL (ARRAY[(1)::numeric, (2)::numeric])))",
                                                    "CHECK (n <> ALL (ARRAY[1::numeric, 2::numeric]))"));
  // varchar has no = of its own: an array of varchar compared as text[] (PostgreSQL 15).
  EXPECT_EQ(check_printed("v IN ('x', 'y')"),
            texts("CHECK (((v)::text = ANY ((ARRAY['x'::character varying, 'y'::character varying])::text[])))",
                  "CHECK (v::text = ANY (ARRAY['x'::character varying, 'y'::character varying]::text[]))"));
  // One item: a plain comparison.
  EXPECT_EQ(check_printed("s IN ('x')"), texts("CHECK ((s = 'x'::text))", "CHECK (s = 'x'::text)"));
  EXPECT_EQ(check_printed("v NOT IN ('n')"), texts("CHECK (((v)::text <> 'n'::text))", "CHECK (v::text <> 'n'::text)"));
  // A column among the items is a condition of its own: not covered.
  EXPECT_EQ(check_printed("a IN (b, 1)").first, std::nullopt);
}

TEST(CheckDeparse, BetweenIsTwoComparisonsAsPostgresStoresIt) {
  using texts = std::pair<std::optional<std::string>, std::optional<std::string>>;
  // PostgreSQL 15's texts (plain, pretty).
  EXPECT_EQ(check_printed("a BETWEEN 1 AND 2"), texts("CHECK (((a >= 1) AND (a <= 2)))", "CHECK (a >= 1 AND a <= 2)"));
  EXPECT_EQ(check_printed("a NOT BETWEEN 3 AND 4"), texts("CHECK (((a < 3) OR (a > 4)))", "CHECK (a < 3 OR a > 4)"));
}

TEST(CheckDeparse, WhatItDoesNotCoverIsNotPrinted) {
  // The caller keeps the text as written.
  EXPECT_EQ(check_printed("nosuch > 0").first, std::nullopt);
  EXPECT_EQ(check_printed("a BETWEEN SYMMETRIC 1 AND 2").first, std::nullopt);
  EXPECT_EQ(check_printed("s ~ 'x'").first, std::nullopt);
  EXPECT_EQ(check_printed("a + 1").first, std::nullopt);  // not boolean
}

}  // namespace
}  // namespace tributary
