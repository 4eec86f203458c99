// ReceiveBuffer: the replication socket's receive buffer is made small only for
// a publisher on this host (actors/publisher/receive_buffer).
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "actors/publisher/receive_buffer.hpp"
#include "tests/loopback_sockets.hpp"

using namespace tributary;
using tributary::testing::fd_closer;
using tributary::testing::loopback_pair;

namespace {

sockaddr_storage v4(const char* text) {
  sockaddr_storage s{};
  auto& a = reinterpret_cast<sockaddr_in&>(s);
  a.sin_family = AF_INET;
  EXPECT_EQ(inet_pton(AF_INET, text, &a.sin_addr), 1) << text;
  return s;
}

sockaddr_storage v6(const char* text) {
  sockaddr_storage s{};
  auto& a = reinterpret_cast<sockaddr_in6&>(s);
  a.sin6_family = AF_INET6;
  EXPECT_EQ(inet_pton(AF_INET6, text, &a.sin6_addr), 1) << text;
  return s;
}

int receive_buffer_of(int fd) {
  int value = 0;
  socklen_t size = sizeof value;
  EXPECT_EQ(getsockopt(fd, SOL_SOCKET, SO_RCVBUF, &value, &size), 0);
  return value;
}

}  // namespace

TEST(ReceiveBuffer, LoopbackAddressesAreThisHost) {
  EXPECT_TRUE(same_host_peer(v4("127.0.0.1"), v4("127.0.0.1")));
  EXPECT_TRUE(same_host_peer(v4("127.0.0.1"), v4("127.4.5.6")));
  EXPECT_TRUE(same_host_peer(v6("::1"), v6("::1")));
  EXPECT_TRUE(same_host_peer(v6("::ffff:127.0.0.1"), v6("::ffff:127.0.0.1")));
}

TEST(ReceiveBuffer, APeerAtTheLocalAddressIsThisHost) {
  EXPECT_TRUE(same_host_peer(v4("10.1.2.3"), v4("10.1.2.3")));
  EXPECT_TRUE(same_host_peer(v6("fd00::7"), v6("fd00::7")));
}

TEST(ReceiveBuffer, AnyOtherPeerIsAnotherHost) {
  EXPECT_FALSE(same_host_peer(v4("10.1.2.3"), v4("10.1.2.4")));
  EXPECT_FALSE(same_host_peer(v4("127.0.0.1"), v4("128.0.0.1")));
  EXPECT_FALSE(same_host_peer(v6("fd00::7"), v6("fd00::8")));
  EXPECT_FALSE(same_host_peer(v6("::ffff:10.0.0.1"), v6("::ffff:10.0.0.2")));
  EXPECT_FALSE(same_host_peer(v4("10.1.2.3"), v6("::ffff:10.1.2.3")));  // families differ: not compared
}

TEST(ReceiveBuffer, ALoopbackTcpSocketGetsTheRequestedBuffer) {
  loopback_pair pair;
  auto sized = size_receive_buffer(pair.client.fd, 48 * 1024);
  ASSERT_TRUE(sized) << sized.error();
  EXPECT_EQ(*sized, receive_buffer_outcome::set);
  // Linux keeps twice the request for its own bookkeeping.
  EXPECT_EQ(receive_buffer_of(pair.client.fd), 2 * 48 * 1024);
}

TEST(ReceiveBuffer, ARequestBelowThirtyTwoKilobytesIsRaisedToIt) {
  loopback_pair pair;
  auto sized = size_receive_buffer(pair.client.fd, 4096);
  ASSERT_TRUE(sized) << sized.error();
  EXPECT_EQ(receive_buffer_of(pair.client.fd), 2 * smallest_receive_buffer);
}

TEST(ReceiveBuffer, ZeroLeavesTheKernelsBuffer) {
  loopback_pair pair;
  int before = receive_buffer_of(pair.client.fd);
  auto sized = size_receive_buffer(pair.client.fd, 0);
  ASSERT_TRUE(sized);
  EXPECT_EQ(*sized, receive_buffer_outcome::not_requested);
  EXPECT_EQ(receive_buffer_of(pair.client.fd), before);
}

TEST(ReceiveBuffer, AUnixDomainSocketIsLeftAlone) {
  int fds[2];
  ASSERT_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
  fd_closer a{fds[0]}, b{fds[1]};
  int before = receive_buffer_of(a.fd);
  auto sized = size_receive_buffer(a.fd, 48 * 1024);
  ASSERT_TRUE(sized);
  EXPECT_EQ(*sized, receive_buffer_outcome::not_tcp);
  EXPECT_EQ(receive_buffer_of(a.fd), before);
}

TEST(ReceiveBuffer, AClosedSocketIsTheSystemsError) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  close(fd);
  auto sized = size_receive_buffer(fd, 48 * 1024);
  ASSERT_FALSE(sized);
  EXPECT_EQ(sized.error(), "could not read the socket's local address: Bad file descriptor");
}

TEST(ReceiveBuffer, AnUnconnectedSocketIsTheSystemsError) {
  fd_closer s{socket(AF_INET, SOCK_STREAM, 0)};
  auto sized = size_receive_buffer(s.fd, 48 * 1024);
  ASSERT_FALSE(sized);
  EXPECT_EQ(sized.error(), "could not read the socket's peer address: Transport endpoint is not connected");
}

TEST(ReceiveBuffer, OutcomesAreDescribedForTheLog) {
  EXPECT_STREQ(describe(receive_buffer_outcome::remote_peer), "left to the kernel (publisher on another host)");
  EXPECT_STREQ(describe(receive_buffer_outcome::not_tcp), "left to the kernel (Unix-domain socket)");
}
