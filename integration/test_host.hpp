// test_host: what an integration test needs from the machine it runs on.
//
// - free_tcp_port(): a port on 127.0.0.1 that nobody listens on right now (bind to
//   port 0, read the port the kernel chose, close). Another process may take it
//   before the server binds it, so servers retry with a new port when binding fails.
// - scratch_directory: a fresh mkdtemp directory removed (recursively) when the
//   object goes away; under /tmp when running as root, so an unprivileged server user
//   can reach it whatever TMPDIR says. TRIBUTARY_TEST_TMPDIR, when set, names the
//   directory instead (every user must be able to search it, as /tmp and /dev/shm);
//   scripts/test.sh points it at a tmpfs, which copies a template cluster in a tenth
//   of the CPU of an ext4 /tmp. The cluster templates live beside the scratch dirs.
// - unprivileged_user(): when the test runs as root, the system user the PostgreSQL
//   publisher runs as (`tributary_test`, created with `useradd -r -M` when missing;
//   PostgreSQL refuses to run as root). Empty when not root.
// - current_user_name(): the operating-system user of the test, which is also the
//   first role of a fresh Tributary server.
//
// Errors are values naming what failed.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <string>

#include "stages/core/result.hpp"

namespace tributary::integration {

result<int, std::string> free_tcp_port();

bool running_as_root();
std::string current_user_name();

inline constexpr const char* test_user_name = "tributary_test";
// The user servers run as: empty when the test is not root (run as ourselves).
result<std::optional<std::string>, std::string> unprivileged_user();
// Recursively hands a path to a user (chown -R as a library call).
result<ok_t, std::string> give_to_user(const std::filesystem::path& path, const std::string& user);

class scratch_directory {
public:
  static result<scratch_directory, std::string> create(const std::string& prefix);
  scratch_directory(scratch_directory&& other) noexcept
      : path_(std::move(other.path_)), keep_(other.keep_) {
    other.path_.clear();
  }
  scratch_directory& operator=(scratch_directory&& other) noexcept;
  scratch_directory(const scratch_directory&) = delete;
  scratch_directory& operator=(const scratch_directory&) = delete;
  ~scratch_directory();

  const std::filesystem::path& path() const { return path_; }
  // Keep the directory after the test (TRIBUTARY_KEEP_TEST_DIRS=1 does this for all).
  void keep() { keep_ = true; }

private:
  explicit scratch_directory(std::filesystem::path path) : path_(std::move(path)) {}
  void remove_now();
  std::filesystem::path path_;
  bool keep_ = false;
};

// Reads a whole file; empty when it cannot be read.
std::string read_text_file(const std::filesystem::path& path);

}  // namespace tributary::integration
