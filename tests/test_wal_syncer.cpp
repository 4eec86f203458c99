// WalSyncer: a write-ahead log synced on a thread of its own reports the
// position it was asked to cover, joins requests that wait, and reports a
// failure once (storage/wal_syncer).
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <vector>

#include "storage/wal_syncer.hpp"

using namespace tributary;
namespace fs = std::filesystem;

namespace {

// What `done` was called with, in order; waits with a deadline.
struct reports {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<std::string> seen;  // an LSN's text, or "error: ..."

  wal_syncer::done_fn callback() {
    return [this](const result<lsn, std::string>& r) {
      std::lock_guard lock(mutex);
      seen.push_back(r ? r->to_string() : "error: " + r.error());
      changed.notify_all();
    };
  }
  bool wait_for(const std::string& text) {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, std::chrono::seconds(10),
                            [&] { return !seen.empty() && seen.back() == text; });
  }
  std::vector<std::string> snapshot() {
    std::lock_guard lock(mutex);
    return seen;
  }
};

class WalSyncer : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("wal_syncer_test_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    wal_ = (dir_ / "db-wal").string();
    std::ofstream(wal_) << "frames";
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
  std::string wal_;
};

}  // namespace

TEST_F(WalSyncer, ASyncedLogReportsThePositionItCovers) {
  reports r;
  wal_syncer syncer(wal_, r.callback());
  syncer.request(*lsn::parse("0/1000"));
  EXPECT_TRUE(r.wait_for("0/1000"));
  syncer.request(*lsn::parse("0/2000"));
  EXPECT_TRUE(r.wait_for("0/2000"));
}

TEST_F(WalSyncer, RequestsThatWaitAreJoinedIntoTheLatestPosition) {
  reports r;
  wal_syncer syncer(wal_, r.callback());
  for (int i = 1; i <= 200; ++i)
    syncer.request(lsn(static_cast<uint64_t>(i) * 0x100));
  ASSERT_TRUE(r.wait_for("0/C800"));
  auto seen = r.snapshot();
  EXPECT_LE(seen.size(), 200u);
  for (size_t i = 1; i < seen.size(); ++i)  // never backwards
    EXPECT_LT(*lsn::parse(seen[i - 1]), *lsn::parse(seen[i]));
}

TEST_F(WalSyncer, APositionIsNeverReportedBackwards) {
  reports r;
  {
    wal_syncer syncer(wal_, r.callback());
    syncer.request(*lsn::parse("0/5000"));
    syncer.request(*lsn::parse("0/4000"));
    ASSERT_TRUE(r.wait_for("0/5000"));
    syncer.request(*lsn::parse("0/4800"));  // already covered: not reported again
    syncer.request(*lsn::parse("0/6000"));
    ASSERT_TRUE(r.wait_for("0/6000"));
  }
  EXPECT_EQ(r.snapshot(), (std::vector<std::string>{"0/5000", "0/6000"}));
}

TEST_F(WalSyncer, AMissingLogIsAFailureReportedOnceAndNothingAfterIt) {
  reports r;
  fs::remove(wal_);
  wal_syncer syncer(wal_, r.callback());
  syncer.request(*lsn::parse("0/1000"));
  ASSERT_TRUE(r.wait_for("error: could not open file \"" + wal_ + "\": No such file or directory"));
  std::ofstream(wal_) << "frames";  // back, but the syncer has stopped reporting
  syncer.request(*lsn::parse("0/2000"));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(r.snapshot().size(), 1u);
}

TEST_F(WalSyncer, AMissingDirectoryIsTheOpenError) {
  reports r;
  std::string nowhere = (dir_ / "gone" / "db-wal").string();
  wal_syncer syncer(nowhere, r.callback());
  syncer.request(*lsn::parse("0/1000"));
  EXPECT_TRUE(r.wait_for("error: could not open file \"" + nowhere + "\": No such file or directory"));
}

TEST_F(WalSyncer, ALogMadeAnewIsSyncedByItsNewName) {
  reports r;
  wal_syncer syncer(wal_, r.callback());
  syncer.request(*lsn::parse("0/1000"));
  ASSERT_TRUE(r.wait_for("0/1000"));
  fs::remove(wal_);
  std::ofstream(wal_) << "a new log";
  syncer.request(*lsn::parse("0/2000"));
  EXPECT_TRUE(r.wait_for("0/2000"));
}

TEST_F(WalSyncer, DestroyingItWithARequestWaitingEndsCleanly) {
  reports r;
  for (int i = 0; i < 20; ++i) {
    wal_syncer syncer(wal_, r.callback());
    syncer.request(lsn(static_cast<uint64_t>(i + 1)));
  }
  for (const auto& s : r.snapshot())
    EXPECT_EQ(s.rfind("error", 0), std::string::npos) << s;
}

TEST_F(WalSyncer, SyncNowCoversTheHighestPositionEverRequested) {
  reports r;
  wal_syncer syncer(wal_, r.callback());
  auto nothing = syncer.sync_now();
  ASSERT_TRUE(nothing);
  EXPECT_FALSE(nothing->has_value()) << "nothing handed over: nothing to report";
  syncer.request(*lsn::parse("0/3000"));
  syncer.request(*lsn::parse("0/2000"));
  auto now = syncer.sync_now();
  ASSERT_TRUE(now) << now.error();
  EXPECT_EQ(*now, std::optional<lsn>(*lsn::parse("0/3000")));
}

TEST_F(WalSyncer, SyncNowAfterAFailedSyncIsThatFailure) {
  reports r;
  fs::remove(wal_);
  wal_syncer syncer(wal_, r.callback());
  syncer.request(*lsn::parse("0/1000"));
  auto now = syncer.sync_now();
  ASSERT_FALSE(now);
  EXPECT_EQ(now.error(), "could not open file \"" + wal_ + "\": No such file or directory");
}
