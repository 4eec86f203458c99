// server_control: the processes the fault injector kills and restarts.
//
// tributary_process: the Tributary server, either started by the harness itself
// (--serve-dir DIR: `<this binary> serve -D DIR -p <port of --subscriber>`, output
// appended to DIR.log, stopped with SIGTERM when the harness ends) or the user's
// (--server-pid PID, restarted with `/bin/sh -c 'exec CMD'`, left running at the end).
// kill_and_restart() sends SIGKILL, waits until the process is gone, starts it again
// and returns the new PID; the caller waits until it accepts connections.
//
// run_command(): a shell command run to completion (restart-publisher), its output
// discarded (a postmaster started by it inherits nothing of the harness), with a
// deadline after which it is killed.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

#include "stages/core/result.hpp"

namespace tributary::load {

class tributary_process {
public:
  // The harness's own server on `directory`, listening on `port`.
  static tributary_process owned(std::string directory, int port, std::vector<std::string> settings = {});
  // A server someone else started; `restart_command` starts it again.
  static tributary_process external(pid_t pid, std::string restart_command);
  tributary_process() = default;
  tributary_process(tributary_process&& other) noexcept;
  tributary_process& operator=(tributary_process&& other) noexcept;
  ~tributary_process();

  bool configured() const { return pid_ > 0 || !directory_.empty(); }
  pid_t pid() const { return pid_; }
  result<pid_t, std::string> start();
  result<pid_t, std::string> kill_and_restart();
  // SIGTERM an owned server and wait for it (external servers are left alone).
  void stop_owned();

private:
  result<pid_t, std::string> spawn();

  std::string directory_;
  int port_ = 0;
  std::vector<std::string> settings_;
  std::string restart_command_;
  pid_t pid_ = 0;
  bool child_ = false;
};

result<ok_t, std::string> run_command(const std::string& command, std::chrono::seconds timeout);

}  // namespace tributary::load
