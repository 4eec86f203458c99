// catchup_run: subscription preparation and the two timed drains. See catchup_run.hpp.
#include "bench/catchup_run.hpp"

#include <cstdio>
#include <memory>
#include <thread>

#include "bench/process_watch.hpp"
#include "bench/profile_recorder.hpp"
#include "integration/wait_until.hpp"

namespace tributary::bench {
namespace {

using steady = std::chrono::steady_clock;
constexpr auto sample_interval = std::chrono::milliseconds(100);
constexpr auto poll_interval = std::chrono::milliseconds(10);
constexpr auto progress_interval = std::chrono::seconds(10);

double seconds_since(steady::time_point start) {
  return std::chrono::duration<double>(steady::now() - start).count();
}

// A finder for the walsender that serves `slot`, on a connection of its own (the
// watcher calls it from its thread; libpq connections are not shared across threads).
process_watch::pid_finder walsender_of(const std::string& conninfo, const std::string& slot) {
  auto connection = std::make_shared<integration::pg_connection>(integration::connect_with(conninfo));
  std::string sql = "SELECT coalesce(active_pid, 0) FROM pg_replication_slots WHERE slot_name = '" + slot + "'";
  return [connection, sql]() -> pid_t {
    auto r = integration::exec(connection->get(), sql);
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK || PQntuples(r.get()) < 1) return 0;
    return static_cast<pid_t>(std::atoi(PQgetvalue(r.get(), 0, 0)));
  };
}

double mib(int64_t kib) { return static_cast<double>(kib) / 1024.0; }

}  // namespace

done_result catchup_run::wait_publisher(const std::string& sql, const std::string& expected,
                                        std::chrono::seconds timeout) {
  std::string last;
  bool reached = integration::wait_until(
      [&] {
        auto v = cluster_.publisher_value(sql);
        last = v ? *v : v.error();
        return v && *v == expected;
      },
      timeout);
  if (!reached) return fail("waiting for `" + sql + "` = " + expected + ", last: " + last);
  return ok_v;
}

done_result catchup_run::wait_local(const std::string& sql, std::chrono::seconds timeout) {
  std::string last;
  bool reached = integration::wait_until(
      [&] {
        auto v = cluster_.local_value(sql);
        last = v ? *v : v.error();
        return v && *v != "<null>";
      },
      timeout);
  if (!reached) return fail("waiting for `" + sql + "` on tributary, last: " + last);
  return ok_v;
}

done_result catchup_run::prepare() {
  const auto& sub = names_.subscription;
  auto created = cluster_.local_exec("CREATE SUBSCRIPTION " + sub + " CONNECTION '" + cluster_.publisher_conninfo() +
                                     "' PUBLICATION " + names_.publication + " WITH (copy_data = false)");
  if (!created) return created;
  std::string pid_sql = "SELECT pid FROM pg_stat_subscription WHERE subname = '" + sub + "'";
  if (auto started = wait_local(pid_sql, std::chrono::seconds(60)); !started) return started;
  std::string active_sql = "SELECT active FROM pg_replication_slots WHERE slot_name = '" + sub + "'";
  if (auto active = wait_publisher(active_sql, "t", std::chrono::seconds(60)); !active) return active;
  // The server's own process (pg_stat_subscription.pid is its apply worker's pid).
  server_pid_ = server_process_of(cluster_.server().data_dir());
  if (server_pid_ == 0) return fail("no process serves " + cluster_.server().data_dir().string());
  if (auto disabled = cluster_.local_exec("ALTER SUBSCRIPTION " + sub + " DISABLE"); !disabled) return disabled;
  if (auto released = wait_publisher(active_sql, "f", std::chrono::seconds(60)); !released) return released;
  auto ceiling = cluster_.publisher_exec("SELECT pg_create_logical_replication_slot('" + names_.ceiling_slot +
                                         "', 'pgoutput')");
  if (!ceiling) return ceiling;
  return ok_v;
}

result<bool, std::string> catchup_run::slot_reached(lsn target) {
  auto v = cluster_.publisher_value("SELECT coalesce(confirmed_flush_lsn >= '" + target.to_string() +
                                    "'::pg_lsn, false) FROM pg_replication_slots WHERE slot_name = '" +
                                    names_.subscription + "'");
  if (!v) return fail(v.error());
  return *v == "t";
}

result<tributary_timing, std::string> catchup_run::time_tributary(lsn target, std::chrono::seconds deadline) {
  tributary_timing timing;
  timing.peak_reset = reset_peak_rss(server_pid_).ok();
  pid_t server = server_pid_;
  process_watch server_watch([server] { return server; }, sample_interval);
  process_watch walsender_watch(walsender_of(cluster_.publisher_conninfo(), names_.subscription), sample_interval);
  std::optional<profile_recorder> profile(std::in_place, server);

  auto start = steady::now();
  if (auto enabled = cluster_.local_exec("ALTER SUBSCRIPTION " + names_.subscription + " ENABLE"); !enabled)
    return fail(enabled.error());
  auto next_progress = start + progress_interval;
  for (;;) {
    auto reached = slot_reached(target);
    if (!reached) return fail(reached.error());
    if (*reached) break;
    auto now = steady::now();
    if (now - start > deadline) return fail("tributary did not reach " + target.to_string() + " in time");
    if (now >= next_progress) {
      auto at = cluster_.publisher_value("SELECT confirmed_flush_lsn FROM pg_replication_slots WHERE slot_name = '" +
                                         names_.subscription + "'");
      std::fprintf(stderr, "  ... %.0f s: confirmed %s of %s\n", seconds_since(start), at ? at->c_str() : "?",
                   target.to_string().c_str());
      next_progress += progress_interval;
    }
    std::this_thread::sleep_for(poll_interval);
  }
  timing.seconds = seconds_since(start);
  profile.reset();
  read_actor_messages(timing);
  server_watch.stop();
  walsender_watch.stop();
  auto hwm = peak_rss_kib(server_pid_);
  timing.peak_rss_kib = hwm ? *hwm : server_watch.max_rss_kib();
  timing.server_cpu = server_watch.cpu_by_name();
  timing.walsender_cpu = walsender_watch.cpu_by_name();
  return timing;
}

// Best effort: a figure for the report, not a condition of the run.
void catchup_run::read_actor_messages(tributary_timing& timing) {
  auto summary = cluster_.local_value(
      "SELECT group_concat(kind || ' ' || messages, ', ') FROM (SELECT kind, sum(messages) AS messages"
      " FROM tributary_actors WHERE kind IN ('connection', 'decoder', 'assembler', 'applier')"
      " GROUP BY kind ORDER BY kind)");
  timing.actor_messages = summary ? *summary : "(unavailable: " + summary.error() + ")";
  auto batches = cluster_.local_value("SELECT sum(messages) FROM tributary_actors WHERE kind = 'decoder'");
  timing.decoder_batches = batches ? std::atoll(batches->c_str()) : 0;
  auto commits = cluster_.local_value("SELECT sum(commits) FROM tributary_actors WHERE kind = 'applier'");
  timing.applier_commits = commits ? std::atoll(commits->c_str()) : 0;
}

result<ceiling_timing, std::string> catchup_run::time_ceiling(lsn target, std::chrono::seconds deadline) {
  process_watch walsender_watch(walsender_of(cluster_.publisher_conninfo(), names_.ceiling_slot), sample_interval);
  ceiling_request request{cluster_.publisher_conninfo() + " application_name=ceiling", names_.ceiling_slot,
                          {names_.publication}, target, deadline};
  auto counts = drain_slot(request);
  walsender_watch.stop();
  if (!counts) return fail(counts.error());
  return ceiling_timing{*counts, walsender_watch.cpu_by_name()};
}

double print_rate(const std::string& label, double count, const std::string& unit, double seconds) {
  double rate = seconds > 0 ? count / seconds : 0;
  std::printf("%-22s %10.0f %s in %7.2f s = %9.0f %s/s\n", (label + ":").c_str(), count, unit.c_str(), seconds,
              rate, unit.c_str());
  return rate;
}

void print_ratio(double tributary_rate, double ceiling_rate, double target) {
  double ratio = ceiling_rate > 0 ? tributary_rate / ceiling_rate : 0;
  std::printf("%-22s %.2f (target >= %.2f: %s)\n", "ratio tributary/ceiling:", ratio, target,
              ratio >= target ? "met" : "NOT met");
}

void print_resources(const tributary_timing& tributary, const ceiling_timing& ceiling) {
  std::printf("%-22s %.1f MiB%s\n", "tributary peak RSS:", mib(tributary.peak_rss_kib),
              tributary.peak_reset ? " (VmHWM during the catch-up)" : " (VmHWM since server start)");
  std::printf("%-22s %s\n", "tributary CPU:", describe_cpu(tributary.server_cpu).c_str());
  std::printf("%-22s %s\n", "walsender CPU (trib.):", describe_cpu(tributary.walsender_cpu).c_str());
  std::printf("%-22s %s\n", "walsender CPU (ceil.):", describe_cpu(ceiling.walsender_cpu).c_str());
  std::fflush(stdout);
}

void print_batching(const tributary_timing& tributary, double changes) {
  std::printf("%-22s %s\n", "actor messages:", tributary.actor_messages.c_str());
  if (tributary.decoder_batches > 0)
    std::printf("%-22s %.1f changes per decoder batch\n", "batching:",
                changes / static_cast<double>(tributary.decoder_batches));
  if (tributary.applier_commits > 0)
    std::printf("%-22s %lld local commits, %.1f changes each\n", "groups:",
                static_cast<long long>(tributary.applier_commits),
                changes / static_cast<double>(tributary.applier_commits));
  std::fflush(stdout);
}

}  // namespace tributary::bench
