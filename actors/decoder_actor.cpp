#include "actors/decoder_actor.hpp"

#include "actors/actor_tracking.hpp"
#include "actors/pipeline_errors.hpp"

namespace tributary {

caf::behavior decoder_actor(caf::stateful_actor<decoder_actor_state>* self, decoder_options options,
                            caf::actor assembler, monitoring_registry_ptr registry, int64_t subid,
                            uint64_t parent) {
  self->state.decoder.emplace(options);
  self->state.stats = track_actor(self, registry, "decoder", subid, parent);
  registry->set_actor_state(self->state.stats, "decoding");
  return {
      [=](start_atom, int protocol_version, bool streaming_parallel) {
        // What the connection asked START_REPLICATION for; before any batch.
        self->state.decoder.emplace(decoder_options{protocol_version, streaming_parallel});
      },
      [=](const wal_batch_ptr& batch) {
        count_message(self, *self->state.stats);
        auto out = std::make_shared<decoded_batch>();
        out->bytes = batch->bytes;
        out->messages.reserve(batch->frames.size());
        // Values are views into the batch: its changes keep it alive.
        const value_storage storage = batch;
        for (const auto& frame : batch->frames) {
          auto decoded = self->state.decoder->decode(batch->payload(frame), storage);
          if (!decoded) {
            auto message = decoded.error().to_string() + " (WAL position " + frame.wal_end.to_string() + ")";
            registry->set_actor_error(self->state.stats, message);
            self->quit(make_pipeline_error(pipeline_errc::protocol_violation, message));
            return;
          }
          out->messages.push_back(wal_message{frame.wal_end, std::move(decoded).value()});
        }
        count_work(*self->state.stats, out->messages.size(), 0, out->bytes);
        self->send(assembler, decoded_batch_ptr{std::move(out)});
      },
  };
}

}  // namespace tributary
