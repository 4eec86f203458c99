// console_rates: what two snapshots say together — per-actor and
// per-subscription rates over the interval between them — and what one
// snapshot says about a subscription (its state, its lag). Pure.
//
// Rates come from tributary_actors' cumulative counters. An actor that is not
// in both snapshots (it started, or its pipeline restarted, in between) or
// whose counters went back has no rate ("-"), never a wrong one.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>

#include "cli/console/console_snapshot.hpp"

namespace tributary::console {

struct actor_rates {
  double messages = 0, bytes = 0, rows = 0, transactions = 0, progress = 0;  // per second
};

struct subscription_rates {
  std::optional<double> rows, transactions;  // applied per second
  std::optional<double> group_size;          // remote transactions per local commit
};

struct rates {
  double interval_seconds = 0;
  std::map<uint64_t, actor_rates> actors;
  std::map<int64_t, subscription_rates> subscriptions;
};

// Rates over [before.taken, after.taken]; empty when the interval is not positive.
rates compute_rates(const snapshot& before, const snapshot& after);

// The actor of `kind` of a subscription, or nullptr.
const actor_row* find_actor(const snapshot& snap, int64_t subid, const std::string& kind);

// copying / streaming / connecting / starting / disconnected /
// retrying in N s / disabled / disabled by error.
std::string subscription_state(const subscription_row& sub, const snapshot& snap);

struct subscription_lag {
  std::optional<uint64_t> bytes;                 // received − reported
  std::optional<std::chrono::milliseconds> time;  // now − commit time of the last applied transaction
};
// Zero when the applied position caught up with the received one.
subscription_lag lag_of(const subscription_row& sub, const snapshot& snap);

// Rows/s of each subscription over the last samples (the sparkline).
class throughput_history {
public:
  explicit throughput_history(size_t capacity = 120) : capacity_(capacity) {}
  void add(const rates& r);
  // The last `width` samples as characters from " ._-=+*#@" scaled to the
  // largest sample shown; shorter when fewer samples exist.
  std::string sparkline(int64_t subid, size_t width) const;
  std::optional<double> peak(int64_t subid) const;

private:
  size_t capacity_;
  std::map<int64_t, std::deque<double>> samples_;
};

}  // namespace tributary::console
