// receive_buffer: the TCP receive buffer of a replication connection to a
// publisher on this host.
//
// Why: a walsender writes one send() per message while its socket is writable,
// and on the loopback device a send() into an open receive window is a packet
// of its own, with its transmit and receive path paid on the walsender's CPU.
// The kernel's autotuning grows a fast reader's buffer (to many MB here), so
// the window never closes and a W1 catch-up cost the walsender ~2.5 s of CPU
// per million rows, which bounded the catch-up (bench/history-19.md). With a
// buffer of a few tens of kB the window closes between two reads, the
// walsender's messages queue behind it and leave as a few large segments: its
// CPU per million rows fell to ~1.1 s and the catch-up ran ~2 x faster.
//
// Only for a peer on this host: over a network a small window caps the rate at
// window / round-trip time, so there the kernel's autotuning stays.
//
// The buffer must not go below 32 kB: the publisher's segment size is bounded
// by half the largest window it has seen (64 kB at connection start), and a
// window smaller than one segment stalls the stream (a segment per
// retransmission timeout).
#pragma once

#include <sys/socket.h>

#include <optional>
#include <string>

#include "stages/core/result.hpp"

namespace tributary {

constexpr long smallest_receive_buffer = 32 * 1024;

// True when peer is an address of this host as seen from local: a loopback
// address (127.0.0.0/8, ::1, ::ffff:127.0.0.0/104) or the local address itself.
bool same_host_peer(const sockaddr_storage& local, const sockaddr_storage& peer);

// The local and peer addresses of a connected socket.
struct socket_ends {
  sockaddr_storage local{};
  sockaddr_storage peer{};
};

// The ends of `fd` when it is a TCP socket (nullopt for a Unix-domain one). An
// error is the system's message.
result<std::optional<socket_ends>, std::string> tcp_socket_ends(int fd);

enum class receive_buffer_outcome {
  set,            // SO_RCVBUF set to the requested size
  not_requested,  // bytes == 0: the kernel's autotuning
  not_tcp,        // a Unix-domain socket
  remote_peer,    // the publisher is on another host: the kernel's autotuning
};

// Sets SO_RCVBUF of fd to bytes when fd is a TCP socket to a peer on this host.
// An error (the socket's addresses or the option cannot be read or set) is the
// system's message.
result<receive_buffer_outcome, std::string> size_receive_buffer(int fd, long bytes);

const char* describe(receive_buffer_outcome outcome);

}  // namespace tributary
