// worker_pid: the process ID a subscription's worker shows (pg_stat_subscription.pid,
// pg_stat_activity.pid). PostgreSQL runs each apply and table-sync worker as a
// process of its own; Tributary runs them as actors of one process, and gives each
// the server's process ID plus its actor's ID, so that each worker has its own
// pid, stable while it runs, and both views agree on it.
#pragma once

#include <unistd.h>

#include <cstdint>

namespace tributary {

inline int worker_pid(uint64_t actor_id) { return static_cast<int>(::getpid()) + static_cast<int>(actor_id); }

}  // namespace tributary
