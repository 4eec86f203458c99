// large_transaction: the benchmark of issue 9 — one publisher transaction of
// --rows rows (default 1 000 000, about 150 MB of changes), written while the
// subscription is disabled, then applied: Tributary against a bare libpq drain
// of the same slot content with streaming on (the ceiling), in the same run,
// and the server's peak RSS, which must not grow with the transaction.
//
// Protocol (catchup_run): bench_t(id bigint PK, a int, b text, c numeric(12,2))
// published as bench_pub; CREATE SUBSCRIPTION (streaming = parallel, the
// default), wait until it streams, DISABLE, make the `ceiling` slot; the same
// for PostgreSQL 18's own subscriber (pg_subscriber, streaming = parallel;
// --no-pg18 leaves it out); write the transaction (one INSERT ... SELECT);
// target = pg_current_wal_lsn(); then one after the other:
//   tributary: ENABLE -> confirmed_flush_lsn >= target; local count = rows;
//   ceiling:   START_REPLICATION (streaming as Tributary asks) -> walEnd >= target;
//   pg18:      ENABLE -> its slot's confirmed_flush_lsn >= target; its count = rows.
// PostgreSQL applies a streamed transaction in a parallel apply worker only
// when the publisher is 16 or later (TRIBUTARY_PG_BINDIR=/opt/tributary/pg/18/bin
// makes the publisher PostgreSQL 18 too); with an older one its leader spools it.
// The publisher's logical_decoding_work_mem stays at its default (64MB), so
// the transaction is streamed; the server's spool_memory_limit is its default
// (64MB), so most of it goes through the spool file.
// Output: rates in rows/s, ratio against the 0.8 target, against PostgreSQL 18
// (target 1.5), peak RSS against the 256 MiB target (PostgreSQL's: the leader
// and the parallel apply worker, VmRSS and its private part RssAnon), and
//   RESULT large_transaction rows=... tributary_rows_per_s=... ceiling_rows_per_s=... ratio=... peak_rss_mib=...
//          pg18_rows_per_s=... tributary_vs_pg18=... pg18_peak_rss_mib=... (leader + parallel worker)
// Exit status: 0 when the run completed and the counts matched (whatever the
// figures), 1 with a message on stderr otherwise.
#include <CLI/CLI.hpp>

#include <cstdio>

#include <optional>

#include "bench/catchup_run.hpp"
#include "bench/pg_subscriber.hpp"

namespace tributary::bench {
namespace {

constexpr double ratio_target = 0.8;
constexpr double pg18_target = 1.5;
constexpr double rss_target_mib = 256;
constexpr auto deadline = std::chrono::seconds(3600);

const char* publisher_table = "CREATE TABLE bench_t (id bigint PRIMARY KEY, a int, b text, c numeric(12,2))";
const char* local_table = "CREATE TABLE bench_t (id bigint PRIMARY KEY, a int, b text, c numeric(12,2))";

double mib(int64_t kib) { return static_cast<double>(kib) / 1024.0; }

done_result run(int64_t rows, bool with_pg18) {
  bench_cluster cluster(bench_publisher_settings());
  if (auto started = cluster.start(); !started) return started;
  auto version = cluster.publisher_version();
  if (!version) return fail(version.error());
  if (auto r = cluster.publisher_exec(std::string(publisher_table) + "; CREATE PUBLICATION bench_pub FOR TABLE bench_t");
      !r)
    return r;
  if (auto r = cluster.local_exec(local_table); !r) return r;

  catchup_run measure(cluster, catchup_names{});
  if (auto prepared = measure.prepare(); !prepared) return prepared;

  std::optional<pg_subscriber> pg18;
  std::string pg18_version = "(skipped)";
  if (with_pg18) {
    pg18.emplace(pg18_bin_dir(), cluster, "pg18_sub", "bench_pub");
    if (auto started = pg18->start(local_table); !started) return started;
    auto v = pg18->version();
    if (!v) return fail(v.error());
    pg18_version = *v;
    if (auto prepared = pg18->prepare("streaming = parallel"); !prepared) return prepared;
  }

  std::printf("== large transaction: %lld rows in one transaction, publisher %s, subscriber %s ==\n",
              static_cast<long long>(rows), version->c_str(), pg18_version.c_str());
  std::fflush(stdout);
  auto load_start = std::chrono::steady_clock::now();
  auto loaded = cluster.publisher_exec("INSERT INTO bench_t SELECT g, ((g::bigint * 7919) % 100000)::int, 'row ' || g || ' ' || "
                                       "md5(g::text), ((g * 37) % 1000000) / 100.0 FROM generate_series(1, " +
                                       std::to_string(rows) + ") g");
  if (!loaded) return loaded;
  double load_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - load_start).count();
  auto target = cluster.publisher_wal_position();
  if (!target) return fail(target.error());
  std::printf("%-22s %.1f s, target %s\n", "transaction written in:", load_seconds, target->to_string().c_str());
  std::fflush(stdout);

  auto tributary = measure.time_tributary(*target, deadline);
  if (!tributary) return fail("tributary: " + tributary.error());
  auto local_rows = cluster.local_value("SELECT count(*) FROM bench_t");
  if (!local_rows) return fail(local_rows.error());
  if (*local_rows != std::to_string(rows))
    return fail("tributary has " + *local_rows + " rows, expected " + std::to_string(rows));

  auto ceiling = measure.time_ceiling(*target, deadline);
  if (!ceiling) return fail("ceiling drain: " + ceiling.error());
  if (ceiling->counts.inserts != static_cast<uint64_t>(rows))
    return fail("the ceiling drain saw " + std::to_string(ceiling->counts.inserts) + " inserts, expected " +
                std::to_string(rows));

  subscriber_timing pg18_timing;
  if (pg18) {
    auto timed = pg18->time_catchup(*target, deadline);
    if (!timed) return fail("PostgreSQL subscriber: " + timed.error());
    pg18_timing = *timed;
    auto counted = pg18->value("SELECT count(*) FROM bench_t");
    if (!counted) return fail(counted.error());
    if (*counted != std::to_string(rows))
      return fail("PostgreSQL's subscriber has " + *counted + " rows, expected " + std::to_string(rows));
  }

  double t_rate = print_rate("tributary apply", static_cast<double>(rows), "rows", tributary->seconds);
  double c_rate = print_rate("ceiling drain", static_cast<double>(ceiling->counts.inserts), "rows",
                             ceiling->counts.seconds);
  std::printf("%-22s %.1f MiB of CopyData\n", "ceiling saw:", static_cast<double>(ceiling->counts.bytes) / (1024.0 * 1024.0));
  print_ratio(t_rate, c_rate, ratio_target);
  double rss_mib = static_cast<double>(tributary->peak_rss_kib) / 1024.0;
  std::printf("%-22s %.1f MiB (target <= %.0f MiB: %s)%s\n", "peak RSS:", rss_mib, rss_target_mib,
              rss_mib <= rss_target_mib ? "met" : "NOT met", tributary->peak_reset ? "" : " (lifetime peak)");
  double p_rate = 0, p_rss = 0;
  if (pg18) {
    p_rate = print_rate("pg18 subscriber", static_cast<double>(rows), "rows", pg18_timing.seconds);
    std::printf("%-22s %.2f (target >= %.1f: %s)\n", "tributary / pg18:", p_rate > 0 ? t_rate / p_rate : 0.0,
                pg18_target, p_rate > 0 && t_rate / p_rate >= pg18_target ? "met" : "NOT met");
    p_rss = mib(pg18_timing.peak_rss_kib) + mib(pg18_timing.parallel_peak_rss_kib);
    std::printf("%-22s leader %.1f MiB (RssAnon %.1f), parallel apply worker %.1f MiB (RssAnon %.1f); "
                "VmRSS counts the shared buffers each touched\n",
                "pg18 peak RSS:", mib(pg18_timing.peak_rss_kib), mib(pg18_timing.peak_anon_kib),
                mib(pg18_timing.parallel_peak_rss_kib), mib(pg18_timing.parallel_peak_anon_kib));
    std::printf("%-22s leader %.1f s, parallel apply worker %.1f s\n", "pg18 CPU:", pg18_timing.cpu_seconds,
                pg18_timing.parallel_cpu_seconds);
  }
  print_resources(*tributary, *ceiling);
  std::printf("RESULT large_transaction rows=%lld tributary_rows_per_s=%.0f ceiling_rows_per_s=%.0f ratio=%.3f "
              "peak_rss_mib=%.1f pg18_rows_per_s=%.0f tributary_vs_pg18=%.3f pg18_peak_rss_mib=%.1f "
              "pg18_peak_anon_mib=%.1f\n",
              static_cast<long long>(rows), t_rate, c_rate, c_rate > 0 ? t_rate / c_rate : 0.0, rss_mib, p_rate,
              p_rate > 0 ? t_rate / p_rate : 0.0, p_rss,
              mib(pg18_timing.peak_anon_kib) + mib(pg18_timing.parallel_peak_anon_kib));
  std::fflush(stdout);
  return ok_v;
}

}  // namespace
}  // namespace tributary::bench

int main(int argc, char** argv) {
  CLI::App app{"Tributary large-transaction benchmark: one transaction of many rows against a bare libpq drain"};
  int64_t rows = 1000000;
  bool no_pg18 = false;
  app.add_option("--rows", rows, "rows of the one transaction")->check(CLI::PositiveNumber);
  app.add_flag("--no-pg18", no_pg18, "leave PostgreSQL 18's subscriber out (Tributary and the ceiling only)");
  CLI11_PARSE(app, argc, argv);
  auto outcome = tributary::bench::run(rows, !no_pg18);
  if (!outcome) {
    std::fprintf(stderr, "large_transaction: %s\n", outcome.error().c_str());
    return 1;
  }
  return 0;
}
