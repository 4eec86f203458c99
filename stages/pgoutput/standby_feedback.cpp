#include "stages/pgoutput/standby_feedback.hpp"

#include <algorithm>

namespace tributary {

void feedback_positions::on_received(lsn wal_end) { received_ = std::max(received_, wal_end); }

void feedback_positions::on_commit_forwarded(lsn end_lsn) {
  received_ = std::max(received_, end_lsn);
  if (end_lsn > durable_)
    pending_.push_back(end_lsn);
}

void feedback_positions::on_durable(lsn position) {
  durable_ = std::max(durable_, position);
  while (!pending_.empty() && pending_.front() <= durable_)
    pending_.pop_front();
}

lsn feedback_positions::flush_candidate() const {
  return pending_.empty() ? std::max(durable_, received_) : durable_;
}

feedback_positions::report feedback_positions::next_report() {
  report r;
  r.write = std::max(last_sent_.write, std::max(received_, durable_));
  r.flush = std::max(last_sent_.flush, flush_candidate());
  r.apply = r.flush;
  last_sent_ = r;
  return r;
}

bool feedback_positions::changed_since_last_report() const {
  return std::max(received_, durable_) > last_sent_.write || flush_candidate() > last_sent_.flush;
}

feedback_timers::feedback_timers(std::chrono::milliseconds status_interval,
                                 std::chrono::milliseconds receiver_timeout, clock::time_point now)
    : status_interval_(status_interval),
      receiver_timeout_(receiver_timeout),
      last_received_(now),
      last_sent_(now) {}

void feedback_timers::on_data_received(clock::time_point now) {
  last_received_ = now;
  ping_sent_ = false;
}

void feedback_timers::on_status_sent(clock::time_point now) { last_sent_ = now; }

void feedback_timers::on_ping_sent(clock::time_point now) {
  last_sent_ = now;
  ping_sent_ = true;
}

feedback_timers::action feedback_timers::due(clock::time_point now) const {
  auto silent = now - last_received_;
  if (receiver_timeout_.count() > 0) {
    if (silent >= receiver_timeout_)
      return action::timed_out;
    if (!ping_sent_ && silent >= receiver_timeout_ / 2)
      return action::send_ping;
  }
  if (status_interval_.count() > 0 && now - last_sent_ >= status_interval_)
    return action::send_status;
  return action::none;
}

std::chrono::milliseconds feedback_timers::time_to_next(clock::time_point now) const {
  using std::chrono::duration_cast;
  using std::chrono::milliseconds;
  auto next = milliseconds::max();
  if (receiver_timeout_.count() > 0) {
    auto deadline = last_received_ + (ping_sent_ ? receiver_timeout_ : receiver_timeout_ / 2);
    next = std::min(next, duration_cast<milliseconds>(deadline - now));
  }
  if (status_interval_.count() > 0)
    next = std::min(next, duration_cast<milliseconds>(last_sent_ + status_interval_ - now));
  return std::max(next, milliseconds(0));
}

}  // namespace tributary
