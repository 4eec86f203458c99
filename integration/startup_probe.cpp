// startup_probe: see startup_probe.hpp.
#include "integration/startup_probe.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <vector>

namespace tributary::integration {
namespace {

void put_int32(std::vector<char>& out, uint32_t value) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<char>((value >> shift) & 0xff));
}

void put_cstring(std::vector<char>& out, const std::string& text) {
  out.insert(out.end(), text.begin(), text.end());
  out.push_back('\0');
}

std::vector<char> startup_message(const std::string& user, const std::string& database) {
  std::vector<char> body;
  put_int32(body, 196608);  // protocol 3.0
  put_cstring(body, "user");
  put_cstring(body, user);
  put_cstring(body, "database");
  put_cstring(body, database);
  body.push_back('\0');
  std::vector<char> message;
  put_int32(message, static_cast<uint32_t>(body.size() + 4));
  message.insert(message.end(), body.begin(), body.end());
  return message;
}

bool read_exactly(int fd, char* buffer, size_t size) {
  size_t done = 0;
  while (done < size) {
    ssize_t got = recv(fd, buffer + done, size - done, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return false;
    done += static_cast<size_t>(got);
  }
  return true;
}

class socket_closer {
public:
  explicit socket_closer(int fd) : fd_(fd) {}
  ~socket_closer() { close(fd_); }
  socket_closer(const socket_closer&) = delete;
  socket_closer& operator=(const socket_closer&) = delete;

private:
  int fd_;
};

}  // namespace

result<error_fields, std::string> startup_error_fields(int port, const std::string& user,
                                                       const std::string& database) {
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return fail(std::string("socket: ") + strerror(errno));
  socket_closer closer(fd);
  timeval timeout{10, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(static_cast<uint16_t>(port));
  if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    return fail(std::string("connect: ") + strerror(errno));
  }
  auto message = startup_message(user, database);
  if (send(fd, message.data(), message.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(message.size())) {
    return fail(std::string("send: ") + strerror(errno));
  }
  // Skip what may come before the error (AuthenticationOk, ParameterStatus, notices:
  // PostgreSQL itself authenticates first and only then finds the database missing).
  std::vector<char> body;
  for (;;) {
    char header[5];
    if (!read_exactly(fd, header, sizeof header)) return fail(std::string("no error from server"));
    uint32_t length = 0;
    for (int i = 1; i < 5; ++i) length = (length << 8) | static_cast<unsigned char>(header[i]);
    if (length < 4 || length > 1'000'000) return fail(std::string("bad message length"));
    body.assign(length - 4, '\0');
    if (!read_exactly(fd, body.data(), body.size())) return fail(std::string("truncated message"));
    if (header[0] == 'E') break;
    if (header[0] == 'Z') return fail(std::string("server accepted the connection (ReadyForQuery)"));
  }
  error_fields fields;
  size_t at = 0;
  while (at < body.size() && body[at] != '\0') {
    char code = body[at++];
    size_t end = at;
    while (end < body.size() && body[end] != '\0') ++end;
    fields[code] = std::string(body.data() + at, end - at);
    at = end + 1;
  }
  return fields;
}

}  // namespace tributary::integration
