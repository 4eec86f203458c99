// Specification of data_directory_lock: one server per data directory, refused
// in PostgreSQL's words; stale lock files of dead servers are replaced; the
// file goes away at a clean shutdown.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "storage/data_directory.hpp"
#include "storage/data_directory_lock.hpp"

namespace tributary {
namespace {

namespace fs = std::filesystem;

struct temp_dir {
  fs::path path = fs::temp_directory_path() /
                  ("datadir_lock_test_" + std::to_string(::getpid()) + "_" +
                   ::testing::UnitTest::GetInstance()->current_test_info()->name());
  temp_dir() {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~temp_dir() { fs::remove_all(path); }
  fs::path lock_file() const { return path / data_directory_lock::file_name; }
};

std::vector<std::string> lines_of(const fs::path& file) {
  std::ifstream in(file);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  return lines;
}

void write_file(const fs::path& file, const std::string& text) {
  std::ofstream out(file);
  out << text;
}

// A process that has exited and been reaped: its PID names nobody.
pid_t dead_pid() {
  pid_t child = ::fork();
  if (child == 0)
    ::_exit(0);
  int status = 0;
  ::waitpid(child, &status, 0);
  return child;
}

// A live process that is not this one nor its parent; killed at scope end.
struct live_process {
  pid_t pid = ::fork();
  live_process() {
    if (pid == 0) {
      ::pause();
      ::_exit(0);
    }
  }
  ~live_process() {
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
  }
};

TEST(DataDirectoryLock, AcquireWritesPidDirectoryStartTimeAndStatus) {
  temp_dir d;
  auto lock = data_directory_lock::acquire(d.path);
  ASSERT_TRUE(lock.ok()) << lock.error().message;
  auto lines = lines_of(d.lock_file());
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_EQ(lines[0], std::to_string(::getpid()));
  EXPECT_EQ(lines[1], d.path.string());
  EXPECT_GT(std::stoll(lines[2]), 1'600'000'000);
  EXPECT_EQ(lines[3], "");
  EXPECT_EQ(lines[5], "starting");
  EXPECT_EQ(fs::status(d.lock_file()).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write);
}

TEST(DataDirectoryLock, ReadyAndStoppingAreRecordedWithThePort) {
  temp_dir d;
  auto lock = data_directory_lock::acquire(d.path);
  ASSERT_TRUE(lock.ok());
  ASSERT_TRUE((*lock)->set_ready(5433, "127.0.0.1").ok());
  auto lines = lines_of(d.lock_file());
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_EQ(lines[3], "5433");
  EXPECT_EQ(lines[4], "127.0.0.1");
  EXPECT_EQ(lines[5], "ready");
  ASSERT_TRUE((*lock)->set_stopping().ok());
  EXPECT_EQ(lines_of(d.lock_file()).at(5), "stopping");
  EXPECT_EQ(lines_of(d.lock_file()).at(3), "5433");
}

TEST(DataDirectoryLock, ReleasingItRemovesTheFile) {
  temp_dir d;
  {
    auto lock = data_directory_lock::acquire(d.path);
    ASSERT_TRUE(lock.ok());
    EXPECT_TRUE(fs::exists(d.lock_file()));
  }
  EXPECT_FALSE(fs::exists(d.lock_file()));
}

TEST(DataDirectoryLock, ASecondServerIsRefusedInPostgreSQLsWords) {
  temp_dir d;
  auto first = data_directory_lock::acquire(d.path);
  ASSERT_TRUE(first.ok());
  auto second = data_directory_lock::acquire(d.path);
  ASSERT_FALSE(second.ok());
  EXPECT_EQ(second.error().severity, "FATAL");
  EXPECT_EQ(second.error().sqlstate, "F0001");
  EXPECT_EQ(second.error().message, "lock file \"tributary.pid\" already exists");
  EXPECT_EQ(second.error().hint, "Is another tributary server (PID " + std::to_string(::getpid()) +
                                     ") running in data directory \"" + d.path.string() + "\"?");
  EXPECT_EQ(lines_of(d.lock_file()).at(0), std::to_string(::getpid())) << "the first lock is untouched";
}

TEST(DataDirectoryLock, AFileNamingALiveProcessIsRefused) {
  temp_dir d;
  live_process other;
  write_file(d.lock_file(), std::to_string(other.pid) + "\n/elsewhere\n0\n\n\nready\n");
  auto lock = data_directory_lock::acquire(d.path);
  ASSERT_FALSE(lock.ok());
  EXPECT_EQ(lock.error().message, "lock file \"tributary.pid\" already exists");
  EXPECT_NE(lock.error().hint.find("(PID " + std::to_string(other.pid) + ")"), std::string::npos);
  EXPECT_EQ(lines_of(d.lock_file()).at(0), std::to_string(other.pid));
}

TEST(DataDirectoryLock, AStaleFileOfADeadServerIsReplaced) {
  temp_dir d;
  write_file(d.lock_file(), std::to_string(dead_pid()) + "\n/old\n0\n5433\n\nready\n");
  auto lock = data_directory_lock::acquire(d.path);
  ASSERT_TRUE(lock.ok()) << lock.error().message;
  EXPECT_EQ(lines_of(d.lock_file()).at(0), std::to_string(::getpid()));
}

TEST(DataDirectoryLock, AnEmptyFileIsRefusedAsAServerThatMayBeStarting) {
  temp_dir d;
  write_file(d.lock_file(), "");
  auto lock = data_directory_lock::acquire(d.path);
  ASSERT_FALSE(lock.ok());
  EXPECT_EQ(lock.error().message, "lock file \"tributary.pid\" is empty");
  EXPECT_NE(lock.error().hint.find("another server is starting"), std::string::npos);
}

TEST(DataDirectoryLock, AFileWithoutAPidIsRefusedAsBogus) {
  temp_dir d;
  write_file(d.lock_file(), "not a pid\n");
  auto lock = data_directory_lock::acquire(d.path);
  ASSERT_FALSE(lock.ok());
  EXPECT_EQ(lock.error().message, "bogus data in lock file \"tributary.pid\": \"not a pid\"");
}

TEST(DataDirectoryLock, AMissingDirectoryIsAnError) {
  temp_dir d;
  auto lock = data_directory_lock::acquire(d.path / "absent");
  ASSERT_FALSE(lock.ok());
  EXPECT_EQ(lock.error().severity, "FATAL");
  EXPECT_NE(lock.error().message.find("could not create lock file \"tributary.pid\""), std::string::npos);
}

TEST(DataDirectoryLock, OfManyStartersRacingForAStaleFileExactlyOneWins) {
  temp_dir d;
  write_file(d.lock_file(), std::to_string(dead_pid()) + "\n");
  constexpr int starters = 8;
  std::vector<std::unique_ptr<data_directory_lock>> winners(starters);
  std::vector<std::string> refusals(starters);
  std::vector<std::thread> threads;
  for (int i = 0; i < starters; ++i)
    threads.emplace_back([&, i] {
      auto lock = data_directory_lock::acquire(d.path);
      if (lock)
        winners[i] = std::move(*lock);
      else
        refusals[i] = lock.error().message;
    });
  for (auto& t : threads)
    t.join();
  int won = 0;
  for (int i = 0; i < starters; ++i) {
    if (winners[i])
      ++won;
    else  // "is empty": caught between the winner's create and its write
      EXPECT_TRUE(refusals[i] == "lock file \"tributary.pid\" already exists" ||
                  refusals[i] == "lock file \"tributary.pid\" is empty")
          << refusals[i];
  }
  EXPECT_EQ(won, 1);
  EXPECT_EQ(lines_of(d.lock_file()).at(0), std::to_string(::getpid()));
}

TEST(DataDirectoryLock, ANewDirectoryHoldingOnlyTheLockFileIsInitialized) {
  temp_dir d;
  auto lock = data_directory_lock::acquire(d.path);
  ASSERT_TRUE(lock.ok());
  auto dir = data_directory::open(d.path, "alice");
  ASSERT_TRUE(dir.ok()) << dir.error();
  EXPECT_TRUE(fs::exists(d.path / "global.db"));
}

}  // namespace
}  // namespace tributary
