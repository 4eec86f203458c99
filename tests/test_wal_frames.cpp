// Specification of the CopyBoth frame codec (reference §2): XLogData and
// keepalive parsing, unknown frame types, the 'r' standby status update, and
// PostgreSQL timestamps.
#include <gtest/gtest.h>

#include <chrono>
#include <limits>

#include "pgoutput_builder.hpp"
#include "stages/pgoutput/wal_frames.hpp"

namespace tributary {
namespace {

using namespace testkit;
using namespace std::chrono;

TEST(WalFrames, XLogDataSplitsHeaderAndPayload) {
  const std::string bytes = xlog_data(0x16B3748, 0x16B3750, 777, begin_msg(1, 2, 3));  // the payload views it
  auto frame = parse_copy_frame(bytes);
  ASSERT_TRUE(frame.ok()) << frame.error().to_string();
  const auto& data = std::get<xlog_data_frame>(*frame);
  EXPECT_EQ(data.wal_start, lsn{0x16B3748});
  EXPECT_EQ(data.wal_end, lsn{0x16B3750});
  EXPECT_EQ(data.send_time, 777);
  EXPECT_EQ(data.payload, begin_msg(1, 2, 3));
}

TEST(WalFrames, XLogDataWithZeroPositionsIsAccepted) {
  const std::string bytes = xlog_data(0, 0, 0, "R");  // the payload views it
  auto frame = parse_copy_frame(bytes);
  ASSERT_TRUE(frame.ok());
  EXPECT_TRUE(std::get<xlog_data_frame>(*frame).wal_start.is_zero());
  EXPECT_EQ(std::get<xlog_data_frame>(*frame).payload, "R");
}

TEST(WalFrames, XLogDataShorterThanItsHeaderIsProtocolError) {
  const std::string full = xlog_data(1, 2, 3, "");
  ASSERT_EQ(full.size(), xlog_data_header_size);
  for (size_t length = 1; length < full.size(); ++length) {
    auto frame = parse_copy_frame(std::string_view(full).substr(0, length));
    ASSERT_FALSE(frame.ok()) << length;
    EXPECT_EQ(frame.error().message_kind, "XLogData");
    EXPECT_LE(frame.error().offset, length);
  }
  EXPECT_TRUE(parse_copy_frame(full).ok());
}

TEST(WalFrames, KeepaliveCarriesWalEndTimeAndReplyRequest) {
  auto frame = parse_copy_frame(keepalive(0xAB00, -1, 1));
  ASSERT_TRUE(frame.ok());
  const auto& k = std::get<keepalive_frame>(*frame);
  EXPECT_EQ(k.wal_end, lsn{0xAB00});
  EXPECT_EQ(k.send_time, -1);
  EXPECT_TRUE(k.reply_requested);
  auto quiet = parse_copy_frame(keepalive(0xAB00, 5, 0));
  ASSERT_TRUE(quiet.ok());
  EXPECT_FALSE(std::get<keepalive_frame>(*quiet).reply_requested);
}

TEST(WalFrames, KeepaliveMustBeExactly18Bytes) {
  const std::string full = keepalive(1, 2, 0);
  ASSERT_EQ(full.size(), keepalive_frame_size);
  for (size_t length = 1; length < full.size(); ++length) {
    auto frame = parse_copy_frame(std::string_view(full).substr(0, length));
    ASSERT_FALSE(frame.ok()) << length;
    EXPECT_EQ(frame.error().message_kind, "Primary keepalive");
  }
  auto longer = parse_copy_frame(full + "x");
  ASSERT_FALSE(longer.ok());
  EXPECT_EQ(longer.error().offset, 18u);
}

TEST(WalFrames, KeepaliveReplyRequestedOtherThanZeroOrOneIsProtocolError) {
  auto frame = parse_copy_frame(keepalive(1, 2, 7));
  ASSERT_FALSE(frame.ok());
  EXPECT_EQ(frame.error().offset, 17u);
}

TEST(WalFrames, UnknownFrameTypesAreReturnedForTheCallerToIgnore) {
  // PG 19's primary status update 's' (4 x Int64).
  auto frame = parse_copy_frame(bytes_builder().ch('s').u64(1).u64(2).u64(3).i64(4).bytes());
  ASSERT_TRUE(frame.ok());
  EXPECT_EQ(std::get<unknown_frame>(*frame).type, 's');
  auto single = parse_copy_frame("q");
  ASSERT_TRUE(single.ok());
  EXPECT_EQ(std::get<unknown_frame>(*single).type, 'q');
}

TEST(WalFrames, EmptyFrameIsProtocolError) {
  auto frame = parse_copy_frame("");
  ASSERT_FALSE(frame.ok());
  EXPECT_EQ(frame.error().offset, 0u);
  EXPECT_EQ(frame.error().detail, "empty frame");
}

TEST(WalFrames, StandbyStatusIs34BigEndianBytes) {
  auto bytes = encode_standby_status(lsn{0x0102030405060708}, lsn{0x1112131415161718},
                                     lsn{0x2122232425262728}, 0x3132333435363738, false);
  const std::string expected = bytes_builder()
                                   .ch('r')
                                   .u64(0x0102030405060708)
                                   .u64(0x1112131415161718)
                                   .u64(0x2122232425262728)
                                   .u64(0x3132333435363738)
                                   .u8(0);
  EXPECT_EQ(bytes.size(), standby_status_size);
  EXPECT_EQ(bytes, expected);
}

TEST(WalFrames, StandbyStatusCanAskForAReply) {
  auto bytes = encode_standby_status(lsn{1}, lsn{1}, lsn{1}, -7, true);
  ASSERT_EQ(bytes.size(), 34u);
  EXPECT_EQ(bytes[33], 1);
  // A negative clock is sent as its two's complement.
  EXPECT_EQ(bytes.substr(25, 8), std::string("\xff\xff\xff\xff\xff\xff\xff\xf9", 8));
}

TEST(WalFrames, PostgresEpochIsJanuaryFirst2000) {
  const auto y2k = sys_days{year{2000} / January / 1};
  EXPECT_EQ(to_pg_timestamp(y2k), 0);
  EXPECT_EQ(to_pg_timestamp(system_clock::time_point{}), -946'684'800'000'000);
  EXPECT_EQ(from_pg_timestamp(0), system_clock::time_point(y2k));
  EXPECT_EQ(from_pg_timestamp(1'500'000), system_clock::time_point(y2k + 1500ms));
}

TEST(WalFrames, TimestampsRoundTripAtMicrosecondPrecision) {
  const auto now = time_point_cast<microseconds>(system_clock::now());
  EXPECT_EQ(from_pg_timestamp(to_pg_timestamp(now)), now);
  const pg_timestamp t = 789'012'345'678'901;
  EXPECT_EQ(to_pg_timestamp(from_pg_timestamp(t)), t);
}

TEST(WalFrames, InfiniteTimestampsSaturateInsteadOfOverflowing) {
  const auto latest = from_pg_timestamp(std::numeric_limits<int64_t>::max());
  const auto earliest = from_pg_timestamp(std::numeric_limits<int64_t>::min());
  EXPECT_GT(latest, from_pg_timestamp(4'000'000'000'000'000));
  EXPECT_LT(earliest, from_pg_timestamp(-4'000'000'000'000'000));
  EXPECT_GE(latest, system_clock::time_point::max() - 1us);
  EXPECT_LE(earliest, system_clock::time_point::min() + 1us);
}

}  // namespace
}  // namespace tributary
