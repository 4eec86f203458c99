// replication_fixture: one PostgreSQL publisher and one Tributary subscriber
// server, both real, for the replication suites (001_rep_changes, 004_sync, ...).
//
// The publisher runs with wal_level=logical from the fixture's bin dir; the
// subscriber runs with a short wal_retrieve_retry_interval so restarts after a
// failure take a fraction of a second instead of 5 s, and a 1 s status interval.
// Helpers run SQL on either side, wait for conditions with deadlines (never a
// fixed sleep) and compare a table on both sides.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "integration/pg_publisher.hpp"
#include "integration/pq_handles.hpp"
#include "integration/tributary_server.hpp"
#include "integration/wait_until.hpp"

namespace tributary::integration {

class ReplicationTest : public ::testing::Test {
protected:
  static std::vector<std::string> subscriber_settings() {
    return {"wal_retrieve_retry_interval=200ms", "wal_receiver_status_interval=1s"};
  }

  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(publisher_.start());
    ASSERT_NO_FATAL_FAILURE(subscriber_.start());
    local_ = subscriber_.connect();
    ASSERT_EQ(PQstatus(local_.get()), CONNECTION_OK);
  }

  // SQL on the subscriber; fails the test on error.
  void local_exec(const std::string& sql) {
    auto r = exec(local_.get(), sql);
    ASSERT_TRUE(succeeded(r.get())) << sql << "\n" << PQresultErrorMessage(r.get());
  }
  pg_result local_try(const std::string& sql) { return exec(local_.get(), sql); }
  std::string local_value(const std::string& sql) {
    auto r = exec(local_.get(), sql);
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK || PQntuples(r.get()) < 1) {
      ADD_FAILURE() << sql << ": " << PQresultErrorMessage(r.get());
      return "";
    }
    return PQgetisnull(r.get(), 0, 0) ? "<null>" : PQgetvalue(r.get(), 0, 0);
  }
  // Every row of a query as "v1|v2|..." lines (NULL shown as <null>).
  static std::vector<std::string> rows_of(PGresult* r) {
    std::vector<std::string> out;
    for (int i = 0; i < PQntuples(r); ++i) {
      std::string line;
      for (int j = 0; j < PQnfields(r); ++j) {
        if (j)
          line += "|";
        line += PQgetisnull(r, i, j) ? "<null>" : PQgetvalue(r, i, j);
      }
      out.push_back(line);
    }
    return out;
  }
  std::vector<std::string> local_rows(const std::string& sql) {
    auto r = exec(local_.get(), sql);
    EXPECT_EQ(PQresultStatus(r.get()), PGRES_TUPLES_OK) << sql << ": " << PQresultErrorMessage(r.get());
    return rows_of(r.get());
  }
  std::vector<std::string> publisher_rows(const std::string& sql) {
    auto c = publisher_.connect();
    auto r = exec(c.get(), sql);
    EXPECT_EQ(PQresultStatus(r.get()), PGRES_TUPLES_OK) << sql << ": " << PQresultErrorMessage(r.get());
    return rows_of(r.get());
  }

  std::string publisher_conninfo() const { return publisher_.conninfo() + " user=postgres"; }

  // CREATE SUBSCRIPTION name CONNECTION <publisher> PUBLICATION pub WITH (copy_data = false, ...)
  void create_subscription(const std::string& name, const std::string& publication,
                           const std::string& extra_options = "") {
    local_exec("CREATE SUBSCRIPTION " + name + " CONNECTION '" + publisher_conninfo() +
               "' PUBLICATION " + publication + " WITH (copy_data = false" +
               (extra_options.empty() ? "" : ", " + extra_options) + ")");
  }

  // Waits until `sql` on the subscriber returns `expected` as its first value.
  bool wait_local(const std::string& sql, const std::string& expected,
                  std::chrono::milliseconds timeout = std::chrono::seconds(60)) {
    std::string last;
    bool ok = wait_until(
        [&] {
          auto r = exec(local_.get(), sql);
          if (PQresultStatus(r.get()) != PGRES_TUPLES_OK || PQntuples(r.get()) < 1)
            return false;
          last = PQgetisnull(r.get(), 0, 0) ? "<null>" : PQgetvalue(r.get(), 0, 0);
          return last == expected;
        },
        timeout, std::chrono::milliseconds(100));
    if (!ok)
      ADD_FAILURE() << "waiting for `" << sql << "` = " << expected << ", last " << last << "\n"
                    << subscriber_.log_text();
    return ok;
  }

  // Waits until the slot confirms everything the publisher has written so far:
  // all changes up to now are applied and durable on the subscriber.
  bool wait_caught_up(const std::string& slot, std::chrono::milliseconds timeout = std::chrono::seconds(60)) {
    auto target = publisher_.query_value("SELECT pg_current_wal_lsn()");
    bool ok = wait_until(
        [&] {
          return publisher_.query_value("SELECT coalesce(confirmed_flush_lsn >= '" + target +
                                        "'::pg_lsn, false) FROM pg_replication_slots WHERE slot_name = '" +
                                        slot + "'") == "t";
        },
        timeout, std::chrono::milliseconds(100));
    if (!ok)
      ADD_FAILURE() << "slot " << slot << " did not reach " << target << "\n" << subscriber_.log_text();
    return ok;
  }

  pg_publisher publisher_;
  tributary_server subscriber_{tributary_server_options{subscriber_settings(), {}}};
  pg_connection local_;
};

}  // namespace tributary::integration
