// peer_send_queue: see peer_send_queue.hpp.
#include "actors/publisher/peer_send_queue.hpp"

#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/sock_diag.h>
#include <linux/sockios.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "actors/publisher/receive_buffer.hpp"

namespace tributary {

namespace {

// The address bytes and port (network order) of an AF_INET or AF_INET6 address.
void address_of(const sockaddr_storage& s, unsigned char (&addr)[16], unsigned short& port) {
  if (s.ss_family == AF_INET) {
    const auto& a = reinterpret_cast<const sockaddr_in&>(s);
    std::memcpy(addr, &a.sin_addr, sizeof a.sin_addr);
    port = a.sin_port;
  } else {
    const auto& a = reinterpret_cast<const sockaddr_in6&>(s);
    std::memcpy(addr, &a.sin6_addr, sizeof a.sin6_addr);
    port = a.sin6_port;
  }
}

}  // namespace

result<std::unique_ptr<peer_send_queue>, std::string> peer_send_queue::open(int fd) {
  auto ends = tcp_socket_ends(fd);
  if (!ends)
    return fail(ends.error());
  if (!*ends || !same_host_peer((*ends)->local, (*ends)->peer))
    return std::unique_ptr<peer_send_queue>();
  int netlink = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
  if (netlink < 0)
    return fail(std::string("could not open a sock_diag socket: ") + std::strerror(errno));
  const auto& [local, peer] = **ends;
  std::unique_ptr<peer_send_queue> q(new peer_send_queue(netlink, local.ss_family));
  address_of(peer, q->peer_addr_, q->peer_port_);
  address_of(local, q->local_addr_, q->local_port_);
  return q;
}

peer_send_queue::peer_send_queue(int netlink_fd, int family) : netlink_fd_(netlink_fd), family_(family) {}

peer_send_queue::~peer_send_queue() {
  if (netlink_fd_ >= 0)
    close(netlink_fd_);
}

std::optional<peer_send_queue::reading> peer_send_queue::read() const {
  struct {
    nlmsghdr header;
    inet_diag_req_v2 request;
  } message{};
  message.header.nlmsg_len = sizeof message;
  message.header.nlmsg_type = SOCK_DIAG_BY_FAMILY;
  message.header.nlmsg_flags = NLM_F_REQUEST;  // one socket, not a dump
  message.request.sdiag_family = static_cast<__u8>(family_);
  message.request.sdiag_protocol = IPPROTO_TCP;
  message.request.idiag_states = ~0u;
  message.request.idiag_ext = 1 << (INET_DIAG_SKMEMINFO - 1);
  auto& id = message.request.id;
  id.idiag_sport = peer_port_;
  id.idiag_dport = local_port_;
  std::memcpy(id.idiag_src, peer_addr_, sizeof peer_addr_);
  std::memcpy(id.idiag_dst, local_addr_, sizeof local_addr_);
  id.idiag_cookie[0] = INET_DIAG_NOCOOKIE;
  id.idiag_cookie[1] = INET_DIAG_NOCOOKIE;
  sockaddr_nl kernel{};
  kernel.nl_family = AF_NETLINK;
  if (sendto(netlink_fd_, &message, sizeof message, 0, reinterpret_cast<sockaddr*>(&kernel), sizeof kernel) !=
      static_cast<ssize_t>(sizeof message))
    return std::nullopt;
  // The kernel answers inside sendto: the reply is already queued.
  alignas(nlmsghdr) char reply[4096];
  ssize_t n = recv(netlink_fd_, reply, sizeof reply, MSG_DONTWAIT);
  if (n <= 0)
    return std::nullopt;
  // One message: the socket's inet_diag_msg, or NLMSG_ERROR (no such socket:
  // ENOENT, or the request was refused).
  const auto* h = reinterpret_cast<const nlmsghdr*>(reply);
  if (!NLMSG_OK(h, static_cast<int>(n)) || h->nlmsg_type != SOCK_DIAG_BY_FAMILY ||
      h->nlmsg_len < NLMSG_LENGTH(sizeof(inet_diag_msg)))
    return std::nullopt;
  const auto* diag = static_cast<const inet_diag_msg*>(NLMSG_DATA(h));
  reading r;
  r.queued = diag->idiag_wqueue;
  // The attributes after the message: SK_MEMINFO_* as __u32s.
  int attributes_left = static_cast<int>(h->nlmsg_len - NLMSG_LENGTH(sizeof *diag));
  for (auto* a = reinterpret_cast<const rtattr*>(diag + 1); RTA_OK(a, attributes_left);
       a = RTA_NEXT(a, attributes_left))
    if (a->rta_type == INET_DIAG_SKMEMINFO && RTA_PAYLOAD(a) >= (SK_MEMINFO_SNDBUF + 1) * sizeof(__u32))
      r.send_buffer = static_cast<const __u32*>(RTA_DATA(a))[SK_MEMINFO_SNDBUF];
  return r;
}

std::optional<size_t> receive_queue_bytes(int fd) {
  int queued = 0;
  if (ioctl(fd, SIOCINQ, &queued) != 0 || queued < 0)
    return std::nullopt;
  return static_cast<size_t>(queued);
}

}  // namespace tributary
