// load_run: writers, heartbeat, lag sampler, DDL, faults, progress, verification.
// See load_run.hpp.
#include "cli/load/load_run.hpp"

#include <set>
#include <thread>

#include "cli/load/fault_injector.hpp"
#include "cli/load/fault_schedule.hpp"
#include "cli/load/load_setup.hpp"
#include "cli/load/table_verifier.hpp"

namespace tributary::load {
namespace {

using clock_type = std::chrono::steady_clock;

struct run_state {
  std::atomic<bool> stop_writers{false};
  std::atomic<bool> stop_observers{false};
  std::atomic<int64_t> claimed{0};
  std::atomic<int64_t> transactions{0};
  std::atomic<int64_t> retried{0};
  std::atomic<int64_t> rows{0};
  std::atomic<int64_t> ddl_events{0};
  std::atomic<int> writers_done{0};
  std::atomic<int> faults_done{0};
  std::atomic<double> last_lag_ms{0};
  std::mutex lag_mutex;
  std::vector<double> lag_samples;
  int64_t clock_offset_us = 0;  // publisher clock minus local clock
};

int64_t local_now_us() {
  return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Sleeps until `when` or until `stop` is set; false when stopped.
bool pause_until(clock_type::time_point when, const std::atomic<bool>& stop) {
  while (clock_type::now() < when) {
    if (stop) return false;
    std::this_thread::sleep_for(std::min<clock_type::duration>(when - clock_type::now(), std::chrono::milliseconds(50)));
  }
  return !stop;
}

// A connection to `conninfo`, reopened when lost; nullptr while stopping.
pq_session* ensure_session(std::optional<pq_session>& session, const std::string& conninfo,
                           const std::atomic<bool>& stop) {
  while (!session || !session->usable()) {
    session.reset();
    if (stop) return nullptr;
    auto opened = pq_session::open(conninfo);
    if (opened) {
      session.emplace(std::move(*opened));
      break;
    }
    pause_until(clock_type::now() + std::chrono::milliseconds(200), stop);
  }
  return &*session;
}

// One transaction; the rows it changed, or the failure.
result<int64_t, pq_failure> run_transaction(pq_session& session, const std::vector<std::string>& statements) {
  if (auto r = session.exec("BEGIN"); !r) return fail(r.error());
  int64_t rows = 0;
  for (const auto& statement : statements) {
    auto r = session.exec(statement);
    if (!r) {
      if (!r.error().connection_lost) (void)session.exec("ROLLBACK");
      return fail(r.error());
    }
    if (statement.rfind("SELECT", 0) != 0) rows += *r;
  }
  if (auto r = session.exec("COMMIT"); !r) return fail(r.error());
  return rows;
}

void writer(load_context& c, run_state& s, int client) {
  workload_client workload(c.settings, client, c.options.seed);
  std::optional<pq_session> session;
  const auto pace = c.options.rate > 0 ? std::chrono::duration_cast<clock_type::duration>(std::chrono::duration<double>(
                                             c.options.clients / c.options.rate))
                                       : clock_type::duration::zero();
  auto next = clock_type::now();
  std::set<std::string> reported;
  while (!s.stop_writers) {
    if (c.plan.transactions && s.claimed.fetch_add(1) >= *c.plan.transactions) break;
    const auto statements = workload.next_transaction();
    for (int attempt = 1;; ++attempt) {
      if (attempt > 1 && s.stop_writers) break;
      auto* connection = ensure_session(session, c.options.publisher, s.stop_writers);
      if (connection == nullptr) break;
      auto done = run_transaction(*connection, statements);
      if (done) {
        s.transactions.fetch_add(1);
        s.rows.fetch_add(*done);
        break;
      }
      s.retried.fetch_add(1);
      const auto& failure = done.error();
      const bool expected = failure.connection_lost || failure.sqlstate.rfind("40", 0) == 0 ||
                            failure.sqlstate == "55P03" || failure.sqlstate == "57014";
      if (!expected && reported.insert(failure.sqlstate).second)
        c.log("client " + std::to_string(client) + ": " + failure.sqlstate + " " + failure.message);
      if (failure.connection_lost) session.reset();
      if (!expected && attempt >= 20) break;  // a statement that keeps failing: give up on it
      pause_until(clock_type::now() + std::chrono::milliseconds(failure.connection_lost ? 100 : 10 * attempt),
                  s.stop_writers);
    }
    if (pace != clock_type::duration::zero()) {
      next += pace;
      if (!pause_until(next, s.stop_writers)) break;
    }
  }
  s.writers_done.fetch_add(1);
}

void heartbeat(load_context& c, run_state& s) {
  std::optional<pq_session> session;
  auto next = clock_type::now();
  while (!s.stop_observers) {
    if (auto* connection = ensure_session(session, c.options.publisher, s.stop_observers))
      if (auto r = connection->exec(heartbeat_update); !r && r.error().connection_lost) session.reset();
    next += std::chrono::milliseconds(100);
    if (next < clock_type::now()) next = clock_type::now();
    pause_until(next, s.stop_observers);
  }
}

void lag_sampler(load_context& c, run_state& s) {
  std::optional<pq_session> session;
  auto next = clock_type::now();
  const std::string sql = std::string("SELECT sent_us FROM ") + heartbeat_table + " WHERE id = 1";
  while (!s.stop_observers) {
    if (auto* connection = ensure_session(session, c.options.subscriber, s.stop_observers)) {
      auto sent = connection->value(sql);
      if (sent) {
        const double lag = std::max<double>(0, (local_now_us() + s.clock_offset_us - std::stoll(*sent)) / 1000.0);
        s.last_lag_ms = lag;
        std::lock_guard<std::mutex> lock(s.lag_mutex);
        s.lag_samples.push_back(lag);
      } else if (sent.error().connection_lost) {
        session.reset();
      }
    }
    next += std::chrono::milliseconds(100);
    if (next < clock_type::now()) next = clock_type::now();
    pause_until(next, s.stop_observers);
  }
}

void ddl_events(load_context& c, run_state& s) {
  std::mt19937_64 random(c.options.seed ^ 0xdd1dd1ULL);
  std::uniform_int_distribution<int> jitter(-1000, 1000);
  auto next = clock_type::now();
  for (int n = 0;; ++n) {
    next += std::chrono::milliseconds(5000 + jitter(random));
    if (!pause_until(next, s.stop_writers)) return;
    const auto step = mixed_ddl_step(n);
    auto subscriber = pq_session::open(c.options.subscriber);
    auto publisher = pq_session::open(c.options.publisher);
    if (!subscriber || !publisher) {
      c.log("ddl: skipped " + step.description + " (a side is unreachable)");
      continue;
    }
    std::string failed;
    for (const auto& statement : step.subscriber)
      if (auto r = subscriber->exec(statement); !r && failed.empty()) failed = "subscriber: " + r.error().message;
    if (failed.empty())
      for (const auto& statement : step.publisher)
        if (auto r = publisher->exec(statement); !r && failed.empty()) failed = "publisher: " + r.error().message;
    if (failed.empty()) {
      s.ddl_events.fetch_add(1);
      c.log("ddl: " + step.description);
    } else {
      c.log("ddl: " + step.description + " failed: " + failed);
    }
  }
}

void faults(load_context& c, run_state& s, std::vector<fault_record>& records) {
  fault_schedule schedule(c.options.seed, c.plan.faults, c.plan.fault_interval_ms);
  if (schedule.empty()) return;
  for (;;) {
    const auto planned = schedule.next();
    if (!pause_until(c.started + std::chrono::milliseconds(planned.due_ms), s.stop_writers)) return;
    records.push_back(inject_fault(c, planned.kind));
    s.faults_done.fetch_add(1);
  }
}

void measure_clock_offset(load_context& c, run_state& s) {
  auto publisher = pq_session::open(c.options.publisher);
  if (!publisher) return;
  const auto before = local_now_us();
  auto now = publisher->value("SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint");
  const auto after = local_now_us();
  if (now) s.clock_offset_us = std::stoll(*now) - (before + after) / 2;
}

bool load_finished(const load_context& c, const run_state& s) {
  if (c.plan.duration_ms) return c.elapsed_s() * 1000 >= static_cast<double>(*c.plan.duration_ms);
  return s.writers_done.load() == c.options.clients;
}

void print_progress(load_context& c, const run_state& s, int64_t& last_transactions, double& last_time) {
  const double now = c.elapsed_s();
  const int64_t done = s.transactions.load();
  const double tps = now > last_time ? (done - last_transactions) / (now - last_time) : 0;
  last_transactions = done;
  last_time = now;
  char line[160];
  std::snprintf(line, sizeof line, "%lld tx, %.0f tps, lag %.0f ms, %d faults",
                static_cast<long long>(done), tps, s.last_lag_ms.load(), s.faults_done.load());
  if (c.stderr_is_terminal) {
    std::lock_guard<std::mutex> lock(c.log_mutex);
    std::fprintf(stderr, "\r\033[K[%7.1fs] %s", now, line);
    std::fflush(stderr);
  } else {
    c.log(line);
  }
}

}  // namespace

load_summary run_load(load_context& c) {
  run_state s;
  measure_clock_offset(c, s);
  load_summary summary;
  summary.workload = c.options.workload;
  summary.clients = c.options.clients;
  summary.seed = c.options.seed;

  c.started = clock_type::now();
  c.load_running = true;
  c.log("load started: workload " + c.options.workload + ", " + std::to_string(c.options.clients) + " clients" +
        (c.plan.duration_ms ? ", " + std::to_string(*c.plan.duration_ms / 1000.0).substr(0, 6) + " s"
                            : ", " + std::to_string(*c.plan.transactions) + " transactions"));
  std::vector<std::thread> writers;
  for (int i = 0; i < c.options.clients; ++i) writers.emplace_back([&c, &s, i] { writer(c, s, i + 1); });
  std::thread beat([&] { heartbeat(c, s); });
  std::thread sampler([&] { lag_sampler(c, s); });
  std::thread ddl;
  if (c.plan.workload == workload_kind::mixed) ddl = std::thread([&] { ddl_events(c, s); });
  std::thread fault_thread([&] { faults(c, s, summary.faults); });

  int64_t last_transactions = 0;
  double last_time = 0;
  int ticks = 0;
  while (!load_finished(c, s)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (++ticks % (c.stderr_is_terminal ? 10 : 50) == 0) print_progress(c, s, last_transactions, last_time);
  }
  s.stop_writers = true;
  for (auto& w : writers) w.join();
  summary.load_s = c.elapsed_s();
  const auto writers_stopped = clock_type::now();
  if (ddl.joinable()) ddl.join();
  fault_thread.join();
  s.stop_observers = true;
  beat.join();
  sampler.join();
  c.load_running = false;
  c.log("writers stopped after " + std::to_string(s.transactions.load()) + " transactions; waiting for catch-up");

  summary.transactions = s.transactions;
  summary.transactions_retried = s.retried;
  summary.rows_written = s.rows;
  summary.ddl_events = s.ddl_events;
  summary.lag = percentiles_of(s.lag_samples);
  auto catchup = wait_for_catchup(c);
  summary.caught_up = catchup.ok();
  if (catchup) {
    summary.catchup_s = std::chrono::duration<double>(clock_type::now() - writers_stopped).count();
    summary.tables = compare_tables(c);
  } else {
    summary.catchup_error = catchup.error();
  }
  return summary;
}

}  // namespace tributary::load
