// copy_channel: the client side of a COPY, as the statement that runs it sees it.
//
// COPY ... FROM STDIN: begin_copy_in() sends CopyInResponse; next_data() then gives
// the bytes of each CopyData in turn, nullopt at CopyDone, and fails with
// 57014 "COPY from stdin failed: <message>" on CopyFail, 08P01 on any other
// message (Flush and Sync are skipped, as PostgreSQL does), and when the
// connection is lost. COPY ... TO STDOUT: begin_copy_out() sends CopyOutResponse,
// send_data() one CopyData, end_copy_out() CopyDone.
//
// The session implements it over its socket (session_state.hpp); a statement that
// has no channel (the extended protocol here) cannot COPY to or from the client.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

class copy_channel {
public:
  virtual ~copy_channel() = default;

  // `format`: 0 text (text and CSV), 1 binary.
  virtual void begin_copy_in(int16_t format, size_t columns) = 0;
  virtual result<std::optional<std::string>, pg_error> next_data() = 0;

  virtual void begin_copy_out(int16_t format, size_t columns) = 0;
  virtual void send_data(std::string_view bytes) = 0;
  virtual void end_copy_out() = 0;
};

}  // namespace tributary
