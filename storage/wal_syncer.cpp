// wal_syncer: see wal_syncer.hpp.
#include "storage/wal_syncer.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace tributary {

namespace {

std::string system_error(const char* what, const std::string& path) {
  return std::string("could not ") + what + " \"" + path + "\": " + std::strerror(errno);
}

// fsync of the directory that holds `path`.
result<ok_t, std::string> sync_directory_of(const std::string& path) {
  auto dir = std::filesystem::path(path).parent_path();
  if (dir.empty())
    dir = ".";
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0)
    return fail(system_error("open directory", dir.string()));
  int rc = ::fsync(fd);
  std::string error = rc == 0 ? "" : system_error("fsync directory", dir.string());
  ::close(fd);
  if (rc != 0)
    return fail(error);
  return ok_v;
}

}  // namespace

wal_syncer::wal_syncer(std::string wal_path, done_fn done)
    : path_(std::move(wal_path)), done_(std::move(done)), thread_([this] { run(); }) {}

wal_syncer::~wal_syncer() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void wal_syncer::request(lsn covered) {
  {
    std::lock_guard lock(mutex_);
    if (!wanted_ || *wanted_ < covered)
      wanted_ = covered;
    if (!requested_ || *requested_ < covered)
      requested_ = covered;
  }
  wake_.notify_one();
}

result<std::optional<lsn>, std::string> wal_syncer::sync_now() {
  std::optional<lsn> covered;
  {
    std::lock_guard lock(mutex_);
    covered = requested_;
  }
  std::lock_guard syncing(syncing_);
  if (failure_)
    return fail(*failure_);
  if (!covered)
    return covered;
  if (auto synced = sync_file(); !synced) {
    failure_ = synced.error();
    return fail(synced.error());
  }
  return covered;
}

void wal_syncer::run() {
  pthread_setname_np(pthread_self(), "wal sync");
  for (;;) {
    lsn covered;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || wanted_.has_value(); });
      if (stopping_)
        return;
      covered = *wanted_;
      wanted_.reset();
    }
    if (last_reported_ && covered <= *last_reported_)
      continue;  // covered by a sync already reported: never report backwards
    std::lock_guard syncing(syncing_);
    if (failure_)
      continue;
    auto synced = sync_file();
    if (!synced) {
      failure_ = synced.error();
      done_(fail(synced.error()));
      continue;
    }
    last_reported_ = covered;
    done_(covered);
  }
}

result<ok_t, std::string> wal_syncer::sync_file() {
  int fd = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return fail(system_error("open file", path_));
  struct stat st {};
  bool known = ::fstat(fd, &st) == 0 && st.st_dev == synced_device_ && st.st_ino == synced_inode_;
  int rc = ::fdatasync(fd);
  std::string error = rc == 0 ? "" : system_error("fsync file", path_);
  ::close(fd);
  if (rc != 0)
    return fail(error);
  if (!known) {
    if (auto dir = sync_directory_of(path_); !dir)
      return fail(dir.error());
    synced_device_ = st.st_dev;
    synced_inode_ = st.st_ino;
  }
  return ok_v;
}

}  // namespace tributary
