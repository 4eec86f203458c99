// message_stream: protocol framing over one blocking socket.
//
// Reads whole packets: the startup packet (int32 length + body) and then typed
// messages (type byte + int32 length + body). Writes go to an output buffer that
// is flushed when asked (ReadyForQuery, Flush, end of session) or when it grows
// past 64 KiB, so a large result streams instead of piling up.
//
// Errors: the peer closing the connection, a read/write failure or an impossible
// length are stream_errors; after a write failure every later write is dropped
// (the session notices at its next read). Never raises SIGPIPE (MSG_NOSIGNAL).
// The stream does not own the descriptor.
#pragma once

#include <string>
#include <string_view>

#include "stages/core/result.hpp"

namespace tributary {

struct stream_error {
  enum class kind { closed, io, bad_length };
  kind what = kind::closed;
  std::string message;
};

struct raw_message {
  char type = 0;
  std::string body;
};

class message_stream {
public:
  explicit message_stream(int fd) : fd_(fd) {}

  // The startup packet's body (without its length), at most `max_length` bytes.
  result<std::string, stream_error> read_startup_packet(size_t max_length);
  result<raw_message, stream_error> read_message();

  void write(std::string_view bytes);
  // Sends everything buffered; false when the connection is gone.
  bool flush();
  bool broken() const { return broken_; }

  // Largest message body accepted (PostgreSQL's limit for a Query is 1 GB).
  static constexpr size_t max_message_length = 256u * 1024 * 1024;

private:
  result<ok_t, stream_error> read_exact(char* out, size_t n);

  int fd_;
  std::string out_;
  bool broken_ = false;
};

}  // namespace tributary
