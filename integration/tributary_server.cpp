// tributary_server: runs `tributary serve` for a test. See tributary_server.hpp.
#include "integration/tributary_server.hpp"

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <cstdlib>

#include "integration/wait_until.hpp"

#ifndef TRIBUTARY_BINARY
#error "TRIBUTARY_BINARY must be defined by integration/CMakeLists.txt"
#endif

namespace tributary::integration {
namespace {

constexpr auto ready_timeout = std::chrono::seconds(30);
constexpr auto stop_grace = std::chrono::seconds(30);
constexpr int start_attempts = 3;

bool log_shows_bind_failure(const std::string& log) {
  return log.find("could not bind") != std::string::npos ||
         log.find("Address already in use") != std::string::npos ||
         log.find("address already in use") != std::string::npos;
}

}  // namespace

std::filesystem::path tributary_server::binary_path() {
  const char* from_env = std::getenv("TRIBUTARY_BINARY");
  if (from_env != nullptr && *from_env != '\0') return from_env;
  return TRIBUTARY_BINARY;
}

tributary_server::tributary_server(tributary_server_options options)
    : binary_(options.binary.empty() ? binary_path() : std::move(options.binary)),
      settings_(std::move(options.settings)),
      user_(current_user_name()) {}

tributary_server::~tributary_server() {
  if (process_ && process_->is_running()) process_->terminate(stop_grace);
}

std::filesystem::path tributary_server::data_dir() const {
  return scratch_ ? scratch_->path() / "data" : std::filesystem::path();
}

std::string tributary_server::conninfo(const std::string& database) const {
  return "host=127.0.0.1 port=" + std::to_string(port_) + " dbname=" + database + " user=" + user_ +
         " connect_timeout=10";
}

pg_connection tributary_server::connect(const std::string& database) const {
  auto connection = connect_with(conninfo(database));
  if (PQstatus(connection.get()) != CONNECTION_OK) {
    ADD_FAILURE() << "cannot connect to tributary (" << conninfo(database)
                  << "): " << PQerrorMessage(connection.get());
  }
  return connection;
}

bool tributary_server::running() { return process_ && process_->is_running(); }

// One attempt: spawn on port_, then poll until a connection succeeds, the process
// exits, or the deadline passes.
auto tributary_server::launch() -> result<launch_outcome, std::string> {
  process_options options;
  options.argv = {binary_.string(), "serve", "-D", data_dir().string(), "-p", std::to_string(port_)};
  for (const auto& setting : settings_) {
    options.argv.push_back("-c");
    options.argv.push_back(setting);
  }
  options.log_file = scratch_->path() / "server.log";
  auto spawned = child_process::spawn(options);
  if (!spawned) return fail(spawned.error());
  process_.emplace(std::move(spawned.value()));

  // Ready: a connection succeeds, or this start logged that it accepts connections
  // (a test may start it with an unreadable global.db, where every login fails).
  const std::string ready_line = "database system is ready to accept connections";
  auto times_ready = [&] {
    const std::string log = log_text();
    size_t n = 0;
    for (size_t at = log.find(ready_line); at != std::string::npos; at = log.find(ready_line, at + 1))
      ++n;
    return n;
  };
  const size_t ready_before = times_ready();
  auto accepts = [&] {
    if (!process_->is_running()) return true;
    if (times_ready() > ready_before) return true;
    auto probe = connect_with(conninfo("postgres"));
    return PQstatus(probe.get()) == CONNECTION_OK;
  };
  if (!wait_until(accepts, ready_timeout)) {
    process_->kill_now();
    return fail(std::string("tributary did not accept connections within 30 s"));
  }
  if (process_->is_running()) return launch_outcome::ready;
  if (log_shows_bind_failure(log_text())) return launch_outcome::port_taken;
  return fail("tributary exited during start-up (" + process_->status()->describe() + ")");
}

void tributary_server::start() {
  if (running()) return;
  if (!scratch_) {
    auto dir = scratch_directory::create("tributary-srv");
    ASSERT_TRUE(dir.ok()) << dir.error();
    scratch_.emplace(std::move(dir.value()));
    std::error_code ec;
    std::filesystem::create_directory(data_dir(), ec);
    ASSERT_FALSE(ec) << "cannot create " << data_dir() << ": " << ec.message();
  }
  for (int attempt = 1; attempt <= start_attempts; ++attempt) {
    if (port_ == 0 || attempt > 1) {
      auto port = free_tcp_port();
      ASSERT_TRUE(port.ok()) << port.error();
      port_ = *port;
    }
    auto outcome = launch();
    ASSERT_TRUE(outcome.ok()) << outcome.error() << "\n--- server.log ---\n" << log_text();
    if (*outcome == launch_outcome::ready) return;
  }
  FAIL() << "tributary could not bind a free port in " << start_attempts << " attempts\n"
         << log_text();
}

exit_status tributary_server::stop() {
  if (!process_) return exit_status{};
  if (!process_->is_running()) return process_->status().value_or(exit_status{});
  process_->send_signal(SIGTERM);
  if (auto status = process_->wait_for(stop_grace)) return *status;
  ADD_FAILURE() << "tributary did not stop within 30 s of SIGTERM; killing it\n" << log_text();
  return process_->kill_now();
}

exit_status tributary_server::kill9() {
  if (!process_) return exit_status{};
  return process_->kill_now();
}

void tributary_server::restart() {
  if (running()) {
    auto status = stop();
    ASSERT_TRUE(status.succeeded()) << "tributary stopped with " << status.describe() << "\n"
                                    << log_text();
  }
  start();
}

std::string tributary_server::log_text() const {
  return scratch_ ? read_text_file(scratch_->path() / "server.log") : std::string();
}

}  // namespace tributary::integration
