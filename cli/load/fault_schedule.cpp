// fault_schedule: the seeded sequence of faults. See fault_schedule.hpp.
#include "cli/load/fault_schedule.hpp"

#include <algorithm>

namespace tributary::load {

fault_schedule::fault_schedule(uint64_t seed, std::vector<fault_kind> kinds, int64_t interval_ms)
    : random_(seed), kinds_(std::move(kinds)), interval_ms_(interval_ms) {}

planned_fault fault_schedule::next() {
  if (round_.empty()) {
    round_ = kinds_;
    std::shuffle(round_.begin(), round_.end(), random_);
    std::reverse(round_.begin(), round_.end());  // taken from the back
  }
  planned_fault fault;
  fault.kind = round_.back();
  round_.pop_back();
  const int64_t quarter = interval_ms_ / 4;
  std::uniform_int_distribution<int64_t> jitter(-quarter, quarter);
  fault.due_ms = (index_ + 1) * interval_ms_ + jitter(random_);
  ++index_;
  return fault;
}

std::vector<planned_fault> fault_schedule::plan(uint64_t seed, std::vector<fault_kind> kinds, int64_t interval_ms,
                                                int64_t horizon_ms) {
  fault_schedule schedule(seed, std::move(kinds), interval_ms);
  std::vector<planned_fault> out;
  if (schedule.empty()) return out;
  for (;;) {
    auto fault = schedule.next();
    if (fault.due_ms >= horizon_ms) return out;
    out.push_back(fault);
  }
}

}  // namespace tributary::load
