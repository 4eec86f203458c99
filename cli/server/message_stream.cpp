// message_stream: blocking recv/send loops with EINTR retries (see the header).
#include "cli/server/message_stream.hpp"

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/types.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace tributary {
namespace {

constexpr size_t flush_threshold = 64 * 1024;

uint32_t big_endian_u32(const char* p) {
  return (static_cast<uint32_t>(static_cast<unsigned char>(p[0])) << 24) |
         (static_cast<uint32_t>(static_cast<unsigned char>(p[1])) << 16) |
         (static_cast<uint32_t>(static_cast<unsigned char>(p[2])) << 8) |
         static_cast<uint32_t>(static_cast<unsigned char>(p[3]));
}

stream_error io_error(const char* what) {
  return stream_error{stream_error::kind::io, std::string(what) + ": " + std::strerror(errno)};
}

}  // namespace

message_stream::~message_stream() {
  if (ssl_)
    SSL_free(ssl_);
}

result<ok_t, stream_error> message_stream::start_tls(ssl_ctx_st* context) {
  ssl_ = SSL_new(context);
  if (!ssl_ || SSL_set_fd(ssl_, fd_) != 1)
    return fail(stream_error{stream_error::kind::io, "could not initialize SSL connection"});
  // The handshake reads with the authentication deadline as the socket's timeout.
  if (deadline_) {
    const auto left = std::chrono::duration_cast<std::chrono::microseconds>(*deadline_ - clock::now());
    timeval wait{static_cast<time_t>(std::max<int64_t>(left.count(), 1000) / 1'000'000),
                 static_cast<suseconds_t>(std::max<int64_t>(left.count(), 1000) % 1'000'000)};
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
  }
  ERR_clear_error();
  const int r = SSL_accept(ssl_);
  timeval forever{0, 0};
  ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &forever, sizeof forever);
  if (r != 1) {
    const unsigned long code = ERR_get_error();
    ERR_clear_error();
    const char* reason = code ? ERR_reason_error_string(code) : nullptr;
    std::string why = reason ? reason : (errno ? std::strerror(errno) : "EOF detected");
    broken_ = true;
    return fail(stream_error{stream_error::kind::io, "could not accept SSL connection: " + why});
  }
  return ok_v;
}

message_stream::peer_certificate message_stream::tls_peer() const {
  peer_certificate out;
  if (!ssl_)
    return out;
  X509* cert = SSL_get1_peer_certificate(ssl_);
  if (!cert)
    return out;
  out.present = true;
  out.verified = SSL_get_verify_result(ssl_) == X509_V_OK;
  X509_NAME* subject = X509_get_subject_name(cert);
  char buffer[1024] = {};
  if (X509_NAME_get_text_by_NID(subject, NID_commonName, buffer, sizeof buffer) > 0)
    out.common_name = buffer;
  char* dn = X509_NAME_oneline(subject, nullptr, 0);
  if (dn) {
    out.distinguished_name = dn;
    OPENSSL_free(dn);
  }
  X509_free(cert);
  return out;
}

std::optional<std::string> message_stream::tls_server_end_point() const {
  if (!ssl_)
    return std::nullopt;
  X509* cert = SSL_get_certificate(ssl_);  // not a new reference
  int algorithm = NID_undef;
  if (!cert || !OBJ_find_sigid_algs(X509_get_signature_nid(cert), &algorithm, nullptr))
    return std::nullopt;
  // RFC 5929: MD5 and SHA-1 signatures are hashed with SHA-256.
  const EVP_MD* digest = algorithm == NID_md5 || algorithm == NID_sha1 ? EVP_sha256() : EVP_get_digestbynid(algorithm);
  unsigned char hash[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (!digest || !X509_digest(cert, digest, hash, &length))
    return std::nullopt;
  return std::string(reinterpret_cast<const char*>(hash), length);
}

bool message_stream::has_buffered_input() const {
  if (ssl_)
    return SSL_pending(ssl_) > 0;
  pollfd p{fd_, POLLIN, 0};
  return ::poll(&p, 1, 0) > 0 && (p.revents & POLLIN);
}

long message_stream::receive(char* out, size_t n, std::string& why) {
  if (!ssl_) {
    ssize_t r = ::recv(fd_, out, n, 0);
    if (r < 0)
      why = std::strerror(errno);
    return static_cast<long>(r);
  }
  ERR_clear_error();
  const int r = SSL_read(ssl_, out, static_cast<int>(std::min<size_t>(n, 1 << 30)));
  if (r > 0)
    return r;
  switch (SSL_get_error(ssl_, r)) {
    case SSL_ERROR_ZERO_RETURN:
      return 0;
    case SSL_ERROR_SYSCALL:
      if (errno == 0)
        return 0;  // the peer closed the socket without close_notify
      why = std::strerror(errno);
      return -1;
    default: {
      const unsigned long code = ERR_get_error();
      const char* reason = code ? ERR_reason_error_string(code) : nullptr;
      why = std::string("SSL error: ") + (reason ? reason : "unknown");
      errno = EIO;
      return -1;
    }
  }
}

result<ok_t, stream_error> message_stream::wait_readable() {
  if (!deadline_)
    return ok_v;
  if (ssl_ && SSL_pending(ssl_) > 0)
    return ok_v;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline_ - clock::now());
    if (left.count() <= 0)
      return fail(stream_error{stream_error::kind::timed_out, "timeout while reading from client"});
    pollfd p{fd_, POLLIN, 0};
    int r = ::poll(&p, 1, static_cast<int>(std::min<int64_t>(left.count(), 60'000)));
    if (r > 0)
      return ok_v;
    if (r < 0 && errno != EINTR)
      return fail(io_error("could not receive data from client"));
  }
}

result<ok_t, stream_error> message_stream::read_exact(char* out, size_t n, bool started) {
  size_t got = 0;
  while (got < n) {
    if (auto w = wait_readable(); !w)
      return w;
    std::string why;
    errno = 0;
    long r = receive(out + got, n - got, why);
    if (r == 0) {
      if (started || got > 0)
        return fail(stream_error{stream_error::kind::incomplete, "incomplete message from client"});
      return fail(stream_error{stream_error::kind::closed, "connection closed by client"});
    }
    if (r < 0) {
      if (errno == EINTR)
        continue;
      return fail(stream_error{stream_error::kind::io, "could not receive data from client: " + why});
    }
    got += static_cast<size_t>(r);
  }
  return ok_v;
}

result<ok_t, stream_error> message_stream::read_growing(std::string& body, size_t length) {
  body.clear();
  while (body.size() < length) {
    const size_t have = body.size();
    const size_t step = std::min(length - have, std::max(have, initial_body_capacity));
    body.resize(have + step);
    if (auto r = read_exact(body.data() + have, step, true); !r) {
      body = std::string();  // give the memory back at once
      return r;
    }
  }
  return ok_v;
}

result<std::string, stream_error> message_stream::read_startup_packet(size_t max_length) {
  char header[4];
  if (auto r = read_exact(header, 4, false); !r) {
    if (r.error().what == stream_error::kind::incomplete)
      r.error().message = "incomplete startup packet";
    return fail(r.error());
  }
  uint32_t length = big_endian_u32(header);
  if (length < 8 || length - 4 > max_length)
    return fail(stream_error{stream_error::kind::bad_length, "invalid length of startup packet"});
  std::string body;
  if (auto r = read_growing(body, length - 4); !r) {
    if (r.error().what == stream_error::kind::incomplete)
      r.error().message = "incomplete startup packet";
    return fail(r.error());
  }
  return body;
}

result<char, stream_error> message_stream::read_message_type() {
  char type = 0;
  if (auto r = read_exact(&type, 1, false); !r)
    return fail(r.error());
  return type;
}

result<std::string, stream_error> message_stream::read_message_body(size_t max_length) {
  char header[4];
  if (auto r = read_exact(header, 4, true); !r)
    return fail(r.error());
  uint32_t length = big_endian_u32(header);
  if (length < 4 || length - 4 > max_length)
    return fail(stream_error{stream_error::kind::bad_length, "invalid message length"});
  std::string body;
  if (auto r = read_growing(body, length - 4); !r)
    return fail(r.error());
  return body;
}

void message_stream::write(std::string_view bytes) {
  if (broken_)
    return;
  out_.append(bytes);
  if (out_.size() >= flush_threshold)
    flush();
}

bool message_stream::flush() {
  size_t sent = 0;
  while (!broken_ && sent < out_.size()) {
    if (ssl_) {
      ERR_clear_error();
      const int w = SSL_write(ssl_, out_.data() + sent, static_cast<int>(std::min<size_t>(out_.size() - sent, 1 << 30)));
      if (w <= 0) {
        broken_ = true;
        break;
      }
      sent += static_cast<size_t>(w);
      continue;
    }
    ssize_t r = ::send(fd_, out_.data() + sent, out_.size() - sent, MSG_NOSIGNAL);
    if (r < 0) {
      if (errno == EINTR)
        continue;
      broken_ = true;
      break;
    }
    sent += static_cast<size_t>(r);
  }
  out_.clear();
  return !broken_;
}

}  // namespace tributary
