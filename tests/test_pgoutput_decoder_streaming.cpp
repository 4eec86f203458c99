// Specification of pgoutput_decoder, part 2: protocol versions, streaming of
// in-progress transactions (v2+) and two-phase commit (v3+)
// (reference §3.6, §3.7, §4.1).
#include <gtest/gtest.h>

#include "decoder_test_support.hpp"

namespace tributary {
namespace {

using namespace testkit;

TEST(PgoutputDecoder, XidPrefixIsPresentOnlyInsideStreamBlocks) {
  pgoutput_decoder decoder(decoder_options{2});
  auto start = expect_message<stream_start_message>(decoder, stream_start_msg(700, true));
  EXPECT_EQ(start.xid, 700u);
  EXPECT_TRUE(start.first_segment);
  EXPECT_TRUE(decoder.in_stream_block());

  auto rel = expect_message<relation_message>(decoder, items_relation(700));
  EXPECT_EQ(rel.xid, std::optional<xid_t>{700});
  auto ins = expect_message<insert_message>(decoder,
                                            insert_msg(items_oid, {text("1"), null_cell()}, 701));
  EXPECT_EQ(ins.xid, std::optional<xid_t>{701});  // a subtransaction's xid
  auto typ = expect_message<type_message>(
      decoder, bytes_builder().ch('Y').u32(700).u32(16400).str("public").str("mood").bytes());
  EXPECT_EQ(typ.xid, std::optional<xid_t>{700});
  auto msg = expect_message<logical_message>(
      decoder, bytes_builder().ch('M').u32(700).u8(1).u64(0x70).str("p").i32(0).bytes());
  EXPECT_EQ(msg.xid, std::optional<xid_t>{700});
  auto upd = expect_message<update_message>(
      decoder, update_msg(items_oid, 0, {}, {text("1"), text("b")}, 700));
  EXPECT_EQ(upd.xid, std::optional<xid_t>{700});
  auto del = expect_message<delete_message>(decoder,
                                            delete_msg(items_oid, 'K', {text("1"), null_cell()}, 700));
  EXPECT_EQ(del.xid, std::optional<xid_t>{700});
  auto trunc = expect_message<truncate_message>(
      decoder, bytes_builder().ch('T').u32(700).i32(1).u8(0).u32(items_oid).bytes());
  EXPECT_EQ(trunc.xid, std::optional<xid_t>{700});

  expect_message<stream_stop_message>(decoder, stream_stop_msg());
  EXPECT_FALSE(decoder.in_stream_block());
  auto commit = expect_message<stream_commit_message>(
      decoder, stream_commit_msg(700, 0x900, 0x9A0, 12345));
  EXPECT_EQ(commit.xid, 700u);
  EXPECT_EQ(commit.commit_lsn, lsn{0x900});
  EXPECT_EQ(commit.end_lsn, lsn{0x9A0});
  EXPECT_EQ(commit.commit_time, 12345);

  auto plain = expect_message<insert_message>(decoder, insert_msg(items_oid, {text("2"), null_cell()}));
  EXPECT_FALSE(plain.xid.has_value());
}

TEST(PgoutputDecoder, StreamedChangeBytesOutsideABlockAreNotReadAsXid) {
  // The same bytes outside a block read the xid as the relation OID.
  auto decoder = decoder_with_items(2);
  auto error = expect_error(decoder, insert_msg(items_oid, {text("1"), null_cell()}, 700));
  EXPECT_EQ(error.message_kind, "Insert");
  EXPECT_EQ(error.offset, 1u);
  EXPECT_NE(error.detail.find("700"), std::string::npos) << error.detail;
}

TEST(PgoutputDecoder, ContinuationSegmentAndOriginInsideABlock) {
  pgoutput_decoder decoder(decoder_options{2});
  auto start = expect_message<stream_start_message>(decoder, stream_start_msg(9, false));
  EXPECT_FALSE(start.first_segment);
  auto origin = expect_message<origin_message>(
      decoder, bytes_builder().ch('O').u64(0).str("upstream").bytes());
  EXPECT_TRUE(origin.origin_commit_lsn.is_zero());
  EXPECT_EQ(decoder.stream_xid(), std::optional<xid_t>{9});
}

TEST(PgoutputDecoder, StreamAbortIsNineBytesWithoutParallelStreaming) {
  for (int version : {2, 3, 4}) {
    pgoutput_decoder decoder(decoder_options{version, false});
    auto m = expect_message<stream_abort_message>(decoder, stream_abort_msg(50, 51));
    EXPECT_EQ(m.xid, 50u);
    EXPECT_EQ(m.subxid, 51u);
    EXPECT_FALSE(m.abort_lsn.has_value());
    EXPECT_FALSE(m.abort_time.has_value());
    auto error = expect_error(decoder, stream_abort_parallel_msg(50, 50, 0x77, 99));
    EXPECT_EQ(error.message_kind, "Stream Abort");
    EXPECT_EQ(error.offset, 9u);
  }
}

TEST(PgoutputDecoder, StreamAbortIsTwentyFiveBytesWithParallelStreaming) {
  pgoutput_decoder decoder(decoder_options{4, true});
  auto m = expect_message<stream_abort_message>(decoder,
                                                stream_abort_parallel_msg(50, 50, 0x77, 99));
  EXPECT_EQ(m.abort_lsn, std::optional<lsn>{lsn{0x77}});
  EXPECT_EQ(m.abort_time, std::optional<pg_timestamp>{99});
  auto error = expect_error(decoder, stream_abort_msg(50, 51));
  EXPECT_EQ(error.offset, 9u);
  EXPECT_NE(error.detail.find("truncated"), std::string::npos) << error.detail;
}

TEST(PgoutputDecoder, ProtocolVersion1RejectsStreamMessages) {
  for (const std::string& bytes : {stream_start_msg(1, true), stream_stop_msg(),
                                   stream_commit_msg(1, 0x10, 0x20, 0), stream_abort_msg(1, 1)}) {
    pgoutput_decoder decoder(decoder_options{1});
    auto error = expect_error(decoder, bytes);
    EXPECT_EQ(error.offset, 0u);
    EXPECT_NE(error.detail.find("needs proto_version 2"), std::string::npos) << error.detail;
  }
}

TEST(PgoutputDecoder, ProtocolVersion2RejectsTwoPhaseMessages) {
  const std::vector<std::string> two_phase = {
      bytes_builder().ch('b').u64(0x10).u64(0x20).i64(0).u32(5).str("g"),
      prepare_msg('P', 0x10, 0x20, 0, 5, "g"),
      prepare_msg('p', 0x10, 0x20, 0, 5, "g"),
      bytes_builder().ch('K').u8(0).u64(0x30).u64(0x40).i64(0).u32(5).str("g"),
      bytes_builder().ch('r').u8(0).u64(0x20).u64(0x40).i64(0).i64(1).u32(5).str("g"),
  };
  for (const auto& bytes : two_phase) {
    pgoutput_decoder decoder(decoder_options{2});
    auto error = expect_error(decoder, bytes);
    EXPECT_EQ(error.offset, 0u);
    EXPECT_NE(error.detail.find("needs proto_version 3"), std::string::npos) << error.detail;
    pgoutput_decoder v3(decoder_options{3});
    EXPECT_TRUE(v3.decode(bytes).ok()) << bytes[0];
  }
}

TEST(PgoutputDecoder, StreamStartInsideABlockIsProtocolError) {
  pgoutput_decoder decoder(decoder_options{2});
  ASSERT_TRUE(decoder.decode(stream_start_msg(1, true)).ok());
  auto error = expect_error(decoder, stream_start_msg(2, true));
  EXPECT_EQ(error.message_kind, "Stream Start");
  EXPECT_EQ(error.offset, 0u);
  EXPECT_EQ(decoder.stream_xid(), std::optional<xid_t>{1});
}

TEST(PgoutputDecoder, StreamStopOutsideABlockIsProtocolError) {
  pgoutput_decoder decoder(decoder_options{2});
  auto error = expect_error(decoder, stream_stop_msg());
  EXPECT_EQ(error.message_kind, "Stream Stop");
  EXPECT_EQ(error.offset, 0u);
}

TEST(PgoutputDecoder, TransactionEndsInsideABlockAreProtocolErrors) {
  const std::vector<std::string> not_in_block = {
      begin_msg(0x10, 0, 3),
      commit_msg(0x10, 0x20, 0),
      stream_commit_msg(1, 0x10, 0x20, 0),
      stream_abort_msg(1, 1),
      prepare_msg('p', 0x10, 0x20, 0, 1, "g"),
      prepare_msg('P', 0x10, 0x20, 0, 1, "g"),
  };
  for (const auto& bytes : not_in_block) {
    pgoutput_decoder decoder(decoder_options{3});
    ASSERT_TRUE(decoder.decode(stream_start_msg(1, true)).ok());
    auto error = expect_error(decoder, bytes);
    EXPECT_EQ(error.offset, 0u);
    EXPECT_NE(error.detail.find("inside a stream block"), std::string::npos) << error.detail;
    EXPECT_TRUE(decoder.in_stream_block());
  }
}

TEST(PgoutputDecoder, StreamCommitWithNonZeroFlagsIsProtocolError) {
  pgoutput_decoder decoder(decoder_options{2});
  auto error = expect_error(decoder, stream_commit_msg(1, 0x10, 0x20, 0, 1));
  EXPECT_EQ(error.message_kind, "Stream Commit");
  EXPECT_EQ(error.offset, 5u);
}

TEST(PgoutputDecoder, StreamStartFirstSegmentMustBeZeroOrOne) {
  pgoutput_decoder decoder(decoder_options{2});
  auto error = expect_error(decoder, bytes_builder().ch('S').u32(1).u8(2).bytes());
  EXPECT_EQ(error.offset, 5u);
  EXPECT_FALSE(decoder.in_stream_block());
}

TEST(PgoutputDecoder, RelationInAStreamBlockIsVisibleOnlyToThatTransactionUntilCommit) {
  pgoutput_decoder decoder(decoder_options{2});
  ASSERT_TRUE(decoder.decode(stream_start_msg(7, true)).ok());
  ASSERT_TRUE(decoder.decode(items_relation(7)).ok());
  ASSERT_NE(decoder.relation(items_oid), nullptr);
  ASSERT_TRUE(decoder.decode(stream_stop_msg()).ok());
  EXPECT_EQ(decoder.relation(items_oid), nullptr);
  // An interleaved ordinary transaction does not see it.
  EXPECT_FALSE(decoder.decode(insert_msg(items_oid, {text("1"), null_cell()})).ok());
  // Another streamed transaction does not see it either.
  ASSERT_TRUE(decoder.decode(stream_start_msg(8, true)).ok());
  EXPECT_FALSE(decoder.decode(insert_msg(items_oid, {text("1"), null_cell()}, 8)).ok());
  ASSERT_TRUE(decoder.decode(stream_stop_msg()).ok());
  // The next block of the same transaction does.
  ASSERT_TRUE(decoder.decode(stream_start_msg(7, false)).ok());
  EXPECT_TRUE(decoder.decode(insert_msg(items_oid, {text("1"), null_cell()}, 7)).ok());
  ASSERT_TRUE(decoder.decode(stream_stop_msg()).ok());
  // After its commit, everyone does.
  ASSERT_TRUE(decoder.decode(stream_commit_msg(7, 0x10, 0x20, 0)).ok());
  ASSERT_NE(decoder.relation(items_oid), nullptr);
  EXPECT_TRUE(decoder.decode(insert_msg(items_oid, {text("1"), null_cell()})).ok());
}

TEST(PgoutputDecoder, StreamedRelationOverridesTheGlobalOneInsideItsTransaction) {
  auto decoder = decoder_with_items(2);  // two columns globally
  ASSERT_TRUE(decoder.decode(stream_start_msg(7, true)).ok());
  ASSERT_TRUE(decoder
                  .decode(relation_msg(items_oid, "public", "items", 'd',
                                       {{"id", 23, true}, {"name", 25}, {"extra", 25}}, 7))
                  .ok());
  EXPECT_TRUE(decoder.decode(insert_msg(items_oid, {text("1"), null_cell(), text("e")}, 7)).ok());
  ASSERT_TRUE(decoder.decode(stream_stop_msg()).ok());
  EXPECT_EQ(decoder.relation(items_oid)->columns.size(), 2u);
  EXPECT_TRUE(decoder.decode(insert_msg(items_oid, {text("1"), null_cell()})).ok());
}

TEST(PgoutputDecoder, TopLevelStreamAbortForgetsTheStreamedRelation) {
  pgoutput_decoder decoder(decoder_options{2});
  ASSERT_TRUE(decoder.decode(stream_start_msg(7, true)).ok());
  ASSERT_TRUE(decoder.decode(items_relation(7)).ok());
  ASSERT_TRUE(decoder.decode(stream_stop_msg()).ok());
  ASSERT_TRUE(decoder.decode(stream_abort_msg(7, 7)).ok());
  ASSERT_TRUE(decoder.decode(stream_start_msg(7, false)).ok());
  EXPECT_EQ(decoder.relation(items_oid), nullptr);
}

TEST(PgoutputDecoder, SubtransactionAbortKeepsTheStreamedRelation) {
  pgoutput_decoder decoder(decoder_options{2});
  ASSERT_TRUE(decoder.decode(stream_start_msg(7, true)).ok());
  ASSERT_TRUE(decoder.decode(items_relation(8)).ok());
  ASSERT_TRUE(decoder.decode(stream_stop_msg()).ok());
  ASSERT_TRUE(decoder.decode(stream_abort_msg(7, 8)).ok());
  ASSERT_TRUE(decoder.decode(stream_start_msg(7, false)).ok());
  EXPECT_NE(decoder.relation(items_oid), nullptr);
}

TEST(PgoutputDecoder, StreamPrepareMakesTheStreamedRelationGlobal) {
  pgoutput_decoder decoder(decoder_options{3});
  ASSERT_TRUE(decoder.decode(stream_start_msg(7, true)).ok());
  ASSERT_TRUE(decoder.decode(items_relation(7)).ok());
  ASSERT_TRUE(decoder.decode(bytes_builder().ch('Y').u32(7).u32(16400).str("s").str("t").bytes())
                  .ok());
  ASSERT_TRUE(decoder.decode(stream_stop_msg()).ok());
  EXPECT_EQ(decoder.type(16400), nullptr);
  auto m = expect_message<prepare_message>(decoder, prepare_msg('p', 0x10, 0x20, 5, 7, "gid-7"));
  EXPECT_TRUE(m.streamed);
  EXPECT_EQ(m.xid, 7u);
  EXPECT_NE(decoder.relation(items_oid), nullptr);
  EXPECT_NE(decoder.type(16400), nullptr);
}

TEST(PgoutputDecoder, BeginPrepareHasNoFlagsByte) {
  pgoutput_decoder decoder(decoder_options{3});
  auto m = expect_message<begin_prepare_message>(
      decoder, bytes_builder().ch('b').u64(0x100).u64(0x180).i64(42).u32(77).str("tx-1").bytes());
  EXPECT_EQ(m.prepare_lsn, lsn{0x100});
  EXPECT_EQ(m.end_lsn, lsn{0x180});
  EXPECT_EQ(m.prepare_time, 42);
  EXPECT_EQ(m.xid, 77u);
  EXPECT_EQ(m.gid, "tx-1");
  // With a flags byte in front, the LSN would read as 0x0000...01 etc.: the
  // layout is off by one and the GID is no longer terminated.
  auto error = expect_error(
      decoder, bytes_builder().ch('b').u8(0).u64(0x100).u64(0x180).i64(42).u32(77).raw("tx-1"));
  EXPECT_EQ(error.message_kind, "Begin Prepare");
}

TEST(PgoutputDecoder, PrepareCarriesLsnsXidAndGid) {
  pgoutput_decoder decoder(decoder_options{3});
  auto m = expect_message<prepare_message>(decoder, prepare_msg('P', 0x100, 0x180, 9, 77, "tx-1"));
  EXPECT_FALSE(m.streamed);
  EXPECT_EQ(m.prepare_lsn, lsn{0x100});
  EXPECT_EQ(m.end_lsn, lsn{0x180});
  EXPECT_EQ(m.prepare_time, 9);
  EXPECT_EQ(m.xid, 77u);
  EXPECT_EQ(m.gid, "tx-1");
}

TEST(PgoutputDecoder, CommitPreparedCarriesLsnsXidAndGid) {
  pgoutput_decoder decoder(decoder_options{4});
  auto m = expect_message<commit_prepared_message>(
      decoder, bytes_builder().ch('K').u8(0).u64(0x200).u64(0x280).i64(3).u32(77).str("tx-1").bytes());
  EXPECT_EQ(m.commit_lsn, lsn{0x200});
  EXPECT_EQ(m.end_lsn, lsn{0x280});
  EXPECT_EQ(m.commit_time, 3);
  EXPECT_EQ(m.xid, 77u);
  EXPECT_EQ(m.gid, "tx-1");
}

TEST(PgoutputDecoder, RollbackPreparedCarriesBothEndsAndBothTimes) {
  pgoutput_decoder decoder(decoder_options{3});
  auto m = expect_message<rollback_prepared_message>(
      decoder,
      bytes_builder().ch('r').u8(0).u64(0x180).u64(0x300).i64(9).i64(10).u32(77).str("tx-1").bytes());
  EXPECT_EQ(m.prepare_end_lsn, lsn{0x180});
  EXPECT_EQ(m.rollback_end_lsn, lsn{0x300});
  EXPECT_EQ(m.prepare_time, 9);
  EXPECT_EQ(m.rollback_time, 10);
  EXPECT_EQ(m.xid, 77u);
  EXPECT_EQ(m.gid, "tx-1");
}

TEST(PgoutputDecoder, TwoPhaseMessagesWithNonZeroFlagsAreProtocolErrors) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"Prepare", prepare_msg('P', 0x10, 0x20, 0, 5, "g", 1)},
      {"Stream Prepare", prepare_msg('p', 0x10, 0x20, 0, 5, "g", 4)},
      {"Commit Prepared", bytes_builder().ch('K').u8(1).u64(0x30).u64(0x40).i64(0).u32(5).str("g")},
      {"Rollback Prepared",
       bytes_builder().ch('r').u8(2).u64(0x20).u64(0x40).i64(0).i64(1).u32(5).str("g")},
  };
  for (const auto& [kind, bytes] : cases) {
    pgoutput_decoder decoder(decoder_options{3});
    auto error = expect_error(decoder, bytes);
    EXPECT_EQ(error.message_kind, kind);
    EXPECT_EQ(error.offset, 1u) << kind;
    EXPECT_NE(error.detail.find("flags"), std::string::npos) << error.detail;
  }
}

TEST(PgoutputDecoder, TwoPhaseLsnsThatMustBeSetAreChecked) {
  const std::vector<std::pair<std::string, size_t>> cases = {
      {bytes_builder().ch('b').u64(0).u64(0x20).i64(0).u32(5).str("g"), 1},
      {bytes_builder().ch('b').u64(0x10).u64(0).i64(0).u32(5).str("g"), 9},
      {prepare_msg('P', 0, 0x20, 0, 5, "g"), 2},
      {prepare_msg('P', 0x10, 0, 0, 5, "g"), 10},
      {bytes_builder().ch('K').u8(0).u64(0).u64(0x40).i64(0).u32(5).str("g"), 2},
      {bytes_builder().ch('r').u8(0).u64(0x20).u64(0).i64(0).i64(1).u32(5).str("g"), 10},
  };
  for (const auto& [bytes, offset] : cases) {
    pgoutput_decoder decoder(decoder_options{3});
    auto error = expect_error(decoder, bytes);
    EXPECT_EQ(error.offset, offset) << error.to_string();
    EXPECT_NE(error.detail.find("not set"), std::string::npos) << error.detail;
  }
}

TEST(PgoutputDecoder, PrepareWithZeroXidIsProtocolError) {
  pgoutput_decoder decoder(decoder_options{3});
  auto error = expect_error(decoder, prepare_msg('P', 0x10, 0x20, 0, 0, "g"));
  EXPECT_EQ(error.offset, 26u);
}

}  // namespace
}  // namespace tributary
