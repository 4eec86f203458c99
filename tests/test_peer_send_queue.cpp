// PeerSendQueue: the connection actor reads how much the publisher's socket
// holds for it (actors/publisher/peer_send_queue), on real loopback sockets.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>

#include "actors/publisher/peer_send_queue.hpp"
#include "tests/loopback_sockets.hpp"

using namespace tributary;
using tributary::testing::fd_closer;
using tributary::testing::fill;
using tributary::testing::loopback_pair;

namespace {

// Reads what fd holds now.
size_t drain(int fd) {
  char buf[64 * 1024];
  size_t read_bytes = 0;
  for (;;) {
    ssize_t n = recv(fd, buf, sizeof buf, MSG_DONTWAIT);
    if (n <= 0)
      return read_bytes;
    read_bytes += static_cast<size_t>(n);
  }
}

// The loopback device delivers and acknowledges within the send, but give the
// kernel a moment before judging what is queued where.
template <class Check>
bool eventually(Check check) {
  for (int i = 0; i < 200; ++i) {
    if (check())
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return check();
}

void peer_queue_follows_what_is_written_and_read(int family) {
  loopback_pair pair(family);
  int small = 32 * 1024;
  ASSERT_EQ(setsockopt(pair.client.fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small), 0);
  auto queue = peer_send_queue::open(pair.client.fd);
  ASSERT_TRUE(queue) << queue.error();
  ASSERT_NE(*queue, nullptr);
  auto idle = (*queue)->read();
  ASSERT_TRUE(idle);
  EXPECT_EQ(idle->queued, size_t{0});
  EXPECT_GT(idle->send_buffer, size_t{0});

  // The reader's window closes: what it has not received waits in the writer's queue.
  size_t written = fill(pair.server.fd);
  ASSERT_GT(written, size_t{0});
  EXPECT_TRUE(eventually([&] {
    auto peer = (*queue)->read();
    auto ours = receive_queue_bytes(pair.client.fd);
    return peer && ours && peer->queued > 0 && peer->queued + *ours == written;
  })) << "written " << written << ", peer queue " << (*queue)->read().value_or(peer_send_queue::reading{}).queued
      << ", receive queue " << receive_queue_bytes(pair.client.fd).value_or(0);
  // A full queue is about as large as the buffer that bounds it (memory counts overhead).
  auto full = (*queue)->read();
  ASSERT_TRUE(full);
  EXPECT_LE(full->queued, full->send_buffer);
  EXPECT_GT(full->queued, full->send_buffer / 4);

  // Reading everything empties both.
  size_t read_bytes = 0;
  EXPECT_TRUE(eventually([&] {
    read_bytes += drain(pair.client.fd);
    auto peer = (*queue)->read();
    return read_bytes == written && peer && peer->queued == 0;
  })) << "read " << read_bytes << " of " << written;
  EXPECT_EQ(receive_queue_bytes(pair.client.fd), size_t{0});
}

}  // namespace

TEST(PeerSendQueue, FollowsWhatThePeerWroteAndWeHaveNotReceivedOverIPv4) {
  peer_queue_follows_what_is_written_and_read(AF_INET);
}

TEST(PeerSendQueue, FollowsWhatThePeerWroteAndWeHaveNotReceivedOverIPv6) {
  peer_queue_follows_what_is_written_and_read(AF_INET6);
}

TEST(PeerSendQueue, OurReceiveQueueCountsWhatArrivedUnread) {
  loopback_pair pair;
  ASSERT_EQ(send(pair.server.fd, "hello", 5, 0), 5);
  EXPECT_TRUE(eventually([&] { return receive_queue_bytes(pair.client.fd) == size_t{5}; }));
  EXPECT_EQ(drain(pair.client.fd), size_t{5});
  EXPECT_EQ(receive_queue_bytes(pair.client.fd), size_t{0});
}

TEST(PeerSendQueue, AUnixDomainSocketHasNoPeerQueueToRead) {
  int fds[2];
  ASSERT_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
  fd_closer a{fds[0]}, b{fds[1]};
  auto queue = peer_send_queue::open(a.fd);
  ASSERT_TRUE(queue) << queue.error();
  EXPECT_EQ(*queue, nullptr);
}

TEST(PeerSendQueue, AnUnconnectedSocketIsTheSystemsError) {
  fd_closer s{socket(AF_INET, SOCK_STREAM, 0)};
  auto queue = peer_send_queue::open(s.fd);
  ASSERT_FALSE(queue);
  EXPECT_EQ(queue.error(), "could not read the socket's peer address: Transport endpoint is not connected");
}

TEST(PeerSendQueue, ASocketTheKernelNoLongerKnowsHasNoQueue) {
  auto pair = std::make_unique<loopback_pair>();
  auto queue = peer_send_queue::open(pair->client.fd);
  ASSERT_TRUE(queue) << queue.error();
  ASSERT_NE(*queue, nullptr);
  // Both ends closed by a reset (SO_LINGER 0): no socket is left, not even in TIME_WAIT.
  linger abort{1, 0};
  ASSERT_EQ(setsockopt(pair->server.fd, SOL_SOCKET, SO_LINGER, &abort, sizeof abort), 0);
  ASSERT_EQ(setsockopt(pair->client.fd, SOL_SOCKET, SO_LINGER, &abort, sizeof abort), 0);
  pair.reset();
  EXPECT_FALSE((*queue)->read());
}
