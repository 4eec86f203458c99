// spooler_actor: the subscription's spool (architecture §3, "spooler"): writes
// the streamed in-progress transactions the assembler can no longer keep in
// memory to DIR/spool/<subid>/<xid> (storage/transaction_spool) and reads them
// back, in bounded chunks, when the applier applies one from the spool.
//
// Role:         every file operation of the spool runs here, on this actor's
//               own thread (spawned detached): the assembler and the applier
//               never touch a spill file, and no scheduler thread ever blocks
//               on the disk.
// Messages in:  from the assembler (through spooler_spill, its change_spill):
//                 spool_batch_ptr           changes of one transaction, in order: appended
//                 (spool_discard_atom, xid) the transaction aborted or was forgotten: file removed
//                 spool_finish_ptr          its Stream Commit: the file is flushed and read back
//               from the applier (through spooler_source, its change_source):
//                 (spool_read_atom, replay)    a chunk was taken: read the next one ahead
//                 (spool_rewind_atom, replay, generation)  read again from the start (busy retry)
//                 (spool_release_atom, replay) the applier is done: file removed
// Messages out: chunks of changes into the spool_replay the applier waits on
//               (at most two chunks of about 4 MB read ahead); nothing else.
// States:       per transaction: writing --finish--> replaying --release--> gone;
//               writing --discard--> gone. tributary_actors shows the open
//               transactions and the bytes on disk; pg_stat_subscription_stats
//               counts stream_spilled_txns / stream_spilled_bytes.
// Flow control: spool_credit bounds the bytes sent to this actor and not yet
//               written (the assembler waits past it), so a slow disk cannot
//               grow the mailbox without bound.
// Durable:      nothing. A spill file is never fsynced: after a crash the
//               publisher sends every transaction not committed before the
//               recorded origin position again from its start.
// Restart:      the files of an earlier run are removed when the actor starts
//               (before the assembler can send anything).
// Failure:      a file that cannot be created, written or read (disk full:
//               53100; unwritable directory, I/O: 58030; damaged record: XX001)
//               quits with apply_failed and that message; waiting readers get
//               the error; the supervisor restarts the pipeline after its
//               backoff and the publisher sends the transactions again:
//               nothing is lost.
#pragma once

#include <condition_variable>
#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <vector>

#include "actors/monitoring_registry.hpp"
#include "caf/all.hpp"
#include "stages/pipeline/change_spill.hpp"
#include "storage/transaction_spool.hpp"

namespace tributary {

// Bytes handed to the spooler and not yet written; the sender waits past `cap`.
struct spool_credit {
  explicit spool_credit(size_t cap_bytes) : cap(cap_bytes) {}
  // Waits until `bytes` more fit (or the spooler stopped); false when it stopped.
  bool acquire(size_t bytes);
  void release(size_t bytes);
  void close();

  const size_t cap;
  std::mutex mutex;
  std::condition_variable cv;
  size_t pending = 0;
  bool closed = false;
};
using spool_credit_ptr = std::shared_ptr<spool_credit>;

struct spool_batch {
  xid_t xid = 0;
  std::vector<row_change> changes;
  std::vector<xid_t> subxids;  // parallel to changes
  size_t bytes = 0;            // estimated, as counted against spool_credit
};
using spool_batch_ptr = std::shared_ptr<const spool_batch>;

// The chunks of one transaction read back for the applier.
struct spool_replay {
  std::mutex mutex;
  std::condition_variable cv;
  std::deque<std::vector<row_change>> chunks;
  bool done = false;                 // no chunk after the queued ones
  std::optional<pg_error> error;     // reading failed, or the spooler stopped
  uint64_t generation = 0;           // the applier's: bumped by each rewind
  uint64_t filled_generation = 0;    // the spooler's: the rewind it has seen
};
using spool_replay_ptr = std::shared_ptr<spool_replay>;

struct spool_finish {
  xid_t xid = 0;
  spool_replay_ptr replay;
  std::set<xid_t> aborted;
  change_filter keep;
};
using spool_finish_ptr = std::shared_ptr<const spool_finish>;

using spool_discard_atom = caf::atom_constant<caf::atom("spdiscard")>;
using spool_read_atom = caf::atom_constant<caf::atom("spread")>;
using spool_rewind_atom = caf::atom_constant<caf::atom("sprewind")>;
using spool_release_atom = caf::atom_constant<caf::atom("sprelease")>;

struct spooler_actor_state {
  static inline const char* name = "spooler";
  std::unique_ptr<transaction_spool> spool;
  std::map<xid_t, std::unique_ptr<change_spill>> writing;
  struct replaying {
    spool_replay_ptr replay;
    std::shared_ptr<change_source> source;
    uint64_t bytes_on_disk = 0;
  };
  std::map<const spool_replay*, replaying> replays;
  std::set<xid_t> spilled;  // transactions counted in stream_spilled_txns this run
  uint64_t spilled_bytes_reported = 0;
  spool_credit_ptr credit;
  actor_stats_ptr stats;
  std::string shown_state;
  ~spooler_actor_state();
};

caf::behavior spooler_actor(caf::stateful_actor<spooler_actor_state>* self, std::filesystem::path directory,
                            spool_credit_ptr credit, monitoring_registry_ptr registry, int64_t subid,
                            uint64_t parent);

// The assembler's spill factory: each spill sends its changes to `spooler`.
spill_factory spooler_spill_factory(caf::actor spooler, spool_credit_ptr credit);

}  // namespace tributary

CAF_ALLOW_UNSAFE_MESSAGE_TYPE(tributary::spool_batch_ptr)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(tributary::spool_replay_ptr)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(tributary::spool_finish_ptr)
