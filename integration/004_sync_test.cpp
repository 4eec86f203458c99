// 004_sync: the initial copy of published tables (issue 4), against a real
// PostgreSQL 15 publisher and a real `tributary serve`.
//
// Every test starts its own publisher (pg_publisher) and server
// (tributary_server), creates the local tables, then CREATE SUBSCRIPTION with the
// default copy_data = true, and checks what a user sees: pg_subscription_rel
// going from i to r with srsublsn, local tables equal to the publisher's (row
// count and a checksum over every column), pg_stat_subscription_stats'
// sync_error_count, tributary_actors' table-sync actors and their progress.
// Nothing sleeps for a fixed time: every wait polls a condition with a deadline.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "integration/pg_publisher.hpp"
#include "integration/pq_handles.hpp"
#include "integration/tributary_server.hpp"
#include "integration/wait_until.hpp"

namespace tributary::integration {
namespace {

using namespace std::chrono_literals;

// What a table holds, in a form two servers can be compared by.
struct table_digest {
  int64_t rows = -1;
  uint64_t checksum = 0;
  friend bool operator==(const table_digest&, const table_digest&) = default;
};

std::ostream& operator<<(std::ostream& out, const table_digest& d) {
  return out << d.rows << " rows, checksum " << d.checksum;
}

// FNV-1a over every value of every row in `sql`'s order (NULL distinct from "").
table_digest digest_of(PGconn* connection, const std::string& sql) {
  auto result = exec(connection, sql);
  if (PQresultStatus(result.get()) != PGRES_TUPLES_OK)
    return {};
  uint64_t hash = 1469598103934665603ull;
  auto mix = [&](const char* bytes, size_t n) {
    for (size_t i = 0; i < n; ++i) {
      hash ^= static_cast<unsigned char>(bytes[i]);
      hash *= 1099511628211ull;
    }
  };
  for (int r = 0; r < PQntuples(result.get()); ++r)
    for (int c = 0; c < PQnfields(result.get()); ++c) {
      if (PQgetisnull(result.get(), r, c))
        mix("\0N", 2);
      else
        mix(PQgetvalue(result.get(), r, c), static_cast<size_t>(PQgetlength(result.get(), r, c)) + 1);
      mix("|", 1);
    }
  return {PQntuples(result.get()), hash};
}

// The first value of the first row, "" when there is none or on error.
std::string value_of(PGconn* connection, const std::string& sql) {
  auto result = exec(connection, sql);
  if (PQresultStatus(result.get()) != PGRES_TUPLES_OK || PQntuples(result.get()) < 1 ||
      PQgetisnull(result.get(), 0, 0))
    return "";
  return PQgetvalue(result.get(), 0, 0);
}

// Rows of `sql`, each row's values joined with '|'.
std::vector<std::string> rows_of(PGconn* connection, const std::string& sql) {
  std::vector<std::string> out;
  auto result = exec(connection, sql);
  for (int r = 0; r < PQntuples(result.get()); ++r) {
    std::string line;
    for (int c = 0; c < PQnfields(result.get()); ++c) {
      if (c > 0)
        line += '|';
      line += PQgetisnull(result.get(), r, c) ? "null" : PQgetvalue(result.get(), r, c);
    }
    out.push_back(line);
  }
  return out;
}

// The columns every test table has, publisher and local spelling.
constexpr const char* publisher_columns = "id bigint, i int, s text, n numeric, ts timestamptz";
constexpr const char* local_columns = "id integer, i integer, s text, n text, ts text";

std::string fill(const std::string& table, int64_t from, int64_t to) {
  return "INSERT INTO " + table + " SELECT g, g % 1000, 'value ' || g || E'\\t\\\\', g * 1.25, "
         "'2024-01-01 00:00:00+00'::timestamptz + g * interval '1 second' FROM generate_series(" +
         std::to_string(from) + ", " + std::to_string(to) + ") g;";
}

class SyncTest : public ::testing::Test {
protected:
  void start(std::vector<std::string> settings = {}) {
    ASSERT_NO_FATAL_FAILURE(publisher_.start());
    settings.push_back("wal_retrieve_retry_interval=500ms");
    server_.emplace(tributary_server_options{settings, {}});
    ASSERT_NO_FATAL_FAILURE(server_->start());
    connect_local();
    publisher_connection_ = publisher_.connect();
    ASSERT_EQ(PQstatus(publisher_connection_.get()), CONNECTION_OK);
    run_publisher("SET TimeZone = 'UTC'");
  }

  void connect_local() {
    local_ = server_->connect();
    ASSERT_EQ(PQstatus(local_.get()), CONNECTION_OK);
  }

  void run_local(const std::string& sql) {
    auto r = exec(local_.get(), sql);
    ASSERT_TRUE(succeeded(r.get())) << sql << "\n" << PQresultErrorMessage(r.get());
  }
  void run_publisher(const std::string& sql) {
    auto r = exec(publisher_connection_.get(), sql);
    ASSERT_TRUE(succeeded(r.get())) << sql << "\n" << PQresultErrorMessage(r.get());
  }

  // Publisher and local table `t` with the standard columns, `rows` rows on the publisher.
  void create_table(const std::string& table, int64_t rows, bool keyed = true) {
    const std::string key = keyed ? ", PRIMARY KEY (id))" : ")";
    run_publisher("CREATE TABLE " + table + " (" + publisher_columns + key + ";" +
                  (keyed ? "" : "ALTER TABLE " + table + " REPLICA IDENTITY FULL;") +
                  (rows > 0 ? fill(table, 1, rows) : ""));
    run_local("CREATE TABLE " + table + " (" + local_columns + key);
  }

  void subscribe(const std::string& options = "") {
    run_local("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_.conninfo() + "' PUBLICATION pub" +
              (options.empty() ? "" : " WITH (" + options + ")"));
  }

  table_digest publisher_digest(const std::string& table) {
    return digest_of(publisher_connection_.get(), "SELECT * FROM " + table + " ORDER BY id, i, s");
  }
  table_digest local_digest(const std::string& table) {
    return digest_of(local_.get(), "SELECT id, i, s, n, ts FROM " + table + " ORDER BY id, i, s");
  }

  // Waits until the local table equals the publisher's; reports both when not.
  void expect_equal_eventually(const std::string& table, std::chrono::seconds timeout = 120s) {
    bool equal = wait_until([&] { return local_digest(table) == publisher_digest(table); }, timeout, 200ms);
    EXPECT_TRUE(equal) << table << ": local " << local_digest(table) << ", publisher "
                       << publisher_digest(table) << "\n" << server_->log_text();
  }

  std::string rel_state(const std::string& table) {
    return value_of(local_.get(), "SELECT srsubstate::text || ' ' || coalesce(srsublsn::text, '') FROM pg_subscription_rel "
                                  "WHERE srrelname = '" + table + "'");
  }
  bool all_ready() {
    return value_of(local_.get(), "SELECT count(*) FROM pg_subscription_rel WHERE srsubstate <> 'r'") == "0";
  }
  int64_t sync_errors() {
    auto v = value_of(local_.get(), "SELECT sync_error_count FROM pg_stat_subscription_stats WHERE subname = 'sub'");
    return v.empty() ? 0 : std::stoll(v);
  }

  pg_publisher publisher_;
  std::optional<tributary_server> server_;
  pg_connection local_;
  pg_connection publisher_connection_;
};

// Keeps writing to the publisher's tables from its own connection until stopped.
class publisher_writer {
public:
  publisher_writer(const pg_publisher& publisher, std::vector<std::string> keyed, std::string keyless)
      : keyed_(std::move(keyed)), keyless_(std::move(keyless)) {
    connection_ = publisher.connect();
    thread_ = std::thread([this] { run(); });
  }
  ~publisher_writer() { stop(); }
  void stop() {
    stopping_ = true;
    if (thread_.joinable())
      thread_.join();
  }
  int64_t statements() const { return statements_; }
  std::string last_error() const { return error_; }

private:
  void run() {
    int64_t next_id = 10'000'000;
    for (int64_t n = 0; !stopping_; ++n) {
      const auto& table = keyed_[static_cast<size_t>(n) % keyed_.size()];
      std::string sql;
      switch (n % 4) {
        case 0: sql = fill(table, next_id, next_id + 4); next_id += 5; break;
        case 1: sql = "UPDATE " + table + " SET s = 'updated ' || id, n = n + 1 WHERE id % 97 = " +
                      std::to_string(n % 97); break;
        case 2: sql = "DELETE FROM " + table + " WHERE id % 89 = " + std::to_string(n % 89) + " AND id % 3 = 0"; break;
        case 3: sql = fill(keyless_, next_id, next_id + 2) + "DELETE FROM " + keyless_ + " WHERE id % 101 = " +
                      std::to_string(n % 101) + ";";
                next_id += 3; break;
      }
      auto r = exec(connection_.get(), sql);
      if (!succeeded(r.get())) {
        error_ = PQresultErrorMessage(r.get());
        return;
      }
      ++statements_;
    }
  }

  std::vector<std::string> keyed_;
  std::string keyless_;
  pg_connection connection_;
  std::thread thread_;
  std::atomic<bool> stopping_{false};
  std::atomic<int64_t> statements_{0};
  std::string error_;
};

TEST_F(SyncTest, FiveTablesCopiedUnderConcurrentWritesEqualThePublisher) {
  ASSERT_NO_FATAL_FAILURE(start());
  const std::map<std::string, int64_t> sizes = {
      {"t_tiny", 10}, {"t_small", 1'000}, {"t_keyless", 10'000}, {"t_medium", 50'000}, {"t_large", 1'000'000}};
  for (const auto& [table, rows] : sizes)
    ASSERT_NO_FATAL_FAILURE(create_table(table, rows, table != "t_keyless"));
  run_publisher("CREATE PUBLICATION pub FOR TABLE t_tiny, t_small, t_keyless, t_medium, t_large");
  publisher_writer writer(publisher_, {"t_tiny", "t_small", "t_medium", "t_large"}, "t_keyless");
  ASSERT_TRUE(wait_until([&] { return writer.statements() > 0; }, 60s)) << writer.last_error();
  auto before_copy = writer.statements();
  ASSERT_NO_FATAL_FAILURE(subscribe());
  EXPECT_EQ(rel_state("t_large"), "i ");
  ASSERT_TRUE(wait_until([&] { return all_ready(); }, 180s, 100ms)) << server_->log_text();
  auto during = writer.statements();
  EXPECT_GT(during, before_copy) << "no write ran while the tables were copied";
  // Keep writing a little after the copies, so the stream carries changes too.
  ASSERT_TRUE(wait_until([&] { return writer.statements() > during + 50; }, 60s));
  writer.stop();
  ASSERT_EQ(writer.last_error(), "");
  EXPECT_GT(writer.statements(), 50);
  for (const auto& [table, rows] : sizes)
    expect_equal_eventually(table);
  // Every table came from one snapshot: one srsublsn for all.
  EXPECT_EQ(value_of(local_.get(), "SELECT count(DISTINCT srsublsn) FROM pg_subscription_rel"), "1");
  EXPECT_EQ(sync_errors(), 0);
}

TEST_F(SyncTest, KillDuringTheThirdCopyRecopiesOnlyUnfinishedTables) {
  ASSERT_NO_FATAL_FAILURE(start());
  const std::vector<std::pair<std::string, int64_t>> tables = {
      {"a1", 10}, {"a2", 100}, {"a3", 200'000}, {"a4", 1'000}, {"a5", 10}};
  for (const auto& [table, rows] : tables)
    ASSERT_NO_FATAL_FAILURE(create_table(table, rows));
  run_publisher("CREATE PUBLICATION pub FOR TABLE a1, a2, a3, a4, a5");
  ASSERT_NO_FATAL_FAILURE(subscribe());
  // The table-sync actor of a3 shows rows copied so far.
  ASSERT_TRUE(wait_until(
      [&] {
        return value_of(local_.get(), "SELECT count(*) FROM tributary_actors WHERE kind = 'table_sync' "
                                      "AND state = 'copying public.a3' AND progress > 0") == "1";
      },
      120s, 5ms))
      << server_->log_text();
  server_->kill9();
  local_.reset();

  // Straight from the file: a3's copy left nothing behind.
  std::map<std::string, std::string> before;
  int64_t a3_rows = -1;
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open((server_->data_dir() / "base" / "postgres.db").c_str(), &db), SQLITE_OK);
    sqlite3_stmt* q = nullptr;
    ASSERT_EQ(sqlite3_prepare_v2(db,
                                 "SELECT srrelname, srsubstate || ' ' || coalesce(srsublsn, ''), "
                                 "(SELECT count(*) FROM a3) FROM pg_subscription_rel",
                                 -1, &q, nullptr),
              SQLITE_OK);
    while (sqlite3_step(q) == SQLITE_ROW) {
      before[reinterpret_cast<const char*>(sqlite3_column_text(q, 0))] =
          reinterpret_cast<const char*>(sqlite3_column_text(q, 1));
      a3_rows = sqlite3_column_int64(q, 2);
    }
    sqlite3_finalize(q);
    sqlite3_close(db);
  }
  ASSERT_EQ(before.size(), 5u);
  EXPECT_EQ(before["a3"], "i ");
  EXPECT_EQ(a3_rows, 0);
  // a3 starts only once a copy of a1 or a2 finished: something was ready before the kill.
  EXPECT_TRUE(before["a1"][0] == 'r' || before["a2"][0] == 'r') << before["a1"] << ", " << before["a2"];

  ASSERT_NO_FATAL_FAILURE(server_->start());
  ASSERT_NO_FATAL_FAILURE(connect_local());
  ASSERT_TRUE(wait_until([&] { return all_ready(); }, 180s, 100ms)) << server_->log_text();
  for (const auto& [table, state] : before) {
    if (state[0] == 'r') {
      EXPECT_EQ(rel_state(table), state) << table << " was copied again";
    }
  }
  for (const auto& [table, rows] : tables)
    expect_equal_eventually(table);
}

TEST_F(SyncTest, ConflictingLocalKeyFailsIsCountedRetriedAndSucceedsOnceRemoved) {
  ASSERT_NO_FATAL_FAILURE(start());
  ASSERT_NO_FATAL_FAILURE(create_table("c", 100));
  run_local("INSERT INTO c (id, s) VALUES (42, 'local')");
  run_publisher("CREATE PUBLICATION pub FOR TABLE c");
  ASSERT_NO_FATAL_FAILURE(subscribe());
  ASSERT_TRUE(wait_until([&] { return sync_errors() >= 2; }, 60s, 50ms)) << server_->log_text();
  EXPECT_EQ(rel_state("c"), "i ");
  EXPECT_EQ(rows_of(local_.get(), "SELECT id, s FROM c"), (std::vector<std::string>{"42|local"}));
  EXPECT_NE(server_->log_text().find("Key (id)=(42) already exists."), std::string::npos);
  EXPECT_NE(server_->log_text().find("COPY c, line 42"), std::string::npos);
  run_local("DELETE FROM c WHERE id = 42");
  ASSERT_TRUE(wait_until([&] { return all_ready(); }, 60s, 50ms)) << server_->log_text();
  expect_equal_eventually("c");
}

TEST_F(SyncTest, RowFilterAndColumnListSelectWhatArrivesInCopyAndStream) {
  ASSERT_NO_FATAL_FAILURE(start());
  run_publisher("CREATE TABLE f (id int PRIMARY KEY, v int, secret text);"
                "INSERT INTO f SELECT g, g, 'secret' FROM generate_series(1, 20) g;"
                "CREATE PUBLICATION pub FOR TABLE f (id, v) WHERE (v > 10)");
  run_local("CREATE TABLE f (id integer PRIMARY KEY, v integer, secret text DEFAULT 'local')");
  ASSERT_NO_FATAL_FAILURE(subscribe());
  ASSERT_TRUE(wait_until([&] { return all_ready(); }, 60s, 50ms)) << server_->log_text();
  EXPECT_EQ(value_of(local_.get(), "SELECT count(*) || ' ' || min(v) || ' ' || max(v) || ' ' || "
                                   "group_concat(DISTINCT secret) FROM f"),
            "10 11 20 local");
  run_publisher("INSERT INTO f VALUES (21, 5, 'secret'), (22, 50, 'secret')");
  ASSERT_TRUE(wait_until([&] { return value_of(local_.get(), "SELECT count(*) FROM f") == "11"; }, 60s))
      << server_->log_text();
  EXPECT_EQ(rows_of(local_.get(), "SELECT id, v, secret FROM f WHERE id > 20"),
            (std::vector<std::string>{"22|50|local"}));
}

// As PostgreSQL 16+ subscribers (fetch_table_list): refused at CREATE
// SUBSCRIPTION, which then stores nothing and creates no slot, and at REFRESH,
// which keeps the subscription's tables as they were. A list naming every
// column is the same as no list.
TEST_F(SyncTest, TablesSentWithDifferentColumnListsAreRefusedAtCreateAndRefresh) {
  ASSERT_NO_FATAL_FAILURE(start());
  run_publisher("CREATE TABLE d (id int PRIMARY KEY, x int, y int);"
                "CREATE TABLE e (id int PRIMARY KEY);"
                "CREATE PUBLICATION pub FOR TABLE d (id, x); CREATE PUBLICATION pub2 FOR TABLE d (id, y);"
                "CREATE PUBLICATION whole FOR TABLE d; CREATE PUBLICATION listed FOR TABLE d (id, x, y);"
                "CREATE PUBLICATION other FOR TABLE e");
  run_local("CREATE TABLE d (id integer PRIMARY KEY, x integer, y integer); CREATE TABLE e (id integer PRIMARY KEY)");
  const std::string message =
      "cannot use different column lists for table \"public.d\" in different publications";
  auto r = exec(local_.get(), "CREATE SUBSCRIPTION sub CONNECTION '" + publisher_.conninfo() +
                                  "' PUBLICATION pub, pub2");
  ASSERT_EQ(PQresultStatus(r.get()), PGRES_FATAL_ERROR);
  EXPECT_STREQ(PQresultErrorField(r.get(), PG_DIAG_SQLSTATE), "0A000");
  EXPECT_STREQ(PQresultErrorField(r.get(), PG_DIAG_MESSAGE_PRIMARY), message.c_str());
  EXPECT_EQ(value_of(local_.get(), "SELECT count(*) FROM pg_subscription"), "0");
  EXPECT_EQ(value_of(publisher_connection_.get(), "SELECT count(*) FROM pg_replication_slots"), "0");

  run_local("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_.conninfo() +
            "' PUBLICATION whole, listed WITH (copy_data = false)");
  run_local("ALTER SUBSCRIPTION sub SET PUBLICATION other, pub WITH (refresh = false)");
  auto refresh = exec(local_.get(), "ALTER SUBSCRIPTION sub ADD PUBLICATION pub2");
  ASSERT_EQ(PQresultStatus(refresh.get()), PGRES_FATAL_ERROR);
  EXPECT_STREQ(PQresultErrorField(refresh.get(), PG_DIAG_SQLSTATE), "0A000");
  EXPECT_STREQ(PQresultErrorField(refresh.get(), PG_DIAG_MESSAGE_PRIMARY), message.c_str());
  EXPECT_EQ(value_of(local_.get(), "SELECT subpublications FROM pg_subscription"), "{other,pub}");
  EXPECT_EQ(rows_of(local_.get(), "SELECT srrelname FROM pg_subscription_rel ORDER BY 1"),
            (std::vector<std::string>{"d"}));
}

TEST_F(SyncTest, TableAddedToThePublicationArrivesOnlyAfterRefreshExactlyOnce) {
  ASSERT_NO_FATAL_FAILURE(start());
  ASSERT_NO_FATAL_FAILURE(create_table("first", 100));
  run_publisher("CREATE PUBLICATION pub FOR TABLE first");
  ASSERT_NO_FATAL_FAILURE(subscribe());
  ASSERT_TRUE(wait_until([&] { return all_ready(); }, 60s, 50ms)) << server_->log_text();
  ASSERT_NO_FATAL_FAILURE(create_table("later", 500, false));
  run_publisher("ALTER PUBLICATION pub ADD TABLE later");
  run_publisher(fill("later", 501, 600) + fill("first", 101, 110));
  // The stream goes on for `first`; `later` gets nothing before REFRESH.
  expect_equal_eventually("first");
  EXPECT_EQ(value_of(local_.get(), "SELECT count(*) FROM later"), "0");
  EXPECT_EQ(value_of(local_.get(), "SELECT count(*) FROM pg_subscription_rel WHERE srrelname = 'later'"), "0");
  run_local("ALTER SUBSCRIPTION sub REFRESH PUBLICATION");
  ASSERT_TRUE(wait_until([&] { return rel_state("later").starts_with("r "); }, 60s, 50ms)) << server_->log_text();
  run_publisher(fill("later", 601, 610));
  expect_equal_eventually("later");  // keyless: a duplicate would show in the count
  EXPECT_EQ(value_of(local_.get(), "SELECT count(*) FROM later"), "610");
}

TEST_F(SyncTest, RefreshWithoutCopyDataMarksNewTablesReadyWithoutRows) {
  ASSERT_NO_FATAL_FAILURE(start());
  ASSERT_NO_FATAL_FAILURE(create_table("first", 10));
  run_publisher("CREATE PUBLICATION pub FOR TABLE first");
  ASSERT_NO_FATAL_FAILURE(subscribe());
  ASSERT_TRUE(wait_until([&] { return all_ready(); }, 60s, 50ms)) << server_->log_text();
  ASSERT_NO_FATAL_FAILURE(create_table("later", 50));
  run_publisher("ALTER PUBLICATION pub ADD TABLE later");
  run_local("ALTER SUBSCRIPTION sub REFRESH PUBLICATION WITH (copy_data = false)");
  EXPECT_EQ(rel_state("later").substr(0, 1), "r");
  run_publisher("INSERT INTO later (id, s) VALUES (1000, 'streamed')");
  ASSERT_TRUE(wait_until([&] { return value_of(local_.get(), "SELECT count(*) FROM later") == "1"; }, 60s))
      << server_->log_text();
  EXPECT_EQ(value_of(local_.get(), "SELECT s FROM later"), "streamed");
}

}  // namespace
}  // namespace tributary::integration
