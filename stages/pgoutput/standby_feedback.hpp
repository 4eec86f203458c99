// standby_feedback: what the connection reports to the publisher, and when
// (reference §4.4, PostgreSQL's send_feedback / LogicalRepApplyLoop).
//
//   received  = the highest walEnd seen (XLogData and keepalives)
//   pending   = end LSNs of commits forwarded to the applier, not yet durable
//   durable   = the newest position the applier says is committed on disk
//   flush     = durable while a forwarded commit waits; otherwise received —
//               safe, because a half-received transaction's commit record lies
//               beyond received, and it is what lets an idle slot advance
//   Reported values never go backwards (clamped to what was sent before).
//
// feedback_timers decides when to send: every status_interval, immediately when
// the publisher asks, a ping (reply requested) after half of receiver_timeout of
// silence, and "timed out" after all of it. Times are passed in, so tests need
// no clock.
#pragma once

#include <chrono>
#include <deque>
#include <optional>

#include "stages/core/lsn.hpp"

namespace tributary {

class feedback_positions {
public:
  explicit feedback_positions(lsn durable_start) : durable_(durable_start) {}

  void on_received(lsn wal_end);
  // A commit (or other transaction end) with this end LSN went to the applier.
  void on_commit_forwarded(lsn end_lsn);
  // The applier committed everything up to `position` durably.
  void on_durable(lsn position);

  lsn received() const { return received_; }
  lsn durable() const { return durable_; }
  bool commits_pending() const { return !pending_.empty(); }

  struct report {
    lsn write, flush, apply;
  };
  // The values to send now (clamped); remembers them as sent.
  report next_report();
  // Would next_report() differ from the last report sent?
  bool changed_since_last_report() const;

private:
  lsn flush_candidate() const;

  lsn received_;
  lsn durable_;
  std::deque<lsn> pending_;
  report last_sent_{};
};

class feedback_timers {
public:
  using clock = std::chrono::steady_clock;

  feedback_timers(std::chrono::milliseconds status_interval, std::chrono::milliseconds receiver_timeout,
                  clock::time_point now);

  void on_data_received(clock::time_point now);   // any message from the publisher
  void on_status_sent(clock::time_point now);
  void on_ping_sent(clock::time_point now);  // a status with reply requested

  enum class action { none, send_status, send_ping, timed_out };
  action due(clock::time_point now) const;
  // How long the caller may wait before due() can change.
  std::chrono::milliseconds time_to_next(clock::time_point now) const;

private:
  std::chrono::milliseconds status_interval_;
  std::chrono::milliseconds receiver_timeout_;
  clock::time_point last_received_;
  clock::time_point last_sent_;
  bool ping_sent_ = false;
};

}  // namespace tributary
