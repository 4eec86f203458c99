// 020_launcher_retry: a database file that cannot be read when the server starts
// (issue 16, item 1). The server starts anyway; the launcher logs why it cannot
// read that database's subscriptions and tries again with a back-off until it can,
// then the subscription starts and catches up. Before, the subscription stayed
// stopped for good and nothing was logged.
//
// The faults, each made while the server is down and repaired while it runs:
//   - base/app.db replaced by a directory (SQLite cannot open it);
//   - global.db (roles and databases) replaced by bytes that are no SQLite file:
//     the launcher cannot even list the databases, and a client is told why
//     (FATAL XX001 could not read file "global.db": file is not a database),
//     never that its role does not exist (issue 16, items 1 and 2).
//   - a full disk (a small tmpfs under the data directory, root only; skipped with
//     a message elsewhere): started on it, the server serves, a client hears
//     53100 No space left on device, and the subscription runs once space returns.
// Another process holding an exclusive SQLite lock on global.db is not used: the
// server then waits its 60 s busy timeout at every read, which is too slow for a
// test.
#include <fcntl.h>
#include <sys/mount.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "integration/replication_fixture.hpp"
#include "integration/startup_probe.hpp"

namespace tributary::integration {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

class LauncherRetry : public ReplicationTest {};

TEST_F(LauncherRetry, ASubscriptionWhoseDatabaseCannotBeReadAtStartStartsOnceItCan) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t;"
                  "INSERT INTO t SELECT generate_series(1, 10)");
  local_exec("CREATE DATABASE app");
  auto app = subscriber_.connect("app");
  ASSERT_TRUE(succeeded(exec(app.get(), "CREATE TABLE t (a int PRIMARY KEY)").get()));
  auto created = exec(app.get(), "CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() + "' PUBLICATION pub");
  ASSERT_TRUE(succeeded(created.get())) << PQresultErrorMessage(created.get());
  auto app_count = [&] {
    auto c = subscriber_.connect("app");
    auto r = exec(c.get(), "SELECT count(*) FROM t");
    return PQresultStatus(r.get()) == PGRES_TUPLES_OK ? std::string(PQgetvalue(r.get(), 0, 0)) : std::string();
  };
  ASSERT_TRUE(wait_until([&] { return app_count() == "10"; }, 60s, 100ms)) << subscriber_.log_text();
  app.reset();
  local_.reset();
  subscriber_.stop();

  const fs::path file = subscriber_.data_dir() / "base" / "app.db";
  const fs::path aside = subscriber_.data_dir() / "app.db.aside";
  fs::rename(file, aside);
  fs::create_directory(file);
  publisher_.exec("INSERT INTO t SELECT generate_series(11, 20)");

  ASSERT_NO_FATAL_FAILURE(subscriber_.start());
  const std::string reason = "could not read the subscriptions of database \"app\"";
  ASSERT_TRUE(wait_until([&] { return subscriber_.log_text().find(reason) != std::string::npos; }, 30s, 100ms))
      << subscriber_.log_text();
  EXPECT_TRUE(wait_until([&] { return subscriber_.log_text().find("will try again in") != std::string::npos; }, 10s,
                         100ms));

  fs::remove(file);
  fs::rename(aside, file);
  EXPECT_TRUE(wait_until([&] { return app_count() == "20"; }, 60s, 100ms)) << subscriber_.log_text();
}

TEST_F(LauncherRetry, AnUnreadableGlobalDbAtStartIsLoggedRetriedAndToldToClientsUntilRepaired) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t;"
                  "INSERT INTO t SELECT generate_series(1, 10)");
  local_exec("CREATE TABLE t (a int PRIMARY KEY)");
  local_exec("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() + "' PUBLICATION pub");
  auto count = [&] {
    auto c = subscriber_.connect();
    auto r = exec(c.get(), "SELECT count(*) FROM t");
    return PQresultStatus(r.get()) == PGRES_TUPLES_OK ? std::string(PQgetvalue(r.get(), 0, 0)) : std::string();
  };
  ASSERT_TRUE(wait_until([&] { return count() == "10"; }, 60s, 100ms)) << subscriber_.log_text();
  local_.reset();
  subscriber_.stop();

  const fs::path global = subscriber_.data_dir() / "global.db";
  const fs::path aside = subscriber_.data_dir().parent_path() / "global.db.aside";
  ASSERT_FALSE(fs::exists(global.string() + "-wal")) << "a clean stop leaves no WAL beside global.db";
  fs::rename(global, aside);
  {
    std::ofstream garbage(global, std::ios::binary);
    for (int i = 0; i < 512; ++i)
      garbage << "this is no SQLite database file";
  }
  publisher_.exec("INSERT INTO t SELECT generate_series(11, 20)");

  ASSERT_NO_FATAL_FAILURE(subscriber_.start());
  const std::string reason =
      "logical replication launcher could not read the list of databases: could not read file \"global.db\": "
      "file is not a database";
  ASSERT_TRUE(wait_until([&] { return subscriber_.log_text().find(reason) != std::string::npos; }, 30s, 100ms))
      << subscriber_.log_text();
  EXPECT_TRUE(wait_until([&] { return subscriber_.log_text().find("will try again in") != std::string::npos; }, 10s,
                         100ms));
  auto fields = startup_error_fields(subscriber_.port(), subscriber_.user(), "postgres");
  ASSERT_TRUE(fields.ok()) << fields.error();
  EXPECT_EQ((*fields)['S'], "FATAL");
  EXPECT_EQ((*fields)['C'], "XX001");
  EXPECT_EQ((*fields)['M'], "could not read file \"global.db\": file is not a database");
  EXPECT_NE(subscriber_.log_text().find("FATAL:  could not read file \"global.db\": file is not a database"),
            std::string::npos)
      << subscriber_.log_text();

  fs::remove(global);
  fs::rename(aside, global);
  EXPECT_TRUE(wait_until([&] { return count() == "20"; }, 60s, 100ms)) << subscriber_.log_text();
}

TEST_F(LauncherRetry, StartedOnAFullDiskClientsHearTheDiskAndTheSubscriptionRunsOnceSpaceReturns) {
  if (::geteuid() != 0)
    GTEST_SKIP() << "a full disk is a small tmpfs mounted by the test, which needs root";
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t;"
                  "INSERT INTO t SELECT generate_series(1, 10)");
  local_exec("CREATE TABLE t (a int PRIMARY KEY)");
  local_exec("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() + "' PUBLICATION pub");
  auto count = [&] {
    auto c = subscriber_.connect();
    auto r = exec(c.get(), "SELECT count(*) FROM t");
    return PQresultStatus(r.get()) == PGRES_TUPLES_OK ? std::string(PQgetvalue(r.get(), 0, 0)) : std::string();
  };
  ASSERT_TRUE(wait_until([&] { return count() == "10"; }, 60s, 100ms)) << subscriber_.log_text();
  local_.reset();
  subscriber_.stop();

  // The data directory moves onto an 8 MB tmpfs.
  const fs::path data = subscriber_.data_dir();
  const fs::path saved = data.parent_path() / "saved-data";
  fs::rename(data, saved);
  fs::create_directory(data);
  if (::mount("tributary-full", data.c_str(), "tmpfs", 0, "size=8m") != 0)
    GTEST_SKIP() << "cannot mount a tmpfs here: " << std::strerror(errno);
  struct unmount_at_end {
    fs::path at;
    ~unmount_at_end() { ::umount2(at.c_str(), MNT_DETACH); }
  } unmount{data};
  // A fresh tmpfs is 1777; the server refuses a data directory others may use.
  fs::permissions(data, fs::perms::owner_all);
  fs::copy(saved, data, fs::copy_options::recursive);

  // The disk is filled to the last page while the server is stopped (its clean
  // shutdown frees pages of its WAL), except one page kept free for the lock file
  // the server writes first: everything after that finds the disk full.
  ASSERT_NO_FATAL_FAILURE(subscriber_.start());
  subscriber_.stop();
  publisher_.exec("INSERT INTO t SELECT generate_series(11, 20)");
  const std::string page(4096, 'x');
  {
    std::ofstream reserve(data / "reserve");
    reserve << page;
  }
  const int filler = ::open((data / "filler").c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
  ASSERT_GE(filler, 0) << std::strerror(errno);
  while (::write(filler, page.data(), page.size()) > 0) {
  }
  ::close(filler);
  fs::remove(data / "reserve");
  ASSERT_NO_FATAL_FAILURE(subscriber_.start());

  auto fields = startup_error_fields(subscriber_.port(), subscriber_.user(), "postgres");
  ASSERT_TRUE(fields.ok()) << fields.error();
  EXPECT_EQ((*fields)['S'], "FATAL");
  EXPECT_EQ((*fields)['C'], "53100") << (*fields)['M'];
  EXPECT_NE((*fields)['M'].find("No space left on device"), std::string::npos) << (*fields)['M'];
  EXPECT_EQ((*fields)['M'].find("does not exist"), std::string::npos) << (*fields)['M'];
  EXPECT_NE(subscriber_.log_text().find("FATAL:  could not write to file \"global.db\": No space left on device"),
            std::string::npos)
      << subscriber_.log_text();

  fs::remove(data / "filler");
  EXPECT_TRUE(wait_until([&] { return count() == "20"; }, 60s, 100ms)) << subscriber_.log_text();
  subscriber_.stop();
}

}  // namespace
}  // namespace tributary::integration
