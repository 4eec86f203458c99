// catchup_pgbench: workload W2 of issue 10 (and benchmark "pgbench" of issue 3) —
// a backlog of pgbench tpcb-like transactions consumed, one after the other, by
// Tributary, by PostgreSQL 18's own subscriber and by a bare libpq client draining
// the same changes from a second slot (the ceiling), in the same run.
//
// Protocol: `pgbench -i -s <scale>` on the publisher; pgbench_history gets a primary
// key (ALTER TABLE ... ADD COLUMN id bigserial PRIMARY KEY); the four tables are
// published as bench_pub. Tributary and PostgreSQL's subscriber get the same four
// tables declared with the same PostgreSQL DDL (`local_tables`: pgbench's own types,
// int / char(n) / timestamp) and the same initial content pgbench -i makes, written
// with INSERT ... SELECT over generate_series (the same statements on both): branches and tellers with NULL filler,
// accounts with the blank-padded char(84) filler, all balances zero, history empty.
// All fingerprints must match before anything is measured. Then the subscriptions
// are created, started, DISABLEd, the `ceiling` slot made (catchup_run),
// `pgbench -n -c 8 -j 2 -T 20 -b tpcb-like` runs (-n: the tables were just vacuumed
// by -i, and without it pgbench would also TRUNCATE pgbench_history, a transaction
// of a different kind in the backlog), the target is pg_current_wal_lsn(), and
//   tributary: ENABLE -> confirmed_flush_lsn >= target; the fingerprints
//              (counts and sums of balances, count and sum of history) must match;
//   ceiling:   drain `ceiling` to the target; its Commit messages must equal the
//              transactions pgbench made (= rows of pgbench_history);
//   pg18:      ENABLE its subscription -> its slot's confirmed_flush_lsn >= target;
//              its fingerprint must match too (unless --no-pg18).
// Output: transactions/s of each with the load average at its end, Tributary/PG18
// (target >= 2) and Tributary/ceiling (target >= 0.8), server CPU seconds per
// million changes (Tributary's whole process; PostgreSQL's apply worker), peak RSS
// and CPU per thread, and one machine-readable line
//   RESULT pgbench transactions=... tributary_tps=... ceiling_tps=... pg18_tps=... ratio=...
//          tributary_vs_pg18=... tributary_cpu_s_per_mchange=... pg18_cpu_s_per_mchange=...
//          peak_rss_mib=... load=...
// Exit status: 0 when the run completed and the tables matched (whatever the ratio),
// 1 with a message on stderr otherwise.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <fstream>
#include <optional>
#include <filesystem>
#include <regex>

#include "bench/catchup_run.hpp"
#include "bench/pg_subscriber.hpp"
#include "integration/test_host.hpp"

namespace tributary::bench {
namespace {

constexpr double ratio_target = 0.8;
constexpr double pg18_target = 2.0;
constexpr auto catchup_deadline = std::chrono::seconds(1800);

struct pgbench_load {
  int scale = 1;
  int clients = 8;
  int jobs = 2;
  int seconds = 20;
};

// pgbench -i's DDL (its types), with history's added key, on both subscribers.
const char* local_tables =
    "CREATE TABLE pgbench_branches (bid int PRIMARY KEY, bbalance int, filler char(88));"
    "CREATE TABLE pgbench_tellers (tid int PRIMARY KEY, bid int, tbalance int, filler char(84));"
    "CREATE TABLE pgbench_accounts (aid int PRIMARY KEY, bid int, abalance int, filler char(84));"
    "CREATE TABLE pgbench_history (id bigint PRIMARY KEY, tid int, bid int, aid int, delta int,"
    " mtime timestamp, filler char(22))";

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  in >> one >> five >> fifteen;
  return one + "/" + five + "/" + fifteen;
}

double total_cpu(const std::map<std::string, double>& by_name) {
  double total = 0;
  for (const auto& [name, seconds] : by_name) total += seconds;
  return total;
}

// pgbench -i's content for `scale`: 1 branch, 10 tellers, 100000 accounts per unit.
std::string initial_content(int scale) {
  auto upto = [](int64_t n) { return " FROM generate_series(1, " + std::to_string(n) + ") i;"; };
  int64_t branches = scale;
  int64_t tellers = 10LL * scale;
  int64_t accounts = 100000LL * scale;
  return "INSERT INTO pgbench_branches (bid, bbalance, filler) SELECT i, 0, NULL" + upto(branches) +
         "INSERT INTO pgbench_tellers (tid, bid, tbalance, filler) SELECT i, (i - 1) / 10 + 1, 0, NULL" +
         upto(tellers) + "INSERT INTO pgbench_accounts (aid, bid, abalance, filler) SELECT i, (i - 1) / 100000 + 1, 0, '" +
         std::string(84, ' ') + "'" + upto(accounts);
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

done_result same_fingerprint(bench_cluster& cluster, pg_subscriber* pg18, const std::string& when) {
  auto publisher = cluster.publisher_value(fingerprint_sql);
  if (!publisher) return fail(publisher.error());
  auto local = cluster.local_value(fingerprint_sql);
  if (!local) return fail(local.error());
  if (*publisher != *local)
    return fail(when + ": the tables differ — publisher " + *publisher + ", tributary " + *local);
  if (pg18) {
    auto theirs = pg18->value(fingerprint_sql);
    if (!theirs) return fail(theirs.error());
    if (*publisher != *theirs)
      return fail(when + ": the tables differ — publisher " + *publisher + ", PostgreSQL's subscriber " + *theirs);
  }
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

done_result run(const pgbench_load& load, bool with_pg18) {
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
  std::optional<pg_subscriber> pg18;
  std::string pg18_version = "(skipped)";
  if (with_pg18) {
    pg18.emplace(pg18_bin_dir(), cluster, "pg18_sub", "bench_pub");
    if (auto started = pg18->start(std::string(local_tables) + ";" + initial_content(load.scale)); !started)
      return started;
    auto v = pg18->version();
    if (!v) return fail(v.error());
    pg18_version = *v;
  }

  std::printf("== W2 pgbench: tpcb-like, scale %d, %d clients, %d jobs, %d s, publisher %s, subscriber %s ==\n",
              load.scale, load.clients, load.jobs, load.seconds, version->c_str(), pg18_version.c_str());
  pg_subscriber* other = pg18 ? &*pg18 : nullptr;
  if (auto same = same_fingerprint(cluster, other, "initial content"); !same) return same;

  catchup_run measure(cluster, catchup_names{});
  if (auto prepared = measure.prepare(); !prepared) return prepared;
  if (pg18)
    if (auto prepared = pg18->prepare(); !prepared) return prepared;
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
  std::string tributary_load = load_average();

  auto ceiling = measure.time_ceiling(*target, catchup_deadline);
  if (!ceiling) return fail("ceiling drain: " + ceiling.error());
  std::string ceiling_load = load_average();
  if (ceiling->counts.commits != transactions)
    return fail("the ceiling drain saw " + std::to_string(ceiling->counts.commits) + " commits, pgbench made " +
                std::to_string(transactions) + " transactions");

  subscriber_timing pg18_timing;
  std::string pg18_load = "-";
  if (pg18) {
    auto timed = pg18->time_catchup(*target, catchup_deadline);
    if (!timed) return fail("PostgreSQL subscriber: " + timed.error());
    pg18_timing = *timed;
    pg18_load = load_average();
  }
  if (auto same = same_fingerprint(cluster, other, "after the catch-up"); !same) return same;

  const double changes =
      static_cast<double>(ceiling->counts.inserts + ceiling->counts.updates + ceiling->counts.deletes);
  double c_rate = print_rate("ceiling drain", static_cast<double>(ceiling->counts.commits), "tx",
                             ceiling->counts.seconds);
  std::printf("%-22s load %s\n", "", ceiling_load.c_str());
  double p_rate = 0;
  if (pg18) {
    p_rate = print_rate("pg18 subscriber", static_cast<double>(transactions), "tx", pg18_timing.seconds);
    std::printf("%-22s load %s\n", "", pg18_load.c_str());
  }
  double t_rate = print_rate("tributary catch-up", static_cast<double>(transactions), "tx", tributary->seconds);
  std::printf("%-22s load %s\n", "", tributary_load.c_str());
  std::printf("%-22s %llu inserts, %llu updates, %.1f MiB of CopyData\n", "ceiling saw:",
              static_cast<unsigned long long>(ceiling->counts.inserts),
              static_cast<unsigned long long>(ceiling->counts.updates),
              static_cast<double>(ceiling->counts.bytes) / (1024.0 * 1024.0));
  double vs_pg18 = p_rate > 0 ? t_rate / p_rate : 0;
  if (pg18)
    std::printf("%-22s %.2f (target >= %.1f: %s)\n", "tributary / pg18:", vs_pg18, pg18_target,
                vs_pg18 >= pg18_target ? "met" : "NOT met");
  print_ratio(t_rate, c_rate, ratio_target);
  double t_cpu = changes > 0 ? total_cpu(tributary->server_cpu) * 1e6 / changes : 0;
  double p_cpu = changes > 0 ? pg18_timing.cpu_seconds * 1e6 / changes : 0;
  std::printf("%-22s tributary %.2f s (whole server), pg18 %.2f s (apply worker)\n", "CPU per million changes:",
              t_cpu, p_cpu);
  print_resources(*tributary, *ceiling);
  print_batching(*tributary, changes);
  std::printf("RESULT pgbench transactions=%llu tributary_tps=%.0f ceiling_tps=%.0f pg18_tps=%.0f ratio=%.3f "
              "tributary_vs_pg18=%.3f tributary_cpu_s_per_mchange=%.2f pg18_cpu_s_per_mchange=%.2f "
              "peak_rss_mib=%.1f load=%s\n",
              static_cast<unsigned long long>(transactions), t_rate, c_rate, p_rate,
              c_rate > 0 ? t_rate / c_rate : 0.0, vs_pg18, t_cpu, p_cpu,
              static_cast<double>(tributary->peak_rss_kib) / 1024.0, tributary_load.c_str());
  std::fflush(stdout);
  return ok_v;
}

}  // namespace
}  // namespace tributary::bench

int main(int argc, char** argv) {
  CLI::App app{"Workload W2 side by side: a pgbench tpcb-like backlog, a bare libpq drain, PostgreSQL 18's subscriber and Tributary"};
  tributary::bench::pgbench_load load;
  app.add_option("--scale", load.scale, "pgbench -i scale factor")->check(CLI::PositiveNumber);
  app.add_option("--clients", load.clients, "pgbench -c")->check(CLI::PositiveNumber);
  app.add_option("--jobs", load.jobs, "pgbench -j")->check(CLI::PositiveNumber);
  app.add_option("--seconds", load.seconds, "pgbench -T")->check(CLI::PositiveNumber);
  bool no_pg18 = false;
  app.add_flag("--no-pg18", no_pg18, "leave PostgreSQL's subscriber out (Tributary and the ceiling only)");
  CLI11_PARSE(app, argc, argv);
  auto outcome = tributary::bench::run(load, !no_pg18);
  if (!outcome) {
    std::fprintf(stderr, "catchup_pgbench: %s\n", outcome.error().c_str());
    return 1;
  }
  return 0;
}
