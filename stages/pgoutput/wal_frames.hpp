// wal_frames: the CopyData payloads of a logical replication stream
// (reference §2), both directions, plus PostgreSQL timestamp conversion.
//
// Server -> client (parse_copy_frame):
//   'w' XLogData:  'w' walStart(8) walEnd(8) sendTime(8) | pgoutput message
//                  (at least 25 bytes; the message is a view into the parsed
//                  bytes, so it lives as long as they do: no copy per message;
//                  walStart/walEnd may be 0 for Relation/Type/...)
//   'k' keepalive: 'k' walEnd(8) sendTime(8) replyRequested(1) - exactly 18
//                  bytes, replyRequested 0 or 1
//   anything else (PG 19's 's' primary status update, future types) comes back
//   as unknown_frame so the caller can ignore it, as PostgreSQL's receiver does.
//   An empty frame, a short header or a malformed keepalive is a protocol_error.
//
// Client -> server (encode_standby_status): the 34-byte 'r' standby status
// update: write(8) flush(8) apply(8) clock(8) replyRequested(1).
//
// Times: pg_timestamp = microseconds since 2000-01-01 00:00:00 UTC
// (= Unix time - 946684800 s). Conversion to system_clock saturates at the
// clock's range (PostgreSQL's +-infinity timestamps map to its ends).
// Pure functions; no state, no I/O, no logging.
#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <variant>

#include "stages/core/lsn.hpp"
#include "stages/pgoutput/pgoutput_messages.hpp"
#include "stages/pgoutput/protocol_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

// A server->client CopyData type byte we do not know; safe to ignore.
struct unknown_frame {
  char type = 0;
};

using copy_frame = std::variant<xlog_data_frame, keepalive_frame, unknown_frame>;

inline constexpr size_t xlog_data_header_size = 25;
inline constexpr size_t keepalive_frame_size = 18;
inline constexpr size_t standby_status_size = 34;

result<copy_frame, protocol_error> parse_copy_frame(std::string_view copy_data);

std::string encode_standby_status(lsn write, lsn flush, lsn apply, pg_timestamp now,
                                  bool reply_requested);

// Microseconds between the Unix epoch and the PostgreSQL epoch (2000-01-01).
inline constexpr int64_t pg_epoch_offset_us = 946'684'800LL * 1'000'000LL;

pg_timestamp to_pg_timestamp(std::chrono::system_clock::time_point t);
std::chrono::system_clock::time_point from_pg_timestamp(pg_timestamp t);

}  // namespace tributary
