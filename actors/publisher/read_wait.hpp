// read_wait: sleeps, after a read of the replication stream, until the next
// read is due by read_timing (stages/pgoutput/read_timing.hpp): in steps,
// looking at what the publisher's socket (peer_send_queue, when the publisher is
// on this host) and ours hold; a fixed pause when there is no publisher queue to
// read. Blocks the calling thread: for the connection actor's own (detached)
// thread and the benchmarks' drain.
#pragma once

#include <chrono>

#include "actors/publisher/peer_send_queue.hpp"
#include "stages/pgoutput/read_timing.hpp"

namespace tributary {

// What is pending on the stream read through `fd` now.
pending_stream pending_on(int fd, const peer_send_queue* publisher_queue);

// Returns once a read is due, or at `deadline`, whichever comes first.
void wait_until_read_is_due(int fd, const peer_send_queue* publisher_queue, const read_timing& timing,
                            std::chrono::steady_clock::time_point deadline);

}  // namespace tributary
