// catalog_test_file: a database file of its own for one storage test, the catalog
// migrations run on each connection opened to it, removed (with its WAL files) at
// the test's end. Named after the test, so tests may run in parallel.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "storage/catalog_schema.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

struct catalog_test_file {
  explicit catalog_test_file(const std::string& prefix)
      : path(std::filesystem::temp_directory_path() /
             (prefix + "_" + std::to_string(::getpid()) + "_" +
              ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".db")) {
    std::filesystem::remove(path);
  }
  ~catalog_test_file() {
    for (auto suffix : {"", "-wal", "-shm"})
      std::filesystem::remove(path.string() + suffix);
  }
  sqlite_connection open() {
    auto db = sqlite_connection::open(path.string());
    EXPECT_TRUE(db);
    EXPECT_TRUE(migrate_catalog(*db));
    return std::move(*db);
  }

  std::filesystem::path path;
};

}  // namespace tributary
