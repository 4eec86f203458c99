// connection_relay: a poll()-driven TCP relay with an abortive cut. See connection_relay.hpp.
#include "cli/load/connection_relay.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstring>

namespace tributary::load {
namespace {

int connect_to(const std::string& host, int port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found) != 0) return -1;
  int fd = -1;
  for (addrinfo* a = found; a != nullptr; a = a->ai_next) {
    fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) continue;
    if (connect(fd, a->ai_addr, a->ai_addrlen) == 0) break;
    close(fd);
    fd = -1;
  }
  freeaddrinfo(found);
  if (fd >= 0) {
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  }
  return fd;
}

}  // namespace

connection_relay::~connection_relay() {
  stopping_ = true;
  if (wake_[1] >= 0) (void)!write(wake_[1], "x", 1);
  if (thread_.joinable()) thread_.join();
  for (auto& p : pairs_) close_pair(p, false);
  for (int fd : {listener_, wake_[0], wake_[1]})
    if (fd >= 0) close(fd);
}

result<int, std::string> connection_relay::start(const std::string& host, int port) {
  host_ = host;
  port_ = port;
  listener_ = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (listener_ < 0) return fail(std::string("relay: socket: ") + std::strerror(errno));
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  if (bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 || listen(listener_, 16) != 0)
    return fail(std::string("relay: bind/listen: ") + std::strerror(errno));
  socklen_t length = sizeof address;
  getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length);
  if (pipe2(wake_, O_CLOEXEC | O_NONBLOCK) != 0) return fail(std::string("relay: pipe failed"));
  thread_ = std::thread([this] { run(); });
  return static_cast<int>(ntohs(address.sin_port));
}

int connection_relay::cut() {
  int target = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    target = ++cut_requests_;
  }
  (void)!write(wake_[1], "x", 1);
  for (int i = 0; i < 200; ++i) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (cut_done_ >= target) break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  std::lock_guard<std::mutex> lock(mutex_);
  return last_cut_;
}

int connection_relay::pairs() {
  std::lock_guard<std::mutex> lock(mutex_);
  return static_cast<int>(pairs_.size());
}

void connection_relay::close_pair(pair& p, bool abortive) {
  for (int fd : {p.downstream, p.upstream}) {
    if (fd < 0) continue;
    if (abortive) {
      linger hard{1, 0};
      setsockopt(fd, SOL_SOCKET, SO_LINGER, &hard, sizeof hard);
    }
    close(fd);
  }
  p.downstream = p.upstream = -1;
}

void connection_relay::accept_one() {
  int downstream = accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
  if (downstream < 0) return;
  int upstream = connect_to(host_, port_);
  if (upstream < 0) {
    close(downstream);
    return;
  }
  int one = 1;
  setsockopt(downstream, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  std::lock_guard<std::mutex> lock(mutex_);
  pairs_.push_back({downstream, upstream});
}

// Copies what `from` has to `to`; false when either side is closed.
bool connection_relay::copy(int from, int to) {
  char buffer[65536];
  const auto n = read(from, buffer, sizeof buffer);
  if (n <= 0) return false;
  ssize_t written = 0;
  while (written < n) {
    const auto w = send(to, buffer + written, static_cast<size_t>(n - written), MSG_NOSIGNAL);
    if (w <= 0) return false;
    written += w;
  }
  return true;
}

void connection_relay::run() {
  while (!stopping_) {
    std::vector<pollfd> fds{{listener_, POLLIN, 0}, {wake_[0], POLLIN, 0}};
    std::vector<pair> current;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      current = pairs_;
    }
    for (const auto& p : current) {
      fds.push_back({p.downstream, POLLIN, 0});
      fds.push_back({p.upstream, POLLIN, 0});
    }
    if (poll(fds.data(), fds.size(), 500) < 0) continue;
    if (fds[1].revents) {
      char drain[64];
      while (read(wake_[0], drain, sizeof drain) > 0) {
      }
      std::lock_guard<std::mutex> lock(mutex_);
      if (cut_done_ < cut_requests_) {
        last_cut_ = static_cast<int>(pairs_.size());
        for (auto& p : pairs_) close_pair(p, true);
        pairs_.clear();
        cut_done_ = cut_requests_;
        continue;
      }
    }
    if (fds[0].revents & POLLIN) accept_one();
    std::vector<int> closed;
    for (size_t i = 0; i < current.size(); ++i) {
      const auto& down = fds[2 + 2 * i];
      const auto& up = fds[3 + 2 * i];
      bool alive = true;
      if (down.revents & (POLLIN | POLLHUP | POLLERR)) alive = copy(current[i].downstream, current[i].upstream);
      if (alive && (up.revents & (POLLIN | POLLHUP | POLLERR))) alive = copy(current[i].upstream, current[i].downstream);
      if (!alive) closed.push_back(current[i].downstream);
    }
    if (!closed.empty()) {
      std::lock_guard<std::mutex> lock(mutex_);
      for (int fd : closed)
        for (auto it = pairs_.begin(); it != pairs_.end(); ++it)
          if (it->downstream == fd) {
            close_pair(*it, false);
            pairs_.erase(it);
            break;
          }
    }
  }
}

}  // namespace tributary::load
