// message_stream: blocking recv/send loops with EINTR retries (see the header).
#include "cli/server/message_stream.hpp"

#include <sys/socket.h>
#include <sys/types.h>

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

}  // namespace

result<ok_t, stream_error> message_stream::read_exact(char* out, size_t n) {
  size_t got = 0;
  while (got < n) {
    ssize_t r = ::recv(fd_, out + got, n - got, 0);
    if (r == 0)
      return fail(stream_error{stream_error::kind::closed, "connection closed by client"});
    if (r < 0) {
      if (errno == EINTR)
        continue;
      return fail(stream_error{stream_error::kind::io,
                               std::string("could not receive data from client: ") + std::strerror(errno)});
    }
    got += static_cast<size_t>(r);
  }
  return ok_v;
}

result<std::string, stream_error> message_stream::read_startup_packet(size_t max_length) {
  char header[4];
  if (auto r = read_exact(header, 4); !r)
    return fail(r.error());
  uint32_t length = big_endian_u32(header);
  if (length < 8 || length - 4 > max_length)
    return fail(stream_error{stream_error::kind::bad_length, "invalid length of startup packet"});
  std::string body(length - 4, '\0');
  if (auto r = read_exact(body.data(), body.size()); !r)
    return fail(r.error());
  return body;
}

result<raw_message, stream_error> message_stream::read_message() {
  char header[5];
  if (auto r = read_exact(header, 5); !r)
    return fail(r.error());
  uint32_t length = big_endian_u32(header + 1);
  if (length < 4 || length - 4 > max_message_length)
    return fail(stream_error{stream_error::kind::bad_length,
                             "invalid message length " + std::to_string(length)});
  raw_message m;
  m.type = header[0];
  m.body.resize(length - 4);
  if (auto r = read_exact(m.body.data(), m.body.size()); !r)
    return fail(r.error());
  return m;
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
