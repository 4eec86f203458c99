// 045_load_harness: `tributary load` against a real PostgreSQL 15 publisher and a real
// Tributary server that the harness starts itself (--serve-dir). About 30 s of the
// mixed workload (long enough for three faults 5 s apart to fit when a recovery takes
// 9 s on a loaded machine) with three faults (SIGKILL of the server, the walsender terminated,
// the publisher restarted): the run must end with PASS and a JSON summary that shows
// the faults recovered and no row lost or duplicated. Bad input must be refused before
// any load starts, with exit status 2 and a clear line.
#include <gtest/gtest.h>
#include <signal.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "integration/pg_publisher.hpp"
#include "integration/process.hpp"
#include "integration/test_host.hpp"
#include "integration/tributary_server.hpp"

namespace tributary::integration {
namespace {

struct harness_run {
  exit_status status;
  std::string output;  // stdout and stderr together
};

class LoadHarness : public ::testing::Test {
protected:
  void SetUp() override {
    auto dir = scratch_directory::create("tributary-load");
    ASSERT_TRUE(dir.ok()) << dir.error();
    scratch_.emplace(std::move(dir.value()));
    auto port = free_tcp_port();
    ASSERT_TRUE(port.ok()) << port.error();
    server_port_ = *port;
  }

  // A server left running by a harness that did not finish is killed here.
  void TearDown() override {
    std::ifstream pid_file(serve_dir() / "tributary.pid");
    pid_t pid = 0;
    if (pid_file >> pid && pid > 0 && kill(pid, 0) == 0) kill(pid, SIGKILL);
  }

  std::filesystem::path serve_dir() const { return scratch_->path() / "tr"; }
  std::string subscriber_conninfo() const {
    return "host=127.0.0.1 port=" + std::to_string(server_port_) + " dbname=postgres user=" + current_user_name() +
           " connect_timeout=5";
  }

  harness_run run(std::vector<std::string> arguments, std::chrono::seconds timeout) {
    process_options options;
    options.argv = {tributary_server::binary_path().string(), "load"};
    options.argv.insert(options.argv.end(), arguments.begin(), arguments.end());
    const auto log = scratch_->path() / ("load-" + std::to_string(++runs_) + ".log");
    options.log_file = log;
    auto status = run_to_completion(options, timeout);
    harness_run out;
    if (status.ok()) out.status = *status;
    out.output = read_text_file(log);
    if (!status.ok()) out.output += "\n(harness: " + status.error() + ")";
    return out;
  }

  static std::string last_line(const std::string& text) {
    auto end = text.find_last_not_of('\n');
    if (end == std::string::npos) return "";
    auto start = text.rfind('\n', end);
    return text.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1) + 1);
  }

  // pg_ctl restart as the user the publisher's cluster belongs to.
  static std::string restart_command(const pg_publisher& publisher) {
    const auto data = publisher.data_dir();
    std::string command = (publisher.bin_dir() / "pg_ctl").string() + " -D " + data.string() + " -l " +
                          (data.parent_path() / "postgres.log").string() + " -m fast -w -t 60 restart";
    if (running_as_root()) command = std::string("runuser -u ") + test_user_name + " -- " + command;
    return command;
  }

  std::optional<scratch_directory> scratch_;
  int server_port_ = 0;
  int runs_ = 0;
};

TEST_F(LoadHarness, MixedWorkloadSurvivesServerKillWalsenderTerminationAndPublisherRestart) {
  pg_publisher publisher;
  ASSERT_NO_FATAL_FAILURE(publisher.start());
  const auto json_path = scratch_->path() / "summary.json";
  auto result = run({"--publisher", publisher.conninfo(), "--subscriber", subscriber_conninfo(),
                     "--serve-dir", serve_dir().string(), "--serve-setting", "wal_retrieve_retry_interval=200ms",
                     "--serve-setting", "wal_receiver_status_interval=1s",
                     "--workload", "mixed", "--clients", "3", "--duration", "30s", "--seed", "15",
                     "--faults", "kill-server,terminate-walsender,restart-publisher", "--fault-interval", "5s",
                     "--publisher-restart-cmd", restart_command(publisher), "--json-file", json_path.string()},
                    std::chrono::seconds(240));
  ASSERT_EQ(last_line(result.output), "PASS") << result.output << "\n--- server log ---\n"
                                              << read_text_file(serve_dir().string() + ".log");
  EXPECT_TRUE(result.status.succeeded()) << result.status.describe();

  auto summary = nlohmann::json::parse(read_text_file(json_path));
  EXPECT_EQ(summary["result"], "PASS");
  EXPECT_EQ(summary["lost"], 0);
  EXPECT_EQ(summary["duplicated"], 0);
  EXPECT_GT(summary["transactions"].get<int64_t>(), 100);
  EXPECT_TRUE(summary["caught_up"].get<bool>());
  std::set<std::string> kinds;
  for (const auto& fault : summary["faults"]) {
    EXPECT_TRUE(fault["injected"].get<bool>()) << fault.dump();
    EXPECT_TRUE(fault["recovered"].get<bool>()) << fault.dump();
    kinds.insert(fault["kind"].get<std::string>());
  }
  EXPECT_EQ(kinds, (std::set<std::string>{"kill-server", "terminate-walsender", "restart-publisher"}))
      << result.output;
  EXPECT_EQ(summary["tables"].size(), 9u);
  for (const auto& table : summary["tables"]) EXPECT_TRUE(table["match"].get<bool>()) << table.dump();
  EXPECT_GT(summary["lag_ms"]["samples"].get<int64_t>(), 50);
  EXPECT_GE(summary["ddl_events"].get<int64_t>(), 2) << "ADD COLUMN and TRUNCATE happened";

  // Without --keep everything the run created is gone, the slot included.
  EXPECT_EQ(publisher.query_value("SELECT count(*) FROM pg_replication_slots"), "0");
  EXPECT_EQ(publisher.query_value("SELECT count(*) FROM pg_class WHERE relname LIKE 'load\\_%'"), "0");
}

TEST_F(LoadHarness, BadInputIsRefusedBeforeAnyLoad) {
  auto unknown = run({"--publisher", "host=127.0.0.1", "--subscriber", subscriber_conninfo(), "--workload", "tpcc"},
                     std::chrono::seconds(30));
  EXPECT_EQ(unknown.status.code, 2);
  EXPECT_NE(unknown.output.find("unknown workload \"tpcc\""), std::string::npos) << unknown.output;

  auto no_restart = run({"--publisher", "host=127.0.0.1", "--subscriber", subscriber_conninfo(), "--faults",
                         "restart-publisher"},
                        std::chrono::seconds(30));
  EXPECT_EQ(no_restart.status.code, 2);
  EXPECT_NE(no_restart.output.find("--publisher-restart-cmd"), std::string::npos) << no_restart.output;

  pg_publisher physical({{}, {"wal_level = replica"}});
  ASSERT_NO_FATAL_FAILURE(physical.start());
  auto not_logical = run({"--publisher", physical.conninfo(), "--subscriber", subscriber_conninfo(), "--serve-dir",
                          serve_dir().string()},
                         std::chrono::seconds(60));
  EXPECT_EQ(not_logical.status.code, 2);
  EXPECT_NE(not_logical.output.find("wal_level is \"replica\""), std::string::npos) << not_logical.output;

  auto no_subscriber = run({"--publisher", physical.conninfo(), "--subscriber", subscriber_conninfo()},
                           std::chrono::seconds(60));
  EXPECT_EQ(no_subscriber.status.code, 2);
  EXPECT_NE(no_subscriber.output.find("cannot connect to the subscriber"), std::string::npos) << no_subscriber.output;
}

}  // namespace
}  // namespace tributary::integration
