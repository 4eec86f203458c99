// set_returning_translation: set-returning functions in a select list expand each
// row over pg_ordinals (stages/sql/translator/set_returning_functions.cpp); their
// records are read by field; forms not covered stay untranslated.
#include <gtest/gtest.h>

#include <pg_query.h>

#include <nlohmann/json.hpp>

#include "stages/sql/translator/query_translation.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary {
namespace {

const std::vector<column_definition> arrays = {
    {"id", builtin_column_type(pg_type_oid::int4), 0, true, {}, "", "", true},
    {"a", builtin_column_type(1007), 0, false, {}, ""},
    {"t", builtin_column_type(1009), 0, false, {}, ""},
    {"k", builtin_column_type(22), 0, false, {}, ""}};

struct outcome {
  std::optional<translated_query> query;
  std::string untranslated;
  std::optional<located_error> error;
};

outcome translate(const std::string& sql) {
  PgQueryParseResult parsed = pg_query_parse(sql.c_str());
  EXPECT_EQ(parsed.error, nullptr) << sql;
  auto tree = nlohmann::json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  outcome out;
  translation_input input;
  input.lookup = [](const std::string& table) { return table == "arrays" ? &arrays : nullptr; };
  input.source = sql;
  input.untranslated = &out.untranslated;
  const auto& stmt = tree["stmts"][0]["stmt"];
  auto r = translate_statement(stmt.begin().key(), stmt.begin().value(), input);
  if (r.ok())
    out.query = std::move(*r);
  else
    out.error = r.error();
  return out;
}

TEST(SetReturningTranslation, UnnestExpandsEachRowOverItsOrdinals) {
  outcome out = translate("SELECT id, unnest(a) FROM arrays");
  ASSERT_TRUE(out.query) << out.untranslated;
  EXPECT_NE(out.query->sql.find("pg_ordinals(coalesce(array_upper(\"arrays\".\"a\", 1), 0)) AS \"srf1\""),
            std::string::npos)
      << out.query->sql;
  ASSERT_EQ(out.query->columns.size(), 2u);
  EXPECT_EQ(out.query->columns[1].name, "unnest");
  EXPECT_EQ(out.query->columns[1].type.oid, pg_type_oid::int4);
}

TEST(SetReturningTranslation, SeveralFunctionsShareTheLongestLength) {
  outcome out = translate("SELECT unnest(a), unnest(t), generate_series(1, 3) FROM arrays");
  ASSERT_TRUE(out.query) << out.untranslated;
  EXPECT_NE(out.query->sql.find("pg_ordinals(max("), std::string::npos) << out.query->sql;
  EXPECT_EQ(out.query->columns[1].type.oid, pg_type_oid::text);
  EXPECT_EQ(out.query->columns[2].type.oid, pg_type_oid::int4);
}

TEST(SetReturningTranslation, ExpandarrayIsARecordReadByField) {
  outcome out = translate("SELECT (information_schema._pg_expandarray(k)).n AS key_seq, "
                          "information_schema._pg_expandarray(k) AS keys FROM arrays");
  ASSERT_TRUE(out.query) << out.untranslated;
  EXPECT_EQ(out.query->columns[0].name, "key_seq");
  EXPECT_EQ(out.query->columns[0].type.oid, pg_type_oid::int4);
  EXPECT_EQ(out.query->columns[1].type.oid, 2249u);
  ASSERT_TRUE(out.query->columns[1].type.record_fields);

  // Its fields, from a sub-select in FROM.
  outcome outer = translate("SELECT (r.keys).x, (r.keys).n FROM (SELECT information_schema._pg_expandarray(k) "
                            "AS keys FROM arrays) r WHERE (r.keys).x = 1");
  ASSERT_TRUE(outer.query) << outer.untranslated;
  EXPECT_EQ(outer.query->columns[0].name, "x");
  EXPECT_EQ(outer.query->columns[0].type.oid, pg_type_oid::int2);
  EXPECT_EQ(outer.query->columns[1].type.oid, pg_type_oid::int4);

  outcome missing = translate("SELECT (information_schema._pg_expandarray(k)).y FROM arrays");
  ASSERT_TRUE(missing.error);
  EXPECT_EQ(missing.error->error.sqlstate, "42703");
  EXPECT_EQ(missing.error->error.message, "could not identify column \"y\" in record data type");
}

TEST(SetReturningTranslation, FormsNotCoveredStayUntranslated) {
  for (const char* sql : {"SELECT id FROM arrays WHERE unnest(a) > 1", "SELECT count(*), unnest(a) FROM arrays",
                          "SELECT unnest(a) FROM arrays GROUP BY 1"}) {
    outcome out = translate(sql);
    EXPECT_FALSE(out.query) << sql;
    EXPECT_FALSE(out.error) << sql;
  }
}

TEST(SetReturningTranslation, LateralSubSelectWithoutFromIsWrittenInPlace) {
  outcome out = translate("SELECT o.n FROM arrays a CROSS JOIN LATERAL (SELECT a.id + 1) AS o(n)");
  ASSERT_TRUE(out.query) << out.untranslated;
  EXPECT_EQ(out.query->columns[0].name, "n");
  EXPECT_EQ(out.query->columns[0].type.oid, pg_type_oid::int4);
  outcome too_many = translate("SELECT 1 FROM arrays a CROSS JOIN LATERAL (SELECT a.id) AS o(n, m)");
  ASSERT_TRUE(too_many.error);
  EXPECT_EQ(too_many.error->error.sqlstate, "42P10");
}

}  // namespace
}  // namespace tributary

namespace tributary {
namespace {

TEST(SetReturningTranslation, GenerateSeriesTakesPostgresArgumentResolution) {
  const auto type_of = [](const std::string& sql) -> oid_t {
    outcome out = translate(sql);
    EXPECT_TRUE(out.query) << sql << ": " << out.untranslated;
    return out.query ? out.query->columns.at(0).type.oid : 0;
  };
  EXPECT_EQ(type_of("SELECT generate_series(1, 10, 3)"), pg_type_oid::int4);
  EXPECT_EQ(type_of("SELECT generate_series(1, 9000000000)"), pg_type_oid::int8);
  EXPECT_EQ(type_of("SELECT generate_series(1, 3, 0.5)"), pg_type_oid::numeric);
  EXPECT_EQ(type_of("SELECT * FROM generate_series(timestamp '2024-01-01', '2024-01-03', '1 day')"),
            pg_type_oid::timestamp);
  // dates and untyped literals with an interval step: the timestamptz form (the preferred type)
  EXPECT_EQ(type_of("SELECT generate_series(date '2024-01-01', date '2024-01-03', interval '1 day')"),
            pg_type_oid::timestamptz);
  EXPECT_EQ(type_of("SELECT g FROM generate_series('2024-01-01', '2024-01-03', interval '1 day') g"),
            pg_type_oid::timestamptz);
  outcome untyped = translate("SELECT generate_series('1', '3')");
  EXPECT_FALSE(untyped.query) << "PostgreSQL cannot choose among the forms";
}

}  // namespace
}  // namespace tributary
