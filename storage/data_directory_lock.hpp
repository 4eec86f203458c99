// data_directory_lock: the lock file that keeps a second server off a data
// directory, as PostgreSQL's postmaster.pid does (miscinit.c, CreateLockFile).
//
// NOTES
//   File: DIR/tributary.pid, mode 0600, one item per line:
//     1 PID          2 data directory     3 start time (seconds since the epoch)
//     4 port         5 listen address     6 status: starting | ready | stopping
//   (4 and 5 are empty until the server listens.)
//
//   acquire(): the file is created exclusively (O_EXCL) and written. When it
//   already exists:
//     - the PID it names is alive and either holds the file's flock or is
//       neither this process nor its parent (a previous run in the same
//       container can leave either): refused, in PostgreSQL's words
//         FATAL:  lock file "tributary.pid" already exists
//         HINT:  Is another tributary server (PID 123) running in data directory "/d"?
//     - it is empty: refused (a server may be writing it right now)
//         FATAL:  lock file "tributary.pid" is empty
//     - otherwise it is stale (its server died): it is removed -- under its own
//       flock, after checking that the path still names that file, so two servers
//       starting at once never both remove and recreate it -- and created anew.
//   While the server runs it holds an exclusive flock on the file: the kernel
//   drops it when the process dies, whatever happens to the PID later.
//
//   States: absent --acquire--> held(starting) --set_ready--> held(ready)
//           --set_stopping--> held(stopping) --destructor (clean shutdown)--> absent
//   A crash leaves the file behind; the next start finds it stale and replaces it.
//
//   Example: `tributary serve -D /d` twice -> the second one stops at start with
//   the refusal above and touches nothing in /d.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

class data_directory_lock {
public:
  static constexpr const char* file_name = "tributary.pid";

  // Creates the lock file in `directory` (which must exist). The error is a
  // FATAL pg_error (SQLSTATE F0001 lock_file_exists when refused) with a HINT.
  static result<std::unique_ptr<data_directory_lock>, pg_error> acquire(
      const std::filesystem::path& directory);

  ~data_directory_lock();
  data_directory_lock(const data_directory_lock&) = delete;
  data_directory_lock& operator=(const data_directory_lock&) = delete;

  const std::filesystem::path& path() const { return path_; }

  // Rewrites lines 4-6 once the server listens / when it starts to stop.
  result<ok_t, pg_error> set_ready(int port, const std::string& listen_address);
  result<ok_t, pg_error> set_stopping();

private:
  data_directory_lock(std::filesystem::path path, std::filesystem::path directory, int fd,
                      int64_t started);
  result<ok_t, pg_error> write_contents(const std::string& port, const std::string& address,
                                        const std::string& status);

  std::filesystem::path path_;
  std::filesystem::path directory_;
  int fd_ = -1;
  int64_t started_ = 0;
  std::string port_;
  std::string address_;
};

}  // namespace tributary
