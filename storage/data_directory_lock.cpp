// data_directory_lock: see the NOTES in the header. POSIX calls only; no
// logging (the caller reports the refusal).
#include "storage/data_directory_lock.hpp"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstring>
#include <ctime>
#include <thread>
#include <utility>

namespace tributary {

namespace fs = std::filesystem;

namespace {

constexpr int max_attempts = 100;
constexpr auto stale_removal_pause = std::chrono::milliseconds(10);

pg_error fatal(std::string sqlstate, std::string message, std::string hint = {}) {
  pg_error e = make_pg_error(std::move(sqlstate), std::move(message), {}, std::move(hint));
  e.severity = "FATAL";
  return e;
}

std::string quoted_name() { return std::string("\"") + data_directory_lock::file_name + "\""; }

pg_error file_error(const std::string& what, int error_number) {
  return fatal(error_number == EACCES || error_number == EPERM ? "42501" : "58030",
               what + " " + quoted_name() + ": " + std::strerror(error_number));
}

// Closes a descriptor on every path out of a scope unless released.
class fd_guard {
public:
  explicit fd_guard(int fd) : fd_(fd) {}
  ~fd_guard() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  fd_guard(const fd_guard&) = delete;
  fd_guard& operator=(const fd_guard&) = delete;
  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }

private:
  int fd_;
};

// kill(pid, 0): alive unless the kernel says there is no such process.
bool process_alive(pid_t pid) {
  if (pid <= 0)
    return false;
  return ::kill(pid, 0) == 0 || errno != ESRCH;
}

std::string read_all(int fd) {
  std::string text;
  char buffer[512];
  off_t offset = 0;
  for (;;) {
    ssize_t n = ::pread(fd, buffer, sizeof buffer, offset);
    if (n <= 0)
      return text;
    text.append(buffer, static_cast<size_t>(n));
    offset += n;
  }
}

// The PID on the first line; 0 when it is not a positive number.
pid_t pid_in(const std::string& text) {
  auto end = text.find('\n');
  std::string_view first = std::string_view(text).substr(0, end);
  long value = 0;
  auto [ptr, ec] = std::from_chars(first.data(), first.data() + first.size(), value);
  if (ec != std::errc() || ptr != first.data() + first.size() || value <= 0)
    return 0;
  return static_cast<pid_t>(value);
}

// Does `path` still name the file open as `fd`?
bool names_file(const fs::path& path, int fd) {
  struct stat by_path {}, by_fd {};
  if (::stat(path.c_str(), &by_path) != 0 || ::fstat(fd, &by_fd) != 0)
    return false;
  return by_path.st_dev == by_fd.st_dev && by_path.st_ino == by_fd.st_ino;
}

pg_error already_exists(pid_t pid, const fs::path& directory) {
  return fatal("F0001", "lock file " + quoted_name() + " already exists",
               "Is another tributary server (PID " + std::to_string(pid) +
                   ") running in data directory \"" + directory.string() + "\"?");
}

}  // namespace

result<std::unique_ptr<data_directory_lock>, pg_error> data_directory_lock::acquire(
    const fs::path& directory) {
  const fs::path path = directory / file_name;
  const int64_t started = static_cast<int64_t>(std::time(nullptr));
  for (int attempt = 0; attempt < max_attempts; ++attempt) {
    int created = ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (created >= 0) {
      // Another starter may be reading the still empty file under a short flock.
      if (::flock(created, LOCK_EX) != 0) {
        int error_number = errno;
        ::unlink(path.c_str());
        ::close(created);
        return fail(file_error("could not lock file", error_number));
      }
      std::unique_ptr<data_directory_lock> lock{
          new data_directory_lock(path, directory, created, started)};
      if (auto w = lock->write_contents("", "", "starting"); !w)
        return fail(w.error());
      return lock;
    }
    if (errno != EEXIST)
      return fail(file_error("could not create lock file", errno));

    fd_guard existing{::open(path.c_str(), O_RDWR | O_CLOEXEC | O_NOFOLLOW)};
    if (existing.get() < 0) {
      if (errno == ENOENT)
        continue;  // removed meanwhile: try to create it again
      return fail(file_error("could not open lock file", errno));
    }
    const bool held_elsewhere = ::flock(existing.get(), LOCK_EX | LOCK_NB) != 0;
    const std::string text = read_all(existing.get());
    if (!names_file(path, existing.get()))
      continue;  // replaced meanwhile: look at the new one
    if (text.empty())
      return fail(fatal("F0001", "lock file " + quoted_name() + " is empty",
                        "Either another server is starting, or the lock file is the remnant of a "
                        "previous server startup crash."));
    const pid_t owner = pid_in(text);
    if (owner == 0)
      return fail(fatal("F0001", "bogus data in lock file " + quoted_name() + ": \"" +
                                     text.substr(0, text.find('\n')) + "\""));
    const bool alive = process_alive(owner);
    if (held_elsewhere) {
      if (alive)
        return fail(already_exists(owner, directory));
      // Its server is gone but another starter holds the file: it is removing it.
      std::this_thread::sleep_for(stale_removal_pause);
      continue;
    }
    // Nobody holds it. A live PID that is neither this process nor its parent
    // (a previous run in the same container can leave either) is taken to be a
    // server, as PostgreSQL does.
    const bool ours = owner == ::getpid() || owner == ::getppid();
    if (alive && !ours)
      return fail(already_exists(owner, directory));
    // Stale, and under our flock: no other starter removes or reuses it now.
    if (::unlink(path.c_str()) != 0 && errno != ENOENT)
      return fail(fatal("F0001", "could not remove old lock file " + quoted_name() + ": " +
                                     std::strerror(errno),
                        "The file seems accidentally left over, but it could not be removed. "
                        "Please remove the file by hand and try again."));
  }
  return fail(fatal("F0001", "could not create lock file " + quoted_name() +
                                 ": it kept changing while being examined"));
}

data_directory_lock::data_directory_lock(fs::path path, fs::path directory, int fd, int64_t started)
    : path_(std::move(path)), directory_(std::move(directory)), fd_(fd), started_(started) {}

data_directory_lock::~data_directory_lock() {
  if (fd_ < 0)
    return;
  if (names_file(path_, fd_))
    ::unlink(path_.c_str());
  ::close(fd_);  // releases the flock
}

result<ok_t, pg_error> data_directory_lock::set_ready(int port, const std::string& listen_address) {
  port_ = std::to_string(port);
  address_ = listen_address;
  return write_contents(port_, address_, "ready");
}

result<ok_t, pg_error> data_directory_lock::set_stopping() {
  return write_contents(port_, address_, "stopping");
}

result<ok_t, pg_error> data_directory_lock::write_contents(const std::string& port,
                                                           const std::string& address,
                                                           const std::string& status) {
  std::string text = std::to_string(::getpid()) + "\n" + directory_.string() + "\n" +
                     std::to_string(started_) + "\n" + port + "\n" + address + "\n" + status + "\n";
  if (::ftruncate(fd_, 0) != 0)
    return fail(file_error("could not write lock file", errno));
  size_t written = 0;
  while (written < text.size()) {
    ssize_t n = ::pwrite(fd_, text.data() + written, text.size() - written,
                         static_cast<off_t>(written));
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return fail(file_error("could not write lock file", errno));
    }
    written += static_cast<size_t>(n);
  }
  if (::fsync(fd_) != 0)
    return fail(file_error("could not write lock file", errno));
  return ok_v;
}

}  // namespace tributary
