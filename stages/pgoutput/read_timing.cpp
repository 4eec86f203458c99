// read_timing: see read_timing.hpp.
#include "stages/pgoutput/read_timing.hpp"

#include <algorithm>

namespace tributary {

size_t read_timing::due_bytes(size_t publisher_send_buffer) const {
  return std::clamp(publisher_send_buffer / 5, least_due_bytes, most_due_bytes);
}

bool read_timing::read_now(std::chrono::microseconds since_read, const pending_stream& pending) const {
  if (!pending.publisher_queued)
    return since_read >= fixed_pause;
  if (since_read >= longest)
    return true;
  size_t total = *pending.publisher_queued + pending.received_unread;
  return total == 0 || total >= due_bytes(pending.publisher_send_buffer);
}

}  // namespace tributary
