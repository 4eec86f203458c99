// protocol_error: a malformed replication message, named and located.
//
// Produced by the pgoutput decoder and the CopyBoth frame parser; the
// connection/decoder actor stops the pipeline with it (a protocol violation is
// not retried in place: the supervisor restarts from the recorded position).
//
//   message_kind  the message as PostgreSQL's docs name it ("Update", "Stream
//                 Abort", "XLogData"), or "message" when the type byte itself
//                 is the problem
//   offset        byte offset inside that message (its type byte is byte 0)
//   detail        what was wrong there
//
// to_string():  invalid logical replication message: Update at byte 13: unknown tuple kind 'x'
#pragma once

#include <cstddef>
#include <string>

namespace tributary {

struct protocol_error {
  std::string message_kind;
  size_t offset = 0;
  std::string detail;

  std::string to_string() const {
    return "invalid logical replication message: " + message_kind + " at byte " +
           std::to_string(offset) + ": " + detail;
  }
};

}  // namespace tributary
