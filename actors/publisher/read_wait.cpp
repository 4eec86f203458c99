// read_wait: see read_wait.hpp.
#include "actors/publisher/read_wait.hpp"

#include <algorithm>
#include <thread>

namespace tributary {

pending_stream pending_on(int fd, const peer_send_queue* publisher_queue) {
  pending_stream pending;
  if (publisher_queue)
    if (auto peer = publisher_queue->read()) {
      pending.publisher_queued = peer->queued;
      pending.publisher_send_buffer = peer->send_buffer;
    }
  pending.received_unread = receive_queue_bytes(fd).value_or(0);
  return pending;
}

void wait_until_read_is_due(int fd, const peer_send_queue* publisher_queue, const read_timing& timing,
                            std::chrono::steady_clock::time_point deadline) {
  using steady = std::chrono::steady_clock;
  auto read_at = steady::now();
  if (!publisher_queue) {
    std::this_thread::sleep_for(std::min<steady::duration>(timing.fixed_pause, deadline - read_at));
    return;
  }
  for (;;) {
    std::this_thread::sleep_for(timing.step);
    auto now = steady::now();
    if (now >= deadline)
      return;
    auto since = std::chrono::duration_cast<std::chrono::microseconds>(now - read_at);
    if (timing.read_now(since, pending_on(fd, publisher_queue)))
      return;
  }
}

}  // namespace tributary
