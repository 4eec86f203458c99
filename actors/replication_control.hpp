// replication_control: how a client session (a plain thread, not an actor)
// tells the launcher about subscription changes. Used by the subscription
// commands when their transaction ends.
#pragma once

#include <chrono>
#include <string>

#include "caf/all.hpp"

namespace tributary {

class replication_control {
public:
  replication_control(caf::actor_system& system, caf::actor launcher)
      : system_(system), launcher_(std::move(launcher)) {}

  // After commit (or rollback) of a transaction that touched the subscription.
  void subscription_changed(const std::string& database, int64_t subid);
  // Stops the pipeline and waits until it is gone; false on timeout.
  bool stop_and_wait(const std::string& database, int64_t subid, std::chrono::seconds timeout);

private:
  caf::actor_system& system_;
  caf::actor launcher_;
};

}  // namespace tributary
