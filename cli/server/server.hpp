// server: the front end's listener and its sessions.
//
// Role: binds every address of `listen_addresses` (comma list; `*` = all IPv4
// addresses; host names resolve to their IPv4/IPv6 addresses) on `port`, and a
// Unix-domain socket in each of `unix_socket_directories` (unix_socket_listener.hpp;
// one that cannot be made is logged and skipped, as PostgreSQL does), runs one
// acceptor thread, and gives each accepted connection a session on its own
// thread; a session counts against max_connections (connection_slots) only once its
// startup packet has arrived. Keeps the live sessions by process id, so a CancelRequest arriving on
// another connection can interrupt the statement of the session it names (when
// the secret key matches).
//
// States: created ──listen()──► listening ──run()──► accepting ──stop()──► stopped
// stop() (any thread) closes the listeners, asks every session to end (its client
// gets FATAL 57P01), waits for their threads, and makes run() return.
//
// Errors: listen() fails when no address could be bound, naming each failure
// with PostgreSQL's wording (could not bind IPv4 address "x": Address in use).
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "cli/server/session.hpp"
#include "cli/server/unix_socket_listener.hpp"
#include "stages/core/result.hpp"

namespace tributary {

class server {
public:
  explicit server(session_services services);
  ~server();
  server(const server&) = delete;
  server& operator=(const server&) = delete;

  // Binds the listening sockets from the settings' listen_addresses and port.
  result<ok_t, std::string> listen();
  // The port actually bound (useful with port 0 in tests).
  int bound_port() const { return bound_port_; }

  // Accepts connections until stop(); blocks.
  void run();
  // Thread-safe; idempotent.
  void stop();

  size_t session_count() const;

  // Connections that have not yet sent their startup packet (or not yet been
  // admitted) cost one thread and one descriptor each; beyond this many, a new one
  // is refused at once (53300).
  static constexpr size_t max_connections_in_startup = 1000;

private:
  struct session_slot {
    std::shared_ptr<session> live;
    std::thread thread;
    std::shared_ptr<std::atomic<bool>> finished;
  };

  void accept_one(int listener);
  void start_session(int fd);
  void cancel(int32_t process_id, int32_t secret_key);
  void reap_finished_sessions();
  size_t connections_in_startup() const;
  void stop_sessions();

  session_services services_;
  std::vector<int> listeners_;
  std::vector<unix_socket> unix_sockets_;  // their descriptors are in listeners_ too
  int wake_pipe_[2] = {-1, -1};
  int bound_port_ = 0;
  std::atomic<bool> stopping_{false};
  mutable std::mutex sessions_mutex_;
  std::map<int32_t, session_slot> sessions_;
  int32_t next_process_id_;
  std::mt19937 random_;
};

}  // namespace tributary
