// pg_subscriber: PostgreSQL's subscriber for the side-by-side benchmarks. See pg_subscriber.hpp.
#include "bench/pg_subscriber.hpp"

#include <cstdlib>
#include <memory>
#include <thread>

#include "bench/process_watch.hpp"
#include "integration/wait_until.hpp"

namespace tributary::bench {
namespace {

using steady = std::chrono::steady_clock;

// PostgreSQL's defaults for what the fixture turns off (fsync, full_page_writes),
// and the publisher's room for WAL, so no checkpoint or autovacuum falls into the run.
std::vector<std::string> subscriber_settings() {
  return {"fsync = on", "full_page_writes = on", "shared_buffers = 256MB", "max_wal_size = 8GB",
          "checkpoint_timeout = 30min", "autovacuum = off", "wal_level = replica"};
}

}  // namespace

std::filesystem::path pg18_bin_dir() {
  if (const char* dir = std::getenv("TRIBUTARY_PG18_BINDIR"); dir && *dir) return dir;
  return "/opt/tributary/pg/18/bin";
}

pg_subscriber::pg_subscriber(std::filesystem::path bin_dir, bench_cluster& cluster, std::string name,
                             std::string publication)
    : cluster_(cluster),
      name_(std::move(name)),
      publication_(std::move(publication)),
      server_(integration::pg_publisher_options{std::move(bin_dir), subscriber_settings()}) {}

done_result pg_subscriber::exec(const std::string& sql) {
  auto r = integration::exec(session_.get(), sql);
  if (!integration::succeeded(r.get())) return fail(sql + "\n  -> " + PQresultErrorMessage(r.get()));
  return ok_v;
}

text_result pg_subscriber::value(const std::string& sql) {
  auto r = integration::exec(session_.get(), sql);
  if (PQresultStatus(r.get()) != PGRES_TUPLES_OK) return fail(sql + "\n  -> " + PQresultErrorMessage(r.get()));
  if (PQntuples(r.get()) < 1) return fail(sql + "\n  -> no row");
  return std::string(PQgetisnull(r.get(), 0, 0) ? "<null>" : PQgetvalue(r.get(), 0, 0));
}

done_result pg_subscriber::start(const std::string& local_ddl) {
  server_.start();
  if (fixture_failed()) return fail("the PostgreSQL subscriber (" + server_.bin_dir().string() + ") did not start");
  session_ = integration::connect_with(server_.conninfo());
  if (PQstatus(session_.get()) != CONNECTION_OK)
    return fail("cannot connect to the PostgreSQL subscriber: " + std::string(PQerrorMessage(session_.get())));
  PQsetNoticeProcessor(session_.get(), [](void*, const char*) {}, nullptr);
  return exec(local_ddl);
}

text_result pg_subscriber::version() {
  auto v = value("SHOW server_version");
  if (!v) return v;
  return "PostgreSQL " + *v;
}

done_result pg_subscriber::prepare(const std::string& options) {
  if (auto created = exec("CREATE SUBSCRIPTION " + name_ + " CONNECTION '" + cluster_.publisher_conninfo() +
                          "' PUBLICATION " + publication_ + " WITH (copy_data = false" +
                          (options.empty() ? "" : ", " + options) + ")");
      !created)
    return created;
  std::string active_sql = "SELECT coalesce(bool_or(active), false) FROM pg_replication_slots WHERE slot_name = '" +
                           name_ + "'";
  auto slot_active = [&](const char* expected) {
    std::string last;
    bool reached = integration::wait_until(
        [&] {
          auto v = cluster_.publisher_value(active_sql);
          last = v ? *v : v.error();
          return v && *v == expected;
        },
        std::chrono::seconds(60));
    return reached ? done_result(ok_v) : done_result(fail("waiting for " + active_sql + " = " + expected + ", last: " + last));
  };
  if (auto active = slot_active("t"); !active) return active;
  if (auto disabled = exec("ALTER SUBSCRIPTION " + name_ + " DISABLE"); !disabled) return disabled;
  return slot_active("f");
}

result<subscriber_timing, std::string> pg_subscriber::time_catchup(lsn target, std::chrono::seconds deadline) {
  // The apply workers start with ENABLE; each watcher finds its own on a session of its own.
  auto watch_worker = [&](const std::string& which) {
    auto session = std::make_shared<integration::pg_connection>(integration::connect_with(server_.conninfo()));
    std::string pid_sql = "SELECT coalesce(max(pid), 0) FROM pg_stat_subscription WHERE subname = '" + name_ +
                          "' AND relid IS NULL AND " + which;
    return std::make_unique<process_watch>(
        [session, pid_sql]() -> pid_t {
          auto r = integration::exec(session->get(), pid_sql);
          if (PQresultStatus(r.get()) != PGRES_TUPLES_OK || PQntuples(r.get()) < 1) return 0;
          return static_cast<pid_t>(std::atoi(PQgetvalue(r.get(), 0, 0)));
        },
        std::chrono::milliseconds(20));
  };
  auto worker = watch_worker("leader_pid IS NULL");
  auto parallel = watch_worker("leader_pid IS NOT NULL");

  std::string reached_sql = "SELECT coalesce(confirmed_flush_lsn >= '" + target.to_string() +
                            "'::pg_lsn, false) FROM pg_replication_slots WHERE slot_name = '" + name_ + "'";
  auto start = steady::now();
  if (auto enabled = exec("ALTER SUBSCRIPTION " + name_ + " ENABLE"); !enabled) return fail(enabled.error());
  for (;;) {
    auto reached = cluster_.publisher_value(reached_sql);
    if (!reached) return fail(reached.error());
    if (*reached == "t") break;
    if (steady::now() - start > deadline) return fail("PostgreSQL's subscriber did not reach " + target.to_string());
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  subscriber_timing timing;
  timing.seconds = std::chrono::duration<double>(steady::now() - start).count();
  worker->stop();
  parallel->stop();
  timing.cpu_seconds = worker->total_cpu_seconds();
  timing.peak_rss_kib = worker->max_rss_kib();
  timing.peak_anon_kib = worker->max_anon_kib();
  timing.parallel_cpu_seconds = parallel->total_cpu_seconds();
  timing.parallel_peak_rss_kib = parallel->max_rss_kib();
  timing.parallel_peak_anon_kib = parallel->max_anon_kib();
  return timing;
}

result<double, std::string> pg_subscriber::time_initial_sync(size_t tables, std::chrono::seconds deadline) {
  const std::string ready_sql =
      "SELECT count(*) FROM pg_subscription_rel r JOIN pg_subscription s ON s.oid = r.srsubid WHERE s.subname = '" +
      name_ + "' AND r.srsubstate = 'r'";
  const std::string expected = std::to_string(tables);
  auto start = steady::now();
  if (auto created = exec("CREATE SUBSCRIPTION " + name_ + " CONNECTION '" + cluster_.publisher_conninfo() +
                          "' PUBLICATION " + publication_);
      !created)
    return fail(created.error());
  for (;;) {
    auto ready = value(ready_sql);
    if (!ready) return fail(ready.error());
    if (*ready == expected) break;
    if (steady::now() - start > deadline)
      return fail("PostgreSQL's subscriber did not have every table ready in time (" + *ready + " ready)");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return std::chrono::duration<double>(steady::now() - start).count();
}

}  // namespace tributary::bench
