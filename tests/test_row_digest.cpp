// The content checksum of `tributary load`: per row FNV-1a of the canonical text of
// the fields as both engines print them, summed; and the row-by-row comparison.
#include <gtest/gtest.h>

#include <algorithm>

#include "cli/load/row_digest.hpp"

namespace tributary::load {
namespace {

using row = std::vector<field_text>;

// Rows as PostgreSQL and Tributary print them under the harness's session settings:
// NULLs, numerics with their scale, floats, timestamps in UTC, text with quotes and Unicode.
const std::vector<row> sample_rows = {
    {std::string("1"), std::string("1234.50"), std::string("2026-12-01 10:00:00.123456+00"),
     std::string("it's \"quoted\" \u00fc\u2192\U0001F600")},
    {std::string("2"), std::nullopt, std::string("-infinity"), std::string("")},
    {std::string("3"), std::string("-0.01"), std::nullopt, std::nullopt},
    {std::string("4"), std::string("NaN"), std::string("2000-01-01 00:00:00+00"), std::string("a|b")},
};

table_digest digest_of(const std::vector<row>& rows) {
  table_digest d;
  for (const auto& r : rows) d.add(r);
  return d;
}

TEST(RowDigest, Fnv1aIsTheStandardSixtyFourBitHash) {
  EXPECT_EQ(fnv1a_64(""), 14695981039346656037ULL);
  EXPECT_EQ(fnv1a_64("a"), 0xaf63dc4c8601ec8cULL);
}

TEST(RowDigest, CanonicalTextPrefixesLengthsAndMarksNull) {
  EXPECT_EQ(canonical_row_text({std::string("ab"), std::nullopt, std::string("")}), "2:ab|N|0:");
}

TEST(RowDigest, NullAndEmptyTextDiffer) {
  EXPECT_NE(canonical_row_text({std::nullopt}), canonical_row_text({std::string("")}));
  EXPECT_NE(canonical_row_text({std::string("N")}), canonical_row_text({std::nullopt}));
}

TEST(RowDigest, ASeparatorInsideAValueCannotFakeTwoFields) {
  EXPECT_NE(canonical_row_text({std::string("a|b")}), canonical_row_text({std::string("a"), std::string("b")}));
  EXPECT_NE(canonical_row_text({std::string("1:a|1:b")}), canonical_row_text({std::string("a"), std::string("b")}));
}

TEST(RowDigest, OrderOfRowsDoesNotMatter) {
  auto reversed = sample_rows;
  std::reverse(reversed.begin(), reversed.end());
  auto rotated = sample_rows;
  std::rotate(rotated.begin(), rotated.begin() + 1, rotated.end());
  EXPECT_EQ(digest_of(sample_rows), digest_of(reversed));
  EXPECT_EQ(digest_of(sample_rows), digest_of(rotated));
}

TEST(RowDigest, ADuplicateRowChangesCountAndChecksum) {
  auto twice = sample_rows;
  twice.push_back(sample_rows[1]);
  twice.push_back(sample_rows[1]);
  auto once = digest_of(sample_rows);
  auto more = digest_of(twice);
  EXPECT_EQ(more.rows, once.rows + 2);
  EXPECT_NE(more.checksum, once.checksum) << "a sum, not an xor: two copies must not cancel";
}

TEST(RowDigest, AChangedValueChangesTheChecksum) {
  auto changed = sample_rows;
  changed[0][1] = std::string("1234.5");  // the same number with another scale prints differently
  EXPECT_NE(digest_of(sample_rows).checksum, digest_of(changed).checksum);
}

TEST(RowMultiset, EqualSidesShowNoDifference) {
  row_multiset rows;
  for (const auto& r : sample_rows) {
    rows.add(row_multiset::side::publisher, *r[0], r);
    rows.add(row_multiset::side::subscriber, *r[0], r);
  }
  auto d = rows.compare();
  EXPECT_EQ(d.lost + d.duplicated + d.unexpected, 0);
  EXPECT_TRUE(d.first_keys.empty());
}

TEST(RowMultiset, CountsLostDuplicatedAndUnexpectedRows) {
  row_multiset rows;
  for (const auto& r : sample_rows) rows.add(row_multiset::side::publisher, *r[0], r);
  rows.add(row_multiset::side::subscriber, "1", sample_rows[0]);
  rows.add(row_multiset::side::subscriber, "1", sample_rows[0]);        // duplicated
  rows.add(row_multiset::side::subscriber, "2", sample_rows[1]);
  row stale = sample_rows[2];
  stale[1] = std::string("99.00");
  rows.add(row_multiset::side::subscriber, "3", stale);                // an update not applied
  // row 4 never arrived
  auto d = rows.compare();
  EXPECT_EQ(d.lost, 2);  // rows 3 and 4 as on the publisher
  EXPECT_EQ(d.duplicated, 1);
  EXPECT_EQ(d.unexpected, 1);
  EXPECT_EQ(d.first_keys, (std::vector<std::string>{"1", "3", "4"}));
}

TEST(RowMultiset, FirstKeysAreInNumericOrderAndLimited) {
  row_multiset rows;
  for (int k : {100, 9, 25, 3, 70}) rows.add(row_multiset::side::publisher, std::to_string(k), {std::to_string(k)});
  auto d = rows.compare(3);
  EXPECT_EQ(d.lost, 5);
  EXPECT_EQ(d.first_keys, (std::vector<std::string>{"3", "9", "25"}));
}

}  // namespace
}  // namespace tributary::load
