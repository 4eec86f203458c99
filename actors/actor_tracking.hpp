// actor_tracking: registers an actor in the monitoring registry (tributary_actors)
// for its lifetime and counts the messages it handles. The registry is held by
// shared pointer in the cleanup functor: attach_functor runs after the actor left
// the system's running count (CAF 0.17), when nothing else may be alive.
#pragma once

#include <string>

#include "actors/monitoring_registry.hpp"
#include "caf/all.hpp"

namespace tributary {

template <class Self>
actor_stats_ptr track_actor(Self* self, const monitoring_registry_ptr& registry, std::string kind,
                            int64_t subscription, uint64_t parent) {
  auto stats = registry->register_actor(self->id(), std::move(kind), subscription, parent);
  self->attach_functor([registry, id = self->id()](const caf::error&) { registry->unregister_actor(id); });
  return stats;
}

// At the top of a handler: one more message, and the mailbox depth behind it
// (mailbox().size() may only be called by the actor itself).
template <class Self>
void count_message(Self* self, actor_stats& stats) {
  stats.messages.fetch_add(1, std::memory_order_relaxed);
  stats.mailbox.store(self->mailbox().size(), std::memory_order_relaxed);
}

// Once per batch: the work it carried (tributary_actors' cumulative counters,
// from which the console computes rates).
inline void count_work(actor_stats& stats, uint64_t rows, uint64_t transactions, uint64_t bytes) {
  stats.rows.fetch_add(rows, std::memory_order_relaxed);
  stats.transactions.fetch_add(transactions, std::memory_order_relaxed);
  stats.bytes.fetch_add(bytes, std::memory_order_relaxed);
}

}  // namespace tributary
