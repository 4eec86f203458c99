// pg_publisher: initdb/pg_ctl driver for a throwaway publisher. See pg_publisher.hpp.
//
// Layout of the scratch directory (owned by the server user):
//   <root>/data/            the cluster; postgresql.conf ends with
//                           `include 'tributary_fixture.conf'` (port, replication settings)
//   <root>/postgres.log     the server's log (pg_ctl -l)
//   <root>/tools.log        output of initdb (or cp of the template) and pg_ctl
//   <root>/.s.PGSQL.<port>  the Unix socket (unix_socket_directories = <root>)
// Binding can race with another process taking the free port: start() then retries
// with a new port (three attempts).
#include "integration/pg_publisher.hpp"

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <cstdlib>
#include <fstream>

#include "integration/cluster_template.hpp"
#include "integration/process.hpp"
#include "integration/wait_until.hpp"

namespace tributary::integration {
namespace {

constexpr auto tool_timeout = std::chrono::seconds(120);
constexpr int start_attempts = 3;

bool log_shows_bind_failure(const std::string& log) {
  return log.find("could not bind") != std::string::npos ||
         log.find("Address already in use") != std::string::npos;
}

}  // namespace

std::filesystem::path pg_publisher::default_bin_dir() {
  const char* from_env = std::getenv("TRIBUTARY_PG_BINDIR");
  if (from_env != nullptr && *from_env != '\0') return from_env;
  return "/usr/lib/postgresql/15/bin";
}

pg_publisher::pg_publisher(pg_publisher_options options)
    : bin_dir_(options.bin_dir.empty() ? default_bin_dir() : std::move(options.bin_dir)),
      configuration_(std::move(options.configuration)) {}

pg_publisher::~pg_publisher() { stop_quietly(); }

std::filesystem::path pg_publisher::data_dir() const { return root() / "data"; }

std::string pg_publisher::conninfo(const std::string& database) const {
  return "host=127.0.0.1 port=" + std::to_string(port_) + " dbname=" + database +
         " user=postgres connect_timeout=10";
}

result<ok_t, std::string> pg_publisher::run_tool(std::vector<std::string> argv) const {
  process_options options;
  options.argv = std::move(argv);
  options.run_as_user = run_as_;
  options.log_file = root() / "tools.log";
  options.working_directory = root();
  options.environment = {"LC_ALL=C", "PGTZ=UTC"};
  options.kill_with_parent = false;  // pg_ctl must be able to leave its server running
  auto status = run_to_completion(options, tool_timeout);
  if (!status) return fail(status.error());
  if (!status->succeeded()) {
    return fail(options.argv[0] + " failed (" + status->describe() + ")");
  }
  return ok_v;
}

result<ok_t, std::string> pg_publisher::write_configuration() const {
  std::ofstream conf(data_dir() / "tributary_fixture.conf", std::ios::trunc);
  conf << "# written by the integration fixture (pg_publisher)\n"
       << "listen_addresses = '127.0.0.1'\n"
       << "port = " << port_ << "\n"
       << "unix_socket_directories = '" << root().string() << "'\n"
       << "wal_level = logical\n"
       << "max_wal_senders = 20\n"
       << "max_replication_slots = 20\n"
       << "fsync = off\n"
       << "full_page_writes = off\n"
       << "shared_buffers = 32MB\n"
       << "log_line_prefix = '%m [%p] %q%a '\n";
  for (const auto& line : configuration_) conf << line << "\n";
  conf.close();
  if (!conf) return fail(std::string("cannot write tributary_fixture.conf"));
  if (run_as_) return give_to_user(data_dir() / "tributary_fixture.conf", *run_as_);
  return ok_v;
}

void pg_publisher::start() {
  if (running_) return;
  if (!scratch_) {
    auto user = unprivileged_user();
    ASSERT_TRUE(user.ok()) << user.error();
    run_as_ = *user;
    auto dir = scratch_directory::create("tributary-pg");
    ASSERT_TRUE(dir.ok()) << dir.error();
    scratch_.emplace(std::move(dir.value()));
    if (run_as_) {
      auto given = give_to_user(root(), *run_as_);
      ASSERT_TRUE(given.ok()) << given.error();
    }
    // initdb's cluster, copied from the installation's template (cluster_template.hpp)
    auto initdb = create_cluster(
        tool("initdb"),
        {"-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C", "--no-instructions"},
        data_dir(), run_as_, [this](std::vector<std::string> argv) { return run_tool(std::move(argv)); });
    ASSERT_TRUE(initdb.ok()) << initdb.error() << "\n" << log_text();
    std::ofstream(data_dir() / "postgresql.conf", std::ios::app)
        << "\ninclude 'tributary_fixture.conf'\n";
  }
  for (int attempt = 1; attempt <= start_attempts; ++attempt) {
    auto port = free_tcp_port();
    ASSERT_TRUE(port.ok()) << port.error();
    port_ = *port;
    auto written = write_configuration();
    ASSERT_TRUE(written.ok()) << written.error();
    auto started = run_tool({tool("pg_ctl").string(), "-D", data_dir().string(), "-l",
                             (root() / "postgres.log").string(), "-w", "-t", "60", "start"});
    if (started.ok()) {
      running_ = true;
      expect_major_from_environment();
      return;
    }
    if (attempt == start_attempts || !log_shows_bind_failure(log_text())) {
      FAIL() << "PostgreSQL publisher did not start: " << started.error() << "\n" << log_text();
    }
  }
}

// The version matrix (integration/CMakeLists.txt) sets TRIBUTARY_PG_EXPECTED_MAJOR
// next to TRIBUTARY_PG_BINDIR: a pg17 test that ran on another major would prove nothing.
void pg_publisher::expect_major_from_environment() const {
  const char* expected = std::getenv("TRIBUTARY_PG_EXPECTED_MAJOR");
  if (expected == nullptr || *expected == '\0' || bin_dir_ != default_bin_dir()) return;
  EXPECT_EQ(server_version_num() / 10000, std::atoi(expected))
      << "the publisher from " << bin_dir_ << " is not PostgreSQL " << expected;
}

void pg_publisher::stop() {
  if (!running_) return;
  auto stopped = run_tool({tool("pg_ctl").string(), "-D", data_dir().string(), "-m", "immediate",
                           "-w", "-t", "60", "stop"});
  if (!stopped.ok()) {
    stop_quietly();
    FAIL() << "pg_ctl stop failed: " << stopped.error() << "\n" << log_text();
  }
  running_ = false;
}

// Best effort for destructors and failure paths: pg_ctl, else SIGQUIT/SIGKILL the
// postmaster named in postmaster.pid.
void pg_publisher::stop_quietly() {
  if (!running_) return;
  running_ = false;
  auto stopped = run_tool({tool("pg_ctl").string(), "-D", data_dir().string(), "-m", "immediate",
                           "-w", "-t", "30", "stop"});
  if (stopped.ok()) return;
  std::ifstream pid_file(data_dir() / "postmaster.pid");
  pid_t pid = 0;
  if (!(pid_file >> pid) || pid <= 0) return;
  kill(pid, SIGQUIT);
  if (!wait_until([pid] { return kill(pid, 0) != 0; }, std::chrono::seconds(10))) kill(pid, SIGKILL);
}

void pg_publisher::restart() {
  ASSERT_TRUE(scratch_.has_value()) << "restart() before start()";
  if (running_) {
    auto stopped = run_tool({tool("pg_ctl").string(), "-D", data_dir().string(), "-m", "fast",
                             "-w", "-t", "60", "stop"});
    ASSERT_TRUE(stopped.ok()) << stopped.error() << "\n" << log_text();
    running_ = false;
  }
  // Same port when it is still free, so conninfo strings handed out stay valid.
  auto started = run_tool({tool("pg_ctl").string(), "-D", data_dir().string(), "-l",
                           (root() / "postgres.log").string(), "-w", "-t", "60", "start"});
  ASSERT_TRUE(started.ok()) << "restart failed: " << started.error() << "\n" << log_text();
  running_ = true;
}

pg_connection pg_publisher::connect(const std::string& database) const {
  auto connection = connect_with(conninfo(database));
  if (PQstatus(connection.get()) != CONNECTION_OK) {
    ADD_FAILURE() << "cannot connect to the publisher (" << conninfo(database)
                  << "): " << PQerrorMessage(connection.get());
  }
  return connection;
}

void pg_publisher::exec(const std::string& sql, const std::string& database) const {
  auto connection = connect(database);
  ASSERT_EQ(PQstatus(connection.get()), CONNECTION_OK);
  auto result = integration::exec(connection.get(), sql);
  ASSERT_TRUE(succeeded(result.get()))
      << "publisher rejected: " << sql << "\n" << PQresultErrorMessage(result.get());
}

std::string pg_publisher::query_value(const std::string& sql, const std::string& database) const {
  auto connection = connect(database);
  if (PQstatus(connection.get()) != CONNECTION_OK) return "";
  auto result = integration::exec(connection.get(), sql);
  if (PQresultStatus(result.get()) != PGRES_TUPLES_OK || PQntuples(result.get()) < 1) {
    ADD_FAILURE() << "publisher query returned no row: " << sql << "\n"
                  << PQresultErrorMessage(result.get());
    return "";
  }
  return PQgetvalue(result.get(), 0, 0);
}

int pg_publisher::server_version_num() const {
  std::string text = query_value("SHOW server_version_num");
  return std::atoi(text.c_str());
}

std::string pg_publisher::log_text() const {
  if (!scratch_) return "";
  return "--- tools.log ---\n" + read_text_file(root() / "tools.log") +
         "--- postgres.log ---\n" + read_text_file(root() / "postgres.log");
}

}  // namespace tributary::integration
