// ceiling_drain: the fastest a client can take changes out of a logical slot —
// the ceiling Tributary's catch-up is compared with.
//
// Role: a bare libpq walsender client. It opens a `replication=database`
// connection, runs START_REPLICATION on the given slot with the pgoutput options
// Tributary itself asks for (proto_version by server version, publication_names,
// streaming as Tributary's default `parallel` maps to that version, origin 'any'
// from 16), and reads until a frame's walEnd reaches the target LSN. It decodes only
// the first byte of each pgoutput message (counting Insert, Update, Delete and
// Commit/Stream Commit), answers keepalives that ask for a reply and reports what it
// received as written and flushed once a second, so the walsender behaves as it
// does for a real subscriber. Nothing is applied: this is the cost of the
// publisher's decoding plus the transport, with the socket read as Tributary's
// connection reads it: the same receive buffer (replication_receive_buffer's
// default, 48 kB, for a publisher on this host), everything the socket holds taken
// with PQconsumeInput + PQgetCopyData(async), then a wait until the next read is
// due on the connection's own schedule (stages/pgoutput/read_timing.hpp: once the
// publisher's send queue holds a fifth of its buffer; bench/history-19.md, 20 and
// 21 have the variants measured: this one lets the walsender spend least per row
// without sleeping on a full socket).
//
// States: connecting -> streaming -> reached (walEnd >= target; CopyDone is sent and
// the connection closed) | failed.
//
// Errors are values: connection or START_REPLICATION refused, the stream ended or
// broke, a malformed frame, or the deadline passed before the target — each message
// says which and carries libpq's text.
//
// Timing example: 1 000 000 inserts in 10 000 transactions are ~20 000 000 bytes of
// pgoutput; the drain takes as long as the walsender needs to decode them.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "stages/core/lsn.hpp"
#include "stages/core/result.hpp"

namespace tributary::bench {

struct ceiling_request {
  std::string conninfo;                    // the publisher, keyword/value, without `replication`
  std::string slot;
  std::vector<std::string> publications;   // plain identifiers
  lsn target;                              // stop once a frame's walEnd reaches it
  std::chrono::seconds deadline{1800};
  long receive_buffer = 48 * 1024;         // as Tributary's replication_receive_buffer default
};

struct drain_counts {
  uint64_t inserts = 0;
  uint64_t updates = 0;
  uint64_t deletes = 0;
  uint64_t commits = 0;    // Commit and Stream Commit
  uint64_t frames = 0;     // XLogData frames
  uint64_t keepalives = 0;
  uint64_t bytes = 0;      // CopyData payload bytes
  lsn last_wal_end;
  double seconds = 0;      // connect to target reached
};

result<drain_counts, std::string> drain_slot(const ceiling_request& request);

// The START_REPLICATION options Tributary sends to a server of this version
// (pgoutput, binary off, default streaming and origin).
std::string pgoutput_options_for(int server_version_num, const std::vector<std::string>& publications);

}  // namespace tributary::bench
