// The spool file format: records come back as written, across reopen; a torn
// tail, a flipped byte or a foreign file is detected, never read as data.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "storage/spool_file.hpp"

namespace tributary {
namespace {

namespace fs = std::filesystem;

struct spool_dir {
  fs::path path = fs::temp_directory_path() /
                  ("spool_test_" + std::to_string(::getpid()) + "_" +
                   ::testing::UnitTest::GetInstance()->current_test_info()->name());
  spool_dir() {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~spool_dir() { fs::remove_all(path); }
};

void write_records(const fs::path& file, const std::vector<std::string>& records) {
  auto w = spool_writer::create(file, 16);
  ASSERT_TRUE(w) << w.error().message;
  for (const auto& r : records)
    ASSERT_TRUE(w->append(r));
  ASSERT_TRUE(w->flush());
}

std::vector<std::string> read_all(const fs::path& file, std::string* error = nullptr) {
  std::vector<std::string> out;
  auto r = spool_reader::open(file);
  if (!r) {
    if (error)
      *error = r.error().sqlstate + " " + r.error().message;
    return out;
  }
  for (;;) {
    auto next = r->next();
    if (!next) {
      if (error)
        *error = next.error().sqlstate + " " + next.error().message;
      return out;
    }
    if (!*next)
      return out;
    out.push_back(std::move(**next));
  }
}

TEST(SpoolFile, RecordsComeBackInOrderAfterReopen) {
  spool_dir d;
  auto file = d.path / "1234";
  std::string big(700000, 'x');  // larger than the reader's buffer
  write_records(file, {"a", "", "bc", big, std::string("\0\1\2", 3)});
  std::string error;
  auto records = read_all(file, &error);
  EXPECT_EQ(error, "");
  ASSERT_EQ(records.size(), 5u);
  EXPECT_EQ(records[0], "a");
  EXPECT_EQ(records[1], "");
  EXPECT_EQ(records[2], "bc");
  EXPECT_EQ(records[3], big);
  EXPECT_EQ(records[4], std::string("\0\1\2", 3));
}

TEST(SpoolFile, IsCreatedReadableByTheOwnerOnlyAndReplacesAStaleFile) {
  spool_dir d;
  auto file = d.path / "77";
  write_records(file, {"old", "older"});
  write_records(file, {"new"});
  struct stat st {};
  ASSERT_EQ(::stat(file.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  EXPECT_EQ(read_all(file), std::vector<std::string>{"new"});
}

TEST(SpoolFile, SizeCountsMagicHeadersAndPayloads) {
  spool_dir d;
  auto w = spool_writer::create(d.path / "1");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->size(), 8u);
  ASSERT_TRUE(w->append("abcd"));
  EXPECT_EQ(w->size(), 8u + 8u + 4u);
  ASSERT_TRUE(w->flush());
  EXPECT_EQ(fs::file_size(d.path / "1"), 20u);
}

TEST(SpoolFile, ATornTailIsAnErrorAfterTheWholeRecords) {
  spool_dir d;
  auto file = d.path / "9";
  write_records(file, {"first", "second record"});
  for (size_t cut : {3u, 10u}) {  // inside the last record's body, inside its header
    auto copy = d.path / ("cut" + std::to_string(cut));
    fs::copy_file(file, copy);
    fs::resize_file(copy, fs::file_size(file) - cut);
    std::string error;
    auto records = read_all(copy, &error);
    EXPECT_EQ(records, std::vector<std::string>{"first"}) << cut;
    EXPECT_NE(error.find("XX001"), std::string::npos) << error;
    EXPECT_NE(error.find("torn"), std::string::npos) << error;
  }
}

TEST(SpoolFile, AFlippedByteIsAChecksumMismatch) {
  spool_dir d;
  auto file = d.path / "9";
  write_records(file, {"first", "second"});
  {
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(fs::file_size(file) - 2));
    f.put('X');
  }
  std::string error;
  auto records = read_all(file, &error);
  EXPECT_EQ(records, std::vector<std::string>{"first"});
  EXPECT_NE(error.find("checksum mismatch"), std::string::npos) << error;
  EXPECT_NE(error.find("offset 21"), std::string::npos) << error;  // 8 magic + 8 header + 5
}

TEST(SpoolFile, AnAbsurdLengthIsRejectedWithoutAllocatingIt) {
  spool_dir d;
  auto file = d.path / "5";
  {
    std::ofstream f(file, std::ios::binary);
    f << "TRBSPL01";
    f.write("\xff\xff\xff\x7f\0\0\0\0", 8);
  }
  std::string error;
  EXPECT_TRUE(read_all(file, &error).empty());
  EXPECT_NE(error.find("out of range"), std::string::npos) << error;
}

TEST(SpoolFile, AForeignOrMissingFileIsAnError) {
  spool_dir d;
  {
    std::ofstream f(d.path / "foreign");
    f << "hello, world";
  }
  std::string error;
  read_all(d.path / "foreign", &error);
  EXPECT_NE(error.find("not a spool file"), std::string::npos) << error;
  auto missing = spool_reader::open(d.path / "missing");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().sqlstate, "58030");
  EXPECT_NE(missing.error().message.find("could not open file"), std::string::npos);
}

TEST(SpoolFile, AnUnwritableDirectoryIsAnIoError) {
  auto w = spool_writer::create("/nonexistent-spool-dir/1");
  ASSERT_FALSE(w);
  EXPECT_EQ(w.error().sqlstate, "58030");
  EXPECT_EQ(w.error().message, "could not create file \"/nonexistent-spool-dir/1\": No such file or directory");
}

TEST(SpoolFile, AFullDiskIsDiskFull53100) {
  if (!fs::exists("/dev/full"))
    GTEST_SKIP() << "no /dev/full";
  auto w = spool_writer::create("/dev/full", 4);
  ASSERT_TRUE(w) << w.error().message;
  auto appended = w->append("some bytes");
  ASSERT_FALSE(appended);
  EXPECT_EQ(appended.error().sqlstate, "53100");
  EXPECT_EQ(appended.error().message, "could not write to file \"/dev/full\": No space left on device");
}

TEST(SpoolFile, RemovingASpoolDirectoryCountsItsFiles) {
  spool_dir d;
  auto sub = d.path / "16384";
  fs::create_directories(sub);
  write_records(sub / "700", {"x"});
  write_records(sub / "701", {"y"});
  auto removed = remove_spool_directory(sub);
  ASSERT_TRUE(removed);
  EXPECT_EQ(*removed, 2u);
  EXPECT_FALSE(fs::exists(sub));
  EXPECT_EQ(*remove_spool_directory(sub), 0u);
}

TEST(SpoolFile, Crc32IsTheIeeeChecksum) {
  EXPECT_EQ(crc32_of("123456789"), 0xCBF43926u);
  EXPECT_EQ(crc32_of(""), 0u);
}

}  // namespace
}  // namespace tributary
