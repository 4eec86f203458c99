// ReadWait: the connection's wait between two reads of its stream
// (actors/publisher/read_wait), on real loopback sockets. The longest wait is
// set far beyond what each case needs, so a slow host cannot make it pass for
// the wrong reason.
#include "actors/publisher/read_wait.hpp"

#include <gtest/gtest.h>
#include <sys/socket.h>

#include <chrono>
#include <thread>

#include "tests/loopback_sockets.hpp"

using namespace tributary;
using namespace std::chrono_literals;
using tributary::testing::fill;
using tributary::testing::loopback_pair;
using steady = std::chrono::steady_clock;

namespace {

struct watched_pair {
  loopback_pair pair;
  std::unique_ptr<peer_send_queue> queue;
  watched_pair() {
    int small = 32 * 1024;
    EXPECT_EQ(setsockopt(pair.client.fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small), 0);
    auto opened = peer_send_queue::open(pair.client.fd);
    EXPECT_TRUE(opened) << opened.error();
    queue = std::move(opened).value();
    EXPECT_NE(queue, nullptr);
  }
  // How long wait_until_read_is_due took.
  steady::duration wait(const read_timing& timing, steady::duration deadline = 60s) {
    auto start = steady::now();
    wait_until_read_is_due(pair.client.fd, queue.get(), timing, start + deadline);
    return steady::now() - start;
  }
};

read_timing patient() {
  read_timing t;
  t.longest = 30s;
  return t;
}

}  // namespace

TEST(ReadWait, AQuietStreamIsReadAgainAfterOneLook) {
  watched_pair w;
  EXPECT_LT(w.wait(patient()), 10s);
}

TEST(ReadWait, APublisherQueueOfItsShareMakesTheReadDue) {
  watched_pair w;
  ASSERT_GT(fill(w.pair.server.fd), size_t{0});
  auto pending = pending_on(w.pair.client.fd, w.queue.get());
  ASSERT_TRUE(pending.publisher_queued);
  ASSERT_GE(*pending.publisher_queued + pending.received_unread, patient().due_bytes(pending.publisher_send_buffer));
  EXPECT_LT(w.wait(patient()), 10s);
}

TEST(ReadWait, ASlowStreamWaitsTheLongestWait) {
  watched_pair w;
  ASSERT_EQ(send(w.pair.server.fd, "some bytes", 10, 0), 10);  // pending, far below the share
  read_timing t;
  t.longest = 50ms;
  EXPECT_GE(w.wait(t), 50ms);
}

TEST(ReadWait, TheGathersEndCutsTheWaitShort) {
  watched_pair w;
  ASSERT_EQ(send(w.pair.server.fd, "some bytes", 10, 0), 10);
  auto took = w.wait(patient(), 50ms);
  EXPECT_GE(took, 50ms);
  EXPECT_LT(took, 10s);
}

TEST(ReadWait, WithoutAPublisherQueueItPausesTheFixedPause) {
  loopback_pair pair;
  read_timing t;
  t.fixed_pause = 50ms;
  auto start = steady::now();
  wait_until_read_is_due(pair.client.fd, nullptr, t, start + 60s);
  EXPECT_GE(steady::now() - start, 50ms);
}

TEST(ReadWait, PendingCountsOurReceiveQueueEvenWithoutAPublisherQueue) {
  loopback_pair pair;
  ASSERT_EQ(send(pair.server.fd, "hello", 5, 0), 5);
  for (int i = 0; i < 200 && pending_on(pair.client.fd, nullptr).received_unread < 5; ++i)
    std::this_thread::sleep_for(5ms);
  auto pending = pending_on(pair.client.fd, nullptr);
  EXPECT_FALSE(pending.publisher_queued);
  EXPECT_EQ(pending.received_unread, size_t{5});
}
