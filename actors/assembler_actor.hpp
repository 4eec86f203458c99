// assembler_actor: groups decoded messages into remote transactions
// (stages/pipeline/transaction_assembler) and hands them to the applier in
// batches; it also owns the subscription's spool (storage/transaction_spool),
// where streamed in-progress transactions go past spool_memory_limit.
//
// Messages in:  decoded_batch_ptr from the decoder.
// Messages out: transaction_batch_ptr to the applier, one per input batch, even
//               when no transaction completed (it carries the credit back).
//               Large ordinary transactions travel in pieces, spilled streamed
//               ones with their spool file as a change_source.
// State:        partial and streamed transactions, in memory up to the limit,
//               then in DIR/spool/<subid>/<xid>; shown in tributary_actors
//               (state: open streamed transactions, bytes in memory / on disk);
//               what spilled counts in pg_stat_subscription_stats
//               (stream_spilled_txns, stream_spilled_bytes).
// Restart:      drops them; the spool files of an earlier run are removed when
//               the actor starts; the publisher re-sends every transaction not
//               committed before the origin position (architecture §4.5).
//               Start position, SKIP LSN and table states come from the
//               catalog as the applier read it when the pipeline started.
// Failure:      an out-of-order message quits with protocol_violation; a spool
//               that cannot be written (disk full: 53100) with apply_failed,
//               and the supervisor restarts the pipeline after its backoff.
// Threading:    spawned detached: spool files are written on its own thread.
#pragma once

#include <filesystem>

#include "actors/monitoring_registry.hpp"
#include "actors/pipeline_messages.hpp"
#include "caf/all.hpp"
#include "stages/pipeline/transaction_assembler.hpp"

namespace tributary {

struct assembler_actor_state {
  static inline const char* name = "assembler";
  std::optional<transaction_assembler> assembler;
  actor_stats_ptr stats;
  std::string shown_state;
  uint64_t reported_spilled_transactions = 0;  // already added to pg_stat_subscription_stats
  uint64_t reported_spilled_bytes = 0;
};

// `spool_directory` empty: streamed transactions stay in memory.
caf::behavior assembler_actor(caf::stateful_actor<assembler_actor_state>* self, assembler_config config,
                              std::filesystem::path spool_directory, caf::actor applier,
                              monitoring_registry_ptr registry, int64_t subid, uint64_t parent);

}  // namespace tributary
