// message_stream: protocol framing over one blocking socket.
//
// Reads whole packets: the startup packet (int32 length + body) and then typed
// messages (type byte, then int32 length + body, read separately so the caller can
// refuse an unknown type before trusting its length, as PostgreSQL does). Writes go
// to an output buffer that is flushed when asked (ReadyForQuery, Flush, end of
// session) or when it grows past 64 KiB, so a large result streams instead of
// piling up.
//
// Memory: a body is never allocated at its declared length. The buffer grows as the
// bytes arrive (64 KiB first, then doubling), so a connection holds at most about
// twice what its client really sent of the current message, and never more than
// the message's limit (PostgreSQL's: 10000 bytes for a startup packet, 1 GB for a
// Query). A header that claims 255 MB and is followed by nothing costs 64 KiB.
//
// Deadline: while one is set (authentication_timeout during startup) every read
// waits at most until then and then fails with timed_out.
//
// Errors: the peer closing the connection between packets (closed) or inside one
// (incomplete), a read/write failure (io), a length outside the limits
// (bad_length) or the deadline passing (timed_out) are stream_errors; after a
// write failure every later write is dropped (the session notices at its next
// read). Never raises SIGPIPE (MSG_NOSIGNAL). The stream does not own the
// descriptor.
//
// TLS: after start_tls() (the server answered an SSLRequest with 'S') every read
// and write goes through OpenSSL; the stream owns the SSL object. The handshake
// is bounded by the deadline too.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "stages/core/result.hpp"

struct ssl_st;
struct ssl_ctx_st;

namespace tributary {

struct stream_error {
  enum class kind { closed, incomplete, io, bad_length, timed_out };
  kind what = kind::closed;
  std::string message;
};

class message_stream {
public:
  using clock = std::chrono::steady_clock;

  explicit message_stream(int fd) : fd_(fd) {}
  ~message_stream();
  message_stream(const message_stream&) = delete;
  message_stream& operator=(const message_stream&) = delete;

  // The TLS handshake; on failure the connection is unusable.
  result<ok_t, stream_error> start_tls(ssl_ctx_st* context);
  bool tls_active() const { return ssl_ != nullptr; }
  // The client's certificate, when it sent one.
  struct peer_certificate {
    bool present = false;
    bool verified = false;          // chained to ssl_ca_file (and not revoked)
    std::string common_name;
    std::string distinguished_name;
  };
  peer_certificate tls_peer() const;
  // RFC 5929's tls-server-end-point data: the server certificate hashed with its
  // signature's digest (SHA-256 for MD5 and SHA-1); nullopt without TLS or when
  // the digest cannot be told (as PostgreSQL, which then cannot bind either).
  std::optional<std::string> tls_server_end_point() const;
  // Bytes the client sent that are already read from the socket but not yet
  // taken (PostgreSQL refuses plain text buffered after an SSLRequest).
  bool has_buffered_input() const;

  // The startup packet's body (without its length), at most `max_length` bytes.
  result<std::string, stream_error> read_startup_packet(size_t max_length);
  // The type byte of the next message.
  result<char, stream_error> read_message_type();
  // The rest of that message: its length and body (at most `max_length` bytes).
  result<std::string, stream_error> read_message_body(size_t max_length);

  // Reads after `deadline` fail with timed_out; nullopt waits for ever.
  void set_deadline(std::optional<clock::time_point> deadline) { deadline_ = deadline; }

  void write(std::string_view bytes);
  // Sends everything buffered; false when the connection is gone.
  bool flush();
  bool broken() const { return broken_; }

  // The first allocation for a body; it doubles from there as bytes arrive.
  static constexpr size_t initial_body_capacity = 64 * 1024;

private:
  // Reads exactly n bytes; `started` says whether the packet already had bytes
  // (an end of stream is then "incomplete", not "closed").
  result<ok_t, stream_error> read_exact(char* out, size_t n, bool started);
  result<ok_t, stream_error> read_growing(std::string& body, size_t length);
  result<ok_t, stream_error> wait_readable();

  // One recv/SSL_read: bytes read (> 0), 0 at the end of the stream, -1 on error
  // (errno or an OpenSSL reason in `why`).
  long receive(char* out, size_t n, std::string& why);

  int fd_;
  ssl_st* ssl_ = nullptr;
  std::string out_;
  bool broken_ = false;
  std::optional<clock::time_point> deadline_;
};

}  // namespace tributary
