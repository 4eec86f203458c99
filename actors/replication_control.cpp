#include "actors/replication_control.hpp"

#include "actors/pipeline_messages.hpp"

namespace tributary {

void replication_control::subscription_changed(const std::string& database, int64_t subid) {
  caf::anon_send(launcher_, changed_atom::value, database, subid);
}

bool replication_control::stop_and_wait(const std::string& database, int64_t subid,
                                        std::chrono::seconds timeout) {
  caf::scoped_actor self{system_};
  bool stopped = false;
  self->request(launcher_, timeout, stop_atom::value, database, subid)
      .receive([&] { stopped = true; }, [&](caf::error&) { stopped = false; });
  return stopped;
}

}  // namespace tributary
