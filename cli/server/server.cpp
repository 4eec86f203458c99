// server: listening sockets, the accept loop, the session table (see the header).
//
// The accept loop polls the listeners and a self-pipe that stop() writes to, with
// a one-second timeout to join the threads of sessions that have ended.
#include "cli/server/server.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <sstream>

#include "cli/server/wire_protocol.hpp"

namespace tributary {
namespace {

std::vector<std::string> split_addresses(const std::string& list) {
  std::vector<std::string> out;
  std::stringstream in(list);
  std::string item;
  while (std::getline(in, item, ',')) {
    auto b = item.find_first_not_of(" \t");
    auto e = item.find_last_not_of(" \t");
    if (b != std::string::npos)
      out.push_back(item.substr(b, e - b + 1));
  }
  return out;
}

std::string address_text(const sockaddr* sa) {
  char buf[INET6_ADDRSTRLEN] = {};
  if (sa->sa_family == AF_INET)
    inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(sa)->sin_addr, buf, sizeof buf);
  else
    inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(sa)->sin6_addr, buf, sizeof buf);
  return buf;
}

int port_of(int fd) {
  sockaddr_storage ss{};
  socklen_t len = sizeof ss;
  if (getsockname(fd, reinterpret_cast<sockaddr*>(&ss), &len) != 0)
    return 0;
  if (ss.ss_family == AF_INET)
    return ntohs(reinterpret_cast<sockaddr_in*>(&ss)->sin_port);
  return ntohs(reinterpret_cast<sockaddr_in6*>(&ss)->sin6_port);
}

// One listening socket for one resolved address; -1 and a message on failure.
int bind_listener(const addrinfo* ai, std::string& error) {
  const char* family = ai->ai_family == AF_INET ? "IPv4" : "IPv6";
  const std::string address = address_text(ai->ai_addr);
  int fd = ::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
  if (fd < 0) {
    error = std::string("could not create ") + family + " socket for address \"" + address +
            "\": " + std::strerror(errno);
    return -1;
  }
  int one = 1;
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (ai->ai_family == AF_INET6)
    setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
  if (::bind(fd, ai->ai_addr, ai->ai_addrlen) != 0 || ::listen(fd, 128) != 0) {
    error = std::string("could not bind ") + family + " address \"" + address +
            "\": " + std::strerror(errno);
    ::close(fd);
    return -1;
  }
  spdlog::info("listening on {} address \"{}\", port {}", family, address, port_of(fd));
  return fd;
}

}  // namespace

server::server(session_services services)
    : services_(std::move(services)), next_process_id_(1000 + static_cast<int32_t>(getpid() % 1000)),
      random_(std::random_device{}()) {
  services_.slots = connection_slots::create(
      static_cast<size_t>(std::max<int64_t>(0, services_.server_settings->get_int("max_connections"))));
  if (::pipe2(wake_pipe_, O_CLOEXEC) != 0)
    wake_pipe_[0] = wake_pipe_[1] = -1;
}

server::~server() {
  stop();
  for (int fd : listeners_)
    ::close(fd);
  for (const auto& socket : unix_sockets_)
    remove_unix_socket_file(socket);
  stop_sessions();
  for (int fd : wake_pipe_)
    if (fd >= 0)
      ::close(fd);
}

result<ok_t, std::string> server::listen() {
  const settings& config = *services_.server_settings;
  int port = static_cast<int>(config.get_int("port"));
  std::string errors;
  for (std::string host : split_addresses(config.get_string("listen_addresses"))) {
    if (host == "*")
      host = "0.0.0.0";
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    addrinfo* found = nullptr;
    const std::string service = std::to_string(bound_port_ != 0 ? bound_port_ : port);
    if (int rc = getaddrinfo(host.c_str(), service.c_str(), &hints, &found); rc != 0) {
      spdlog::warn("could not translate host name \"{}\", service \"{}\" to address: {}", host,
                   service, gai_strerror(rc));
      errors += "could not translate host name \"" + host + "\"\n";
      continue;
    }
    for (const addrinfo* ai = found; ai != nullptr; ai = ai->ai_next) {
      std::string error;
      int fd = bind_listener(ai, error);
      if (fd < 0) {
        spdlog::warn("{}", error);
        errors += error + "\n";
        continue;
      }
      listeners_.push_back(fd);
      if (bound_port_ == 0)
        bound_port_ = port_of(fd);
    }
    freeaddrinfo(found);
  }
  if (listeners_.empty())
    return fail(errors + "could not create any TCP/IP sockets");
  for (const std::string& directory : split_addresses(config.get_string("unix_socket_directories"))) {
    auto socket = bind_unix_socket(directory, bound_port_);
    if (!socket) {
      spdlog::warn("{}", socket.error());
      continue;
    }
    spdlog::info("listening on Unix socket \"{}\"", socket->path.string());
    listeners_.push_back(socket->fd);
    unix_sockets_.push_back(std::move(*socket));
  }
  return ok_v;
}

void server::run() {
  while (!stopping_) {
    std::vector<pollfd> fds;
    for (int fd : listeners_)
      fds.push_back({fd, POLLIN, 0});
    fds.push_back({wake_pipe_[0], POLLIN, 0});
    int ready = ::poll(fds.data(), fds.size(), 1000);
    if (ready < 0 && errno != EINTR) {
      spdlog::error("poll() failed: {}", std::strerror(errno));
      break;
    }
    for (size_t i = 0; ready > 0 && i + 1 < fds.size(); ++i)
      if (fds[i].revents & POLLIN)
        accept_one(fds[i].fd);
    reap_finished_sessions();
  }
  for (int fd : listeners_)
    ::close(fd);
  listeners_.clear();
  stop_sessions();
}

void server::stop() {
  if (stopping_.exchange(true))
    return;
  if (wake_pipe_[1] >= 0) {
    char byte = 1;
    (void)!::write(wake_pipe_[1], &byte, 1);
  }
}

void server::accept_one(int listener) {
  int fd = ::accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
  if (fd < 0) {
    if (errno == EMFILE || errno == ENFILE) {
      // Out of descriptors: the pending connection stays in the backlog; do not
      // spin on a listener that stays readable.
      spdlog::warn("could not accept new connection: {}", std::strerror(errno));
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    } else if (errno != EAGAIN && errno != EINTR && errno != ECONNABORTED) {
      spdlog::warn("could not accept new connection: {}", std::strerror(errno));
    }
    return;
  }
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof one);
  // max_connections is checked by the session once the startup packet is in; here
  // only the connections still in startup are bounded (each is closed after
  // authentication_timeout anyway).
  if (connections_in_startup() >= max_connections_in_startup) {
    pg_error e = make_pg_error("53300", "sorry, too many clients already");
    e.severity = "FATAL";
    std::string bytes = wire::error_response(e);
    (void)!::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    ::close(fd);
    return;
  }
  start_session(fd);
}

size_t server::connections_in_startup() const {
  const size_t live = session_count();
  const size_t admitted = services_.slots->in_use();
  return live > admitted ? live - admitted : 0;
}

namespace {

// The client's address and port as pg_stat_activity shows them.
std::pair<std::optional<std::string>, int> peer_of(int fd) {
  sockaddr_storage peer{};
  socklen_t length = sizeof peer;
  if (::getpeername(fd, reinterpret_cast<sockaddr*>(&peer), &length) != 0)
    return {std::nullopt, -1};
  char text[INET6_ADDRSTRLEN] = {};
  if (peer.ss_family == AF_INET) {
    const auto* v4 = reinterpret_cast<const sockaddr_in*>(&peer);
    ::inet_ntop(AF_INET, &v4->sin_addr, text, sizeof text);
    return {std::string(text), ntohs(v4->sin_port)};
  }
  if (peer.ss_family == AF_INET6) {
    const auto* v6 = reinterpret_cast<const sockaddr_in6*>(&peer);
    ::inet_ntop(AF_INET6, &v6->sin6_addr, text, sizeof text);
    return {std::string(text), ntohs(v6->sin6_port)};
  }
  return {std::nullopt, -1};
}

}  // namespace

void server::start_session(int fd) {
  session_services services = services_;
  services.cancel = [this](int32_t pid, int32_t key) { cancel(pid, key); };
  std::lock_guard lock(sessions_mutex_);
  const int32_t pid = next_process_id_++;
  const auto key = static_cast<int32_t>(random_());
  auto activities = services.activities;
  auto live = std::make_shared<session>(fd, pid, key, std::move(services));
  if (activities) {
    auto [address, port] = peer_of(fd);
    auto activity = std::make_shared<session_activity>(pid, std::move(address), port);
    std::weak_ptr<session> weak = live;
    activity->cancel = [weak] {
      if (auto s = weak.lock())
        s->interrupt_statement();
    };
    activity->terminate = [weak] {
      if (auto s = weak.lock())
        s->request_stop();
    };
    live->set_activity(activity);
    activities->add(activity);
  }
  auto finished = std::make_shared<std::atomic<bool>>(false);
  session_slot slot{live, {}, finished};
  slot.thread = std::thread([live, finished] {
    live->run();
    finished->store(true);
  });
  sessions_.emplace(pid, std::move(slot));
}

void server::cancel(int32_t process_id, int32_t secret_key) {
  std::lock_guard lock(sessions_mutex_);
  auto it = sessions_.find(process_id);
  if (it == sessions_.end() || it->second.live->secret_key() != secret_key)
    return;  // PostgreSQL ignores a wrong key silently, too
  it->second.live->interrupt_statement();
}

size_t server::session_count() const {
  std::lock_guard lock(sessions_mutex_);
  size_t live = 0;
  for (const auto& [pid, slot] : sessions_)
    live += slot.finished->load() ? 0 : 1;
  return live;
}

void server::reap_finished_sessions() {
  std::vector<std::thread> done;
  {
    std::lock_guard lock(sessions_mutex_);
    for (auto it = sessions_.begin(); it != sessions_.end();) {
      if (it->second.finished->load()) {
        done.push_back(std::move(it->second.thread));
        it = sessions_.erase(it);
      } else {
        ++it;
      }
    }
  }
  for (auto& t : done)
    t.join();
}

void server::stop_sessions() {
  std::map<int32_t, session_slot> all;
  {
    std::lock_guard lock(sessions_mutex_);
    all.swap(sessions_);
  }
  for (auto& [pid, slot] : all)
    slot.live->request_stop();
  // A session stuck writing to a client that does not read is cut off after a while.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  for (auto& [pid, slot] : all) {
    while (!slot.finished->load() && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (!slot.finished->load())
      slot.live->abort_connection();
    slot.thread.join();
  }
}

}  // namespace tributary
