// load_options: what `tributary load` was asked to do, and whether that can work
// before anything touches a server.
//
// Role: the options as parsed from the command line (names as the user typed them),
// duration parsing ("500ms", "20s", "10m", "1h"; a bare number is seconds), and
// validate(): every check that needs no server: a known workload, known faults, a
// duration or a transaction count (not both), and for each fault the information it
// needs (kill-server: --serve-dir, or --server-pid with --server-cmd;
// restart-publisher: --publisher-restart-cmd or --publisher-pgdata; cut-connection:
// a subscription the harness sets up itself, because the replication connection is
// routed through the harness's relay). Errors are one line naming the option.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "stages/core/result.hpp"

namespace tributary::load {

enum class workload_kind { inserts, updates, tpcb, bigtxn, mixed };
enum class fault_kind { kill_server, restart_publisher, terminate_walsender, disable_enable, cut_connection };

std::string to_string(workload_kind kind);
std::string to_string(fault_kind kind);
std::optional<workload_kind> workload_from_name(const std::string& name);
std::optional<fault_kind> fault_from_name(const std::string& name);

// Milliseconds in "250ms", "20s", "10m"/"10min", "1h", "1d" or "30" (seconds).
result<int64_t, std::string> parse_duration_ms(const std::string& text);

struct load_options {
  std::string publisher;    // libpq conninfo
  std::string subscriber;   // libpq conninfo of the Tributary server
  std::string workload = "mixed";
  int clients = 4;
  std::string duration;     // "" = not given
  int64_t transactions = 0; // 0 = not given
  double rate = 0;          // transactions per second over all clients; 0 = full speed
  int scale = 1;
  int rows_per_transaction = 10;
  std::vector<std::string> faults;  // names, possibly comma-separated
  std::string fault_interval = "10s";
  int64_t server_pid = 0;
  std::string server_cmd;
  std::string serve_dir;
  std::vector<std::string> serve_settings;  // "name=value", passed as -c to the harness's server
  std::string publisher_restart_cmd;
  std::string publisher_pgdata;
  std::string pg_ctl = "pg_ctl";
  bool no_setup = false;
  bool keep = false;
  std::string json_path;    // "" = none, "-" = stdout
  uint64_t seed = 1;
  std::string publication = "tributary_load";
  std::string subscription = "tributary_load";
  std::string catchup_timeout = "120s";
};

// The options after validation, in the forms the run uses.
struct load_plan {
  workload_kind workload = workload_kind::mixed;
  std::vector<fault_kind> faults;  // in the order given, without repeats
  std::optional<int64_t> duration_ms;
  std::optional<int64_t> transactions;
  int64_t fault_interval_ms = 10'000;
  int64_t catchup_timeout_ms = 120'000;
};

result<load_plan, std::string> validate(const load_options& options);

}  // namespace tributary::load
