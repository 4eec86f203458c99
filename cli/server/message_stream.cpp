// message_stream: blocking recv/send loops with EINTR retries (see the header).
#include "cli/server/message_stream.hpp"

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

result<ok_t, stream_error> message_stream::wait_readable() {
  if (!deadline_)
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
    ssize_t r = ::recv(fd_, out + got, n - got, 0);
    if (r == 0) {
      if (started || got > 0)
        return fail(stream_error{stream_error::kind::incomplete, "incomplete message from client"});
      return fail(stream_error{stream_error::kind::closed, "connection closed by client"});
    }
    if (r < 0) {
      if (errno == EINTR)
        continue;
      return fail(io_error("could not receive data from client"));
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
