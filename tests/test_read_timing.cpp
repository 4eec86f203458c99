// ReadTiming: when the connection reads its stream again within a gather
// (stages/pgoutput/read_timing).
#include "stages/pgoutput/read_timing.hpp"

#include <gtest/gtest.h>

using namespace tributary;
using std::chrono::microseconds;

namespace {

constexpr size_t kib = 1024;
constexpr size_t four_mib = 4096 * kib;

pending_stream on_this_host(size_t queued, size_t unread, size_t send_buffer = four_mib) {
  pending_stream p;
  p.publisher_queued = queued;
  p.publisher_send_buffer = send_buffer;
  p.received_unread = unread;
  return p;
}

}  // namespace

TEST(ReadTiming, WhileThePublisherQueuesLessThanItsShareTheReadWaits) {
  read_timing t;
  EXPECT_FALSE(t.read_now(microseconds(500), on_this_host(300 * kib, 64 * kib)));
  EXPECT_FALSE(t.read_now(microseconds(9500), on_this_host(700 * kib, 64 * kib)));
}

TEST(ReadTiming, AFifthOfThePublishersSendBufferPendingMakesTheReadDue) {
  read_timing t;
  EXPECT_EQ(t.due_bytes(four_mib), 800 * kib);  // 819 kB, at most 800
  EXPECT_EQ(t.due_bytes(2048 * kib), 2048 * kib / 5);
  EXPECT_TRUE(t.read_now(microseconds(500), on_this_host(800 * kib - 64 * kib, 64 * kib)));
  EXPECT_TRUE(t.read_now(microseconds(500), on_this_host(420 * kib, 0, 2048 * kib)));
  EXPECT_FALSE(t.read_now(microseconds(500), on_this_host(400 * kib, 0, 2048 * kib)));
}

TEST(ReadTiming, ASmallSendBufferStillLetsSeveralSegmentsQueue) {
  read_timing t;
  EXPECT_EQ(t.due_bytes(64 * kib), 64 * kib);
  EXPECT_EQ(t.due_bytes(0), 64 * kib);  // not reported
}

TEST(ReadTiming, ALargeReceiveQueueCountsAsMuch) {
  read_timing t;  // a receive buffer left to the kernel's autotuning holds the backlog itself
  EXPECT_TRUE(t.read_now(microseconds(500), on_this_host(0, 900 * kib)));
}

TEST(ReadTiming, AQuietStreamIsReadAtOnceSoItsBatchGoesOn) {
  read_timing t;
  EXPECT_TRUE(t.read_now(microseconds(500), on_this_host(0, 0)));
}

TEST(ReadTiming, ASlowStreamIsReadAfterTheLongestWait) {
  read_timing t;
  EXPECT_FALSE(t.read_now(microseconds(9999), on_this_host(10 * kib, 2 * kib)));
  EXPECT_TRUE(t.read_now(microseconds(10000), on_this_host(10 * kib, 2 * kib)));
}

TEST(ReadTiming, APublisherOnAnotherHostIsReadAfterTheFixedPause) {
  read_timing t;
  pending_stream remote;
  remote.received_unread = 0;
  EXPECT_FALSE(t.read_now(microseconds(1999), remote));
  EXPECT_TRUE(t.read_now(microseconds(2000), remote));
  remote.received_unread = 900 * kib;
  EXPECT_FALSE(t.read_now(microseconds(500), remote));
}
