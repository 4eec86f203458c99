// Specification of wal_write_coalescing (storage/wal_write_coalescing.hpp): a
// connection opened through it writes a commit's log frames with one call (up
// to the buffer's size), and what it commits is in the files when the commit
// returns -- for other connections, for a process killed right then, and as
// the commit's error when the write fails.
//
// The calls are counted by a VFS that wraps SQLite's default one and is made
// the default for each test; it can also fail every write to a log.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "storage/sqlite_connection.hpp"
#include "storage/wal_write_coalescing.hpp"
#include "wrapped_vfs.hpp"

namespace tributary {
namespace {

namespace fs = std::filesystem;

// ---- the counting VFS ----

sqlite3_vfs* real_vfs = nullptr;
int wal_writes = 0;
bool fail_wal_writes = false;

struct counted_file {
  wrapped_file wrapped;
  bool is_wal;
};

const sqlite3_io_methods counted_methods = [] {
  sqlite3_io_methods m = pass_through_methods();
  m.xWrite = [](sqlite3_file* f, const void* b, int n, sqlite3_int64 o) {
    if (reinterpret_cast<counted_file*>(f)->is_wal) {
      ++wal_writes;
      if (fail_wal_writes)
        return SQLITE_IOERR_WRITE;
    }
    return wrapped_real(f)->pMethods->xWrite(wrapped_real(f), b, n, o);
  };
  return m;
}();

int counted_open(sqlite3_vfs*, sqlite3_filename name, sqlite3_file* f, int flags, int* out_flags) {
  auto* file = reinterpret_cast<counted_file*>(f);
  file->wrapped.real = reinterpret_cast<sqlite3_file*>(file + 1);
  file->is_wal = (flags & SQLITE_OPEN_WAL) != 0;
  int rc = real_vfs->xOpen(real_vfs, name, file->wrapped.real, flags, out_flags);
  f->pMethods = rc == SQLITE_OK ? &counted_methods : nullptr;
  return rc;
}

sqlite3_vfs counted_vfs;

class WalWriteCoalescing : public ::testing::Test {
protected:
  void SetUp() override {
    real_vfs = sqlite3_vfs_find(nullptr);
    counted_vfs = *real_vfs;
    counted_vfs.zName = "tributary_counted";
    counted_vfs.szOsFile = static_cast<int>(sizeof(counted_file)) + real_vfs->szOsFile;
    counted_vfs.xOpen = counted_open;
    sqlite3_vfs_register(&counted_vfs, 1);
    wal_writes = 0;
    fail_wal_writes = false;
    char pattern[] = "/tmp/wal_coalescing_XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    dir_ = pattern;
    file_ = (dir_ / "db.db").string();
    auto plain = sqlite_connection::open(file_);
    ASSERT_TRUE(plain.ok());
    ASSERT_TRUE(plain->exec("CREATE TABLE t (id integer PRIMARY KEY, v text)").ok());
  }
  void TearDown() override {
    sqlite3_vfs_unregister(&counted_vfs);
    sqlite3_vfs_register(real_vfs, 1);
    fs::remove_all(dir_);
  }

  // Inserts ids [from, to) with 1 000-byte values: about 1 KiB of pages per row.
  static result<ok_t, sqlite_error> insert_rows(sqlite_connection& db, int from, int to) {
    return db.exec("WITH RECURSIVE n(i) AS (SELECT " + std::to_string(from) + " UNION ALL SELECT i + 1 FROM n WHERE i + 1 < " +
                   std::to_string(to) + ") INSERT INTO t SELECT i, printf('%.1000c', 'x') FROM n");
  }
  static int64_t count_rows(const std::string& file) {
    auto db = sqlite_connection::open(file);
    EXPECT_TRUE(db.ok());
    auto q = db->prepare("SELECT count(*) FROM t");
    EXPECT_TRUE(q.ok());
    EXPECT_TRUE(q->step().ok());
    return q->column_int(0);
  }

  // PRAGMA integrity_check's first line on a fresh connection ("ok").
  static std::string integrity_of(const std::string& file) {
    auto db = sqlite_connection::open(file);
    EXPECT_TRUE(db.ok());
    auto q = db->prepare("PRAGMA integrity_check");
    EXPECT_TRUE(q.ok());
    EXPECT_TRUE(q->step().ok());
    return q->column_text(0);
  }
  // Commits ids [0, committed), then inserts [100, 100 + rolled_back) with a
  // 10-page cache (SQLite writes pages to the log before the commit) and rolls back.
  static void spill_and_roll_back(sqlite_connection& db, int committed, int rolled_back) {
    ASSERT_TRUE(db.exec("PRAGMA cache_size = 10").ok());
    ASSERT_TRUE(insert_rows(db, 0, committed).ok());
    ASSERT_TRUE(db.exec("BEGIN").ok());
    ASSERT_TRUE(insert_rows(db, 100, 100 + rolled_back).ok());
    ASSERT_TRUE(db.exec("ROLLBACK").ok());
  }
  // As the apply connection opens it: commits do not sync (apply_sink.hpp).
  static sqlite_connection open_coalescing(const std::string& file) {
    auto db = sqlite_connection::open(wal_write_coalescing_uri(file));
    EXPECT_TRUE(db.ok());
    EXPECT_TRUE(db->exec("PRAGMA synchronous=NORMAL").ok());
    return std::move(db).value();
  }

  fs::path dir_;
  std::string file_;
};

TEST_F(WalWriteCoalescing, ACommitOfManyFramesIsWrittenWithAFewCalls) {
  auto db = open_coalescing(file_);
  ASSERT_TRUE(db.exec("BEGIN").ok());
  ASSERT_TRUE(insert_rows(db, 0, 600).ok());
  wal_writes = 0;
  ASSERT_TRUE(db.exec("COMMIT").ok());
  // About 700 KiB of frames: two calls each without the buffer,
  // slices of 124 KiB with it.
  EXPECT_GE(wal_writes, 6);
  EXPECT_LE(wal_writes, 9);

  // The same commit through the default VFS, for comparison.
  auto plain = sqlite_connection::open(file_);
  ASSERT_TRUE(plain.ok());
  ASSERT_TRUE(plain->exec("BEGIN").ok());
  ASSERT_TRUE(insert_rows(*plain, 1000, 1600).ok());
  wal_writes = 0;
  ASSERT_TRUE(plain->exec("COMMIT").ok());
  EXPECT_GT(wal_writes, 300);
}

TEST_F(WalWriteCoalescing, AnotherConnectionSeesTheCommitAtOnce) {
  auto db = open_coalescing(file_);
  auto reader = sqlite_connection::open(file_);
  ASSERT_TRUE(reader.ok());
  for (int round = 0; round < 5; ++round) {
    ASSERT_TRUE(insert_rows(db, round * 100, round * 100 + 100).ok());
    auto q = reader->prepare("SELECT count(*), sum(length(v)) FROM t");
    ASSERT_TRUE(q.ok());
    ASSERT_TRUE(q->step().ok());
    EXPECT_EQ(q->column_int(0), (round + 1) * 100);
    EXPECT_EQ(q->column_int(1), (round + 1) * 100 * 1000);
  }
}

TEST_F(WalWriteCoalescing, ACommitIsInTheFilesWhenItReturns) {
  // A process killed right after COMMIT leaves the files as they are now.
  auto db = open_coalescing(file_);
  ASSERT_TRUE(insert_rows(db, 0, 50).ok());
  ASSERT_TRUE(insert_rows(db, 50, 350).ok());
  fs::path copy = dir_ / "killed";
  fs::create_directories(copy);
  for (const char* suffix : {"", "-wal"})
    fs::copy_file(file_ + suffix, copy / (std::string("db.db") + suffix));
  EXPECT_EQ(count_rows((copy / "db.db").string()), 350);
}

TEST_F(WalWriteCoalescing, ARolledBackSpillLeavesOnlyWhatCommitted) {
  // A tiny cache spills the open transaction's pages into the log; the rollback
  // rewinds the log and the next commit writes over the spilled frames.
  auto db = open_coalescing(file_);
  spill_and_roll_back(db, 100, 1000);
  ASSERT_TRUE(insert_rows(db, 2000, 2300).ok());
  EXPECT_EQ(count_rows(file_), 400);
  EXPECT_EQ(integrity_of(file_), "ok");
  ASSERT_TRUE(db.exec("PRAGMA wal_checkpoint(TRUNCATE)").ok());
  EXPECT_EQ(count_rows(file_), 400);
}

TEST_F(WalWriteCoalescing, FramesOfARollbackNeverOverwriteAnotherWritersCommit) {
  // The rolled-back transaction's spilled frames wait in the buffer; once the
  // write lock is released, another connection writes its commit at their
  // offsets, and nothing this connection does later may write over it.
  auto db = open_coalescing(file_);
  spill_and_roll_back(db, 20, 150);
  {
    auto other = sqlite_connection::open(file_);
    ASSERT_TRUE(other.ok());
    ASSERT_TRUE(other->exec("PRAGMA wal_autocheckpoint = 0").ok());
    ASSERT_TRUE(insert_rows(*other, 1000, 1150).ok());
  }
  ASSERT_TRUE(insert_rows(db, 2000, 2010).ok());
  EXPECT_EQ(count_rows(file_), 20 + 150 + 10);
  EXPECT_EQ(integrity_of(file_), "ok");
}

TEST_F(WalWriteCoalescing, AFailedWriteIsTheCommitsError) {
  auto db = open_coalescing(file_);
  ASSERT_TRUE(insert_rows(db, 0, 10).ok());
  ASSERT_TRUE(db.exec("BEGIN").ok());
  ASSERT_TRUE(insert_rows(db, 10, 40).ok());
  fail_wal_writes = true;
  auto committed = db.exec("COMMIT");
  ASSERT_FALSE(committed.ok());
  EXPECT_EQ(committed.error().code & 0xff, SQLITE_IOERR);
  fail_wal_writes = false;
  (void)db.exec("ROLLBACK");
  EXPECT_EQ(count_rows(file_), 10);
}

TEST_F(WalWriteCoalescing, APathThatNeedsEscapingOpensTheSameFile) {
  fs::path odd = dir_ / "a b?c#d%e.db";
  {
    auto db = sqlite_connection::open(wal_write_coalescing_uri(odd.string()));
    ASSERT_TRUE(db.ok());
    ASSERT_TRUE(db->exec("CREATE TABLE t (id integer PRIMARY KEY, v text); INSERT INTO t VALUES (1, 'x')").ok());
  }
  EXPECT_TRUE(fs::exists(odd));
  EXPECT_EQ(count_rows(odd.string()), 1);
}

}  // namespace
}  // namespace tributary
