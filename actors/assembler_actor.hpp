// assembler_actor: groups decoded messages into remote transactions
// (stages/pipeline/transaction_assembler) and hands them to the applier in
// batches. Streamed in-progress transactions stay in its memory up to
// spool_memory_limit; past it the largest one's changes go to the spooler
// actor (actors/spooler_actor) in batches, which writes them to its file.
//
// Messages in:  decoded_batch_ptr from the decoder.
// Messages out: transaction_batch_ptr to the applier, one per input batch, even
//               when no transaction completed (it carries the credit back).
//               Large ordinary transactions travel in pieces, spilled streamed
//               ones with a change_source the spooler fills from the file.
//               Streamed changes also travel as they arrive (in-progress
//               parts), so the applier can apply them optimistically, and so
//               do Stream Aborts.
//               spool_batch_ptr / discard / finish to the spooler.
// State:        partial and streamed transactions, in memory up to the limit,
//               then with the spooler; shown in tributary_actors (state: open
//               streamed transactions, bytes in memory, bytes sent to the
//               spooler).
// Restart:      drops them; the publisher re-sends every transaction not
//               committed before the origin position (architecture §4.5).
//               Start position, SKIP LSN and table states come from the
//               catalog as the applier read it when the pipeline started.
// Failure:      an out-of-order message quits with protocol_violation; a
//               spooler that stopped (disk full: 53100) with apply_failed, and
//               the supervisor restarts the pipeline after its backoff.
// Threading:    spawned detached: it may wait for spool_credit (the spooler's
//               disk being slower than the network), never on a scheduler thread.
#pragma once


#include "actors/monitoring_registry.hpp"
#include "actors/pipeline_messages.hpp"
#include "actors/spooler_actor.hpp"
#include "caf/all.hpp"
#include "stages/pipeline/transaction_assembler.hpp"

namespace tributary {

struct assembler_actor_state {
  static inline const char* name = "assembler";
  std::optional<transaction_assembler> assembler;
  actor_stats_ptr stats;
  std::string shown_state;
};

// `spooler` null: streamed transactions stay in memory.
caf::behavior assembler_actor(caf::stateful_actor<assembler_actor_state>* self, assembler_config config,
                              caf::actor spooler, spool_credit_ptr credit, caf::actor applier,
                              monitoring_registry_ptr registry, int64_t subid, uint64_t parent);

}  // namespace tributary
