// 020_launcher_retry: a database file that cannot be read when the server starts
// (issue 16, item 1). The server starts anyway; the launcher logs why it cannot
// read that database's subscriptions and tries again with a back-off until it can,
// then the subscription starts and catches up. Before, the subscription stayed
// stopped for good and nothing was logged.
//
// The fault: base/app.db replaced by a directory while the server is down (SQLite
// cannot open it), put back while the server runs.
#include <filesystem>

#include "integration/replication_fixture.hpp"

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

}  // namespace
}  // namespace tributary::integration
