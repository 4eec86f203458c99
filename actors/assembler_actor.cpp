#include "actors/assembler_actor.hpp"

#include "actors/actor_tracking.hpp"
#include "actors/pipeline_errors.hpp"

namespace tributary {

caf::behavior assembler_actor(caf::stateful_actor<assembler_actor_state>* self, assembler_config config,
                              caf::actor applier, monitoring_registry_ptr registry, int64_t subid,
                              uint64_t parent) {
  self->state.assembler.emplace(std::move(config));
  self->state.stats = track_actor(self, registry, "assembler", subid, parent);
  registry->set_actor_state(self->state.stats, "assembling");
  return {
      [=](const decoded_batch_ptr& batch) {
        count_message(self, *self->state.stats);
        auto out = std::make_shared<transaction_batch>();
        out->bytes = batch->bytes;
        auto r = self->state.assembler->push(std::move(batch->messages), out->transactions);
        if (!r) {
          auto message = r.error().to_string();
          registry->set_actor_error(self->state.stats, message);
          self->quit(make_pipeline_error(pipeline_errc::protocol_violation, message));
          return;
        }
        self->send(applier, transaction_batch_ptr{std::move(out)});
      },
  };
}

}  // namespace tributary
