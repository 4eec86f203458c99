// A streamed transaction's change as a spool record: every kind comes back
// equal, relations by snapshot, and a damaged record is an error.
#include <gtest/gtest.h>

#include "stages/pipeline/spooled_change.hpp"
#include "kept_bytes.hpp"

namespace tributary {
namespace {

relation_ptr make_relation(oid_t oid, const std::string& name, int columns) {
  relation_info r;
  r.relation_oid = oid;
  r.schema_name = "public";
  r.table_name = name;
  for (int i = 0; i < columns; ++i)
    r.columns.push_back(relation_column{i == 0, "c" + std::to_string(i), 23, -1});
  return std::make_shared<const relation_info>(std::move(r));
}

tuple_value text(std::string s) { return kept_value(tuple_value::kind::text, std::move(s)); }

void expect_same(const row_change& a, const row_change& b) {
  EXPECT_EQ(a.kind, b.kind);
  EXPECT_EQ(a.relation, b.relation);
  EXPECT_EQ(a.old_kind, b.old_kind);
  EXPECT_EQ(a.truncate_options, b.truncate_options);
  EXPECT_EQ(a.truncated, b.truncated);
  ASSERT_EQ(a.old_tuple.size(), b.old_tuple.size());
  ASSERT_EQ(a.new_tuple.size(), b.new_tuple.size());
  for (size_t i = 0; i < a.old_tuple.size(); ++i) {
    EXPECT_EQ(a.old_tuple[i].k, b.old_tuple[i].k);
    EXPECT_EQ(a.old_tuple[i].bytes, b.old_tuple[i].bytes);
  }
  for (size_t i = 0; i < a.new_tuple.size(); ++i) {
    EXPECT_EQ(a.new_tuple[i].k, b.new_tuple[i].k);
    EXPECT_EQ(a.new_tuple[i].bytes, b.new_tuple[i].bytes);
  }
}

TEST(SpooledChange, EveryKindRoundTripsWithItsSubtransaction) {
  auto t = make_relation(16385, "t", 3);
  auto u = make_relation(16390, "u", 1);
  relation_table relations;
  std::vector<row_change> changes(4);
  changes[0].kind = change_kind::insert;
  changes[0].relation = t;
  changes[0].new_tuple = {text("1"), tuple_value{}, tuple_value{tuple_value::kind::binary, std::string_view("\0\1", 2)}};
  changes[1].kind = change_kind::update;
  changes[1].relation = t;
  changes[1].old_kind = 'K';
  changes[1].old_tuple = {text("1"), tuple_value{}, tuple_value{}};
  changes[1].new_tuple = {text("2"), tuple_value{tuple_value::kind::unchanged_toast, ""}, text("")};
  changes[2].kind = change_kind::delete_;
  changes[2].relation = u;
  changes[2].old_kind = 'O';
  changes[2].old_tuple = {text("x")};
  changes[3].kind = change_kind::truncate;
  changes[3].relation = t;
  changes[3].truncated = {t, u};
  changes[3].truncate_options = 3;
  for (size_t i = 0; i < changes.size(); ++i) {
    std::string record;
    encode_spooled_change(changes[i], static_cast<xid_t>(700 + i), relations, record);
    auto back = decode_spooled_change(record, relations);
    ASSERT_TRUE(back) << back.error();
    // The change keeps its values' bytes itself: the record may go.
    record.assign(record.size(), '\xff');
    EXPECT_EQ(back->subxid, 700 + i);
    expect_same(back->change, changes[i]);
  }
  EXPECT_EQ(relations.size(), 2u);
}

TEST(SpooledChange, EachRelationSnapshotKeepsItsOwnShape) {
  // ALTER TABLE ... ADD COLUMN inside the transaction: a new Relation snapshot
  // for the same OID; changes before and after keep theirs.
  auto before = make_relation(16385, "t", 2);
  auto after = make_relation(16385, "t", 3);
  relation_table relations;
  row_change a{change_kind::insert, before, 0, {}, {text("1"), text("a")}, {}, {}, 0};
  row_change b{change_kind::insert, after, 0, {}, {text("2"), text("b"), text("9")}, {}, {}, 0};
  std::string ra, rb;
  encode_spooled_change(a, 1, relations, ra);
  encode_spooled_change(b, 1, relations, rb);
  EXPECT_EQ(decode_spooled_change(ra, relations)->change.relation, before);
  EXPECT_EQ(decode_spooled_change(rb, relations)->change.relation, after);
}

TEST(SpooledChange, DamagedRecordsAreErrors) {
  auto t = make_relation(16385, "t", 1);
  relation_table relations;
  row_change c{change_kind::insert, t, 0, {}, {text("hello")}, {}, {}, 0};
  std::string record;
  encode_spooled_change(c, 1, relations, record);

  auto cut = decode_spooled_change(std::string_view(record).substr(0, record.size() - 2), relations);
  ASSERT_FALSE(cut);
  EXPECT_EQ(cut.error(), "spooled change has a malformed tuple");

  auto longer = decode_spooled_change(record + "zz", relations);
  ASSERT_FALSE(longer);
  EXPECT_EQ(longer.error(), "spooled change has 2 bytes after its end");

  relation_table empty;
  auto unknown = decode_spooled_change(record, empty);
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error(), "spooled change names relation 0 of 0");

  std::string bad_kind = record;
  bad_kind[4] = 9;
  EXPECT_EQ(decode_spooled_change(bad_kind, relations).error(), "spooled change has unknown kind 9");
  EXPECT_EQ(decode_spooled_change("", relations).error(), "spooled change is truncated");
}

}  // namespace
}  // namespace tributary
