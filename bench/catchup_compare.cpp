// catchup_compare: workload W1 of issue 10 side by side — one backlog of --rows
// inserts (default 1 000 000) in transactions of --rows-per-transaction (100) into
// bench_t(id bigint PK, a int, b text, c numeric(12,2)), consumed in turn by
//   ceiling:   a bare libpq drain of a slot made at the same point (ceiling_drain);
//   pg18:      PostgreSQL 18's own subscriber (pg_subscriber; binaries from
//              $TRIBUTARY_PG18_BINDIR, default /opt/tributary/pg/18/bin), same DDL;
//   tributary: `tributary serve` with default settings, same DDL.
// Each is timed from ENABLE (or START_REPLICATION) until its slot's
// confirmed_flush_lsn (the ceiling: a frame's walEnd) reaches the target
// pg_current_wal_lsn() taken after the backlog; they run one after the other, so
// none competes with another for the two cores. Afterwards each subscriber must
// hold --rows rows.
//
// Output: rows/s of each with the load average (/proc/loadavg) at its end, the
// ratios Tributary/PG18 (target >= 1.3) and Tributary/ceiling (target >= 0.9),
// server CPU seconds per million rows (Tributary's whole process; PostgreSQL's apply
// worker) and peak RSS, and one machine-readable line
//   RESULT compare_w1 rows=... ceiling_rows_per_s=... pg18_rows_per_s=... tributary_rows_per_s=...
//          tributary_vs_pg18=... tributary_vs_ceiling=... tributary_cpu_s_per_mrow=... pg18_cpu_s_per_mrow=...
//          tributary_peak_rss_mib=... pg18_peak_rss_mib=... load=...
// Exit status: 0 when the run completed and the counts matched (whatever the
// figures), 1 with a message on stderr otherwise.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <fstream>

#include "bench/catchup_run.hpp"
#include "bench/pg_subscriber.hpp"

namespace tributary::bench {
namespace {

constexpr double pg18_target = 1.3;
constexpr double ceiling_target = 0.9;
constexpr auto deadline = std::chrono::seconds(1800);

// PostgreSQL's DDL on the publisher and on both subscribers.
const char* table_ddl = "CREATE TABLE bench_t (id bigint PRIMARY KEY, a int, b text, c numeric(12,2))";

std::string backlog_sql(int64_t rows, int64_t per_transaction) {
  auto n = std::to_string(per_transaction);
  return "DO $$ BEGIN FOR t IN 0 .. " + std::to_string(rows / per_transaction - 1) +
         " LOOP INSERT INTO bench_t SELECT g, ((g * 7919) % 100000)::int, 'row ' || g || ' ' || md5(g::text),"
         " ((g * 37) % 1000000) / 100.0 FROM generate_series(t::bigint * " + n + " + 1, (t::bigint + 1) * " + n +
         ") g; COMMIT; END LOOP; END $$";
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  in >> one >> five >> fifteen;
  return one + "/" + five + "/" + fifteen;
}

double per_million(double cpu_seconds, int64_t rows) {
  return rows > 0 ? cpu_seconds * 1e6 / static_cast<double>(rows) : 0;
}

double total_cpu(const std::map<std::string, double>& by_name) {
  double total = 0;
  for (const auto& [name, seconds] : by_name) total += seconds;
  return total;
}

done_result expect_rows(const char* who, const text_result& counted, int64_t rows) {
  if (!counted) return fail(counted.error());
  if (*counted != std::to_string(rows))
    return fail(std::string(who) + " has " + *counted + " rows after catching up, expected " + std::to_string(rows));
  return ok_v;
}

done_result run(int64_t rows, int64_t per_transaction, bool with_pg18) {
  bench_cluster cluster(bench_publisher_settings());
  if (auto started = cluster.start(); !started) return started;
  auto version = cluster.publisher_version();
  if (!version) return fail(version.error());
  if (auto r = cluster.publisher_exec(std::string(table_ddl) + "; CREATE PUBLICATION bench_pub FOR TABLE bench_t"); !r)
    return r;
  if (auto r = cluster.local_exec(table_ddl); !r) return r;

  catchup_run measure(cluster, catchup_names{});
  if (auto prepared = measure.prepare(); !prepared) return prepared;

  std::optional<pg_subscriber> pg18;
  std::string pg18_version = "(skipped)";
  if (with_pg18) {
    pg18.emplace(pg18_bin_dir(), cluster, "pg18_sub", "bench_pub");
    if (auto started = pg18->start(table_ddl); !started) return started;
    auto v = pg18->version();
    if (!v) return fail(v.error());
    pg18_version = *v;
    if (auto prepared = pg18->prepare(); !prepared) return prepared;
  }

  std::printf("== W1: %lld rows in transactions of %lld, publisher %s, subscriber %s ==\n",
              static_cast<long long>(rows), static_cast<long long>(per_transaction), version->c_str(),
              pg18_version.c_str());
  std::fflush(stdout);
  auto load_start = std::chrono::steady_clock::now();
  if (auto loaded = cluster.publisher_exec(backlog_sql(rows, per_transaction)); !loaded) return loaded;
  double load_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - load_start).count();
  auto target = cluster.publisher_wal_position();
  if (!target) return fail(target.error());
  std::printf("%-22s %.1f s, target %s\n", "backlog written in:", load_seconds, target->to_string().c_str());
  std::fflush(stdout);

  auto tributary = measure.time_tributary(*target, deadline);
  if (!tributary) return fail("tributary catch-up: " + tributary.error());
  std::string tributary_load = load_average();
  if (auto r = expect_rows("tributary", cluster.local_value("SELECT count(*) FROM bench_t"), rows); !r) return r;

  auto ceiling = measure.time_ceiling(*target, deadline);
  if (!ceiling) return fail("ceiling drain: " + ceiling.error());
  std::string ceiling_load = load_average();
  if (ceiling->counts.inserts != static_cast<uint64_t>(rows))
    return fail("the ceiling drain saw " + std::to_string(ceiling->counts.inserts) + " inserts, expected " +
                std::to_string(rows));

  subscriber_timing pg18_timing;
  std::string pg18_load = "-";
  if (pg18) {
    auto timed = pg18->time_catchup(*target, deadline);
    if (!timed) return fail("PostgreSQL subscriber: " + timed.error());
    pg18_timing = *timed;
    pg18_load = load_average();
    if (auto r = expect_rows("PostgreSQL's subscriber", pg18->value("SELECT count(*) FROM bench_t"), rows); !r)
      return r;
  }

  double c_rate = print_rate("ceiling drain", static_cast<double>(rows), "rows", ceiling->counts.seconds);
  std::printf("%-22s load %s\n", "", ceiling_load.c_str());
  double p_rate = 0;
  if (pg18) {
    p_rate = print_rate("pg18 subscriber", static_cast<double>(rows), "rows", pg18_timing.seconds);
    std::printf("%-22s load %s\n", "", pg18_load.c_str());
  }
  double t_rate = print_rate("tributary", static_cast<double>(rows), "rows", tributary->seconds);
  std::printf("%-22s load %s\n", "", tributary_load.c_str());
  double vs_pg18 = p_rate > 0 ? t_rate / p_rate : 0;
  double vs_ceiling = c_rate > 0 ? t_rate / c_rate : 0;
  if (pg18)
    std::printf("%-22s %.2f (target >= %.1f: %s)\n", "tributary / pg18:", vs_pg18, pg18_target,
                vs_pg18 >= pg18_target ? "met" : "NOT met");
  std::printf("%-22s %.2f (target >= %.1f: %s)\n", "tributary / ceiling:", vs_ceiling, ceiling_target,
              vs_ceiling >= ceiling_target ? "met" : "NOT met");
  double t_cpu = per_million(total_cpu(tributary->server_cpu), rows);
  double p_cpu = per_million(pg18_timing.cpu_seconds, rows);
  std::printf("%-22s tributary %.2f s (whole server), pg18 %.2f s (apply worker)\n", "CPU per million rows:", t_cpu,
              p_cpu);
  double t_rss = static_cast<double>(tributary->peak_rss_kib) / 1024.0;
  double p_rss = static_cast<double>(pg18_timing.peak_rss_kib) / 1024.0;
  std::printf("%-22s tributary %.1f MiB%s, pg18 apply worker %.1f MiB (sampled VmRSS)\n", "peak RSS:", t_rss,
              tributary->peak_reset ? " (VmHWM during the catch-up)" : " (VmHWM since start)", p_rss);
  print_resources(*tributary, *ceiling);
  print_batching(*tributary, static_cast<double>(rows));
  std::printf("RESULT compare_w1 rows=%lld ceiling_rows_per_s=%.0f pg18_rows_per_s=%.0f tributary_rows_per_s=%.0f "
              "tributary_vs_pg18=%.3f tributary_vs_ceiling=%.3f tributary_cpu_s_per_mrow=%.2f "
              "pg18_cpu_s_per_mrow=%.2f tributary_peak_rss_mib=%.1f pg18_peak_rss_mib=%.1f load=%s\n",
              static_cast<long long>(rows), c_rate, p_rate, t_rate, vs_pg18, vs_ceiling, t_cpu, p_cpu, t_rss, p_rss,
              tributary_load.c_str());
  std::fflush(stdout);
  return ok_v;
}

}  // namespace
}  // namespace tributary::bench

int main(int argc, char** argv) {
  CLI::App app{"Workload W1 side by side: a bare libpq drain, PostgreSQL 18's subscriber and Tributary"};
  int64_t rows = 1000000;
  int64_t per_transaction = 100;
  bool no_pg18 = false;
  app.add_option("--rows", rows, "rows inserted while the subscriptions are disabled")->check(CLI::PositiveNumber);
  app.add_option("--rows-per-transaction", per_transaction, "rows per publisher transaction")
      ->check(CLI::PositiveNumber);
  app.add_flag("--no-pg18", no_pg18, "leave PostgreSQL's subscriber out (Tributary and the ceiling only)");
  CLI11_PARSE(app, argc, argv);
  if (rows % per_transaction != 0) {
    std::fprintf(stderr, "catchup_compare: --rows must be a multiple of --rows-per-transaction\n");
    return 2;
  }
  auto outcome = tributary::bench::run(rows, per_transaction, !no_pg18);
  if (!outcome) {
    std::fprintf(stderr, "catchup_compare: %s\n", outcome.error().c_str());
    return 1;
  }
  return 0;
}
