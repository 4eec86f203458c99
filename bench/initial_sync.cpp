// initial_sync: workload W4 of issue 10 (and the benchmark of issue 4) — how fast
// Tributary's initial table copy (CREATE SUBSCRIPTION with copy_data = true) runs,
// against two ceilings and PostgreSQL 18's own subscriber, in the same run on the
// same data.
//
// Protocol: --tables tables sync_0.. of --rows rows each on the publisher (id bigint
// PK, integer, text, numeric, timestamptz), published as p; the same tables, empty,
// declared with the same PostgreSQL DDL (`pg_table_ddl`) in Tributary and in
// PostgreSQL's subscriber. Then, one after the other so they never compete for the
// two cores:
//   copy ceiling:   two plain libpq clients COPY the tables TO STDOUT in parallel and
//                   discard the data (sync_ceilings);
//   sqlite ceiling: the same rows, loaded into memory first, inserted into empty
//                   SQLite tables of SQLite's own types (`sqlite_table_ddl`; WAL,
//                   synchronous=FULL), prepared statement, one transaction per table
//                   (sync_ceilings): one plain SQLite writer;
//   tributary:      CREATE SUBSCRIPTION s ... PUBLICATION p, timed until every
//                   pg_subscription_rel row is 'r' (polled every 50 ms); then the
//                   local row count of every table must equal --rows;
//   pg18:           the same on PostgreSQL's subscriber (pg_subscriber; unless
//                   --no-pg18), its row counts checked the same way.
// max_sync_workers_per_subscription is checked to be 2 on Tributary (its default;
// the shared bench_cluster starts the server without -c settings); it is 2 on
// PostgreSQL by default too.
// Output: the rates, Tributary / PG18 (target >= 1.5), Tributary / the SQLite
// ceiling (target >= 0.9) and / the lower ceiling (issue 4's 0.8), the server's peak
// RSS during the copy (VmHWM, reset just before CREATE; the server pid is found by
// its command line: pg_stat_subscription.pid is the apply worker's), its CPU during the
// copy and per million rows, and one machine-readable line
//   RESULT initial_sync rows=... tributary_rows_per_s=... copy_ceiling_rows_per_s=...
//          sqlite_ceiling_rows_per_s=... ratio=... peak_rss_mib=... pg18_rows_per_s=...
//          tributary_vs_pg18=... tributary_vs_sqlite=... tributary_cpu_s_per_mrow=... load=...
// Exit status: 0 when the run completed and the counts matched (whatever the ratio),
// 1 with a message on stderr otherwise.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <memory>
#include <optional>
#include <thread>

#include <unistd.h>

#include "bench/bench_cluster.hpp"
#include "bench/catchup_run.hpp"
#include "bench/pg_subscriber.hpp"
#include "bench/process_stats.hpp"
#include "bench/process_watch.hpp"
#include "bench/sync_ceilings.hpp"

namespace tributary::bench {
namespace {

using steady = std::chrono::steady_clock;

constexpr double ratio_target = 0.8;
constexpr double pg18_target = 1.5;
constexpr double sqlite_target = 0.9;
constexpr int copy_clients = 2;
constexpr auto sync_deadline = std::chrono::seconds(3600);
constexpr auto poll_interval = std::chrono::milliseconds(50);
constexpr auto progress_interval = std::chrono::seconds(10);

// The plain SQLite writer's tables (SQLite's own types).
const char* sqlite_table_ddl =
    "CREATE TABLE %s (id INTEGER PRIMARY KEY, quantity INTEGER, label TEXT, amount TEXT, created_at TEXT)";
// Tributary's and PostgreSQL's subscriber's: the publisher's DDL.
const char* pg_table_ddl =
    "CREATE TABLE %s (id bigint PRIMARY KEY, quantity integer, label text, amount numeric(12,2), created_at timestamptz)";

std::string ddl_for(const char* ddl, const std::string& table) {
  std::string out = ddl;
  return out.replace(out.find("%s"), 2, table);
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  in >> one >> five >> fifteen;
  return one + "/" + five + "/" + fifteen;
}

std::string publisher_table_sql(const std::string& table, int64_t rows) {
  return "CREATE TABLE " + table +
         " (id bigint PRIMARY KEY, quantity integer, label text, amount numeric(12,2), created_at timestamptz);"
         " INSERT INTO " + table +
         " SELECT g, (g * 7919) % 100000, 'item ' || g || ' ' || md5(g::text), ((g * 37) % 1000000) / 100.0,"
         " timestamptz '2024-01-01 00:00:00+00' + g * interval '1 second' FROM generate_series(1::bigint, " +
         std::to_string(rows) + ") g";
}

double seconds_since(steady::time_point start) { return std::chrono::duration<double>(steady::now() - start).count(); }

// utime + stime of the whole process, ended threads included (/proc/<pid>/stat).
double process_cpu_seconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto after_name = stat.rfind(')');
  if (after_name == std::string::npos) return 0;
  std::istringstream fields(stat.substr(after_name + 2));
  std::string field;
  double ticks = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i)
    if (i == 14 || i == 15) ticks += std::stod(field);  // utime, stime
  return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

struct sync_timing {
  double seconds = 0;
  pid_t server_pid = 0;
  int64_t peak_rss_kib = 0;
  double process_cpu_seconds = 0;  // ended threads (sync workers) included
  std::map<std::string, double> cpu; // threads still alive at the end only
};

result<sync_timing, std::string> time_tributary(bench_cluster& cluster, size_t tables) {
  pid_t server = server_process_of(cluster.server().data_dir());
  if (server == 0) return fail("no process serves " + cluster.server().data_dir().string());
  if (auto reset = reset_peak_rss(server); !reset) return fail(reset.error());
  double cpu_before = process_cpu_seconds(server);
  process_watch watch([server] { return server; }, std::chrono::milliseconds(100));
  auto start = steady::now();
  auto created = cluster.local_exec("CREATE SUBSCRIPTION s CONNECTION '" + cluster.publisher_conninfo() +
                                    "' PUBLICATION p");
  if (!created) return fail(created.error());
  auto next_progress = start + progress_interval;
  const std::string expected = std::to_string(tables);
  for (;;) {
    auto ready = cluster.local_value("SELECT count(*) FROM pg_subscription_rel WHERE srsubstate = 'r'");
    if (!ready) return fail(ready.error());
    if (*ready == expected) break;
    auto now = steady::now();
    if (now - start > sync_deadline) return fail("the tables were not all ready in time (" + *ready + " ready)");
    if (now >= next_progress) {
      std::printf("  ... %.0f s, %s of %zu tables ready\n", seconds_since(start), ready->c_str(), tables);
      std::fflush(stdout);
      next_progress = now + progress_interval;
    }
    std::this_thread::sleep_for(poll_interval);
  }
  sync_timing timing;
  timing.seconds = seconds_since(start);
  watch.stop();
  timing.server_pid = watch.pid();
  timing.cpu = watch.cpu_by_name();
  timing.process_cpu_seconds = process_cpu_seconds(server) - cpu_before;
  if (timing.server_pid > 0) {
    auto peak = peak_rss_kib(timing.server_pid);
    if (!peak) return fail(peak.error());
    timing.peak_rss_kib = *peak;
  }
  return timing;
}

done_result run(int tables, int64_t rows, bool with_pg18) {
  bench_cluster cluster(bench_publisher_settings());
  if (auto started = cluster.start(); !started) return started;
  auto version = cluster.publisher_version();
  if (!version) return fail(version.error());
  auto workers = cluster.local_value("SHOW max_sync_workers_per_subscription");
  if (!workers) return fail(workers.error());
  if (*workers != "2") return fail("max_sync_workers_per_subscription is " + *workers + ", the benchmark needs 2");

  std::vector<std::string> names;
  std::string publication = "CREATE PUBLICATION p FOR TABLE ";
  for (int i = 0; i < tables; ++i) {
    names.push_back("sync_" + std::to_string(i));
    publication += (i ? ", " : "") + names.back();
  }
  std::printf("== W4 initial sync: %d tables x %lld rows, %s, max_sync_workers_per_subscription = %s ==\n",
              tables, static_cast<long long>(rows), version->c_str(), workers->c_str());
  std::fflush(stdout);
  auto load_start = steady::now();
  for (const auto& name : names) {
    if (auto loaded = cluster.publisher_exec(publisher_table_sql(name, rows)); !loaded) return loaded;
    if (auto made = cluster.local_exec(ddl_for(pg_table_ddl, name)); !made) return made;
  }
  std::optional<pg_subscriber> pg18;
  std::string pg18_version = "(skipped)";
  if (with_pg18) {
    pg18.emplace(pg18_bin_dir(), cluster, "pg18_sub", "p");
    std::string ddl;
    for (const auto& name : names) ddl += ddl_for(pg_table_ddl, name) + ";";
    if (auto started = pg18->start(ddl); !started) return started;
    auto v = pg18->version();
    if (!v) return fail(v.error());
    pg18_version = *v;
  }
  std::printf("%-26s %s\n", "PostgreSQL's subscriber:", pg18_version.c_str());
  for (const auto& statement : {publication, std::string("VACUUM ANALYZE"), std::string("CHECKPOINT")})
    if (auto done = cluster.publisher_exec(statement); !done) return done;
  std::printf("%-26s %.1f s\n", "publisher tables written in:", seconds_since(load_start));
  std::fflush(stdout);

  const double total = static_cast<double>(rows) * tables;
  auto copy = measure_copy_ceiling(cluster.publisher_conninfo(), names, copy_clients);
  if (!copy) return fail(copy.error());
  if (copy->rows != static_cast<int64_t>(total))
    return fail("the copy ceiling saw " + std::to_string(copy->rows) + " rows");
  auto sqlite_path = (cluster.server().data_dir().parent_path() / "sqlite_ceiling.db").string();
  auto sqlite = measure_sqlite_ceiling(cluster.publisher_conninfo(), names, sqlite_table_ddl, sqlite_path);
  if (!sqlite) return fail(sqlite.error());
  if (sqlite->rows != static_cast<int64_t>(total))
    return fail("the sqlite ceiling inserted " + std::to_string(sqlite->rows) + " rows");

  auto tributary = time_tributary(cluster, names.size());
  if (!tributary) return fail("tributary initial sync: " + tributary.error());
  for (const auto& name : names) {
    auto count = cluster.local_value("SELECT count(*) FROM " + name);
    if (!count) return fail(count.error());
    if (*count != std::to_string(rows))
      return fail("tributary has " + *count + " rows in " + name + ", expected " + std::to_string(rows));
  }

  std::string tributary_load = load_average();
  double pg18_seconds = 0;
  if (pg18) {
    auto timed = pg18->time_initial_sync(names.size(), sync_deadline);
    if (!timed) return fail("PostgreSQL subscriber: " + timed.error());
    pg18_seconds = *timed;
    for (const auto& name : names) {
      auto count = pg18->value("SELECT count(*) FROM " + name);
      if (!count) return fail(count.error());
      if (*count != std::to_string(rows))
        return fail("PostgreSQL's subscriber has " + *count + " rows in " + name + ", expected " +
                    std::to_string(rows));
    }
  }

  double t_rate = print_rate("tributary initial sync", total, "rows", tributary->seconds);
  std::printf("%-26s load %s\n", "", tributary_load.c_str());
  double p_rate = pg18 ? print_rate("pg18 initial sync", total, "rows", pg18_seconds) : 0;
  double c_rate = print_rate("copy ceiling (2 clients)", total, "rows", copy->seconds);
  double s_rate = print_rate("sqlite ceiling", total, "rows", sqlite->seconds);
  double lower = std::min(c_rate, s_rate);
  std::printf("%-26s %s\n", "lower ceiling:", c_rate <= s_rate ? "copy" : "sqlite");
  print_ratio(t_rate, lower, ratio_target);
  double vs_pg18 = p_rate > 0 ? t_rate / p_rate : 0;
  double vs_sqlite = s_rate > 0 ? t_rate / s_rate : 0;
  if (pg18)
    std::printf("%-26s %.2f (target >= %.1f: %s)\n", "tributary / pg18:", vs_pg18, pg18_target,
                vs_pg18 >= pg18_target ? "met" : "NOT met");
  std::printf("%-26s %.2f (target >= %.1f: %s)\n", "tributary / sqlite ceiling:", vs_sqlite, sqlite_target,
              vs_sqlite >= sqlite_target ? "met" : "NOT met");
  double t_cpu = total > 0 ? tributary->process_cpu_seconds * 1e6 / total : 0;
  std::printf("%-26s %.2f s (whole server)\n", "CPU per million rows:", t_cpu);
  std::printf("%-26s %.1f MiB (VmHWM of pid %d)\n", "server peak RSS:",
              static_cast<double>(tributary->peak_rss_kib) / 1024.0, static_cast<int>(tributary->server_pid));
  std::printf("%-26s %.1f s in %.1f s; threads alive at the end: %s\n", "server CPU:",
              tributary->process_cpu_seconds, tributary->seconds, describe_cpu(tributary->cpu).c_str());
  std::printf("RESULT initial_sync rows=%.0f tributary_rows_per_s=%.0f copy_ceiling_rows_per_s=%.0f"
              " sqlite_ceiling_rows_per_s=%.0f ratio=%.3f peak_rss_mib=%.1f pg18_rows_per_s=%.0f"
              " tributary_vs_pg18=%.3f tributary_vs_sqlite=%.3f tributary_cpu_s_per_mrow=%.2f load=%s\n",
              total, t_rate, c_rate, s_rate, lower > 0 ? t_rate / lower : 0.0,
              static_cast<double>(tributary->peak_rss_kib) / 1024.0, p_rate, vs_pg18, vs_sqlite, t_cpu,
              tributary_load.c_str());
  std::fflush(stdout);
  return ok_v;
}

}  // namespace
}  // namespace tributary::bench

int main(int argc, char** argv) {
  CLI::App app{"Tributary initial-sync benchmark: CREATE SUBSCRIPTION copy against COPY and SQLite ceilings"};
  int tables = 4;
  int64_t rows = 2500000;
  app.add_option("--tables", tables, "published tables")->check(CLI::Range(1, 64));
  app.add_option("--rows", rows, "rows per table")->check(CLI::PositiveNumber);
  bool no_pg18 = false;
  app.add_flag("--no-pg18", no_pg18, "leave PostgreSQL's subscriber out");
  CLI11_PARSE(app, argc, argv);
  auto outcome = tributary::bench::run(tables, rows, !no_pg18);
  if (!outcome) {
    std::fprintf(stderr, "initial_sync: %s\n", outcome.error().c_str());
    return 1;
  }
  return 0;
}
