// wait_until: poll a condition until it holds or a deadline passes.
//
// Tests never sleep a fixed time waiting for something to happen (architecture §7):
// they state the condition and a deadline. The predicate is evaluated at once, then
// again after short pauses (1 ms doubling up to `max_pause`), and once more at the
// deadline, so a condition that becomes true just in time is still seen.
// Returns whether the condition held.
#pragma once

#include <algorithm>
#include <chrono>
#include <thread>

namespace tributary::integration {

// The pause after `pause`: doubled, but never past max_pause (at least 1 ms).
// Doubling without a cap overflowed the count after 63 polls (undefined
// behaviour: the loop then spun without a pause, or slept for centuries), which a
// long wait over a fast session hit.
inline std::chrono::milliseconds next_pause(std::chrono::milliseconds pause, std::chrono::milliseconds max_pause) {
  const auto cap = std::max(max_pause, std::chrono::milliseconds(1));
  return pause >= cap / 2 ? cap : pause * 2;
}

template <class Predicate>
bool wait_until(Predicate&& condition, std::chrono::steady_clock::time_point deadline,
                std::chrono::milliseconds max_pause = std::chrono::milliseconds(50)) {
  auto pause = std::chrono::milliseconds(1);
  for (;;) {
    if (condition()) return true;
    auto now = std::chrono::steady_clock::now();
    if (now >= deadline) return false;
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now);
    std::this_thread::sleep_for(std::min({pause, max_pause, left + std::chrono::milliseconds(1)}));
    pause = next_pause(pause, max_pause);
  }
}

template <class Predicate>
bool wait_until(Predicate&& condition, std::chrono::milliseconds timeout,
                std::chrono::milliseconds max_pause = std::chrono::milliseconds(50)) {
  return wait_until(std::forward<Predicate>(condition), std::chrono::steady_clock::now() + timeout,
                    max_pause);
}

}  // namespace tributary::integration
