// connection_actor: owns the walsender connection of one subscription.
//
// Role: connects (replication=database), runs START_REPLICATION from the durable
// origin position, reads CopyData in batches (drain what the socket has, wait
// until more is due (read_timing.hpp), drain again, hand one batch on), answers
// keepalives, reports progress, and stops reading while the bytes it sent
// downstream and the applier has not yet acknowledged pass the credit window.
//
// Messages in:  pump_atom (self: read / wait a bounded time / send status),
//               (credit_atom, size_t bytes) from the applier,
//               (durable_atom, lsn) from the applier after a durable commit;
//               the applier notifies `wakeup` after each, which ends the
//               actor's wait for the socket (mailbox_wakeup.hpp).
// Messages out: (start_atom, proto_version, parallel) to the decoder once START_REPLICATION
//               succeeded, then wal_batch_ptr to the decoder; (peer_atom, self) to the
//               applier once, before any batch.
// States:       connecting -> streaming <-> paused (no credit) -> (quit)
//               A stop from the supervisor (exit message) while streaming sends
//               a last status and CopyDone, and waits (bounded) for the
//               publisher to end the COPY before the connection closes.
// Durable:      nothing. flush reported = standby_feedback's rule: never past
//               what the applier made durable.
// Failure:      quits with pipeline_errc::connection_failed (connect error,
//               broken stream, publisher ended the COPY, wal_receiver_timeout)
//               or protocol_violation (a bad frame); the supervisor restarts
//               the pipeline, which starts again from the origin position.
// Threading:    spawned detached: libpq calls block only this actor's thread,
//               and each wait is bounded (20 ms) so the timers are seen; a
//               message from the applier ends it at once (`wakeup`).
#pragma once

#include <chrono>
#include <memory>
#include <optional>

#include "actors/mailbox_wakeup.hpp"
#include "actors/monitoring_registry.hpp"
#include "actors/pipeline_messages.hpp"
#include "actors/publisher/publisher_connection.hpp"
#include "actors/publisher/peer_send_queue.hpp"
#include "actors/publisher/publisher_conninfo.hpp"
#include "stages/pgoutput/read_timing.hpp"
#include "stages/pgoutput/standby_feedback.hpp"
#include "caf/all.hpp"

namespace tributary {

struct connection_actor_args {
  subscription_runtime_ptr runtime;
  conninfo_params params;          // already completed by publisher_connection_params
  caf::actor decoder;
  caf::actor applier;
  monitoring_registry_ptr registry;
  uint64_t parent = 0;
  std::chrono::milliseconds status_interval{10'000};
  std::chrono::milliseconds receiver_timeout{60'000};
  // Bytes sent downstream and not yet credited by the applier. 64 MB let a W2
  // catch-up's backlog wait in the server (peak RSS 47-163 MiB). Once reads
  // were timed by the publisher's queue (read_timing.hpp) the applier became
  // W2's bound and the window stayed full: 16 MB held 62-123 MiB, 4 MB holds
  // 63-73 MiB at the same rate (bench/history-21.md), several batches ahead of
  // the applier (W1's are ~0.6 MB).
  size_t credit_window = size_t{4} << 20;
  // SO_RCVBUF of the replication socket when the publisher is on this host
  // (replication_receive_buffer; 0: the kernel's autotuning). See receive_buffer.hpp.
  long receive_buffer = 48 * 1024;
  // Notified by the applier after each message it sends here (nullptr: the
  // waits end at their bound only).
  std::shared_ptr<const mailbox_wakeup> wakeup;
};

struct connection_actor_state {
  static inline const char* name = "connection";
  connection_actor_args args;
  std::unique_ptr<publisher_connection> publisher;
  // The publisher socket's send queue, when the publisher is on this host
  // (nullptr otherwise): when to read within a gather (read_timing.hpp).
  std::unique_ptr<peer_send_queue> publisher_queue;
  read_timing timing;
  std::optional<feedback_positions> positions;
  std::optional<feedback_timers> timers;
  actor_stats_ptr stats;
  size_t in_flight = 0;       // bytes sent downstream, not yet credited back
  size_t last_batch_data = 0;  // payload bytes of the last batch: the next one reserves as much
  bool paused = false;        // stopped reading for lack of credit
  bool streaming = false;     // START_REPLICATION succeeded; the COPY is open
};

caf::behavior connection_actor(caf::stateful_actor<connection_actor_state>* self, connection_actor_args args);

}  // namespace tributary
