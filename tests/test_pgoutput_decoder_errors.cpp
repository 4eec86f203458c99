// Specification of pgoutput_decoder, part 3: malformed input. Every error names
// the message and the byte offset, changes no decoder state, and never reads
// out of bounds (the fuzzer checks the last part harder).
#include <gtest/gtest.h>

#include <functional>

#include "decoder_test_support.hpp"

namespace tributary {
namespace {

using namespace testkit;

// A valid message, and how to bring a decoder into the state it is valid in.
struct valid_case {
  std::string name;
  decoder_options options;
  std::vector<std::string> setup;
  std::string message;
};

std::vector<valid_case> valid_cases() {
  const auto row = std::vector<cell>{text("12"), binary(std::string("\x00\x01", 2))};
  const std::vector<std::string> items = {items_relation()};
  const std::vector<std::string> in_block = {stream_start_msg(7, true), items_relation(7)};
  return {
      {"Begin", {1}, {}, begin_msg(0x10, 1, 2)},
      {"Commit", {1}, {}, commit_msg(0x10, 0x20, 3)},
      {"Origin", {1}, {}, bytes_builder().ch('O').u64(0x10).str("o")},
      {"Relation", {1}, {}, items_relation()},
      {"Type", {1}, {}, bytes_builder().ch('Y').u32(16400).str("s").str("t")},
      {"Insert", {1}, items, insert_msg(items_oid, row)},
      {"Update K", {1}, items, update_msg(items_oid, 'K', {text("1"), null_cell()}, row)},
      {"Update O", {1}, items, update_msg(items_oid, 'O', row, {text("1"), unchanged()})},
      {"Delete", {1}, items, delete_msg(items_oid, 'O', row)},
      {"Truncate", {1}, items, bytes_builder().ch('T').i32(1).u8(1).u32(items_oid)},
      {"Message", {1}, {}, bytes_builder().ch('M').u8(1).u64(0x10).str("p").i32(2).raw("ab")},
      {"Stream Start", {2}, {}, stream_start_msg(7, true)},
      {"streamed Relation", {2}, {stream_start_msg(7, true)}, items_relation(7)},
      {"streamed Insert", {2}, in_block, insert_msg(items_oid, row, 8)},
      {"streamed Update", {2}, in_block, update_msg(items_oid, 0, {}, row, 8)},
      {"streamed Truncate", {2}, in_block, bytes_builder().ch('T').u32(7).i32(1).u8(0).u32(items_oid)},
      {"Stream Commit", {2}, {}, stream_commit_msg(7, 0x10, 0x20, 0)},
      {"Stream Abort", {2}, {}, stream_abort_msg(7, 8)},
      {"Stream Abort parallel", {4, true}, {}, stream_abort_parallel_msg(7, 7, 0x10, 5)},
      {"Begin Prepare", {3}, {}, bytes_builder().ch('b').u64(0x10).u64(0x20).i64(0).u32(5).str("g")},
      {"Prepare", {3}, {}, prepare_msg('P', 0x10, 0x20, 0, 5, "gid")},
      {"Stream Prepare", {3}, {}, prepare_msg('p', 0x10, 0x20, 0, 5, "gid")},
      {"Commit Prepared", {3}, {},
       bytes_builder().ch('K').u8(0).u64(0x30).u64(0x40).i64(0).u32(5).str("g")},
      {"Rollback Prepared", {3}, {},
       bytes_builder().ch('r').u8(0).u64(0x20).u64(0x40).i64(0).i64(1).u32(5).str("g")},
  };
}

pgoutput_decoder prepared_decoder(const valid_case& c) {
  pgoutput_decoder decoder(c.options);
  for (const auto& m : c.setup)
    EXPECT_TRUE(decoder.decode(m).ok()) << c.name;
  return decoder;
}

TEST(PgoutputDecoder, EveryValidCaseDecodes) {
  for (const auto& c : valid_cases()) {
    auto decoder = prepared_decoder(c);
    auto out = decoder.decode(c.message);
    EXPECT_TRUE(out.ok()) << c.name << ": " << (out ? "" : out.error().to_string());
  }
}

TEST(PgoutputDecoder, EveryTruncationOfAValidMessageFailsWithAnOffset) {
  for (const auto& c : valid_cases()) {
    for (size_t length = 0; length < c.message.size(); ++length) {
      auto decoder = prepared_decoder(c);
      auto out = decoder.decode(std::string_view(c.message).substr(0, length));
      ASSERT_FALSE(out.ok()) << c.name << " truncated to " << length << " bytes";
      EXPECT_LE(out.error().offset, length) << c.name << ": " << out.error().to_string();
      EXPECT_FALSE(out.error().detail.empty());
      if (length > 0) {
        EXPECT_NE(out.error().message_kind, "message") << c.name;
      }
    }
  }
}

TEST(PgoutputDecoder, TrailingBytesAfterAnyMessageAreProtocolError) {
  for (const auto& c : valid_cases()) {
    auto decoder = prepared_decoder(c);
    auto error = expect_error(decoder, c.message + "\x01");
    EXPECT_EQ(error.offset, c.message.size()) << c.name;
    EXPECT_NE(error.detail.find("trailing"), std::string::npos) << error.detail;
  }
  pgoutput_decoder decoder(decoder_options{2});
  ASSERT_TRUE(decoder.decode(stream_start_msg(1, true)).ok());
  EXPECT_EQ(expect_error(decoder, std::string("E\0", 2)).offset, 1u);
  EXPECT_TRUE(decoder.in_stream_block());
}

TEST(PgoutputDecoder, EmptyMessageIsProtocolError) {
  pgoutput_decoder decoder(decoder_options{1});
  auto error = expect_error(decoder, "");
  EXPECT_EQ(error.offset, 0u);
  EXPECT_EQ(error.detail, "empty message");
}

TEST(PgoutputDecoder, UnknownMessageTypeIsProtocolError) {
  pgoutput_decoder decoder(decoder_options{4, true});
  auto error = expect_error(decoder, std::string("Z\0\0", 3));
  EXPECT_EQ(error.to_string(),
            "invalid logical replication message: message at byte 0: unknown message type 'Z'");
  EXPECT_NE(expect_error(decoder, "\xff").detail.find("0xff"), std::string::npos);
}

TEST(PgoutputDecoder, UnknownTupleKindIsProtocolErrorAtItsByte) {
  auto decoder = decoder_with_items();
  // U | oid(4) | K | ncols(2) | 'n' | 'n' | N | ncols(2) | 'x'  -> the 'x' is byte 13
  auto bytes = update_msg(items_oid, 'K', {null_cell(), null_cell()}, {{'x', ""}, null_cell()});
  auto error = expect_error(decoder, bytes);
  EXPECT_EQ(error.to_string(),
            "invalid logical replication message: Update at byte 13: unknown tuple kind 'x' "
            "for column 1");
}

TEST(PgoutputDecoder, ChangeForAnUnannouncedRelationIsProtocolError) {
  pgoutput_decoder decoder(decoder_options{1});
  const std::vector<std::pair<std::string, size_t>> cases = {
      {insert_msg(99, {text("1")}), 1},
      {update_msg(99, 0, {}, {text("1")}), 1},
      {delete_msg(99, 'K', {text("1")}), 1},
      {bytes_builder().ch('T').i32(1).u8(0).u32(99), 6},
  };
  for (const auto& [bytes, offset] : cases) {
    auto error = expect_error(decoder, bytes);
    EXPECT_EQ(error.offset, offset) << error.to_string();
    EXPECT_NE(error.detail.find("relation OID 99 was never announced"), std::string::npos);
  }
  auto with_items = decoder_with_items();
  auto error = expect_error(with_items,
                            bytes_builder().ch('T').i32(2).u8(0).u32(items_oid).u32(99));
  EXPECT_EQ(error.offset, 10u);
}

TEST(PgoutputDecoder, ColumnCountDifferentFromTheRelationIsProtocolError) {
  auto decoder = decoder_with_items();
  auto error = expect_error(decoder, insert_msg(items_oid, {text("1")}));
  EXPECT_EQ(error.offset, 6u);
  EXPECT_EQ(error.detail, "TupleData has 1 column(s), relation \"public.items\" has 2");
  error = expect_error(decoder, update_msg(items_oid, 'K', {text("1")}, {text("1"), text("2")}));
  EXPECT_EQ(error.offset, 6u);
}

TEST(PgoutputDecoder, HugeCountsInTinyMessagesFailBeforeAllocating) {
  pgoutput_decoder decoder(decoder_options{1});
  auto relation = bytes_builder().ch('R').u32(1).str("s").str("t").ch('d').u16(65535).bytes();
  auto error = expect_error(decoder, relation);
  EXPECT_EQ(error.offset, 10u);
  EXPECT_NE(error.detail.find("65535 relation column(s) need at least"), std::string::npos);

  auto truncate = bytes_builder().ch('T').i32(0x7fffffff).u8(0).u32(1).bytes();
  error = expect_error(decoder, truncate);
  EXPECT_EQ(error.offset, 1u);

  // A relation that really has 65535 columns, then a 10-byte row claiming them all.
  bytes_builder wide;
  wide.ch('R').u32(2).str("s").str("wide").ch('n').u16(65535);
  for (int i = 0; i < 65535; ++i)
    wide.u8(0).str("").u32(25).i32(-1);
  ASSERT_TRUE(decoder.decode(wide.bytes()).ok());
  error = expect_error(decoder, bytes_builder().ch('I').u32(2).ch('N').u16(65535).raw("nn").bytes());
  EXPECT_EQ(error.offset, 6u);
  EXPECT_NE(error.detail.find("need at least 65535 byte(s), 2 left"), std::string::npos)
      << error.detail;
}

TEST(PgoutputDecoder, NegativeLengthsAreProtocolErrors) {
  auto decoder = decoder_with_items();
  auto error = expect_error(
      decoder, bytes_builder().ch('I').u32(items_oid).ch('N').u16(2).ch('t').i32(-1).bytes());
  EXPECT_EQ(error.offset, 9u);
  EXPECT_NE(error.detail.find("negative length -1"), std::string::npos);

  error = expect_error(decoder,
                       bytes_builder().ch('M').u8(0).u64(1).str("p").i32(-2).raw("ab").bytes());
  EXPECT_EQ(error.offset, 12u);

  error = expect_error(decoder, bytes_builder().ch('T').i32(-1).u8(0).bytes());
  EXPECT_EQ(error.offset, 1u);
  EXPECT_NE(error.detail.find("negative"), std::string::npos);
}

TEST(PgoutputDecoder, UnknownPartBytesAreProtocolErrors) {
  auto decoder = decoder_with_items();
  auto error = expect_error(decoder, update_msg(items_oid, 'X', {text("1"), null_cell()},
                                                {text("1"), null_cell()}));
  EXPECT_EQ(error.offset, 5u);
  EXPECT_NE(error.detail.find("unknown Update part 'X'"), std::string::npos);

  // Old tuple followed by something other than 'N'.
  auto bytes = update_msg(items_oid, 'K', {text("1"), null_cell()}, {text("1"), null_cell()});
  // U | oid(4) | K | ncols(2) | t len(4) '1' | n | N  -> the 'N' is byte 15
  ASSERT_EQ(bytes[15], 'N');
  bytes[15] = 'K';
  error = expect_error(decoder, bytes);
  EXPECT_EQ(error.offset, 15u);

  error = expect_error(decoder, delete_msg(items_oid, 'N', {text("1"), null_cell()}));
  EXPECT_EQ(error.offset, 5u);
  EXPECT_NE(error.detail.find("unknown Delete part 'N'"), std::string::npos);

  error = expect_error(decoder, bytes_builder().ch('I').u32(items_oid).ch('K').u16(2).raw("nn").bytes());
  EXPECT_EQ(error.offset, 5u);
}

TEST(PgoutputDecoder, CommitWithNonZeroFlagsIsProtocolError) {
  pgoutput_decoder decoder(decoder_options{1});
  auto error = expect_error(decoder, commit_msg(0x10, 0x20, 0, 1));
  EXPECT_EQ(error.message_kind, "Commit");
  EXPECT_EQ(error.offset, 1u);
  EXPECT_EQ(error.detail, "unrecognized flags 0x01 (must be 0)");
}

TEST(PgoutputDecoder, BeginWithZeroFinalLsnIsProtocolError) {
  pgoutput_decoder decoder(decoder_options{1});
  auto error = expect_error(decoder, begin_msg(0, 0, 1));
  EXPECT_EQ(error.offset, 1u);
  EXPECT_NE(error.detail.find("final_lsn is not set"), std::string::npos);
}

TEST(PgoutputDecoder, UnknownReplicaIdentityAndMessageFlagsAreProtocolErrors) {
  pgoutput_decoder decoder(decoder_options{1});
  auto error = expect_error(decoder, relation_msg(1, "s", "t", 'x', {}));
  EXPECT_EQ(error.offset, 9u);
  error = expect_error(decoder, bytes_builder().ch('M').u8(2).u64(1).str("p").i32(0).bytes());
  EXPECT_EQ(error.offset, 1u);
}

TEST(PgoutputDecoder, UnterminatedStringIsProtocolError) {
  pgoutput_decoder decoder(decoder_options{1});
  auto error = expect_error(decoder, bytes_builder().ch('O').u64(1).raw("name").bytes());
  EXPECT_EQ(error.message_kind, "Origin");
  EXPECT_EQ(error.offset, 9u);
  EXPECT_NE(error.detail.find("NUL"), std::string::npos);
}

TEST(PgoutputDecoder, FailedRelationLeavesTheCacheAsItWas) {
  auto decoder = decoder_with_items();
  auto bad = relation_msg(items_oid, "public", "items", 'd', {{"only", 23, true}});
  bad.pop_back();  // cut the typmod short
  expect_error(decoder, bad);
  ASSERT_NE(decoder.relation(items_oid), nullptr);
  EXPECT_EQ(decoder.relation(items_oid)->columns.size(), 2u);
}

TEST(PgoutputDecoder, InvalidOptionsMakeEveryDecodeFail) {
  for (auto options : {decoder_options{0}, decoder_options{5}, decoder_options{3, true}}) {
    pgoutput_decoder decoder(options);
    auto error = expect_error(decoder, begin_msg(0x10, 0, 1));
    EXPECT_NE(error.detail.find("decoder configured with"), std::string::npos) << error.detail;
  }
}

}  // namespace
}  // namespace tributary
