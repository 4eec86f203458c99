// connection_relay: a TCP relay between the subscription and the publisher, so the
// harness can cut the replication connection the way a network failure does.
//
// Role: listens on 127.0.0.1 (a port the kernel picks); every connection accepted is
// paired with a new connection to the publisher's host and port, and bytes are
// copied both ways by one thread (poll). cut() closes every pair abortively (SO_LINGER
// 0: the subscriber reads ECONNRESET, the walsender sees its socket die, neither gets
// a goodbye), returns how many pairs it cut, and keeps listening, so the subscription
// reconnects through the relay. The subscription the harness creates connects to the
// relay when cut-connection is among the faults; at the end, with --keep, it is
// pointed back at the publisher before the relay stops.
//
// States: stopped -> listening (start) -> stopped (destructor: all pairs closed).
#pragma once

#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "stages/core/result.hpp"

namespace tributary::load {

class connection_relay {
public:
  connection_relay() = default;
  ~connection_relay();
  connection_relay(const connection_relay&) = delete;
  connection_relay& operator=(const connection_relay&) = delete;

  // Starts relaying to host:port (a name or address); the port it listens on.
  result<int, std::string> start(const std::string& host, int port);
  int cut();
  int pairs();

private:
  struct pair {
    int downstream = -1;  // the subscriber's side
    int upstream = -1;    // the publisher's side
  };
  void run();
  void accept_one();
  bool copy(int from, int to);
  void close_pair(pair& p, bool abortive);

  std::string host_;
  int port_ = 0;
  int listener_ = -1;
  int wake_[2] = {-1, -1};
  std::atomic<bool> stopping_{false};
  std::mutex mutex_;
  std::vector<pair> pairs_;
  int cut_requests_ = 0;
  int cut_done_ = 0;
  int last_cut_ = 0;
  std::thread thread_;
};

}  // namespace tributary::load
