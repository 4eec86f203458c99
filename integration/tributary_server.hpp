// tributary_server: the real `tributary serve` binary, run by an integration test.
//
// Role: start the server built by this tree (path compiled in as TRIBUTARY_BINARY)
// on a scratch data directory and a free port on 127.0.0.1, wait until it accepts a
// libpq connection, and take it down again the way a test needs: SIGTERM (clean
// shutdown, exit status returned), SIGKILL (crash), or restart on the same directory.
//
// Inputs: `-c name=value` settings passed on every start.
// Lifecycle: constructed -> start(): <root>/data created empty (the server
// initializes it), `tributary serve -D <root>/data -p PORT -c ...`, stdout/stderr
// appended to <root>/server.log; ready once a connection succeeds or the log says
// "database system is ready to accept connections" once more (deadline polling, 30 s)
// -> running -> stopped/killed -> start()/restart() again on the same data directory
// (same port unless it was taken meanwhile) -> destructor: SIGTERM (SIGKILL after a
// grace period) and the scratch directory is removed.
// The server runs as the test's own user, which is the first role of its data
// directory (`user()`); the child gets SIGKILL if the test process dies.
//
// Errors: start()/restart() raise fatal gtest failures with the server log (wrap in
// ASSERT_NO_FATAL_FAILURE); stop() adds a failure when SIGTERM does not end the
// server in time; connect() adds a failure when the connection does not come up.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "integration/pq_handles.hpp"
#include "integration/process.hpp"
#include "integration/test_host.hpp"

namespace tributary::integration {

struct tributary_server_options {
  std::vector<std::string> settings;  // "name=value", passed as -c name=value
  std::filesystem::path binary;       // empty = binary_path()
};

class tributary_server {
public:
  // TRIBUTARY_BINARY from the build, overridable with $TRIBUTARY_BINARY at run time.
  static std::filesystem::path binary_path();

  explicit tributary_server(tributary_server_options options = {});
  ~tributary_server();
  tributary_server(const tributary_server&) = delete;
  tributary_server& operator=(const tributary_server&) = delete;

  void start();
  exit_status stop();    // SIGTERM and wait
  exit_status kill9();   // SIGKILL and reap
  void restart();        // stop (when running) + start, same data directory
  bool running();

  int port() const { return port_; }
  pid_t pid() const { return process_ ? process_->pid() : -1; }
  std::filesystem::path data_dir() const;
  std::string user() const { return user_; }
  std::string conninfo(const std::string& database = "postgres") const;
  pg_connection connect(const std::string& database = "postgres") const;
  std::string log_text() const;

private:
  enum class launch_outcome { ready, port_taken };
  result<launch_outcome, std::string> launch();

  std::filesystem::path binary_;
  std::vector<std::string> settings_;
  std::string user_;
  std::optional<scratch_directory> scratch_;
  std::optional<child_process> process_;
  int port_ = 0;
};

}  // namespace tributary::integration
