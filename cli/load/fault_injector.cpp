// fault_injector: the five faults and the recovery check. See fault_injector.hpp.
#include "cli/load/fault_injector.hpp"

#include <thread>

#include "cli/load/load_setup.hpp"

namespace tributary::load {
namespace {

using clock_type = std::chrono::steady_clock;

struct outcome {
  bool injected = false;
  std::string detail;
};

std::string slot_condition(const load_context& c) { return "slot_name = " + sql_literal(c.slot_name); }

outcome kill_server(load_context& c) {
  const auto old_pid = c.server.pid();
  auto pid = c.server.kill_and_restart();
  if (!pid) return {false, pid.error()};
  auto up = open_with_retry(c.options.subscriber, std::chrono::seconds(60));
  return {true, "SIGKILL pid " + std::to_string(old_pid) + ", restarted as pid " + std::to_string(*pid) +
                    (up ? "" : " (not accepting connections after 60 s: " + up.error().message + ")")};
}

outcome restart_publisher(load_context& c) {
  std::string command = c.options.publisher_restart_cmd;
  if (command.empty())
    command = "'" + c.options.pg_ctl + "' -D '" + c.options.publisher_pgdata + "' -m fast -w -t 120 restart";
  auto ran = run_command(command, std::chrono::seconds(180));
  if (!ran) return {true, ran.error()};
  auto up = open_with_retry(c.options.publisher, std::chrono::seconds(60));
  return {true, std::string("publisher restarted") + (up ? "" : " but not reachable: " + up.error().message)};
}

outcome terminate_walsender(load_context& c) {
  auto publisher = open_with_retry(c.options.publisher, std::chrono::seconds(30));
  if (!publisher) return {false, "publisher unreachable: " + publisher.error().message};
  const auto deadline = clock_type::now() + std::chrono::seconds(10);
  for (;;) {
    auto pid = publisher->query("SELECT active_pid::text, pg_terminate_backend(active_pid)::text FROM "
                                "pg_replication_slots WHERE " + slot_condition(c) + " AND active_pid IS NOT NULL");
    if (!pid) return {false, "pg_terminate_backend failed: " + pid.error().message};
    if (!pid->empty() && pid->front()[0]) return {true, "terminated walsender pid " + *pid->front()[0]};
    if (clock_type::now() > deadline) return {false, "no active walsender for slot " + c.slot_name + " within 10 s"};
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

outcome disable_enable(load_context& c) {
  const auto deadline = clock_type::now() + std::chrono::seconds(60);
  auto left = [&deadline] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock_type::now());
  };
  auto subscriber = open_with_retry(c.options.subscriber, left());
  if (!subscriber) return {false, "subscriber unreachable: " + subscriber.error().message};
  if (auto r = subscriber->exec("ALTER SUBSCRIPTION " + c.options.subscription + " DISABLE"); !r)
    return {false, "ALTER SUBSCRIPTION ... DISABLE failed: " + r.error().message};
  std::string waited = "slot released";
  if (auto publisher = open_with_retry(c.options.publisher, std::chrono::seconds(10))) {
    for (;;) {
      auto active = publisher->value("SELECT active::text FROM pg_replication_slots WHERE " + slot_condition(c));
      if (!active || *active == "false") break;
      if (left().count() < 30'000) {
        waited = "slot still active";
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
  // Never leave the subscription disabled: retry ENABLE until the deadline.
  for (;;) {
    if (subscriber && subscriber->usable())
      if (subscriber->exec("ALTER SUBSCRIPTION " + c.options.subscription + " ENABLE"))
        return {true, "disabled (" + waited + "), enabled"};
    if (left().count() <= 0) return {true, "disabled, but ENABLE kept failing for 60 s"};
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    subscriber = open_with_retry(c.options.subscriber, std::chrono::seconds(1));
  }
}

outcome cut_connection(load_context& c) {
  if (!c.relay) return {false, "no relay (the subscription was not set up by the harness)"};
  const int cut = c.relay->cut();
  if (cut == 0) return {false, "no connection through the relay to cut"};
  return {true, "cut " + std::to_string(cut) + " connection" + (cut == 1 ? "" : "s") + " abortively"};
}

// Commits a heartbeat and waits until the subscriber shows it (or a later one).
bool wait_for_recovery(load_context& c, clock_type::time_point deadline) {
  auto left = [&deadline] {
    return std::max(std::chrono::milliseconds(0),
                    std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock_type::now()));
  };
  std::string beat;
  while (beat.empty()) {
    auto publisher = open_with_retry(c.options.publisher, left());
    if (!publisher) return false;
    auto written = publisher->value(std::string(heartbeat_update) + " RETURNING beat::text");
    if (written) beat = *written;
    else if (left().count() == 0) return false;
    else std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  const int64_t wanted = std::stoll(beat);
  for (;;) {
    auto subscriber = open_with_retry(c.options.subscriber, left());
    if (!subscriber) return false;
    for (;;) {
      auto seen = subscriber->value(std::string("SELECT beat FROM ") + heartbeat_table + " WHERE id = 1");
      if (!seen) break;
      if (std::stoll(*seen) >= wanted) return true;
      if (left().count() == 0) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    if (left().count() == 0) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

}  // namespace

fault_record inject_fault(load_context& c, fault_kind kind) {
  fault_record record;
  record.kind = to_string(kind);
  record.at_s = c.elapsed_s();
  const auto began = clock_type::now();
  c.log("fault " + record.kind + " ...");
  outcome done;
  switch (kind) {
    case fault_kind::kill_server: done = kill_server(c); break;
    case fault_kind::restart_publisher: done = restart_publisher(c); break;
    case fault_kind::terminate_walsender: done = terminate_walsender(c); break;
    case fault_kind::disable_enable: done = disable_enable(c); break;
    case fault_kind::cut_connection: done = cut_connection(c); break;
  }
  record.injected = done.injected;
  record.detail = done.detail;
  if (!record.injected) {
    c.log("fault " + record.kind + " skipped: " + record.detail);
    return record;
  }
  record.recovered = wait_for_recovery(c, began + std::chrono::milliseconds(c.plan.catchup_timeout_ms));
  record.recovery_s = std::chrono::duration<double>(clock_type::now() - began).count();
  char took[32];
  std::snprintf(took, sizeof took, "%.2f", record.recovery_s);
  c.log("fault " + record.kind + ": " + record.detail +
        (record.recovered ? std::string(", replication recovered in ") + took + " s"
                          : std::string(", replication NOT recovered")));
  return record;
}

}  // namespace tributary::load
