// peer_send_queue: how many bytes the publisher's own socket holds for us, when
// the publisher runs on this host.
//
// Why: the connection actor reads the stream in gathers (connection_actor.cpp).
// A read into a receive window the walsender is still writing into reopens the
// window, and on the loopback device each of the walsender's sends into an open
// window leaves as a packet of its own, paid on the walsender's CPU (the bound of
// a catch-up; receive_buffer.hpp). A fixed pause between two reads either
// reopens the window too early (the walsender spends 10-25 % more CPU) or too
// late (it sleeps on its full send buffer): neither is right in every run
// (bench/history-20.md). The walsender's send queue says when a read is due: it
// grows while our window is closed, so a read once it holds a few hundred kB
// takes large segments and leaves the walsender room to go on writing.
//
// How: one exact lookup over NETLINK_SOCK_DIAG (inet_diag, the kernel interface
// `ss` uses) of the socket whose source is our peer's address and port and whose
// destination is ours; its send queue (inet_diag_msg.idiag_wqueue: bytes written
// and not yet acknowledged, `Send-Q` in `ss`) and its send buffer (SK_MEMINFO_SNDBUF,
// what it may queue before a send blocks). No privilege is needed to read them.
// Only for a peer on this host (same_host_peer): a remote publisher's socket is
// on another machine's kernel.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include "stages/core/result.hpp"

namespace tributary {

class peer_send_queue {
public:
  // For the connected TCP socket `fd`: a reader of its peer's send queue, or
  // nullptr when fd is not TCP or the peer is on another host. An error is the
  // system's message (the addresses or the netlink socket could not be had).
  static result<std::unique_ptr<peer_send_queue>, std::string> open(int fd);
  ~peer_send_queue();
  peer_send_queue(const peer_send_queue&) = delete;
  peer_send_queue& operator=(const peer_send_queue&) = delete;

  struct reading {
    size_t queued = 0;       // bytes in the peer socket's send queue
    size_t send_buffer = 0;  // its send buffer (bytes of memory, overhead included)
  };
  // The peer socket's queue now; nullopt when the kernel no longer knows that
  // socket (closed) or the lookup failed.
  std::optional<reading> read() const;

private:
  peer_send_queue(int netlink_fd, int family);
  int netlink_fd_ = -1;
  int family_ = 0;
  // The lookup's key: the peer's end first (its socket's source), ours second.
  unsigned char peer_addr_[16] = {};
  unsigned char local_addr_[16] = {};
  unsigned short peer_port_ = 0;   // network order
  unsigned short local_port_ = 0;  // network order
};

// Bytes waiting in our own receive queue of `fd` (SIOCINQ); nullopt on error.
std::optional<size_t> receive_queue_bytes(int fd);

}  // namespace tributary
