// Specification of apply_sink's durability (apply_sink.hpp): commits wait for no
// disk, make_durable() syncs the write-ahead log and returns the end of the last
// commit it covers, and whatever survives -- a killed process keeps every
// commit, a power loss keeps what was synced -- holds rows and remote_lsn of
// the same transactions, never one without the other, and never less than the
// last position make_durable returned (the one reported as flushed).
//
// The power loss is simulated by a VFS that wraps SQLite's default one and, at
// every xSync of a file, copies the file as it is then to "<file>.synced": the
// state a disk is guaranteed to hold after a power loss (writes since the last
// sync of a file are lost whole).
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>

#include "remote_transaction_builders.hpp"
#include "stages/pipeline/apply_plan.hpp"
#include "storage/apply_sink.hpp"
#include "storage/catalog_schema.hpp"
#include "wrapped_vfs.hpp"

namespace tributary {
namespace {

namespace fs = std::filesystem;

// ---- the syncing-snapshot VFS ----

sqlite3_vfs* real_vfs = nullptr;

struct snapshot_file {
  wrapped_file wrapped;
  std::string path;
};

int snapshot_sync(sqlite3_file* f, int flags) {
  int rc = wrapped_real(f)->pMethods->xSync(wrapped_real(f), flags);
  auto* file = reinterpret_cast<snapshot_file*>(f);
  if (rc == SQLITE_OK && !file->path.empty()) {
    std::error_code ec;
    fs::copy_file(file->path, file->path + ".synced", fs::copy_options::overwrite_existing, ec);
    if (ec)
      return SQLITE_IOERR_FSYNC;
  }
  return rc;
}

int snapshot_close(sqlite3_file* f) {
  int rc = wrapped_real(f)->pMethods->xClose(wrapped_real(f));
  reinterpret_cast<snapshot_file*>(f)->path.~basic_string();
  return rc;
}

const sqlite3_io_methods snapshot_methods = [] {
  sqlite3_io_methods m = pass_through_methods();
  m.xClose = snapshot_close;
  m.xSync = snapshot_sync;
  m.xFetch = [](sqlite3_file*, sqlite3_int64, int, void** out) {
    *out = nullptr;  // no memory-mapped reads: every read goes through xRead
    return SQLITE_OK;
  };
  m.xUnfetch = [](sqlite3_file*, sqlite3_int64, void*) { return SQLITE_OK; };
  return m;
}();

int snapshot_open(sqlite3_vfs*, sqlite3_filename name, sqlite3_file* f, int flags, int* out_flags) {
  auto* file = reinterpret_cast<snapshot_file*>(f);
  file->wrapped.real = reinterpret_cast<sqlite3_file*>(file + 1);
  int rc = real_vfs->xOpen(real_vfs, name, file->wrapped.real, flags, out_flags);
  if (rc != SQLITE_OK) {
    f->pMethods = nullptr;
    return rc;
  }
  new (&file->path) std::string(name ? name : "");
  f->pMethods = &snapshot_methods;
  return SQLITE_OK;
}

sqlite3_vfs snapshot_vfs;

// Registers the VFS as the default for the test's lifetime.
struct snapshot_vfs_scope {
  snapshot_vfs_scope() {
    real_vfs = sqlite3_vfs_find(nullptr);
    snapshot_vfs = *real_vfs;
    snapshot_vfs.zName = "tributary_snapshot";
    snapshot_vfs.szOsFile = static_cast<int>(sizeof(snapshot_file)) + real_vfs->szOsFile;
    snapshot_vfs.xOpen = snapshot_open;
    snapshot_vfs.pAppData = nullptr;
    sqlite3_vfs_register(&snapshot_vfs, 1);
  }
  ~snapshot_vfs_scope() {
    sqlite3_vfs_unregister(&snapshot_vfs);
    sqlite3_vfs_register(real_vfs, 1);
  }
};

// ---- the test ----

constexpr int64_t origin_id = 1;

class ApplyDurabilityTest : public ::testing::Test {
protected:
  void SetUp() override {
    char pattern[] = "/tmp/apply_durability_XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    dir_ = pattern;
    file_ = (dir_ / "db.db").string();
    auto db = sqlite_connection::open(file_);
    ASSERT_TRUE(db.ok());
    ASSERT_TRUE(migrate_catalog(*db).ok());
    ASSERT_TRUE(db->exec("INSERT INTO pg_subscription (oid, subdbid, subskiplsn, subname, subowner,"
                         " subenabled, subconninfo, subpublications) VALUES (16384, 1, '0/0',"
                         " 'sub', 10, 1, '', '{pub}');"
                         "INSERT INTO pg_replication_origin VALUES (1, 'pg_16384');"
                         "CREATE TABLE t (id integer PRIMARY KEY, v text);"
                         "PRAGMA wal_checkpoint(TRUNCATE);")
                    .ok());
    // The checkpoint synced the file: this is what the disk holds.
    fs::copy_file(file_, file_ + ".synced");
  }
  void TearDown() override { fs::remove_all(dir_); }

  // What a connection opened on `file` finds: remote_lsn and the ids in t.
  struct found {
    std::string remote_lsn;
    std::vector<int64_t> ids;
  };
  static found open_and_read(const std::string& file) {
    found out;
    auto db = sqlite_connection::open(file);
    EXPECT_TRUE(db.ok());
    if (!db)
      return out;
    auto q = db->prepare("SELECT remote_lsn FROM pg_replication_origin_status WHERE local_id = 1");
    EXPECT_TRUE(q.ok());
    if (q && q->step() && q->column_count() > 0 && !q->column_is_null(0))
      out.remote_lsn = q->column_text(0);
    auto ids = db->prepare("SELECT id FROM t ORDER BY id");
    EXPECT_TRUE(ids.ok());
    if (!ids)
      return out;
    for (auto s = ids->step(); s && *s == sqlite_statement::step_result::row; s = ids->step())
      out.ids.push_back(std::stoll(ids->column_text(0)));
    return out;
  }

  // The files as a power loss now would leave them (as they were at their last
  // sync), or as killing the process now would (as they are), copied elsewhere
  // while the sink still has them open (closing it would checkpoint and sync).
  std::string files_after(const char* what, bool power_loss) {
    fs::path copy = dir_ / what;
    fs::create_directories(copy);
    for (const char* suffix : {"", "-wal"}) {
      fs::path from = file_ + suffix + (power_loss ? ".synced" : "");
      if (fs::exists(from))
        fs::copy_file(from, copy / (std::string("db.db") + suffix));
    }
    if (power_loss)
      synced_file_size_ = fs::file_size(copy / "db.db");
    return (copy / "db.db").string();
  }

  void power_loss_scenario(apply_sink_config config, const std::string& value, bool tail_unsynced,
                           changed_pages pages = changed_pages::spilled);

  fs::path dir_;
  std::string file_;
  uintmax_t synced_file_size_ = 0;  // the database file as the power loss left it
};

// Transaction n inserts row n and ends at n * 0x100.
lsn end_of(int n) { return lsn{static_cast<uint64_t>(n) * 0x100}; }

// Applies 40 one-row transactions (row n carries `value`), makes them durable
// after every 7th, and checks what a power loss and a kill leave behind.
// With tail_unsynced, the last commits (never synced by make_durable nor by a
// checkpoint) must be missing after the power loss.
void ApplyDurabilityTest::power_loss_scenario(apply_sink_config config, const std::string& value,
                                              bool tail_unsynced, changed_pages pages) {
  snapshot_vfs_scope vfs;
  auto t = relation("t", {{"id", int4, true}, {"v", text_type}});
  lsn reported;
  std::string lost_file, killed_file;
  {
    auto sink = apply_sink::open(std::move(config));
    ASSERT_TRUE(sink.ok()) << sink.error().to_string();
    for (int n = 1; n <= 40; ++n) {
      std::vector<remote_transaction_ptr> group{
          txn({ins(t, {v(std::to_string(n)), v(value)})}, 740 + n, end_of(n).value() - 0x30)};
      ASSERT_TRUE(sink->begin_group(pages).ok());
      ASSERT_TRUE(sink->apply(make_apply_plan(group), group).ok());
      ASSERT_TRUE(sink->commit_group(end_of(n)).ok());
      EXPECT_TRUE(sink->commit_not_durable());
      if (n % 7 == 0) {
        auto durable = sink->make_durable();
        ASSERT_TRUE(durable.ok()) << durable.error().to_string();
        ASSERT_TRUE(durable->has_value());
        EXPECT_EQ(**durable, end_of(n)) << "the sync covers the last commit";
        reported = **durable;
        EXPECT_FALSE(sink->commit_not_durable());
        auto again = sink->make_durable();
        ASSERT_TRUE(again.ok());
        EXPECT_FALSE(again->has_value()) << "nothing committed since";
      }
    }
    // Commits 36..40 were never synced.
    lost_file = files_after("power_loss", true);
    killed_file = files_after("killed", false);
  }
  EXPECT_EQ(reported, end_of(35));

  // A power loss: only what was synced survives, rows and progress together.
  found lost = open_and_read(lost_file);
  auto recorded = lsn::parse(lost.remote_lsn);
  ASSERT_TRUE(recorded) << "remote_lsn after the power loss: '" << lost.remote_lsn << "'";
  EXPECT_GE(*recorded, reported) << "a position reported as flushed was lost";
  if (tail_unsynced) {
    EXPECT_LT(*recorded, end_of(40)) << "the commits after the last sync did not wait for the disk";
  }
  const int64_t last = static_cast<int64_t>(recorded->value() / 0x100);
  std::vector<int64_t> expected;
  for (int64_t n = 1; n <= last; ++n)
    expected.push_back(n);
  EXPECT_EQ(lost.ids, expected) << "rows and remote_lsn of the same transactions";

  // The process killed, the machine up: every commit is there.
  found killed = open_and_read(killed_file);
  EXPECT_EQ(killed.remote_lsn, end_of(40).to_string());
  EXPECT_EQ(killed.ids.size(), 40u);
}

TEST_F(ApplyDurabilityTest, APowerLossKeepsWholeTransactionsUpToAtLeastTheLastDurablePosition) {
  power_loss_scenario(apply_sink_config{file_, 16384, origin_id, 1000, nullptr}, "row", true);
}

// The sink checkpoints the WAL into the database file by itself every
// wal_autocheckpoint_bytes: here every few commits (rows of a page and more),
// between the syncs of make_durable. What a power loss leaves is still whole
// transactions up to at least the last durable position.
TEST_F(ApplyDurabilityTest, CheckpointsBetweenTheSyncsKeepThePowerLossGuarantee) {
  apply_sink_config config{file_, 16384, origin_id, 1000, nullptr};
  config.wal_autocheckpoint_bytes = 3 * new_file_page_size;
  // A checkpoint syncs the WAL (and then the file): commits after the last
  // make_durable may survive too.
  const auto before = fs::file_size(file_ + ".synced");
  power_loss_scenario(std::move(config), std::string(5000, 'x'), false);
  // The database file as last synced while the sink was open holds rows: the
  // checkpoints ran between the commits.
  EXPECT_GT(synced_file_size_, before + 20 * 4096);
}

// Groups that keep their changed pages in the group cache (apply_sink.hpp,
// "Changed pages") write them at their commit like any other: the same
// guarantee, with rows of several pages each and checkpoints between the syncs.
TEST_F(ApplyDurabilityTest, GroupsHoldingTheirPagesKeepThePowerLossGuarantee) {
  apply_sink_config config{file_, 16384, origin_id, 1000, nullptr};
  config.wal_autocheckpoint_bytes = 3 * new_file_page_size;
  power_loss_scenario(std::move(config), std::string(9000, 'x'), false, changed_pages::held);
}

// After a checkpoint the log starts again from its beginning and its file is
// cut back to wal_size_limit_bytes: a burst of commits does not leave its size
// on the disk.
TEST_F(ApplyDurabilityTest, TheLogFileIsCutBackWhenItStartsAgain) {
  apply_sink_config config{file_, 16384, origin_id, 1000, nullptr};
  config.wal_autocheckpoint_bytes = 100 * new_file_page_size;
  config.wal_size_limit_bytes = 64 * 1024;
  auto sink = apply_sink::open(std::move(config));
  ASSERT_TRUE(sink.ok()) << sink.error().to_string();
  auto t = relation("t", {{"id", int4, true}, {"v", text_type}});
  auto commit_rows = [&](int first, int count, size_t bytes, int n) {
    std::vector<row_change> changes;
    for (int id = first; id < first + count; ++id)
      changes.push_back(ins(t, {v(std::to_string(id)), v(std::string(bytes, 'x'))}));
    std::vector<remote_transaction_ptr> group{txn(std::move(changes), 740 + n, end_of(n).value() - 0x30)};
    ASSERT_TRUE(sink->begin_group(changed_pages::held).ok());
    ASSERT_TRUE(sink->apply(make_apply_plan(group), group).ok());
    ASSERT_TRUE(sink->commit_group(end_of(n)).ok());
  };
  commit_rows(1, 200, 5000, 1);  // ~400 pages: past the interval, checkpointed after its commit
  const auto burst = fs::file_size(file_ + "-wal");
  EXPECT_GT(burst, uintmax_t{512} * 1024);
  commit_rows(1000, 1, 10, 2);  // the log starts again
  EXPECT_LE(fs::file_size(file_ + "-wal"), uintmax_t{64 * 1024});
  EXPECT_EQ(open_and_read(file_).ids.size(), 201u);
}

// The apply connection's own cache size and checkpoint interval (apply_sink.hpp,
// "Cache and checkpoints"); SQLite's defaults are 2 MB and 1000 pages.
TEST_F(ApplyDurabilityTest, TheSinkSetsItsCacheSizeAndCheckpointInterval) {
  auto pragma = [](apply_sink& sink, const char* name) -> int64_t {
    auto q = sink.connection().prepare(std::string("PRAGMA ") + name);
    EXPECT_TRUE(q.ok());
    if (!q || !q->step())
      return 0;
    return q->column_int(0);
  };
  auto defaults = apply_sink::open(apply_sink_config{file_, 16384, origin_id, 1000, nullptr});
  ASSERT_TRUE(defaults.ok()) << defaults.error().to_string();
  EXPECT_EQ(pragma(*defaults, "cache_size"), -2000);
  EXPECT_EQ(pragma(*defaults, "page_size"), 1024) << "a new file's pages are of 1 KiB";
  EXPECT_EQ(pragma(*defaults, "wal_autocheckpoint"), 400000) << "~400 MB of log in pages of 1 KiB";
  EXPECT_EQ(pragma(*defaults, "journal_size_limit"), 10000 * 4096) << "the log file cut back to 40 MB";

  apply_sink_config config{file_, 16384, origin_id, 1000, nullptr};
  config.page_cache_kib = 8192;
  config.wal_autocheckpoint_bytes = 250 * new_file_page_size;
  config.wal_size_limit_bytes = 1 << 20;
  auto set = apply_sink::open(std::move(config));
  ASSERT_TRUE(set.ok()) << set.error().to_string();
  EXPECT_EQ(pragma(*set, "cache_size"), -8192);
  EXPECT_EQ(pragma(*set, "wal_autocheckpoint"), 250);
  EXPECT_EQ(pragma(*set, "journal_size_limit"), 1 << 20);

  apply_sink_config tiny{file_, 16384, origin_id, 1000, nullptr};
  tiny.page_cache_kib = 100;
  auto floor = apply_sink::open(std::move(tiny));
  ASSERT_TRUE(floor.ok()) << floor.error().to_string();
  EXPECT_EQ(pragma(*floor, "cache_size"), -2000) << "never below SQLite's default";
}

// A file created before pages were of 1 KiB keeps its 4 KiB pages (SQLite fixes
// the size with the first table), and its checkpoint interval is the same
// ~400 MB of log in its own pages.
TEST_F(ApplyDurabilityTest, AFileWithPagesOf4KiBKeepsThemAndItsCheckpointIntervalInBytes) {
  const std::string older = (dir_ / "older.db").string();
  {
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open(older.c_str(), &raw), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(raw, "PRAGMA page_size = 4096; PRAGMA journal_mode = WAL; CREATE TABLE x (a int);",
                           nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(raw);
  }
  {
    auto db = sqlite_connection::open(older);
    ASSERT_TRUE(db.ok());
    ASSERT_TRUE(migrate_catalog(*db).ok());
    ASSERT_TRUE(db->exec("INSERT INTO pg_replication_origin VALUES (1, 'pg_16384');").ok());
  }
  auto sink = apply_sink::open(apply_sink_config{older, 16384, origin_id, 1000, nullptr});
  ASSERT_TRUE(sink.ok()) << sink.error().to_string();
  auto pragma = [&](const char* name) {
    auto q = sink->connection().prepare(std::string("PRAGMA ") + name);
    return q && q->step() ? q->column_int(0) : 0;
  };
  EXPECT_EQ(pragma("page_size"), 4096);
  EXPECT_EQ(pragma("wal_autocheckpoint"), 100000);
}

TEST_F(ApplyDurabilityTest, NothingCommittedIsNothingToReport) {
  auto sink = apply_sink::open(apply_sink_config{file_, 16384, origin_id, 1000, nullptr});
  ASSERT_TRUE(sink.ok()) << sink.error().to_string();
  EXPECT_FALSE(sink->commit_not_durable());
  auto durable = sink->make_durable();
  ASSERT_TRUE(durable.ok());
  EXPECT_FALSE(durable->has_value());
  ASSERT_TRUE(sink->begin_group().ok());
  sink->rollback_group();
  EXPECT_FALSE(sink->commit_not_durable()) << "a rolled back group is nothing to make durable";
}

// A wal_syncer syncs the log by its name on a thread of its own: the sink names
// SQLite's log file (it holds the commit's frames once commit_group returns) and
// hands over the end of the last commit instead of syncing it.
TEST_F(ApplyDurabilityTest, TheSinkNamesItsLogAndHandsWhatIsNotDurableToASyncer) {
  auto t = relation("t", {{"id", int4, true}, {"v", text_type}});
  auto sink = apply_sink::open(apply_sink_config{file_, 16384, origin_id, 1000, nullptr});
  ASSERT_TRUE(sink.ok()) << sink.error().to_string();
  auto wal = sink->wal_file();
  ASSERT_TRUE(wal.has_value());
  EXPECT_EQ(fs::path(*wal).filename(), fs::path(file_ + "-wal").filename());
  EXPECT_FALSE(sink->take_not_durable().has_value());
  std::vector<remote_transaction_ptr> group{txn({ins(t, {v("1"), v("x")})}, 741, end_of(1).value() - 0x30)};
  ASSERT_TRUE(sink->begin_group().ok());
  ASSERT_TRUE(sink->apply(make_apply_plan(group), group).ok());
  ASSERT_TRUE(sink->commit_group(end_of(1)).ok());
  EXPECT_GT(fs::file_size(*wal), 0u) << "the commit's frames are in the file";
  EXPECT_EQ(sink->take_not_durable(), std::optional<lsn>(end_of(1)));
  EXPECT_FALSE(sink->commit_not_durable()) << "handed over: make_durable has nothing left";
  EXPECT_FALSE(sink->take_not_durable().has_value());
}

}  // namespace
}  // namespace tributary
