// assembler_actor: groups decoded messages into whole remote transactions
// (stages/pipeline/transaction_assembler) and hands them to the applier in batches.
//
// Messages in:  decoded_batch_ptr from the decoder.
// Messages out: transaction_batch_ptr to the applier, one per input batch, even
//               when no transaction completed (it carries the credit back).
// State:        partial and streamed transactions, held in memory; a restart
//               drops them and the publisher re-sends them (architecture §4.5).
//               Start position, SKIP LSN and table states come from the
//               catalog as the applier read it when the pipeline started.
// Failure:      an out-of-order message quits with protocol_violation.
#pragma once

#include "actors/monitoring_registry.hpp"
#include "actors/pipeline_messages.hpp"
#include "caf/all.hpp"
#include "stages/pipeline/transaction_assembler.hpp"

namespace tributary {

struct assembler_actor_state {
  static inline const char* name = "assembler";
  std::optional<transaction_assembler> assembler;
  actor_stats_ptr stats;
};

caf::behavior assembler_actor(caf::stateful_actor<assembler_actor_state>* self, assembler_config config,
                              caf::actor applier, monitoring_registry_ptr registry, int64_t subid,
                              uint64_t parent);

}  // namespace tributary
