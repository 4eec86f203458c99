// wal_syncer: makes a write-ahead log's committed frames durable on a thread of
// its own, so the applier goes on applying while the disk syncs.
//
// NOTES
//   Why: in a W2 catch-up (random updates, a 4 KiB log frame per transaction)
//   the applier waited in fdatasync of the log for about a quarter of its time
//   (bench/history-19.md); the sync is the disk's work and needs nothing of the
//   applier, whose commits do not wait for the disk anyway (apply_sink.hpp).
//   What: request(position) says every commit up to `position` is in the log
//   file (an apply_sink commit writes its frames before it returns). The thread
//   opens the file by its path and fdatasync()s it — the kernel syncs the file,
//   whichever descriptor asks — then hands the position to `done` as durable.
//   Requests that arrive meanwhile are joined: the next sync covers the latest;
//   a position never goes backwards.
//   A file it has not synced before (the log made anew, or the first sync)
//   also gets its directory synced, so the file's name is as durable as its
//   contents (SQLite's own first sync of a new log does the same).
//   Failure: `done` gets PostgreSQL's `could not fsync file "...": <reason>`
//   (or open), and the syncer reports nothing more: the applier stops, and its
//   restart receives again whatever was not reported.
//   Threads: request() from the owner's thread; `done` runs on the syncer's.
//   The destructor lets a sync in progress finish, drops one not started, and
//   joins.
#pragma once

#include <sys/types.h>

#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "stages/core/lsn.hpp"
#include "stages/core/result.hpp"

namespace tributary {

class wal_syncer {
public:
  using done_fn = std::function<void(const result<lsn, std::string>&)>;

  wal_syncer(std::string wal_path, done_fn done);
  ~wal_syncer();
  wal_syncer(const wal_syncer&) = delete;
  wal_syncer& operator=(const wal_syncer&) = delete;

  void request(lsn covered);
  // Syncs on the caller's thread, now: the highest position ever requested
  // (nullopt when none was), for an owner about to stop that must report what
  // it handed over. An error when this or an earlier sync failed.
  result<std::optional<lsn>, std::string> sync_now();

private:
  void run();
  result<ok_t, std::string> sync_file();

  const std::string path_;
  const done_fn done_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::optional<lsn> wanted_;     // guarded by mutex_
  std::optional<lsn> requested_;  // the highest ever requested; guarded by mutex_
  bool stopping_ = false;         // guarded by mutex_
  std::mutex syncing_;            // one sync at a time; guards the three below
  std::optional<std::string> failure_;
  std::optional<lsn> last_reported_;
  dev_t synced_device_ = 0;  // the file last synced (its directory synced then)
  ino_t synced_inode_ = 0;
  std::thread thread_;  // last: started once the members above exist
};

}  // namespace tributary
