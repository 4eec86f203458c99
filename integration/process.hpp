// process: one child process of an integration test (a server, initdb, pg_ctl, psql).
//
// Role: spawn a program with fork/execvpe, its stdout and stderr appended to a log
// file; signal it, wait for it with a timeout, ask whether it still runs. The test
// suites use it for every program they start, so no test shells out through system().
//
// Inputs: process_options (argv, environment overrides, optional user to run as, log
// file, working directory). When the test runs as root and `run_as_user` is set, the
// child drops to that user (setgroups/setgid/setuid) before exec; the log file is
// opened by the parent, so it needs no permission for the user.
//
// States: running -> exited (exit code or signal recorded once reaped). The destructor
// of a still-running child sends SIGKILL and reaps it, so a failing test (an ASSERT
// returning early) never leaks a process. `kill_with_parent` additionally asks the
// kernel to SIGKILL the child if the test process dies without running destructors.
//
// Errors: spawn() returns a failure value naming the program and errno (exec errors
// are reported back from the child through a close-on-exec pipe).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "stages/core/result.hpp"

namespace tributary::integration {

struct process_options {
  std::vector<std::string> argv;                 // argv[0] is the program (path or PATH name)
  std::vector<std::string> environment;          // "NAME=value" entries added or replaced
  std::optional<std::string> run_as_user;        // only honoured when running as root
  std::filesystem::path log_file;                // stdout+stderr appended here; empty = /dev/null
  std::filesystem::path working_directory;       // empty = inherit
  bool kill_with_parent = true;                  // PR_SET_PDEATHSIG(SIGKILL)
};

struct exit_status {
  int code = -1;     // exit code when the process exited normally
  int signal = 0;    // terminating signal, 0 when it exited normally

  bool exited_normally() const { return signal == 0 && code >= 0; }
  bool succeeded() const { return signal == 0 && code == 0; }
  std::string describe() const;
};

class child_process {
public:
  static result<child_process, std::string> spawn(const process_options& options);

  child_process(child_process&& other) noexcept;
  child_process& operator=(child_process&& other) noexcept;
  child_process(const child_process&) = delete;
  child_process& operator=(const child_process&) = delete;
  ~child_process();

  pid_t pid() const { return pid_; }
  bool is_running();
  // Sends a signal if the child still runs; returns false when it was gone already.
  bool send_signal(int signal_number);
  // Waits until the child exits or the timeout passes (nullopt: still running).
  std::optional<exit_status> wait_for(std::chrono::milliseconds timeout);
  // SIGTERM, wait up to `grace`, then SIGKILL; always returns the final status.
  exit_status terminate(std::chrono::milliseconds grace);
  // SIGKILL and reap.
  exit_status kill_now();
  const std::optional<exit_status>& status() const { return status_; }

private:
  explicit child_process(pid_t pid) : pid_(pid) {}
  bool reap(bool block);

  pid_t pid_ = -1;
  std::optional<exit_status> status_;
};

// Runs a program to completion (or kills it after `timeout`). Convenience for tools.
result<exit_status, std::string> run_to_completion(const process_options& options,
                                                   std::chrono::milliseconds timeout);

}  // namespace tributary::integration
