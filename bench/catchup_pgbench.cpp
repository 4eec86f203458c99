// catchup_pgbench: benchmark "pgbench" of issue 3 — Tributary catching up on a
// backlog of pgbench tpcb-like transactions, against the ceiling of a bare libpq
// client draining the same changes from a second slot in the same run.
//
// Protocol: `pgbench -i -s <scale>` on the publisher; pgbench_history gets a primary
// key (ALTER TABLE ... ADD COLUMN id bigserial PRIMARY KEY); the four tables are
// published as bench_pub. Tributary gets the same four tables with SQLite types and,
// as there is no initial copy yet, the same initial content pgbench -i makes, written
// with recursive CTEs through the wire protocol: branches and tellers with NULL
// filler, accounts with the blank-padded char(84) filler, all balances zero, history
// empty. Both sides' fingerprints must match before anything is measured. Then the
// subscription is created, started, DISABLEd, the `ceiling` slot made (catchup_run),
// `pgbench -n -c 8 -j 2 -T 20 -b tpcb-like` runs (-n: the tables were just vacuumed
// by -i, and without it pgbench would also TRUNCATE pgbench_history, a transaction
// of a different kind in the backlog), the target is pg_current_wal_lsn(), and
//   tributary: ENABLE -> confirmed_flush_lsn >= target; the fingerprints
//              (counts and sums of balances, count and sum of history) must match;
//   ceiling:   drain `ceiling` to the target; its Commit messages must equal the
//              transactions pgbench made (= rows of pgbench_history).
// Output: transactions/s of both, their ratio against the 0.7 target, peak RSS and
// CPU per thread, and one machine-readable line
//   RESULT pgbench tributary_tps=... ceiling_tps=... ratio=... peak_rss_mib=...
// Exit status: 0 when the run completed and the tables matched (whatever the ratio),
// 1 with a message on stderr otherwise.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <filesystem>
#include <regex>

#include "bench/catchup_run.hpp"
#include "integration/test_host.hpp"

namespace tributary::bench {
namespace {

constexpr double ratio_target = 0.7;
constexpr auto catchup_deadline = std::chrono::seconds(1800);

struct pgbench_load {
  int scale = 1;
  int clients = 8;
  int jobs = 2;
  int seconds = 20;
};

const char* local_tables =
    "CREATE TABLE pgbench_branches (bid INTEGER PRIMARY KEY, bbalance INTEGER, filler TEXT);"
    "CREATE TABLE pgbench_tellers (tid INTEGER PRIMARY KEY, bid INTEGER, tbalance INTEGER, filler TEXT);"
    "CREATE TABLE pgbench_accounts (aid INTEGER PRIMARY KEY, bid INTEGER, abalance INTEGER, filler TEXT);"
    "CREATE TABLE pgbench_history (id INTEGER PRIMARY KEY, tid INTEGER, bid INTEGER, aid INTEGER,"
    " delta INTEGER, mtime TEXT, filler TEXT)";

// pgbench -i's content for `scale`: 1 branch, 10 tellers, 100000 accounts per unit.
std::string initial_content(int scale) {
  auto upto = [](int64_t n) {
    return "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < " + std::to_string(n) + ") ";
  };
  int64_t branches = scale;
  int64_t tellers = 10LL * scale;
  int64_t accounts = 100000LL * scale;
  return upto(branches) + "INSERT INTO pgbench_branches (bid, bbalance, filler) SELECT i, 0, NULL FROM n;" +
         upto(tellers) +
         "INSERT INTO pgbench_tellers (tid, bid, tbalance, filler) SELECT i, (i - 1) / 10 + 1, 0, NULL FROM n;" +
         upto(accounts) +
         "INSERT INTO pgbench_accounts (aid, bid, abalance, filler) SELECT i, (i - 1) / 100000 + 1, 0, '" +
         std::string(84, ' ') + "' FROM n";
}

// The same query on both sides: per table its count, sums of keys and balances and
// how many fillers are set; for history the count and the sums of delta and aid.
const char* fingerprint_sql =
    "SELECT (SELECT count(*) || '/' || coalesce(sum(bid), 0) || '/' || coalesce(sum(bbalance), 0) || '/' ||"
    " count(filler) FROM pgbench_branches) || ' ' ||"
    " (SELECT count(*) || '/' || coalesce(sum(bid), 0) || '/' || coalesce(sum(tbalance), 0) || '/' ||"
    " count(filler) FROM pgbench_tellers) || ' ' ||"
    " (SELECT count(*) || '/' || coalesce(sum(bid), 0) || '/' || coalesce(sum(abalance), 0) || '/' ||"
    " count(filler) FROM pgbench_accounts) || ' ' ||"
    " (SELECT count(*) || '/' || coalesce(sum(delta), 0) || '/' || coalesce(sum(aid), 0) FROM pgbench_history)";

done_result same_fingerprint(bench_cluster& cluster, const std::string& when) {
  auto publisher = cluster.publisher_value(fingerprint_sql);
  if (!publisher) return fail(publisher.error());
  auto local = cluster.local_value(fingerprint_sql);
  if (!local) return fail(local.error());
  if (*publisher != *local)
    return fail(when + ": the tables differ — publisher " + *publisher + ", tributary " + *local);
  std::printf("%-22s %s\n", (when + ":").c_str(), local->c_str());
  return ok_v;
}

// "tps = 1234.567890 (without initial connection time)" from pgbench's output.
std::string pgbench_tps(const std::filesystem::path& log) {
  static const std::regex tps(R"(tps = ([0-9.]+) \(without initial connection time\))");
  std::smatch m;
  std::string text = integration::read_text_file(log);
  return std::regex_search(text, m, tps) ? m[1].str() : std::string("?");
}

done_result run(const pgbench_load& load) {
  auto scratch = integration::scratch_directory::create("tributary-bench");
  if (!scratch) return fail(scratch.error());
  auto log = scratch->path() / "pgbench.log";
  bench_cluster cluster(bench_publisher_settings());
  if (auto started = cluster.start(); !started) return started;
  auto version = cluster.publisher_version();
  if (!version) return fail(version.error());

  if (auto r = cluster.run_publisher_tool("pgbench", {"-i", "-q", "-s", std::to_string(load.scale)}, log,
                                          std::chrono::seconds(600));
      !r)
    return fail(r.error() + "\n" + integration::read_text_file(log));
  if (auto r = cluster.publisher_exec("ALTER TABLE pgbench_history ADD COLUMN id bigserial PRIMARY KEY;"
                                      "CREATE PUBLICATION bench_pub FOR TABLE pgbench_accounts, pgbench_branches,"
                                      " pgbench_tellers, pgbench_history");
      !r)
    return r;
  if (auto r = cluster.local_exec(local_tables); !r) return r;
  if (auto r = cluster.local_exec(initial_content(load.scale)); !r) return r;

  std::printf("== pgbench: tpcb-like, scale %d, %d clients, %d jobs, %d s, publisher %s ==\n", load.scale,
              load.clients, load.jobs, load.seconds, version->c_str());
  if (auto same = same_fingerprint(cluster, "initial content"); !same) return same;

  catchup_run measure(cluster, catchup_names{});
  if (auto prepared = measure.prepare(); !prepared) return prepared;
  std::fflush(stdout);
  if (auto r = cluster.run_publisher_tool("pgbench",
                                          {"-n", "-c", std::to_string(load.clients), "-j", std::to_string(load.jobs),
                                           "-T", std::to_string(load.seconds), "-b", "tpcb-like"},
                                          log, std::chrono::seconds(load.seconds + 300));
      !r)
    return fail(r.error() + "\n" + integration::read_text_file(log));
  auto target = cluster.publisher_wal_position();
  if (!target) return fail(target.error());
  auto transactions_text = cluster.publisher_value("SELECT count(*) FROM pgbench_history");
  if (!transactions_text) return fail(transactions_text.error());
  uint64_t transactions = std::strtoull(transactions_text->c_str(), nullptr, 10);
  std::printf("%-22s %llu transactions at %s tps (pgbench), target %s\n", "backlog written:",
              static_cast<unsigned long long>(transactions), pgbench_tps(log).c_str(), target->to_string().c_str());
  std::fflush(stdout);

  auto tributary = measure.time_tributary(*target, catchup_deadline);
  if (!tributary) return fail("tributary catch-up: " + tributary.error());
  if (auto same = same_fingerprint(cluster, "after the catch-up"); !same) return same;

  auto ceiling = measure.time_ceiling(*target, catchup_deadline);
  if (!ceiling) return fail("ceiling drain: " + ceiling.error());
  if (ceiling->counts.commits != transactions)
    return fail("the ceiling drain saw " + std::to_string(ceiling->counts.commits) + " commits, pgbench made " +
                std::to_string(transactions) + " transactions");

  double t_rate = print_rate("tributary catch-up", static_cast<double>(transactions), "tx", tributary->seconds);
  double c_rate = print_rate("ceiling drain", static_cast<double>(ceiling->counts.commits), "tx",
                             ceiling->counts.seconds);
  std::printf("%-22s %llu inserts, %llu updates, %.1f MiB of CopyData\n", "ceiling saw:",
              static_cast<unsigned long long>(ceiling->counts.inserts),
              static_cast<unsigned long long>(ceiling->counts.updates),
              static_cast<double>(ceiling->counts.bytes) / (1024.0 * 1024.0));
  print_ratio(t_rate, c_rate, ratio_target);
  print_resources(*tributary, *ceiling);
  print_batching(*tributary, static_cast<double>(ceiling->counts.inserts + ceiling->counts.updates +
                                                 ceiling->counts.deletes));
  std::printf("RESULT pgbench tributary_tps=%.0f ceiling_tps=%.0f ratio=%.3f peak_rss_mib=%.1f\n", t_rate, c_rate,
              c_rate > 0 ? t_rate / c_rate : 0.0, static_cast<double>(tributary->peak_rss_kib) / 1024.0);
  std::fflush(stdout);
  return ok_v;
}

}  // namespace
}  // namespace tributary::bench

int main(int argc, char** argv) {
  CLI::App app{"Tributary catch-up benchmark: a pgbench tpcb-like backlog against a bare libpq drain (the ceiling)"};
  tributary::bench::pgbench_load load;
  app.add_option("--scale", load.scale, "pgbench -i scale factor")->check(CLI::PositiveNumber);
  app.add_option("--clients", load.clients, "pgbench -c")->check(CLI::PositiveNumber);
  app.add_option("--jobs", load.jobs, "pgbench -j")->check(CLI::PositiveNumber);
  app.add_option("--seconds", load.seconds, "pgbench -T")->check(CLI::PositiveNumber);
  CLI11_PARSE(app, argc, argv);
  auto outcome = tributary::bench::run(load);
  if (!outcome) {
    std::fprintf(stderr, "catchup_pgbench: %s\n", outcome.error().c_str());
    return 1;
  }
  return 0;
}
