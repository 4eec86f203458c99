// Specification of pgoutput_decoder, part 1: every message kind outside
// streaming, as pgoutput writes it (reference §3.2-§3.5). Streaming and
// two-phase: test_pgoutput_decoder_streaming.cpp; malformed input:
// test_pgoutput_decoder_errors.cpp.
#include <gtest/gtest.h>

#include "decoder_test_support.hpp"

namespace tributary {
namespace {

using namespace testkit;

TEST(PgoutputDecoder, BeginCarriesFinalLsnCommitTimeAndXid) {
  pgoutput_decoder decoder(decoder_options{1});
  auto m = expect_message<begin_message>(decoder, begin_msg(0x16B3748, 7'000'000, 735));
  EXPECT_EQ(m.final_lsn, lsn{0x16B3748});
  EXPECT_EQ(m.commit_time, 7'000'000);
  EXPECT_EQ(m.xid, 735u);
}

TEST(PgoutputDecoder, CommitCarriesStartAndEndOfTheCommitRecord) {
  pgoutput_decoder decoder(decoder_options{1});
  auto m = expect_message<commit_message>(decoder, commit_msg(0x100, 0x1A8, -5));
  EXPECT_EQ(m.flags, 0);
  EXPECT_EQ(m.commit_lsn, lsn{0x100});
  EXPECT_EQ(m.end_lsn, lsn{0x1A8});
  EXPECT_EQ(m.commit_time, -5);
}

TEST(PgoutputDecoder, OriginCarriesOriginLsnAndName) {
  pgoutput_decoder decoder(decoder_options{1});
  auto m = expect_message<origin_message>(
      decoder, bytes_builder().ch('O').u64(0xABCDEF).str("pg_16390").bytes());
  EXPECT_EQ(m.origin_commit_lsn, lsn{0xABCDEF});
  EXPECT_EQ(m.origin_name, "pg_16390");
}

TEST(PgoutputDecoder, RelationFillsTheRelationCache) {
  pgoutput_decoder decoder(decoder_options{1});
  auto bytes = relation_msg(16385, "sales", "orders", 'd',
                            {{"id", 23, true}, {"note", 1043, false, 68}});
  auto m = expect_message<relation_message>(decoder, bytes);
  EXPECT_FALSE(m.xid.has_value());
  EXPECT_EQ(m.relation.relation_oid, 16385u);
  EXPECT_EQ(m.relation.schema_name, "sales");
  EXPECT_EQ(m.relation.table_name, "orders");
  EXPECT_EQ(m.relation.replica_identity, 'd');
  ASSERT_EQ(m.relation.columns.size(), 2u);
  EXPECT_TRUE(m.relation.columns[0].is_key);
  EXPECT_EQ(m.relation.columns[0].name, "id");
  EXPECT_EQ(m.relation.columns[0].type_oid, 23u);
  EXPECT_EQ(m.relation.columns[0].type_modifier, -1);
  EXPECT_FALSE(m.relation.columns[1].is_key);
  EXPECT_EQ(m.relation.columns[1].type_modifier, 68);

  const relation_info* cached = decoder.relation(16385);
  ASSERT_NE(cached, nullptr);
  EXPECT_EQ(cached->table_name, "orders");
  EXPECT_EQ(decoder.relation(16386), nullptr);
}

TEST(PgoutputDecoder, RelationAcceptsEachReplicaIdentity) {
  for (char identity : {'d', 'n', 'f', 'i'}) {
    pgoutput_decoder decoder(decoder_options{1});
    auto m = expect_message<relation_message>(decoder, items_relation(std::nullopt, identity));
    EXPECT_EQ(m.relation.replica_identity, identity);
  }
}

TEST(PgoutputDecoder, RelationWithIdentityFullFlagsEveryColumnAsKey) {
  pgoutput_decoder decoder(decoder_options{1});
  auto m = expect_message<relation_message>(
      decoder, relation_msg(1, "public", "t", 'f', {{"a", 23, true}, {"b", 25, true}}));
  for (const auto& c : m.relation.columns)
    EXPECT_TRUE(c.is_key) << c.name;
}

TEST(PgoutputDecoder, RelationWithEmptyNamespaceKeepsItAsSent) {
  pgoutput_decoder decoder(decoder_options{1});
  auto m = expect_message<relation_message>(decoder, relation_msg(1, "", "t", 'n', {}));
  EXPECT_EQ(m.relation.schema_name, "");
  EXPECT_TRUE(m.relation.columns.empty());
}

TEST(PgoutputDecoder, RelationAnnouncedAgainReplacesTheCachedColumns) {
  auto decoder = decoder_with_items();
  ASSERT_TRUE(decoder
                  .decode(relation_msg(items_oid, "public", "items", 'd',
                                       {{"id", 23, true}, {"name", 25}, {"price", 1700}}))
                  .ok());
  ASSERT_NE(decoder.relation(items_oid), nullptr);
  EXPECT_EQ(decoder.relation(items_oid)->columns.size(), 3u);
  // Two-column rows no longer match; three-column rows do.
  EXPECT_FALSE(decoder.decode(insert_msg(items_oid, {text("1"), text("a")})).ok());
  EXPECT_TRUE(decoder.decode(insert_msg(items_oid, {text("1"), text("a"), null_cell()})).ok());
}

TEST(PgoutputDecoder, TypeFillsTheTypeCache) {
  pgoutput_decoder decoder(decoder_options{1});
  auto m = expect_message<type_message>(
      decoder, bytes_builder().ch('Y').u32(16400).str("public").str("mood").bytes());
  EXPECT_FALSE(m.xid.has_value());
  EXPECT_EQ(m.type.type_oid, 16400u);
  EXPECT_EQ(m.type.schema_name, "public");
  EXPECT_EQ(m.type.type_name, "mood");
  ASSERT_NE(decoder.type(16400), nullptr);
  EXPECT_EQ(decoder.type(16400)->type_name, "mood");
  EXPECT_EQ(decoder.type(16401), nullptr);
}

TEST(PgoutputDecoder, ReferenceInsertExampleDecodes) {
  // Reference §3.4: 49 | 00 00 40 01 | 4E | 00 02 | 74 00 00 00 01 31 | 6E
  const std::string payload("\x49\x00\x00\x40\x01\x4E\x00\x02\x74\x00\x00\x00\x01\x31\x6E", 15);
  auto decoder = decoder_with_items();
  auto m = expect_message<insert_message>(decoder, payload);
  EXPECT_FALSE(m.xid.has_value());
  EXPECT_EQ(m.relation_oid, 16385u);
  ASSERT_EQ(m.new_tuple.size(), 2u);
  EXPECT_EQ(m.new_tuple[0].k, tuple_value::kind::text);
  EXPECT_EQ(m.new_tuple[0].bytes, "1");
  EXPECT_TRUE(m.new_tuple[1].is_null());
}

TEST(PgoutputDecoder, ValuesViewThePayloadWhichTheChangeKeepsAlive) {
  auto decoder = decoder_with_items();
  const std::string long_value = "a text value longer than any short-string buffer";
  auto payload = std::make_shared<const std::string>(insert_msg(items_oid, {text("1"), text(long_value)}));
  const std::string_view received(*payload);
  auto out = decoder.decode(received, payload);
  ASSERT_TRUE(out.ok());
  auto m = std::get<insert_message>(std::move(*out));
  ASSERT_EQ(m.new_tuple.size(), 2u);
  // No copy per value: the bytes are those of the received message...
  EXPECT_GE(m.new_tuple[1].bytes.data(), received.data());
  EXPECT_LE(m.new_tuple[1].bytes.data() + m.new_tuple[1].bytes.size(), received.data() + received.size());
  // ...which the message keeps alive after the caller lets go of it.
  payload.reset();
  EXPECT_EQ(m.new_tuple[0].bytes, "1");
  EXPECT_EQ(m.new_tuple[1].bytes, long_value);
}

TEST(PgoutputDecoder, BinaryValuesAreKeptByteForByte) {
  auto decoder = decoder_with_items();
  const std::string int4_bytes("\x00\x00\x01\x00", 4);
  const std::string with_nul("a\0b", 3);
  auto m = expect_message<insert_message>(decoder,
                                          insert_msg(items_oid, {binary(int4_bytes), binary(with_nul)}));
  ASSERT_EQ(m.new_tuple.size(), 2u);
  EXPECT_EQ(m.new_tuple[0].k, tuple_value::kind::binary);
  EXPECT_EQ(m.new_tuple[0].bytes, int4_bytes);
  EXPECT_EQ(m.new_tuple[1].bytes, with_nul);
}

TEST(PgoutputDecoder, BinaryValuesAreAcceptedWithProtocolVersion1) {
  auto decoder = decoder_with_items(1);
  EXPECT_TRUE(decoder.decode(insert_msg(items_oid, {binary("x"), binary("")})).ok());
}

TEST(PgoutputDecoder, EmptyTextValueIsNotNull) {
  auto decoder = decoder_with_items();
  auto m = expect_message<insert_message>(decoder, insert_msg(items_oid, {text("7"), text("")}));
  ASSERT_EQ(m.new_tuple.size(), 2u);
  EXPECT_FALSE(m.new_tuple[1].is_null());
  EXPECT_EQ(m.new_tuple[1].bytes, "");
}

TEST(PgoutputDecoder, UpdateWithoutOldTupleMeansTheKeyDidNotChange) {
  auto decoder = decoder_with_items();
  auto m = expect_message<update_message>(
      decoder, update_msg(items_oid, 0, {}, {text("1"), text("new")}));
  EXPECT_EQ(m.old_kind, 0);
  EXPECT_TRUE(m.old_tuple.empty());
  ASSERT_EQ(m.new_tuple.size(), 2u);
  EXPECT_EQ(m.new_tuple[1].bytes, "new");
}

TEST(PgoutputDecoder, UpdateWithOldKeyCarriesNullsForNonKeyColumns) {
  auto decoder = decoder_with_items();
  auto m = expect_message<update_message>(
      decoder, update_msg(items_oid, 'K', {text("1"), null_cell()}, {text("2"), text("x")}));
  EXPECT_EQ(m.old_kind, 'K');
  ASSERT_EQ(m.old_tuple.size(), 2u);
  EXPECT_EQ(m.old_tuple[0].bytes, "1");
  EXPECT_TRUE(m.old_tuple[1].is_null());
  EXPECT_EQ(m.new_tuple[0].bytes, "2");
}

TEST(PgoutputDecoder, UpdateWithOldFullRowCarriesEveryColumn) {
  pgoutput_decoder decoder(decoder_options{1});
  ASSERT_TRUE(decoder.decode(items_relation(std::nullopt, 'f')).ok());
  auto m = expect_message<update_message>(
      decoder, update_msg(items_oid, 'O', {text("1"), text("old")}, {text("1"), text("new")}));
  EXPECT_EQ(m.old_kind, 'O');
  EXPECT_EQ(m.old_tuple[1].bytes, "old");
  EXPECT_EQ(m.new_tuple[1].bytes, "new");
}

TEST(PgoutputDecoder, UpdateMarksUnchangedToastValues) {
  auto decoder = decoder_with_items();
  auto m = expect_message<update_message>(decoder,
                                          update_msg(items_oid, 0, {}, {text("1"), unchanged()}));
  ASSERT_EQ(m.new_tuple.size(), 2u);
  EXPECT_TRUE(m.new_tuple[1].is_unchanged());
  EXPECT_FALSE(m.new_tuple[1].is_null());
  EXPECT_TRUE(m.new_tuple[1].bytes.empty());
}

TEST(PgoutputDecoder, DeleteWithOldKey) {
  auto decoder = decoder_with_items();
  auto m = expect_message<delete_message>(decoder,
                                          delete_msg(items_oid, 'K', {text("9"), null_cell()}));
  EXPECT_EQ(m.relation_oid, items_oid);
  EXPECT_EQ(m.old_kind, 'K');
  EXPECT_EQ(m.old_tuple[0].bytes, "9");
}

TEST(PgoutputDecoder, DeleteWithOldFullRow) {
  auto decoder = decoder_with_items();
  auto m = expect_message<delete_message>(decoder,
                                          delete_msg(items_oid, 'O', {text("9"), text("z")}));
  EXPECT_EQ(m.old_kind, 'O');
  EXPECT_EQ(m.old_tuple[1].bytes, "z");
}

TEST(PgoutputDecoder, TruncateCarriesOptionsAndEveryRelation) {
  auto decoder = decoder_with_items();
  ASSERT_TRUE(decoder.decode(relation_msg(16390, "public", "other", 'd', {{"k", 23, true}})).ok());
  auto m = expect_message<truncate_message>(
      decoder, bytes_builder().ch('T').i32(2).u8(3).u32(items_oid).u32(16390).bytes());
  EXPECT_EQ(m.options, truncate_message::cascade | truncate_message::restart_identity);
  EXPECT_EQ(m.relation_oids, (std::vector<oid_t>{items_oid, 16390}));

  auto plain = expect_message<truncate_message>(
      decoder, bytes_builder().ch('T').i32(1).u8(0).u32(items_oid).bytes());
  EXPECT_EQ(plain.options, 0);
  auto cascade = expect_message<truncate_message>(
      decoder, bytes_builder().ch('T').i32(1).u8(1).u32(items_oid).bytes());
  EXPECT_EQ(cascade.options, truncate_message::cascade);
}

TEST(PgoutputDecoder, TransactionalMessageCarriesPrefixAndRawContent) {
  pgoutput_decoder decoder(decoder_options{1});
  const std::string content("\x00\xff payload", 10);
  auto m = expect_message<logical_message>(
      decoder,
      bytes_builder().ch('M').u8(1).u64(0x500).str("app").i32(10).raw(content).bytes());
  EXPECT_FALSE(m.xid.has_value());
  EXPECT_TRUE(m.transactional);
  EXPECT_EQ(m.message_lsn, lsn{0x500});
  EXPECT_EQ(m.prefix, "app");
  EXPECT_EQ(m.content, content);
}

TEST(PgoutputDecoder, NonTransactionalMessageWithEmptyContent) {
  pgoutput_decoder decoder(decoder_options{1});
  auto m = expect_message<logical_message>(
      decoder, bytes_builder().ch('M').u8(0).u64(0x600).str("").i32(0).bytes());
  EXPECT_FALSE(m.transactional);
  EXPECT_EQ(m.prefix, "");
  EXPECT_EQ(m.content, "");
}

TEST(PgoutputDecoder, ResetForgetsCachesAndStreamState) {
  pgoutput_decoder decoder(decoder_options{2});
  ASSERT_TRUE(decoder.decode(items_relation()).ok());
  ASSERT_TRUE(decoder.decode(bytes_builder().ch('Y').u32(16400).str("public").str("mood").bytes()).ok());
  ASSERT_TRUE(decoder.decode(stream_start_msg(7, true)).ok());
  decoder.reset();
  EXPECT_EQ(decoder.relation(items_oid), nullptr);
  EXPECT_EQ(decoder.type(16400), nullptr);
  EXPECT_FALSE(decoder.in_stream_block());
  // Outside a block again: a Begin is fine, and changes need a new Relation.
  EXPECT_TRUE(decoder.decode(begin_msg(0x10, 0, 1)).ok());
  EXPECT_FALSE(decoder.decode(insert_msg(items_oid, {text("1"), null_cell()})).ok());
}

}  // namespace
}  // namespace tributary
