#include "actors/assembler_actor.hpp"

#include <pthread.h>

#include <spdlog/spdlog.h>

#include "actors/actor_tracking.hpp"
#include "actors/pipeline_errors.hpp"

namespace tributary {

namespace {

using self_ptr = caf::stateful_actor<assembler_actor_state>*;

void fail_assembler(self_ptr self, const monitoring_registry_ptr& registry, pipeline_errc code,
                    const std::string& message) {
  // Logged by the supervisor, which names the subscription.
  registry->set_actor_error(self->state.stats, message);
  self->quit(make_pipeline_error(code, message));
}

// tributary_actors' state column: what the spool holds, when it holds anything.
void show_spool(self_ptr self, const monitoring_registry_ptr& registry) {
  auto spool = self->state.assembler->spool();
  std::string shown = "assembling";
  if (spool.open_transactions || spool.spilled_transactions)
    shown += "; " + std::to_string(spool.open_transactions) + " open streamed transactions, " +
             std::to_string(spool.bytes_in_memory) + " bytes in memory, " + std::to_string(spool.bytes_on_disk) +
             " bytes sent to the spooler, " + std::to_string(spool.spilled_transactions) + " spilled since start";
  if (shown != self->state.shown_state) {
    registry->set_actor_state(self->state.stats, shown);
    self->state.shown_state = std::move(shown);
  }
}

}  // namespace

caf::behavior assembler_actor(self_ptr self, assembler_config config, caf::actor spooler, spool_credit_ptr credit,
                              caf::actor applier, monitoring_registry_ptr registry, int64_t subid,
                              uint64_t parent) {
  pthread_setname_np(pthread_self(), "assembler");  // its own thread (detached): named for profiles
  self->state.stats = track_actor(self, registry, "assembler", subid, parent);
  if (spooler)
    config.spill = spooler_spill_factory(spooler, credit);
  config.send_in_progress = true;  // the applier applies streamed changes optimistically
  self->state.assembler.emplace(std::move(config));
  show_spool(self, registry);
  return {
      [=](const decoded_batch_ptr& batch) {
        count_message(self, *self->state.stats);
        auto out = std::make_shared<transaction_batch>();
        out->bytes = batch->bytes;
        auto r = self->state.assembler->push(std::move(batch->messages), out->transactions);
        if (!r) {
          bool spool = r.error().spool_failure.has_value();
          fail_assembler(self, registry, spool ? pipeline_errc::apply_failed : pipeline_errc::protocol_violation,
                         r.error().to_string());
          return;
        }
        show_spool(self, registry);
        count_work(*self->state.stats, 0, out->transactions.size(), out->bytes);
        self->send(applier, transaction_batch_ptr{std::move(out)});
      },
  };
}

}  // namespace tributary
