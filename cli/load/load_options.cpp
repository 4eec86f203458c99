// load_options: parsing and validation of `tributary load`'s options. See load_options.hpp.
#include "cli/load/load_options.hpp"

#include <algorithm>
#include <cctype>

#include "stages/core/duration_units.hpp"

namespace tributary::load {
namespace {

struct workload_name {
  workload_kind kind;
  const char* name;
};
constexpr workload_name workload_names[] = {{workload_kind::inserts, "inserts"},
                                            {workload_kind::updates, "updates"},
                                            {workload_kind::tpcb, "tpcb"},
                                            {workload_kind::bigtxn, "bigtxn"},
                                            {workload_kind::mixed, "mixed"}};

struct fault_name {
  fault_kind kind;
  const char* name;
};
constexpr fault_name fault_names[] = {{fault_kind::kill_server, "kill-server"},
                                      {fault_kind::restart_publisher, "restart-publisher"},
                                      {fault_kind::terminate_walsender, "terminate-walsender"},
                                      {fault_kind::disable_enable, "disable-enable"},
                                      {fault_kind::cut_connection, "cut-connection"}};

std::vector<std::string> split_commas(const std::vector<std::string>& values) {
  std::vector<std::string> out;
  for (const auto& value : values) {
    size_t start = 0;
    while (start <= value.size()) {
      size_t comma = value.find(',', start);
      if (comma == std::string::npos) comma = value.size();
      std::string part = value.substr(start, comma - start);
      part.erase(0, part.find_first_not_of(" \t"));
      part.erase(part.find_last_not_of(" \t") + 1);
      if (!part.empty()) out.push_back(part);
      start = comma + 1;
    }
  }
  return out;
}

std::string known_faults() {
  std::string out;
  for (const auto& f : fault_names) out += std::string(out.empty() ? "" : ", ") + f.name;
  return out;
}

result<ok_t, std::string> check_fault_information(fault_kind fault, const load_options& o) {
  switch (fault) {
    case fault_kind::kill_server:
      if (!o.serve_dir.empty()) return ok_v;
      if (o.server_pid > 0 && !o.server_cmd.empty()) return ok_v;
      return fail(std::string(
          "fault kill-server needs the server to kill and how to start it again: --serve-dir DIR "
          "(the harness runs `tributary serve` itself), or --server-pid PID with --server-cmd CMD"));
    case fault_kind::restart_publisher:
      if (!o.publisher_restart_cmd.empty() || !o.publisher_pgdata.empty()) return ok_v;
      return fail(std::string(
          "fault restart-publisher needs how to restart the publisher: --publisher-restart-cmd CMD, "
          "or --publisher-pgdata DIR (runs `pg_ctl -D DIR -m fast -w restart`, pg_ctl from --pg-ctl)"));
    case fault_kind::cut_connection:
      if (!o.no_setup) return ok_v;
      return fail(std::string(
          "fault cut-connection needs the subscription created by the harness (it routes the "
          "replication connection through its own relay): drop --no-setup"));
    case fault_kind::terminate_walsender:
    case fault_kind::disable_enable:
      return ok_v;
  }
  return ok_v;
}

}  // namespace

std::string to_string(workload_kind kind) {
  for (const auto& w : workload_names)
    if (w.kind == kind) return w.name;
  return "?";
}

std::string to_string(fault_kind kind) {
  for (const auto& f : fault_names)
    if (f.kind == kind) return f.name;
  return "?";
}

std::optional<workload_kind> workload_from_name(const std::string& name) {
  for (const auto& w : workload_names)
    if (name == w.name) return w.kind;
  return std::nullopt;
}

std::optional<fault_kind> fault_from_name(const std::string& name) {
  for (const auto& f : fault_names)
    if (name == f.name) return f.kind;
  return std::nullopt;
}

result<int64_t, std::string> parse_duration_ms(const std::string& text) {
  size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  if (digits == 0 || digits > 12) return fail("invalid duration \"" + text + "\" (examples: 500ms, 20s, 10m, 1h)");
  int64_t amount = std::stoll(text.substr(0, digits));
  std::string unit = text.substr(digits);
  std::transform(unit.begin(), unit.end(), unit.begin(), [](unsigned char c) { return std::tolower(c); });
  if (unit.empty()) unit = "s";
  if (unit == "m") unit = "min";
  auto per_unit = milliseconds_per_unit(unit);
  if (!per_unit) return fail("invalid duration \"" + text + "\" (examples: 500ms, 20s, 10m, 1h)");
  return amount * *per_unit;
}

result<load_plan, std::string> validate(const load_options& o) {
  load_plan plan;
  if (o.publisher.empty()) return fail(std::string("--publisher is required (a libpq connection string)"));
  if (o.subscriber.empty()) return fail(std::string("--subscriber is required (a libpq connection string)"));
  auto workload = workload_from_name(o.workload);
  if (!workload)
    return fail("unknown workload \"" + o.workload + "\" (known: inserts, updates, tpcb, bigtxn, mixed)");
  plan.workload = *workload;
  for (const auto& name : split_commas(o.faults)) {
    auto fault = fault_from_name(name);
    if (!fault) return fail("unknown fault \"" + name + "\" (known: " + known_faults() + ")");
    if (std::find(plan.faults.begin(), plan.faults.end(), *fault) == plan.faults.end())
      plan.faults.push_back(*fault);
  }
  for (auto fault : plan.faults)
    if (auto r = check_fault_information(fault, o); !r) return fail(r.error());
  if (o.server_pid > 0 && o.server_cmd.empty())
    return fail(std::string("--server-pid needs --server-cmd (how to start the server again)"));
  if (o.server_pid > 0 && !o.serve_dir.empty())
    return fail(std::string("--server-pid and --serve-dir exclude each other"));
  if (!o.duration.empty() && o.transactions > 0)
    return fail(std::string("give --duration or --transactions, not both"));
  if (o.transactions < 0) return fail(std::string("--transactions must be positive"));
  if (!o.duration.empty()) {
    auto ms = parse_duration_ms(o.duration);
    if (!ms) return fail("--duration: " + ms.error());
    if (*ms <= 0) return fail(std::string("--duration must be positive"));
    plan.duration_ms = *ms;
  } else if (o.transactions > 0) {
    plan.transactions = o.transactions;
  } else {
    plan.duration_ms = 60'000;
  }
  auto interval = parse_duration_ms(o.fault_interval);
  if (!interval) return fail("--fault-interval: " + interval.error());
  if (*interval < 1000) return fail(std::string("--fault-interval must be at least 1s"));
  plan.fault_interval_ms = *interval;
  auto catchup = parse_duration_ms(o.catchup_timeout);
  if (!catchup) return fail("--catchup-timeout: " + catchup.error());
  plan.catchup_timeout_ms = *catchup;
  if (o.clients < 1 || o.clients > 256) return fail(std::string("--clients must be between 1 and 256"));
  if (o.rate < 0) return fail(std::string("--rate must not be negative"));
  if (o.scale < 1 || o.scale > 1000) return fail(std::string("--scale must be between 1 and 1000"));
  if (o.rows_per_transaction < 1 || o.rows_per_transaction > 100'000)
    return fail(std::string("--rows-per-transaction must be between 1 and 100000"));
  return plan;
}

}  // namespace tributary::load
