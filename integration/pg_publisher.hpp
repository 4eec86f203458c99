// pg_publisher: a throwaway PostgreSQL server that integration tests replicate from.
//
// Role: initdb + pg_ctl a private cluster on 127.0.0.1 and a free port, configured
// for logical replication, and remove every trace of it afterwards.
//
// Inputs: the PostgreSQL binary directory (default: $TRIBUTARY_PG_BINDIR, else
// /usr/lib/postgresql/15/bin; the version matrix sets it to PostgreSQL 16-18
// directories, with TRIBUTARY_PG_EXPECTED_MAJOR, which start() then checks against
// the running server) and extra postgresql.conf lines.
//
// Lifecycle: constructed (nothing on disk) -> start(): scratch dir, initdb
// (-A trust -U postgres --no-sync -E UTF8 --locale=C), configuration, pg_ctl -w start
// -> running <-> stopped (stop() = pg_ctl stop -m immediate; restart() = fast stop +
// start on the same data) -> destructor: immediate stop, directory removed. The
// destructor also runs when an ASSERT ends a test early, so no server leaks.
// As root, the cluster belongs to and runs as the unprivileged `tributary_test` user
// (PostgreSQL refuses to run as root); the test itself stays root.
//
// Errors: start/stop/restart/exec report gtest failures carrying the server's message
// and log (wrap them in ASSERT_NO_FATAL_FAILURE to stop the test); connect() and
// query_value() add a non-fatal failure and return an unusable handle / "".
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "integration/pq_handles.hpp"
#include "integration/test_host.hpp"

namespace tributary::integration {

struct pg_publisher_options {
  std::filesystem::path bin_dir;            // empty = default_bin_dir()
  std::vector<std::string> configuration;   // extra postgresql.conf lines, e.g. "max_wal_senders = 5"
};

class pg_publisher {
public:
  static std::filesystem::path default_bin_dir();

  explicit pg_publisher(pg_publisher_options options = {});
  ~pg_publisher();
  pg_publisher(const pg_publisher&) = delete;
  pg_publisher& operator=(const pg_publisher&) = delete;

  // One more postgresql.conf line, in effect from the next start().
  void configure(std::string line) { configuration_.push_back(std::move(line)); }

  void start();
  void stop();
  void restart();
  bool running() const { return running_; }

  int port() const { return port_; }
  const std::filesystem::path& bin_dir() const { return bin_dir_; }
  std::filesystem::path data_dir() const;
  // The directory of its Unix-domain socket (libpq's host= for a `local` connection).
  std::filesystem::path socket_dir() const { return root(); }
  std::string conninfo(const std::string& database = "postgres") const;
  pg_connection connect(const std::string& database = "postgres") const;

  // Runs SQL (several statements allowed) and fails the test with the server's message.
  void exec(const std::string& sql, const std::string& database = "postgres") const;
  // First column of the first row of a query, "" (and a test failure) on error.
  std::string query_value(const std::string& sql, const std::string& database = "postgres") const;
  int server_version_num() const;
  std::string log_text() const;

private:
  std::filesystem::path tool(const char* name) const { return bin_dir_ / name; }
  std::filesystem::path root() const { return scratch_ ? scratch_->path() : std::filesystem::path(); }
  result<ok_t, std::string> run_tool(std::vector<std::string> argv) const;
  result<ok_t, std::string> write_configuration() const;
  void stop_quietly();
  void expect_major_from_environment() const;

  std::filesystem::path bin_dir_;
  std::vector<std::string> configuration_;
  std::optional<scratch_directory> scratch_;
  std::optional<std::string> run_as_;
  int port_ = 0;
  bool running_ = false;
};

}  // namespace tributary::integration
