// catchup_rows: benchmark "rows" of issue 3 — how fast Tributary catches up on a
// backlog of inserts, against the ceiling of a bare libpq client draining the same
// changes from a second slot in the same run.
//
// Protocol: a publisher table bench_rows (id bigint PK and five typical columns:
// integer, numeric, short text, ~50-byte text, timestamptz) published as bench_pub;
// the same table in Tributary's SQLite with SQLite types. The subscription is
// created, started, DISABLEd, and the `ceiling` slot is made at that point
// (catchup_run). Then --rows rows are inserted in transactions of
// --rows-per-transaction (one DO block committing after each), the target is
// pg_current_wal_lsn(), and
//   tributary: ENABLE -> confirmed_flush_lsn >= target (applied and durable);
//              then the local row count must equal --rows;
//   ceiling:   START_REPLICATION on `ceiling` -> a frame with walEnd >= target;
//              its Insert messages must equal --rows.
// Output: both rates in rows/s, their ratio against the 0.7 target, the server's
// peak RSS and CPU per thread during the catch-up, and one machine-readable line
//   RESULT rows tributary_rows_per_s=... ceiling_rows_per_s=... ratio=... peak_rss_mib=...
// Exit status: 0 when the run completed and the counts matched (whatever the ratio),
// 1 with a message on stderr otherwise.
#include <CLI/CLI.hpp>

#include <cstdio>

#include "bench/catchup_run.hpp"

namespace tributary::bench {
namespace {

constexpr double ratio_target = 0.7;
constexpr auto catchup_deadline = std::chrono::seconds(1800);

const char* publisher_table =
    "CREATE TABLE bench_rows (id bigint PRIMARY KEY, customer_id integer NOT NULL, amount numeric(12,2) NOT NULL,"
    " status text NOT NULL, note text, created_at timestamptz NOT NULL)";
const char* local_table =
    "CREATE TABLE bench_rows (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL, amount TEXT NOT NULL,"
    " status TEXT NOT NULL, note TEXT, created_at TEXT NOT NULL)";

std::string backlog_sql(int64_t rows, int64_t per_transaction) {
  auto n = std::to_string(per_transaction);
  return "DO $$ BEGIN FOR b IN 0 .. " + std::to_string(rows / per_transaction - 1) +
         " LOOP INSERT INTO bench_rows SELECT g, (g * 7919) % 100000, ((g * 37) % 1000000) / 100.0,"
         " (ARRAY['new','paid','shipped','returned'])[1 + g % 4], 'order ' || g || ' ' || md5(g::text),"
         " timestamptz '2024-01-01 00:00:00+00' + g * interval '1 second'"
         " FROM generate_series(b::bigint * " + n + " + 1, (b::bigint + 1) * " + n + ") g; COMMIT; END LOOP; END $$";
}

done_result run(int64_t rows, int64_t per_transaction) {
  bench_cluster cluster(bench_publisher_settings());
  if (auto started = cluster.start(); !started) return started;
  auto version = cluster.publisher_version();
  if (!version) return fail(version.error());
  auto published = cluster.publisher_exec(std::string(publisher_table) +
                                          "; CREATE PUBLICATION bench_pub FOR TABLE bench_rows");
  if (!published) return published;
  if (auto r = cluster.local_exec(local_table); !r) return r;

  catchup_run measure(cluster, catchup_names{});
  if (auto prepared = measure.prepare(); !prepared) return prepared;

  std::printf("== rows: %lld rows in transactions of %lld, publisher %s ==\n", static_cast<long long>(rows),
              static_cast<long long>(per_transaction), version->c_str());
  std::fflush(stdout);
  auto load_start = std::chrono::steady_clock::now();
  if (auto loaded = cluster.publisher_exec(backlog_sql(rows, per_transaction)); !loaded) return loaded;
  double load_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - load_start).count();
  auto target = cluster.publisher_wal_position();
  if (!target) return fail(target.error());
  std::printf("%-22s %.1f s, target %s\n", "backlog written in:", load_seconds, target->to_string().c_str());
  std::fflush(stdout);

  auto tributary = measure.time_tributary(*target, catchup_deadline);
  if (!tributary) return fail("tributary catch-up: " + tributary.error());
  auto local_rows = cluster.local_value("SELECT count(*) FROM bench_rows");
  if (!local_rows) return fail(local_rows.error());
  if (*local_rows != std::to_string(rows))
    return fail("tributary has " + *local_rows + " rows after catching up, expected " + std::to_string(rows));

  auto ceiling = measure.time_ceiling(*target, catchup_deadline);
  if (!ceiling) return fail("ceiling drain: " + ceiling.error());
  if (ceiling->counts.inserts != static_cast<uint64_t>(rows))
    return fail("the ceiling drain saw " + std::to_string(ceiling->counts.inserts) + " inserts, expected " +
                std::to_string(rows));

  double t_rate = print_rate("tributary catch-up", static_cast<double>(rows), "rows", tributary->seconds);
  double c_rate = print_rate("ceiling drain", static_cast<double>(ceiling->counts.inserts), "rows",
                             ceiling->counts.seconds);
  std::printf("%-22s %llu commits, %.1f MiB of CopyData\n", "ceiling saw:",
              static_cast<unsigned long long>(ceiling->counts.commits),
              static_cast<double>(ceiling->counts.bytes) / (1024.0 * 1024.0));
  print_ratio(t_rate, c_rate, ratio_target);
  print_resources(*tributary, *ceiling);
  print_batching(*tributary, static_cast<double>(rows));
  std::printf("RESULT rows tributary_rows_per_s=%.0f ceiling_rows_per_s=%.0f ratio=%.3f peak_rss_mib=%.1f\n", t_rate,
              c_rate, c_rate > 0 ? t_rate / c_rate : 0.0, static_cast<double>(tributary->peak_rss_kib) / 1024.0);
  std::fflush(stdout);
  return ok_v;
}

}  // namespace
}  // namespace tributary::bench

int main(int argc, char** argv) {
  CLI::App app{"Tributary catch-up benchmark: a backlog of inserts against a bare libpq drain (the ceiling)"};
  int64_t rows = 1000000;
  int64_t per_transaction = 100;
  app.add_option("--rows", rows, "rows inserted while the subscription is disabled")->check(CLI::PositiveNumber);
  app.add_option("--rows-per-transaction", per_transaction, "rows per publisher transaction")
      ->check(CLI::PositiveNumber);
  CLI11_PARSE(app, argc, argv);
  if (rows % per_transaction != 0) {
    std::fprintf(stderr, "catchup_rows: --rows must be a multiple of --rows-per-transaction\n");
    return 2;
  }
  auto outcome = tributary::bench::run(rows, per_transaction);
  if (!outcome) {
    std::fprintf(stderr, "catchup_rows: %s\n", outcome.error().c_str());
    return 1;
  }
  return 0;
}
