// read_timing: when the connection actor reads the replication stream again,
// within one gather (connection_actor.cpp, gather_batch).
//
// The walsender writes one send() per message. Read too soon and our receive
// window is open while it writes: on the loopback device each send then leaves
// as a packet of its own, paid on the walsender's CPU, which bounds a catch-up
// (receive_buffer.hpp). Read too late and it sleeps on its full send buffer.
// A fixed pause is right in some runs and wrong in others (bench/history-20.md):
// so when the publisher is on this host, the actor looks every `step` at what
// is pending — the publisher socket's send queue (peer_send_queue) and our
// receive queue — and reads once
//   - a share of the publisher's send buffer is pending (due_bytes): the window
//     stayed closed long enough for large segments, and the walsender has room
//     to go on writing until the read;
//   - nothing is pending: the stream went quiet, so the batch goes on (a lone
//     transaction waits one step, not a pause);
//   - `longest` passed (a slow stream);
// and, for a publisher on another host (no queue to read), after `fixed_pause`.
// Pure: the caller measures, sleeps and reads.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>

namespace tributary {

struct pending_stream {
  // The publisher socket's send queue and send buffer; nullopt when unknown.
  std::optional<size_t> publisher_queued;
  size_t publisher_send_buffer = 0;
  size_t received_unread = 0;  // in our socket's receive queue
};

struct read_timing {
  std::chrono::microseconds step{500};
  std::chrono::microseconds longest{10000};
  std::chrono::microseconds fixed_pause{2000};
  // Pending bytes that make a read due: a fifth of the publisher's send buffer,
  // within these bounds (its buffer counts memory, overhead included).
  size_t least_due_bytes = 64 * 1024;
  size_t most_due_bytes = 800 * 1024;

  size_t due_bytes(size_t publisher_send_buffer) const;
  // True when the stream should be read now, `since_read` after the last read.
  bool read_now(std::chrono::microseconds since_read, const pending_stream& pending) const;
};

}  // namespace tributary
