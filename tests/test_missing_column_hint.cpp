// PostgreSQL 15's HINT for a column no FROM item has (parse_relation.c's
// errorMissingColumn), each case checked against PostgreSQL 15.
#include <gtest/gtest.h>

#include "stages/sql/missing_column_hint.hpp"

namespace tributary {
namespace {

const std::vector<hint_relation> items{{"items", {"id", "name", "price", "qty"}}};
const std::vector<hint_relation> orders{{"orders", {"id", "item_id", "amount", "note"}}};

TEST(MissingColumnHint, NamesTheClosestColumnWithItsTable) {
  EXPECT_EQ(missing_column_hint({items}, "", "nmae"), "Perhaps you meant to reference the column \"items.name\".");
  EXPECT_EQ(missing_column_hint({items}, "", "nam"), "Perhaps you meant to reference the column \"items.name\".");
  EXPECT_EQ(missing_column_hint({items}, "items", "pirce"),
            "Perhaps you meant to reference the column \"items.price\".");
}

TEST(MissingColumnHint, NamesTwoColumnsAtTheSameDistance) {
  EXPECT_EQ(missing_column_hint({{items[0], orders[0]}}, "", "idd"),
            "Perhaps you meant to reference the column \"items.id\" or the column \"orders.id\".");
}

TEST(MissingColumnHint, ThreeAtTheSameDistanceGiveNone) {
  const std::vector<hint_relation> three{{"a", {"abc"}}, {"b", {"abd"}}, {"c", {"abe"}}};
  EXPECT_EQ(missing_column_hint({three}, "", "abx"), "");
  // ... also across levels: orders x (note), then the outer items (name) and orders (note).
  EXPECT_EQ(missing_column_hint({{{"x", {"note"}}}, {items[0], orders[0]}}, "", "nmae"), "");
}

TEST(MissingColumnHint, NothingCloseEnoughGivesNone) {
  EXPECT_EQ(missing_column_hint({items}, "", "x"), "");                  // more than half the name differs
  EXPECT_EQ(missing_column_hint({items}, "", "abcdefgh"), "");           // 4 edits and more
  EXPECT_EQ(missing_column_hint({}, "", "name"), "");                    // no FROM
}

TEST(MissingColumnHint, SearchesTheOuterLevelsToo) {
  EXPECT_EQ(missing_column_hint({{{"o", {"id", "amount"}}}, items}, "", "nmae"),
            "Perhaps you meant to reference the column \"items.name\".");
}

TEST(MissingColumnHint, AQualifierThatNamesAnotherEntryCostsItsDistance) {
  const std::vector<hint_relation> aliased{{"i", {"id", "name"}}, {"o", {"id", "note"}}};
  EXPECT_EQ(missing_column_hint({aliased}, "i", "nam"), "Perhaps you meant to reference the column \"i.name\".");
  // o.note is 3 edits from "nam" (more than half of it); i.name is 1, plus 1 for "o" -> "i".
  EXPECT_EQ(missing_column_hint({aliased}, "o", "nam"), "Perhaps you meant to reference the column \"i.name\".");
}

TEST(MissingColumnHint, AnExactColumnTheReferenceCannotSeeIsNamedAsSuch) {
  EXPECT_EQ(missing_column_hint({items}, "", "name"),
            "There is a column named \"name\" in table \"items\", but it cannot be referenced from this part of "
            "the query.");
}

TEST(LevenshteinDistance, CountsCharactersNotBytes) {
  EXPECT_EQ(levenshtein_distance("nmae", "name"), 2);
  EXPECT_EQ(levenshtein_distance("", "abc"), 3);
  EXPECT_EQ(levenshtein_distance("größe", "grosse"), 3);  // ö -> o, ß -> s, one s more
  EXPECT_EQ(levenshtein_distance("é", "e"), 1);
}

}  // namespace
}  // namespace tributary
