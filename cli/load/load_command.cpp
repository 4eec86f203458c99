// load_command: `tributary load` options and the run from start to exit status.
// See load_command.hpp.
#include "cli/load/load_command.hpp"

#include <signal.h>

#include <fstream>
#include <iostream>

#include "cli/load/load_context.hpp"
#include "cli/load/load_run.hpp"
#include "cli/load/load_setup.hpp"
#include "cli/load/pq_session.hpp"

namespace tributary::load {
namespace {

int refuse(const std::string& message) {
  std::cerr << "tributary load: " << message << "\n";
  return 2;
}

result<ok_t, std::string> open_relay(load_context& c) {
  std::string host = conninfo_value(c.options.publisher, "hostaddr");
  if (host.empty()) host = conninfo_value(c.options.publisher, "host");
  if (host.empty()) host = "localhost";
  if (host.front() == '/' || host.find(',') != std::string::npos)
    return fail("cut-connection needs the publisher at one TCP address (host=...), not \"" + host + "\"");
  const auto port_text = conninfo_value(c.options.publisher, "port");
  const int port = port_text.empty() ? 5432 : std::atoi(port_text.c_str());
  c.relay = std::make_unique<connection_relay>();
  auto listening = c.relay->start(host, port);
  if (!listening) return fail(listening.error());
  auto via = conninfo_with(c.options.publisher, "host", "127.0.0.1");
  if (via && !conninfo_value(c.options.publisher, "hostaddr").empty())
    via = conninfo_with(*via, "hostaddr", "127.0.0.1");
  if (via) via = conninfo_with(*via, "port", std::to_string(*listening));
  if (!via) return fail("--publisher: " + via.error());
  c.subscription_conninfo = *via;
  c.log("relay for cut-connection on 127.0.0.1:" + std::to_string(*listening) + " -> " + host + ":" +
        std::to_string(port));
  return ok_v;
}

result<ok_t, std::string> start_owned_server(load_context& c) {
  const auto port_text = conninfo_value(c.options.subscriber, "port");
  const int port = port_text.empty() ? 5433 : std::atoi(port_text.c_str());
  c.server = tributary_process::owned(c.options.serve_dir, port, c.options.serve_settings);
  auto pid = c.server.start();
  if (!pid) return fail("cannot start `tributary serve`: " + pid.error());
  c.log("started tributary serve -D " + c.options.serve_dir + " -p " + std::to_string(port) + " (pid " +
        std::to_string(*pid) + ", log " + c.options.serve_dir + ".log)");
  auto up = open_with_retry(c.options.subscriber, std::chrono::seconds(30));
  if (!up) return fail("the server started with --serve-dir does not accept connections: " + up.error().message);
  return ok_v;
}

}  // namespace

void add_load_options(CLI::App& command, load_options& o, bool& json_to_stdout) {
  command.add_option("--publisher", o.publisher, "libpq connection string of the publisher")->required();
  command.add_option("--subscriber", o.subscriber, "libpq connection string of the Tributary server")->required();
  command.add_option("--workload", o.workload, "inserts | updates | tpcb | bigtxn | mixed")->capture_default_str();
  command.add_option("--clients", o.clients, "concurrent writers")->capture_default_str();
  command.add_option("--duration", o.duration, "how long to write (60s, 10m; default 60s)");
  command.add_option("--transactions", o.transactions, "how many transactions to write (instead of --duration)");
  command.add_option("--rate", o.rate, "transactions per second over all clients (0 = full speed)");
  command.add_option("--scale", o.scale, "size of the pre-filled tables (tpcb: 100000 accounts per unit)")
      ->capture_default_str();
  command.add_option("--rows-per-transaction", o.rows_per_transaction, "rows per transaction of `inserts`")
      ->capture_default_str();
  command.add_option("--faults", o.faults,
                     "kill-server,restart-publisher,terminate-walsender,disable-enable,cut-connection");
  command.add_option("--fault-interval", o.fault_interval, "time between faults")->capture_default_str();
  command.add_option("--server-pid", o.server_pid, "PID of the Tributary server (kill-server)");
  command.add_option("--server-cmd", o.server_cmd, "shell command that starts the server again (kill-server)");
  command.add_option("--serve-dir", o.serve_dir, "run `tributary serve -D DIR` from the harness (kill-server)");
  command.add_option("--serve-setting", o.serve_settings, "name=value: -c setting of the server --serve-dir starts")
      ->allow_extra_args(false);
  command.add_option("--publisher-restart-cmd", o.publisher_restart_cmd,
                     "shell command that restarts the publisher and returns once it is up (restart-publisher)");
  command.add_option("--publisher-pgdata", o.publisher_pgdata, "the publisher's data directory (restart-publisher)");
  command.add_option("--pg-ctl", o.pg_ctl, "pg_ctl to restart the publisher with")->capture_default_str();
  command.add_flag("--no-setup", o.no_setup, "use existing tables, publication and subscription");
  command.add_flag("--keep", o.keep, "leave the tables, publication and subscription in place");
  command.add_flag("--json", json_to_stdout, "JSON summary on stdout (the text summary goes to stderr)");
  command.add_option("--json-file", o.json_path, "also write the JSON summary to this file");
  command.add_option("--seed", o.seed, "seed of the workload and the fault schedule")->capture_default_str();
  command.add_option("--publication", o.publication, "publication name")->capture_default_str();
  command.add_option("--subscription", o.subscription, "subscription name")->capture_default_str();
  command.add_option("--catchup-timeout", o.catchup_timeout, "how long to wait for the subscriber to catch up")
      ->capture_default_str();
}

int run_load_command(const load_options& options, bool json_to_stdout) {
  signal(SIGPIPE, SIG_IGN);
  auto plan = validate(options);
  if (!plan) return refuse(plan.error());
  load_context c;
  c.options = options;
  c.plan = *plan;
  c.settings = {plan->workload, options.scale, options.rows_per_transaction};
  c.tables = workload_tables(c.settings);
  c.subscription_conninfo = options.publisher;
  if (!options.serve_dir.empty()) {
    if (auto r = start_owned_server(c); !r) return refuse(r.error());
  } else if (options.server_pid > 0) {
    c.server = tributary_process::external(static_cast<pid_t>(options.server_pid), options.server_cmd);
  }
  if (std::find(plan->faults.begin(), plan->faults.end(), fault_kind::cut_connection) != plan->faults.end())
    if (auto r = open_relay(c); !r) return refuse(r.error());
  if (auto r = preflight(c); !r) return refuse(r.error());
  if (auto r = setup(c); !r) {
    teardown(c);
    return refuse(r.error());
  }
  auto summary = run_load(c);
  teardown(c);
  c.server.stop_owned();
  const auto text = summary_text(summary);
  const auto json = summary_json(summary).dump(2);
  if (!options.json_path.empty()) std::ofstream(options.json_path) << json << "\n";
  if (json_to_stdout) {
    std::cerr << text;
    std::cout << json << std::endl;
  } else {
    std::cout << text << std::flush;
  }
  return summary.failure_reason().empty() ? 0 : 1;
}

}  // namespace tributary::load
