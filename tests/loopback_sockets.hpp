// Real connected TCP sockets on this host's loopback device, for the tests of
// what the connection actor asks of its publisher's socket.
#pragma once

#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>

namespace tributary::testing {

struct fd_closer {
  int fd = -1;
  ~fd_closer() {
    if (fd >= 0) close(fd);
  }
};

// A connected pair on 127.0.0.1 (AF_INET) or ::1 (AF_INET6): `client` plays
// Tributary's end, `server` the publisher's.
struct loopback_pair {
  fd_closer listener, client, server;
  explicit loopback_pair(int family = AF_INET) {
    sockaddr_storage s{};
    socklen_t size = 0;
    if (family == AF_INET) {
      auto& a = reinterpret_cast<sockaddr_in&>(s);
      a.sin_family = AF_INET;
      a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      size = sizeof a;
    } else {
      auto& a = reinterpret_cast<sockaddr_in6&>(s);
      a.sin6_family = AF_INET6;
      a.sin6_addr = in6addr_loopback;
      size = sizeof a;
    }
    listener.fd = socket(family, SOCK_STREAM, 0);
    EXPECT_EQ(bind(listener.fd, reinterpret_cast<sockaddr*>(&s), size), 0);
    EXPECT_EQ(listen(listener.fd, 1), 0);
    EXPECT_EQ(getsockname(listener.fd, reinterpret_cast<sockaddr*>(&s), &size), 0);
    client.fd = socket(family, SOCK_STREAM, 0);
    EXPECT_EQ(connect(client.fd, reinterpret_cast<sockaddr*>(&s), size), 0);
    server.fd = accept(listener.fd, nullptr, nullptr);
  }
};

// Writes into fd (made non-blocking) until its buffers are full; the bytes written.
inline size_t fill(int fd) {
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  std::string chunk(64 * 1024, 'x');
  size_t written = 0;
  for (;;) {
    ssize_t n = send(fd, chunk.data(), chunk.size(), 0);
    if (n <= 0)
      return written;
    written += static_cast<size_t>(n);
  }
}

}  // namespace tributary::testing
