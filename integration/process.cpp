// process: fork/exec of test children. See process.hpp for the contract.
//
// Between fork and exec the child only makes async-signal-safe calls: everything it
// needs (argv, envp, uid/gid, the log descriptor) is prepared by the parent first.
#include "integration/process.hpp"

#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <thread>

extern char** environ;

namespace tributary::integration {
namespace {

std::vector<std::string> merged_environment(const std::vector<std::string>& overrides) {
  std::map<std::string, std::string> by_name;
  for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
    std::string text = *entry;
    by_name[text.substr(0, text.find('='))] = text;
  }
  for (const auto& text : overrides) by_name[text.substr(0, text.find('='))] = text;
  std::vector<std::string> out;
  out.reserve(by_name.size());
  for (auto& [name, text] : by_name) out.push_back(std::move(text));
  return out;
}

std::vector<char*> pointers_to(std::vector<std::string>& strings) {
  std::vector<char*> out;
  out.reserve(strings.size() + 1);
  for (auto& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

struct target_identity {
  bool change = false;
  uid_t uid = 0;
  gid_t gid = 0;
};

result<target_identity, std::string> identity_for(const std::optional<std::string>& user) {
  if (!user || geteuid() != 0) return target_identity{};
  const passwd* entry = getpwnam(user->c_str());
  if (entry == nullptr) return fail(std::string("unknown user \"" + *user + "\""));
  return target_identity{true, entry->pw_uid, entry->pw_gid};
}

// Child side of a failed step: tells the parent which step and errno, then exits.
[[noreturn]] void report_and_exit(int report_fd, int stage) {
  int payload[2] = {stage, errno};
  [[maybe_unused]] auto written = write(report_fd, payload, sizeof payload);
  _exit(127);
}

// Runs in the child between fork and exec; reports errno through `report_fd`.
[[noreturn]] void exec_child(const process_options& options, pid_t parent, int log_fd, int report_fd,
                             const target_identity& identity, char** argv, char** envp) {
  auto die = [report_fd](int stage) { report_and_exit(report_fd, stage); };
  // Own process group: a terminal's Ctrl-C reaches the test, not its servers; they
  // then end with the test through the parent-death signal.
  setpgid(0, 0);
  if (options.kill_with_parent && prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) die(1);
  if (options.kill_with_parent && getppid() != parent) _exit(127);  // parent died already
  int null_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (null_fd < 0 || dup2(null_fd, STDIN_FILENO) < 0) die(2);
  if (dup2(log_fd, STDOUT_FILENO) < 0 || dup2(log_fd, STDERR_FILENO) < 0) die(3);
  if (!options.working_directory.empty() && chdir(options.working_directory.c_str()) != 0) die(4);
  if (identity.change) {
    if (setgroups(0, nullptr) != 0 || setgid(identity.gid) != 0 || setuid(identity.uid) != 0) die(5);
    // Credential changes clear the parent-death signal; ask again.
    if (options.kill_with_parent && prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) die(1);
  }
  signal(SIGPIPE, SIG_DFL);
  execvpe(argv[0], argv, envp);
  report_and_exit(report_fd, 6);
}

// CI may start the tests with stdin (or more) closed; then descriptors opened for a
// child could land on 0-2 and be clobbered by the redirections. Fill the gaps first.
void ensure_standard_descriptors() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (fcntl(fd, F_GETFD) == -1 && errno == EBADF) {
      [[maybe_unused]] int filler = open("/dev/null", O_RDWR);  // lowest free = fd
    }
  }
}

const char* stage_name(int stage) {
  switch (stage) {
    case 1: return "prctl";
    case 2: return "open /dev/null";
    case 3: return "redirect output";
    case 4: return "chdir";
    case 5: return "switch user";
    default: return "exec";
  }
}

}  // namespace

std::string exit_status::describe() const {
  if (signal != 0) return "killed by signal " + std::to_string(signal) + " (" + strsignal(signal) + ")";
  return "exit code " + std::to_string(code);
}

result<child_process, std::string> child_process::spawn(const process_options& options) {
  if (options.argv.empty()) return fail(std::string("spawn: empty argv"));
  auto identity = identity_for(options.run_as_user);
  if (!identity) return fail(identity.error());
  ensure_standard_descriptors();

  std::string log_path = options.log_file.empty() ? "/dev/null" : options.log_file.string();
  int log_fd = open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (log_fd < 0) return fail("cannot open log file " + log_path + ": " + strerror(errno));
  int report[2];
  if (pipe2(report, O_CLOEXEC) != 0) {
    close(log_fd);
    return fail(std::string("pipe: ") + strerror(errno));
  }

  std::vector<std::string> argv_strings = options.argv;
  std::vector<std::string> env_strings = merged_environment(options.environment);
  auto argv = pointers_to(argv_strings);
  auto envp = pointers_to(env_strings);

  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid == 0) exec_child(options, parent, log_fd, report[1], *identity, argv.data(), envp.data());
  int fork_errno = errno;
  close(log_fd);
  close(report[1]);
  if (pid < 0) {
    close(report[0]);
    return fail(std::string("fork: ") + strerror(fork_errno));
  }

  int payload[2] = {0, 0};
  ssize_t got = 0;
  do {
    got = read(report[0], payload, sizeof payload);
  } while (got < 0 && errno == EINTR);
  close(report[0]);
  child_process child(pid);
  if (got > 0) {  // the child failed before or at exec: it has exited with 127
    child.wait_for(std::chrono::seconds(5));
    return fail(std::string(stage_name(payload[0])) + " failed for " + options.argv[0] + ": " +
                strerror(payload[1]));
  }
  return child;
}

child_process::child_process(child_process&& other) noexcept
    : pid_(other.pid_), status_(other.status_) {
  other.pid_ = -1;
}

child_process& child_process::operator=(child_process&& other) noexcept {
  if (this != &other) {
    if (is_running()) kill_now();
    pid_ = other.pid_;
    status_ = other.status_;
    other.pid_ = -1;
  }
  return *this;
}

child_process::~child_process() {
  if (is_running()) kill_now();
}

bool child_process::reap(bool block) {
  if (pid_ <= 0 || status_) return true;
  int raw = 0;
  pid_t r;
  do {
    r = waitpid(pid_, &raw, block ? 0 : WNOHANG);
  } while (r < 0 && errno == EINTR);
  if (r == 0) return false;
  exit_status s;
  if (r > 0 && WIFEXITED(raw)) s.code = WEXITSTATUS(raw);
  if (r > 0 && WIFSIGNALED(raw)) s.signal = WTERMSIG(raw);
  status_ = s;  // r < 0 (ECHILD): somebody else reaped it; code stays -1
  return true;
}

bool child_process::is_running() { return pid_ > 0 && !reap(false); }

bool child_process::send_signal(int signal_number) {
  if (!is_running()) return false;
  return kill(pid_, signal_number) == 0;
}

std::optional<exit_status> child_process::wait_for(std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  auto pause = std::chrono::milliseconds(1);
  while (is_running()) {
    if (std::chrono::steady_clock::now() >= deadline) return std::nullopt;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds(20));
  }
  return status_;
}

exit_status child_process::terminate(std::chrono::milliseconds grace) {
  send_signal(SIGTERM);
  if (auto s = wait_for(grace)) return *s;
  return kill_now();
}

exit_status child_process::kill_now() {
  if (pid_ > 0 && !status_) {
    kill(pid_, SIGKILL);
    reap(true);
  }
  return status_.value_or(exit_status{});
}

result<exit_status, std::string> run_to_completion(const process_options& options,
                                                   std::chrono::milliseconds timeout) {
  auto child = child_process::spawn(options);
  if (!child) return fail(child.error());
  if (auto s = child->wait_for(timeout)) return *s;
  child->kill_now();
  return fail(options.argv[0] + " did not finish within " + std::to_string(timeout.count()) + " ms");
}

}  // namespace tributary::integration
