// view_text: a translated view's SQLite text carries the CREATE VIEW as written and
// its columns' types; a view created from its own text has no record.
#include <gtest/gtest.h>

#include "stages/sql/view_text.hpp"

namespace tributary {
namespace {

stored_view sample() {
  stored_view v;
  v.postgres = "CREATE VIEW s.v (a) AS SELECT id, price * 2 AS p, '*/ x' AS c FROM s.t /* note */";
  column_definition a{"a", builtin_column_type(23)};
  column_definition p{"p", builtin_column_type(1700, (12 << 16) + 4 + 2)};
  column_definition c{"c", builtin_column_type(1009)};
  v.columns = {a, p, c};
  return v;
}

TEST(ViewText, TranslatedViewNamesItsColumnsAndKeepsTheStatementAndTypes) {
  const std::string sql = translated_view_sql("s.v", false, sample(), "SELECT 1 AS \"1\", 2 AS \"2\", 3 AS \"3\"");
  EXPECT_TRUE(sql.starts_with("CREATE VIEW \"s.v\"(\"a\",\"p\",\"c\") AS /* tributary-view ")) << sql;
  EXPECT_TRUE(sql.ends_with(" */ SELECT 1 AS \"1\", 2 AS \"2\", 3 AS \"3\"")) << sql;
  // The comment closes once, after the record: "*/" inside the text is escaped.
  EXPECT_EQ(sql.find("*/"), sql.rfind("*/")) << sql;
  auto read = read_stored_view(sql);
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(read->postgres, sample().postgres);
  ASSERT_EQ(read->columns.size(), 3u);
  EXPECT_EQ(read->columns[0].name, "a");
  EXPECT_EQ(read->columns[0].type.oid, 23u);
  EXPECT_EQ(read->columns[1].type.oid, 1700u);
  EXPECT_EQ(read->columns[1].type.typmod, (12 << 16) + 4 + 2);
  EXPECT_EQ(read->columns[2].type.oid, 1009u);
  EXPECT_EQ(postgres_view_text(sql), sample().postgres);
}

TEST(ViewText, TemporaryViewsAndViewsWithoutARecord) {
  EXPECT_TRUE(translated_view_sql("v", true, sample(), "SELECT 1").starts_with("CREATE TEMP VIEW \"v\"("));
  const std::string own = "CREATE VIEW v AS SELECT 1 /* a comment */";
  EXPECT_FALSE(read_stored_view(own).has_value());
  EXPECT_EQ(postgres_view_text(own), own);
  // A damaged record is no record.
  EXPECT_FALSE(read_stored_view("CREATE VIEW v AS /* tributary-view {\"postgres\": 1} */ SELECT 1").has_value());
  EXPECT_FALSE(read_stored_view("CREATE VIEW v AS /* tributary-view {not json */ SELECT 1").has_value());
}

}  // namespace
}  // namespace tributary
