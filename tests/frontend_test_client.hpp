// frontend_test_client: the client half of protocol 3.0 for front-end tests.
//
// Writes frontend messages as raw bytes and reads backend messages back, over any
// connected socket (a socketpair end or a TCP connection), with a receive timeout
// so a test fails instead of hanging. Decodes just enough to assert on:
// CommandComplete tags, ErrorResponse/NoticeResponse fields, DataRow values,
// RowDescription names and types, ParameterStatus pairs.
#pragma once

#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tributary::testing {

struct backend_message {
  char type = 0;
  std::string body;

  int32_t i32_at(size_t at) const {
    uint32_t v = 0;
    for (size_t i = 0; i < 4; ++i)
      v = (v << 8) | static_cast<unsigned char>(body.at(at + i));
    return static_cast<int32_t>(v);
  }
  int16_t i16_at(size_t at) const {
    return static_cast<int16_t>((static_cast<unsigned char>(body.at(at)) << 8) |
                                static_cast<unsigned char>(body.at(at + 1)));
  }
  // CommandComplete: the tag.
  std::string tag() const { return body.substr(0, body.find('\0')); }
  // ErrorResponse / NoticeResponse: field code -> value.
  std::map<char, std::string> fields() const {
    std::map<char, std::string> out;
    size_t at = 0;
    while (at < body.size() && body[at] != '\0') {
      char code = body[at++];
      size_t end = body.find('\0', at);
      out[code] = body.substr(at, end - at);
      at = end + 1;
    }
    return out;
  }
  // DataRow: the values (nullopt for NULL).
  std::vector<std::optional<std::string>> values() const {
    std::vector<std::optional<std::string>> out;
    size_t at = 2;
    for (int16_t i = 0, n = i16_at(0); i < n; ++i) {
      int32_t len = i32_at(at);
      at += 4;
      if (len < 0) {
        out.emplace_back(std::nullopt);
        continue;
      }
      out.emplace_back(body.substr(at, static_cast<size_t>(len)));
      at += static_cast<size_t>(len);
    }
    return out;
  }
  // RowDescription: (name, type oid) per column.
  std::vector<std::pair<std::string, uint32_t>> columns() const {
    std::vector<std::pair<std::string, uint32_t>> out;
    size_t at = 2;
    for (int16_t i = 0, n = i16_at(0); i < n; ++i) {
      size_t end = body.find('\0', at);
      std::string name = body.substr(at, end - at);
      at = end + 1;
      out.emplace_back(name, static_cast<uint32_t>(i32_at(at + 6)));
      at += 18;
    }
    return out;
  }
  // ParameterStatus: (name, value).
  std::pair<std::string, std::string> parameter() const {
    size_t end = body.find('\0');
    return {body.substr(0, end), body.substr(end + 1, body.find('\0', end + 1) - end - 1)};
  }
};

class test_client {
public:
  explicit test_client(int fd) : fd_(fd) {
    timeval tv{20, 0};
    setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  }
  ~test_client() { close(); }
  test_client(const test_client&) = delete;
  test_client& operator=(const test_client&) = delete;

  void close() {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = -1;
  }
  int fd() const { return fd_; }

  static std::string be32(int32_t v) {
    auto u = static_cast<uint32_t>(v);
    return {static_cast<char>(u >> 24), static_cast<char>(u >> 16), static_cast<char>(u >> 8),
            static_cast<char>(u)};
  }
  static std::string be16(int16_t v) {
    auto u = static_cast<uint16_t>(v);
    return {static_cast<char>(u >> 8), static_cast<char>(u)};
  }
  static std::string cstr(const std::string& s) { return s + std::string(1, '\0'); }

  void send_raw(const std::string& bytes) {
    size_t sent = 0;
    while (sent < bytes.size()) {
      ssize_t r = ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
      if (r <= 0)
        return;
      sent += static_cast<size_t>(r);
    }
  }
  void send_packet(const std::string& body) {
    send_raw(be32(static_cast<int32_t>(body.size() + 4)) + body);
  }
  void send_startup(const std::vector<std::pair<std::string, std::string>>& parameters) {
    std::string body = be32(196608);
    for (const auto& [k, v] : parameters)
      body += cstr(k) + cstr(v);
    send_packet(body + cstr(""));
  }
  void send(char type, const std::string& body) {
    send_raw(std::string(1, type) + be32(static_cast<int32_t>(body.size() + 4)) + body);
  }
  void query(const std::string& sql) { send('Q', cstr(sql)); }

  // One byte (the answer to SSLRequest); 0 when the connection is gone.
  char read_byte() {
    char c = 0;
    return ::recv(fd_, &c, 1, 0) == 1 ? c : 0;
  }

  // The next message; type 0 when the connection closed or timed out.
  backend_message read() {
    backend_message m;
    char header[5];
    if (!read_exact(header, 5))
      return m;
    uint32_t len = 0;
    for (int i = 1; i < 5; ++i)
      len = (len << 8) | static_cast<unsigned char>(header[i]);
    std::string body(len - 4, '\0');
    if (!read_exact(body.data(), body.size()))
      return m;
    m.type = header[0];
    m.body = std::move(body);
    return m;
  }

  // Messages up to and including ReadyForQuery (or the end of the connection).
  std::vector<backend_message> read_until_ready() {
    std::vector<backend_message> out;
    for (;;) {
      backend_message m = read();
      if (m.type == 0)
        return out;
      out.push_back(m);
      if (m.type == 'Z')
        return out;
    }
  }

  // Runs a simple query and returns what came back.
  std::vector<backend_message> exchange(const std::string& sql) {
    query(sql);
    return read_until_ready();
  }

private:
  bool read_exact(char* out, size_t n) {
    size_t got = 0;
    while (got < n) {
      ssize_t r = ::recv(fd_, out + got, n - got, 0);
      if (r <= 0)
        return false;
      got += static_cast<size_t>(r);
    }
    return true;
  }
  int fd_;
};

// The message types of a reply, as a string ("CTDCZ"), for compact assertions.
inline std::string types_of(const std::vector<backend_message>& messages) {
  std::string out;
  for (const auto& m : messages)
    out.push_back(m.type);
  return out;
}

}  // namespace tributary::testing
