// view_deparse: a view's SELECT as PostgreSQL 15's pg_get_viewdef prints it back
// (the expected texts are PostgreSQL 15's for the same views).
#include <gtest/gtest.h>

#include <pg_query.h>

#include <nlohmann/json.hpp>

#include "stages/sql/view_deparse.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary {
namespace {

column_definition column(const char* name, oid_t type, int32_t typmod = -1) {
  column_definition c;
  c.name = name;
  c.type = builtin_column_type(type, typmod);
  return c;
}

std::optional<std::string> deparsed(const std::string& create_view, bool pretty) {
  PgQueryParseResult parsed = pg_query_parse(create_view.c_str());
  EXPECT_EQ(parsed.error, nullptr) << create_view;
  const auto tree = nlohmann::json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  const view_source_lookup lookup = [](const std::string& local) -> std::optional<view_source> {
    using namespace pg_type_oid;
    if (local == "vt")
      return view_source{"vt", "vt",
                         {column("id", int4), column("price", numeric, (10 << 16) + 4 + 2), column("name", varchar, 24),
                          column("at", date)}};
    if (local == "sales.o")
      return view_source{"sales.o", "o", {column("n", int4), column("t", text)}};
    return std::nullopt;
  };
  return deparse_view(tree["stmts"][0]["stmt"]["ViewStmt"], create_view, lookup, pretty);
}

TEST(ViewDeparse, PrintsTheSelectOfOneRelationAsPgGetViewdef) {
  const std::string v =
      "CREATE VIEW vv AS SELECT id, price, name, price * 2 AS dp, 'lit' AS lit FROM vt WHERE id > 0";
  EXPECT_EQ(deparsed(v, false), " SELECT vt.id,\n    vt.price,\n    vt.name,\n    (vt.price * (2)::numeric) AS dp,\n"
                                "    'lit'::text AS lit\n   FROM vt\n  WHERE (vt.id > 0);");
  EXPECT_EQ(deparsed(v, true), " SELECT vt.id,\n    vt.price,\n    vt.name,\n    vt.price * 2::numeric AS dp,\n"
                               "    'lit'::text AS lit\n   FROM vt\n  WHERE vt.id > 0;");
}

TEST(ViewDeparse, ColumnListsAliasesStarsAndFunctions) {
  EXPECT_EQ(deparsed("CREATE VIEW vc (a, b) AS SELECT id, name FROM vt", true),
            " SELECT vt.id AS a,\n    vt.name AS b\n   FROM vt;");
  EXPECT_EQ(deparsed("CREATE VIEW vs AS SELECT * FROM vt v WHERE v.price > 1.5 AND name IS NOT NULL", false),
            " SELECT v.id,\n    v.price,\n    v.name,\n    v.at\n   FROM vt v\n"
            "  WHERE ((v.price > 1.5) AND (v.name IS NOT NULL));");
  EXPECT_EQ(deparsed("CREATE VIEW vn AS SELECT upper(name) AS u, -1 AS neg, at + 1 AS nx FROM vt", true),
            " SELECT upper(vt.name::text) AS u,\n    '-1'::integer AS neg,\n    vt.at + 1 AS nx\n   FROM vt;");
  // FROM sales.o as the statement router leaves it ("sales.o" AS "o"): no alias of the user's.
  EXPECT_EQ(deparsed("CREATE VIEW ov AS SELECT n, t FROM \"sales.o\" AS \"o\"", true),
            " SELECT o.n,\n    o.t\n   FROM sales.o;");
  EXPECT_EQ(deparsed("CREATE VIEW ov AS SELECT o.n FROM \"sales.o\" o", true), " SELECT o.n\n   FROM sales.o o;");
}

TEST(ViewDeparse, WhatItDoesNotCoverIsNullopt) {
  for (const char* v : {"CREATE VIEW x AS SELECT id FROM vt ORDER BY id", "CREATE VIEW x AS SELECT DISTINCT id FROM vt",
                        "CREATE VIEW x AS SELECT count(*) AS n FROM vt", "CREATE VIEW x AS SELECT id + 1 FROM vt",
                        "CREATE VIEW x AS SELECT a.id FROM vt a JOIN vt b ON a.id = b.id",
                        "CREATE VIEW x AS SELECT id FROM nosuch", "CREATE VIEW x AS SELECT 1 AS a",
                        "CREATE VIEW x AS SELECT id FROM vt UNION SELECT id FROM vt"})
    EXPECT_FALSE(deparsed(v, false).has_value()) << v;
}

}  // namespace
}  // namespace tributary
