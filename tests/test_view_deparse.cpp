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

TEST(ViewDeparse, JoinsGroupingOrderingDistinctAndSetOperationsAsPgGetViewdef) {
  // PostgreSQL 15's texts for the same views (plain, then pretty).
  const std::string join = "CREATE VIEW j AS SELECT a.id, b.n FROM vt a LEFT JOIN \"sales.o\" b ON b.n = a.id "
                           "AND b.t IS NOT NULL WHERE a.id > 1";
  EXPECT_EQ(deparsed(join, false), " SELECT a.id,\n    b.n\n   FROM (vt a\n     LEFT JOIN sales.o b ON (((b.n = a.id) "
                                   "AND (b.t IS NOT NULL))))\n  WHERE (a.id > 1);");
  EXPECT_EQ(deparsed(join, true), " SELECT a.id,\n    b.n\n   FROM vt a\n     LEFT JOIN sales.o b ON b.n = a.id AND "
                                  "b.t IS NOT NULL\n  WHERE a.id > 1;");
  EXPECT_EQ(deparsed("CREATE VIEW j AS SELECT a.id FROM vt a JOIN vt b ON b.id = a.id JOIN vt c ON c.id = a.id", false),
            " SELECT a.id\n   FROM ((vt a\n     JOIN vt b ON ((b.id = a.id)))\n     JOIN vt c ON ((c.id = a.id)));");
  EXPECT_EQ(deparsed("CREATE VIEW l AS SELECT vt.id, t FROM vt, \"sales.o\" AS \"o\" WHERE n = id", true),
            " SELECT vt.id,\n    o.t\n   FROM vt,\n    sales.o\n  WHERE o.n = vt.id;");
  const std::string grouped = "CREATE VIEW g AS SELECT name, count(*) AS n, sum(price) AS total, max(id) AS m, "
                              "avg(id) FROM vt GROUP BY name HAVING count(*) > 1 ORDER BY 1 DESC";
  EXPECT_EQ(deparsed(grouped, false), " SELECT vt.name,\n    count(*) AS n,\n    sum(vt.price) AS total,\n"
                                      "    max(vt.id) AS m,\n    avg(vt.id) AS avg\n   FROM vt\n  GROUP BY vt.name\n"
                                      " HAVING (count(*) > 1)\n  ORDER BY vt.name DESC;");
  EXPECT_EQ(deparsed("CREATE VIEW d AS SELECT DISTINCT name FROM vt ORDER BY name NULLS FIRST, id DESC NULLS LAST "
                     "LIMIT 10 OFFSET 2",
                     true),
            " SELECT DISTINCT vt.name\n   FROM vt\n  ORDER BY vt.name NULLS FIRST, vt.id DESC NULLS LAST\n OFFSET 2\n"
            " LIMIT 10;");
  EXPECT_EQ(deparsed("CREATE VIEW u AS SELECT id, name FROM vt UNION ALL SELECT n, t FROM \"sales.o\" AS \"o\"",
                     false),
            std::nullopt);  // varchar and text: PostgreSQL casts the branches
  EXPECT_EQ(deparsed("CREATE VIEW u AS SELECT id FROM vt EXCEPT SELECT n FROM \"sales.o\" AS \"o\"", true),
            " SELECT vt.id\n   FROM vt\nEXCEPT\n SELECT o.n AS id\n   FROM sales.o;");
}

TEST(ViewDeparse, WhatItDoesNotCoverIsNullopt) {
  for (const char* v : {"CREATE VIEW x AS SELECT id + 1 FROM vt", "CREATE VIEW x AS SELECT id FROM nosuch",
                        "CREATE VIEW x AS SELECT 1 AS a", "CREATE VIEW x AS SELECT a.id FROM vt a JOIN vt b USING (id)",
                        "CREATE VIEW x AS SELECT DISTINCT ON (id) id FROM vt",
                        "CREATE VIEW x AS SELECT id FROM vt ORDER BY id + 1",
                        "CREATE VIEW x AS SELECT count(*) AS n FROM vt ORDER BY n",
                        "CREATE VIEW x AS SELECT id FROM vt a JOIN vt b ON a.id = b.id",  // ambiguous id
                        "CREATE VIEW x AS SELECT id FROM vt UNION SELECT id FROM vt UNION SELECT id FROM vt",
                        "CREATE VIEW x AS SELECT (SELECT 1) AS one FROM vt"})
    EXPECT_FALSE(deparsed(v, false).has_value()) << v;
}

}  // namespace
}  // namespace tributary
