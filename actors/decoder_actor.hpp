// decoder_actor: turns the connection's batches of XLogData into decoded
// pgoutput messages (stages/pgoutput/pgoutput_decoder), one batch in, one batch out.
//
// Messages in:  (start_atom, proto_version, streaming_parallel) from the connection
//               once its START_REPLICATION succeeded (the layout it asked for),
//               then wal_batch_ptr from the connection.
// Messages out: decoded_batch_ptr to the assembler (same byte count, so the
//               credit the connection spent travels on to the applier).
// State:        the decoder's relation/type caches and stream-block flag; lost
//               on restart, which is right: the publisher re-sends them.
// Failure:      a malformed message quits with protocol_violation naming the
//               message and byte offset. Pure CPU: runs on the scheduler.
#pragma once

#include "actors/monitoring_registry.hpp"
#include "actors/pipeline_messages.hpp"
#include "caf/all.hpp"
#include "stages/pgoutput/pgoutput_decoder.hpp"

namespace tributary {

struct decoder_actor_state {
  static inline const char* name = "decoder";
  std::optional<pgoutput_decoder> decoder;
  actor_stats_ptr stats;
};

caf::behavior decoder_actor(caf::stateful_actor<decoder_actor_state>* self, decoder_options options,
                            caf::actor assembler, monitoring_registry_ptr registry, int64_t subid,
                            uint64_t parent);

}  // namespace tributary
