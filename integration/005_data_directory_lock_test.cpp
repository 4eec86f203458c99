// 005_data_directory_lock: one server per data directory. A second `tributary
// serve` on a directory in use stops at start with PostgreSQL's words and leaves
// the running server alone; the lock file names the running server, goes away at
// a clean shutdown, and a stale one left by a killed server is replaced.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <fstream>
#include <string>
#include <vector>

#include "integration/process.hpp"
#include "integration/test_host.hpp"
#include "integration/tributary_server.hpp"

namespace tributary::integration {
namespace {

using namespace std::chrono_literals;

std::vector<std::string> lock_file_lines(const tributary_server& server) {
  std::ifstream in(server.data_dir() / "tributary.pid");
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  return lines;
}

class DataDirectoryLock : public ::testing::Test {
protected:
  // Runs a second server on `server`'s data directory until it exits.
  exit_status start_second_server(const tributary_server& server, std::string& log) {
    auto scratch = scratch_directory::create("tributary-second");
    EXPECT_TRUE(scratch.ok());
    auto port = free_tcp_port();
    EXPECT_TRUE(port.ok());
    process_options options;
    options.argv = {tributary_server::binary_path().string(), "serve", "-D", server.data_dir().string(),
                    "-p", std::to_string(*port)};
    options.log_file = scratch->path() / "second.log";
    auto second = child_process::spawn(options);
    EXPECT_TRUE(second.ok()) << second.error();
    auto status = second->wait_for(30s);
    log = read_text_file(options.log_file);
    if (!status) {
      ADD_FAILURE() << "the second server did not exit:\n" << log;
      return second->kill_now();
    }
    return *status;
  }
};

TEST_F(DataDirectoryLock, TheLockFileNamesTheRunningServer) {
  tributary_server server;
  ASSERT_NO_FATAL_FAILURE(server.start());
  auto lines = lock_file_lines(server);
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_GT(std::stol(lines[0]), 0);
  EXPECT_EQ(lines[1], std::filesystem::absolute(server.data_dir()).lexically_normal().string());
  EXPECT_EQ(lines[3], std::to_string(server.port()));
  EXPECT_EQ(lines[5], "ready");
}

TEST_F(DataDirectoryLock, ASecondServerOnTheSameDirectoryIsRefusedAndTheFirstKeepsRunning) {
  tributary_server server;
  ASSERT_NO_FATAL_FAILURE(server.start());
  auto before = lock_file_lines(server);
  ASSERT_FALSE(before.empty());
  std::string log;
  auto status = start_second_server(server, log);
  EXPECT_EQ(status.code, 1) << status.describe() << "\n" << log;
  EXPECT_NE(log.find("FATAL:  lock file \"tributary.pid\" already exists"), std::string::npos) << log;
  EXPECT_NE(log.find("HINT:  Is another tributary server (PID " + before[0] + ") running in data directory \"" +
                     before[1] + "\"?"),
            std::string::npos)
      << log;
  EXPECT_EQ(log.find("database system is ready"), std::string::npos) << "it never served";
  EXPECT_EQ(lock_file_lines(server), before) << "the running server's lock file is untouched";
  auto connection = server.connect();
  EXPECT_EQ(PQstatus(connection.get()), CONNECTION_OK) << "the first server still serves";
}

TEST_F(DataDirectoryLock, ACleanShutdownRemovesTheLockFile) {
  tributary_server server;
  ASSERT_NO_FATAL_FAILURE(server.start());
  ASSERT_TRUE(std::filesystem::exists(server.data_dir() / "tributary.pid"));
  auto status = server.stop();
  EXPECT_TRUE(status.succeeded()) << status.describe();
  EXPECT_FALSE(std::filesystem::exists(server.data_dir() / "tributary.pid"));
}

TEST_F(DataDirectoryLock, AStaleLockFileOfAKilledServerIsReplaced) {
  tributary_server server;
  ASSERT_NO_FATAL_FAILURE(server.start());
  auto killed_pid = lock_file_lines(server).at(0);
  server.kill9();
  ASSERT_TRUE(std::filesystem::exists(server.data_dir() / "tributary.pid")) << "a crash leaves it behind";
  ASSERT_NO_FATAL_FAILURE(server.start());
  auto lines = lock_file_lines(server);
  ASSERT_FALSE(lines.empty());
  EXPECT_NE(lines[0], killed_pid);
  EXPECT_EQ(lines.at(5), "ready");
}

}  // namespace
}  // namespace tributary::integration
