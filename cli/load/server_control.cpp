// server_control: SIGKILL and restart of the Tributary server, shell commands for
// the publisher. See server_control.hpp.
#include "cli/load/server_control.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <thread>
#include <vector>

namespace tributary::load {
namespace {

// fork + exec with stdout/stderr to `output` (appended; /dev/null when empty), in a
// new session so a terminal's Ctrl-C aimed at the harness does not reach it.
result<pid_t, std::string> spawn_process(const std::vector<std::string>& argv, const std::string& output) {
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  int error_pipe[2];
  if (pipe2(error_pipe, O_CLOEXEC) != 0) return fail(std::string("pipe failed"));
  const pid_t pid = fork();
  if (pid < 0) return fail(std::string("fork failed"));
  if (pid == 0) {
    setsid();
    int out = open(output.empty() ? "/dev/null" : output.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    int in = open("/dev/null", O_RDONLY);
    if (out >= 0) {
      dup2(out, 1);
      dup2(out, 2);
    }
    if (in >= 0) dup2(in, 0);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    execv(args[0], args.data());
    int e = errno;
    (void)!write(error_pipe[1], &e, sizeof e);
    _exit(127);
  }
  close(error_pipe[1]);
  int child_errno = 0;
  const auto got = read(error_pipe[0], &child_errno, sizeof child_errno);
  close(error_pipe[0]);
  if (got == sizeof child_errno) {
    waitpid(pid, nullptr, 0);
    return fail("cannot run " + argv[0] + ": " + std::strerror(child_errno));
  }
  return pid;
}

bool process_gone(pid_t pid) {
  if (kill(pid, 0) != 0) return true;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  std::getline(stat, text);
  const auto paren = text.rfind(')');
  return paren != std::string::npos && paren + 2 < text.size() && text[paren + 2] == 'Z';
}

std::string self_binary() {
  std::vector<char> buffer(4096);
  const auto n = readlink("/proc/self/exe", buffer.data(), buffer.size() - 1);
  return n > 0 ? std::string(buffer.data(), static_cast<size_t>(n)) : "tributary";
}

}  // namespace

tributary_process tributary_process::owned(std::string directory, int port, std::vector<std::string> settings) {
  tributary_process p;
  p.directory_ = std::move(directory);
  p.port_ = port;
  p.settings_ = std::move(settings);
  return p;
}

tributary_process tributary_process::external(pid_t pid, std::string restart_command) {
  tributary_process p;
  p.pid_ = pid;
  p.restart_command_ = std::move(restart_command);
  return p;
}

tributary_process::tributary_process(tributary_process&& other) noexcept { *this = std::move(other); }

tributary_process& tributary_process::operator=(tributary_process&& other) noexcept {
  directory_ = std::move(other.directory_);
  port_ = other.port_;
  settings_ = std::move(other.settings_);
  restart_command_ = std::move(other.restart_command_);
  pid_ = other.pid_;
  child_ = other.child_;
  other.pid_ = 0;
  other.child_ = false;
  other.directory_.clear();
  return *this;
}

tributary_process::~tributary_process() { stop_owned(); }

result<pid_t, std::string> tributary_process::spawn() {
  if (!directory_.empty()) {
    std::vector<std::string> argv{self_binary(), "serve", "-D", directory_};
    if (port_ > 0) {
      argv.push_back("-p");
      argv.push_back(std::to_string(port_));
    }
    for (const auto& setting : settings_) {
      argv.push_back("-c");
      argv.push_back(setting);
    }
    return spawn_process(argv, directory_ + ".log");
  }
  return spawn_process({"/bin/sh", "-c", "exec " + restart_command_}, "");
}

result<pid_t, std::string> tributary_process::start() {
  auto pid = spawn();
  if (!pid) return pid;
  pid_ = *pid;
  child_ = true;
  return pid;
}

result<pid_t, std::string> tributary_process::kill_and_restart() {
  if (pid_ <= 0) return fail(std::string("no server process to kill"));
  if (kill(pid_, SIGKILL) != 0 && errno != ESRCH)
    return fail("cannot SIGKILL pid " + std::to_string(pid_) + ": " + std::strerror(errno));
  if (child_) {
    waitpid(pid_, nullptr, 0);
  } else {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!process_gone(pid_)) {
      if (std::chrono::steady_clock::now() > deadline)
        return fail("pid " + std::to_string(pid_) + " still runs 30 s after SIGKILL");
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  return start();
}

void tributary_process::stop_owned() {
  if (directory_.empty() || pid_ <= 0 || !child_) return;
  kill(pid_, SIGTERM);
  for (int i = 0; i < 600; ++i) {
    if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
      pid_ = 0;
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
  pid_ = 0;
}

result<ok_t, std::string> run_command(const std::string& command, std::chrono::seconds timeout) {
  auto pid = spawn_process({"/bin/sh", "-c", command}, "");
  if (!pid) return fail(pid.error());
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  int status = 0;
  for (;;) {
    if (waitpid(*pid, &status, WNOHANG) == *pid) break;
    if (std::chrono::steady_clock::now() > deadline) {
      kill(*pid, SIGKILL);
      waitpid(*pid, nullptr, 0);
      return fail("`" + command + "` did not finish within " + std::to_string(timeout.count()) + " s");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return ok_v;
  return fail("`" + command + "` failed (" +
              (WIFEXITED(status) ? "exit code " + std::to_string(WEXITSTATUS(status))
                                 : "signal " + std::to_string(WTERMSIG(status))) +
              ")");
}

}  // namespace tributary::load
