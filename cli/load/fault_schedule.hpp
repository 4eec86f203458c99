// fault_schedule: when each fault happens and which one, decided by --seed alone.
//
// Role: a pure, deterministic sequence of planned faults. Fault i is due at
// (i + 1) * interval + jitter, the jitter drawn from [-interval/4, +interval/4], so
// faults never come closer than half an interval; the kinds are taken round by
// round, each round a seeded shuffle of the requested kinds, so every kind occurs
// once per round (three kinds and three faults: each kind once). The same seed,
// kinds and interval always give the same sequence, so a failing run can be replayed
// with its --seed. An empty list of kinds gives no faults.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "cli/load/load_options.hpp"

namespace tributary::load {

struct planned_fault {
  int64_t due_ms = 0;  // since the start of the load
  fault_kind kind = fault_kind::kill_server;
};

class fault_schedule {
public:
  fault_schedule(uint64_t seed, std::vector<fault_kind> kinds, int64_t interval_ms);

  bool empty() const { return kinds_.empty(); }
  // The next fault of the sequence (call only when !empty()).
  planned_fault next();
  // The faults due before `horizon_ms` from a fresh schedule with the same inputs.
  static std::vector<planned_fault> plan(uint64_t seed, std::vector<fault_kind> kinds, int64_t interval_ms,
                                         int64_t horizon_ms);

private:
  std::mt19937_64 random_;
  std::vector<fault_kind> kinds_;
  std::vector<fault_kind> round_;
  int64_t interval_ms_;
  int64_t index_ = 0;
};

}  // namespace tributary::load
