// receive_buffer: see receive_buffer.hpp.
#include "actors/publisher/receive_buffer.hpp"

#include <netinet/in.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace tributary {

namespace {

bool loopback_v4(const in_addr& a) { return (ntohl(a.s_addr) >> 24) == 127; }

bool v4_mapped(const in6_addr& a) { return IN6_IS_ADDR_V4MAPPED(&a); }

in_addr mapped_v4(const in6_addr& a) {
  in_addr v4;
  std::memcpy(&v4.s_addr, a.s6_addr + 12, 4);
  return v4;
}

bool loopback(const sockaddr_storage& s) {
  if (s.ss_family == AF_INET)
    return loopback_v4(reinterpret_cast<const sockaddr_in&>(s).sin_addr);
  if (s.ss_family == AF_INET6) {
    const auto& a = reinterpret_cast<const sockaddr_in6&>(s).sin6_addr;
    return IN6_IS_ADDR_LOOPBACK(&a) || (v4_mapped(a) && loopback_v4(mapped_v4(a)));
  }
  return false;
}

bool same_address(const sockaddr_storage& x, const sockaddr_storage& y) {
  if (x.ss_family != y.ss_family)
    return false;
  if (x.ss_family == AF_INET)
    return reinterpret_cast<const sockaddr_in&>(x).sin_addr.s_addr ==
           reinterpret_cast<const sockaddr_in&>(y).sin_addr.s_addr;
  if (x.ss_family == AF_INET6)
    return IN6_ARE_ADDR_EQUAL(&reinterpret_cast<const sockaddr_in6&>(x).sin6_addr,
                              &reinterpret_cast<const sockaddr_in6&>(y).sin6_addr);
  return false;
}

std::string system_error(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

}  // namespace

bool same_host_peer(const sockaddr_storage& local, const sockaddr_storage& peer) {
  return loopback(peer) || same_address(local, peer);
}

result<std::optional<socket_ends>, std::string> tcp_socket_ends(int fd) {
  socket_ends ends;
  socklen_t local_size = sizeof ends.local;
  socklen_t peer_size = sizeof ends.peer;
  if (getsockname(fd, reinterpret_cast<sockaddr*>(&ends.local), &local_size) != 0)
    return fail(system_error("could not read the socket's local address"));
  if (ends.local.ss_family != AF_INET && ends.local.ss_family != AF_INET6)
    return std::optional<socket_ends>();
  if (getpeername(fd, reinterpret_cast<sockaddr*>(&ends.peer), &peer_size) != 0)
    return fail(system_error("could not read the socket's peer address"));
  return std::optional<socket_ends>(ends);
}

result<receive_buffer_outcome, std::string> size_receive_buffer(int fd, long bytes) {
  if (bytes <= 0)
    return receive_buffer_outcome::not_requested;
  auto ends = tcp_socket_ends(fd);
  if (!ends)
    return fail(ends.error());
  if (!*ends)
    return receive_buffer_outcome::not_tcp;
  if (!same_host_peer((*ends)->local, (*ends)->peer))
    return receive_buffer_outcome::remote_peer;
  int value = static_cast<int>(std::max(bytes, smallest_receive_buffer));
  if (setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &value, sizeof value) != 0)
    return fail(system_error("could not set the socket's receive buffer"));
  return receive_buffer_outcome::set;
}

const char* describe(receive_buffer_outcome outcome) {
  switch (outcome) {
    case receive_buffer_outcome::set: return "set";
    case receive_buffer_outcome::not_requested: return "left to the kernel (replication_receive_buffer = 0)";
    case receive_buffer_outcome::not_tcp: return "left to the kernel (Unix-domain socket)";
    case receive_buffer_outcome::remote_peer: return "left to the kernel (publisher on another host)";
  }
  return "unknown";
}

}  // namespace tributary
