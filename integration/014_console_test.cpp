// 014_console: `tributary console` against a real server with a real
// subscription (issue 14).
//
//   - --once prints the subscriptions pane (state streaming, LSNs) and the
//     actor tree launcher -> supervisor -> pipeline actors;
//   - --json carries the same snapshot with the cumulative counters of
//     tributary_actors: the applier has applied the rows the publisher wrote;
//   - errors: an unreachable server (libpq's message), a server that is not
//     Tributary (the publisher, a real PostgreSQL), no subscriptions yet;
//   - the interactive console under tmux (fixed 160x40 screen): open, select,
//     open the detail, `d` and `y` disable the subscription
//     (pg_subscription.subenabled = false), `q` quits and the pane closes.
#include <algorithm>

#include <nlohmann/json.hpp>
#include <regex>

#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

using namespace std::chrono_literals;

struct program_run {
  exit_status status;
  std::string output;  // stdout and stderr
};

class Console : public ReplicationTest {
protected:
  void SetUp() override {
    ReplicationTest::SetUp();
    auto dir = scratch_directory::create("console");
    ASSERT_TRUE(dir) << dir.error();
    scratch_.emplace(std::move(dir).value());
  }

  void TearDown() override {
    if (tmux_started_)
      run({"tmux", "-L", tmux_socket(), "kill-server"});
  }

  program_run run(std::vector<std::string> argv, std::chrono::milliseconds timeout = 30s) {
    auto log = scratch_->path() / ("run" + std::to_string(++runs_) + ".log");
    process_options options;
    options.argv = std::move(argv);
    options.log_file = log;
    auto child = child_process::spawn(options);
    if (!child) {
      ADD_FAILURE() << child.error();
      return {};
    }
    auto status = child->wait_for(timeout);
    if (!status) {
      ADD_FAILURE() << options.argv[0] << " did not finish in time";
      status = child->kill_now();
    }
    return {*status, read_text_file(log)};
  }

  std::vector<std::string> console_argv(std::vector<std::string> extra) {
    std::vector<std::string> argv = {tributary_server::binary_path().string(), "console", "-d",
                                     subscriber_.conninfo()};
    argv.insert(argv.end(), extra.begin(), extra.end());
    return argv;
  }

  // A table on both sides, published and subscribed, with `rows` rows replicated.
  void replicate_orders(int rows) {
    publisher_.exec("CREATE TABLE orders (id int PRIMARY KEY, note text)");
    publisher_.exec("CREATE PUBLICATION orders_pub FOR TABLE orders");
    local_exec("CREATE TABLE orders (id int PRIMARY KEY, note text)");
    create_subscription("orders_sub", "orders_pub");
    ASSERT_TRUE(wait_local("SELECT count(*) FROM pg_stat_subscription WHERE pid IS NOT NULL", "1"));
    publisher_.exec("INSERT INTO orders SELECT g, 'note ' || g FROM generate_series(1, " + std::to_string(rows) +
                    ") g");
    ASSERT_TRUE(wait_local("SELECT count(*) FROM orders", std::to_string(rows)));
    ASSERT_TRUE(wait_caught_up("orders_sub"));
  }

  std::string tmux_socket() const { return "tributary-console-" + std::to_string(getpid()); }

  std::string screen() {
    auto r = run({"tmux", "-L", tmux_socket(), "capture-pane", "-p", "-t", "console"});
    return r.output;
  }

  bool wait_screen(const std::string& text, std::chrono::milliseconds timeout = 20s) {
    std::string last;
    bool ok = wait_until(
        [&] {
          last = screen();
          return last.find(text) != std::string::npos;
        },
        timeout, 200ms);
    if (!ok)
      ADD_FAILURE() << "the console never showed \"" << text << "\"; last screen:\n" << last;
    return ok;
  }

  void keys(const std::vector<std::string>& pressed) {
    std::vector<std::string> argv = {"tmux", "-L", tmux_socket(), "send-keys", "-t", "console"};
    argv.insert(argv.end(), pressed.begin(), pressed.end());
    auto r = run(argv);
    ASSERT_TRUE(r.status.succeeded()) << r.output;
  }

  std::optional<scratch_directory> scratch_;
  int runs_ = 0;
  bool tmux_started_ = false;
};

TEST_F(Console, OncePrintsSubscriptionsAndTheActorTree) {
  ASSERT_NO_FATAL_FAILURE(replicate_orders(500));
  auto r = run(console_argv({"--once", "-i", "0.3"}));
  ASSERT_TRUE(r.status.succeeded()) << r.status.describe() << "\n" << r.output;
  EXPECT_NE(r.output.find("SUBSCRIPTIONS (1)"), std::string::npos) << r.output;
  auto row = r.output.substr(r.output.find("  orders_sub"));
  row = row.substr(0, row.find('\n'));
  EXPECT_NE(row.find("postgres"), std::string::npos) << row;
  EXPECT_NE(row.find("streaming"), std::string::npos) << row;
  // received and applied LSNs, then the lag in bytes
  EXPECT_TRUE(std::regex_search(row, std::regex(" [0-9A-F]+/[0-9A-F]+ +[0-9A-F]+/[0-9A-F]+ +[0-9.]+ [kM]?B "))) << row;
  for (const char* actor : {" launcher ", "`- supervisor orders_sub", "|- connection", "|- decoder", "|- assembler",
                            "applier"})
    EXPECT_NE(r.output.find(actor), std::string::npos) << actor << "\n" << r.output;
}

TEST_F(Console, JsonCarriesTheCumulativeCountersOfTributaryActors) {
  ASSERT_NO_FATAL_FAILURE(replicate_orders(300));
  publisher_.exec("UPDATE orders SET note = 'changed' WHERE id <= 100");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM orders WHERE note = 'changed'", "100"));
  auto r = run(console_argv({"--json", "-i", "0.3"}));
  ASSERT_TRUE(r.status.succeeded()) << r.status.describe() << "\n" << r.output;
  auto doc = nlohmann::json::parse(r.output, nullptr, false);
  ASSERT_FALSE(doc.is_discarded()) << r.output;
  ASSERT_EQ(doc["subscriptions"].size(), 1u) << r.output;
  const auto& sub = doc["subscriptions"][0];
  EXPECT_EQ(sub["name"], "orders_sub");
  EXPECT_EQ(sub["database"], "postgres");
  EXPECT_EQ(sub["enabled"], true);
  EXPECT_EQ(sub["state"], "streaming");
  EXPECT_TRUE(sub["lag_bytes"].is_number()) << sub.dump();
  EXPECT_EQ(sub["received_lsn"].is_string(), true);
  EXPECT_TRUE(sub["rows_per_second"].is_number()) << sub.dump();
  EXPECT_EQ(doc["interval_seconds"].is_number(), true);
  const nlohmann::json* applier = nullptr;
  const nlohmann::json* connection = nullptr;
  for (const auto& a : doc["actors"]) {
    if (a["kind"] == "applier")
      applier = &a;
    if (a["kind"] == "connection")
      connection = &a;
  }
  ASSERT_TRUE(applier && connection) << r.output;
  EXPECT_EQ((*applier)["subscription"], sub["oid"]);
  EXPECT_GE((*applier)["rows"].get<int64_t>(), 400);        // 300 inserts + 100 updates
  EXPECT_GE((*applier)["transactions"].get<int64_t>(), 2);
  EXPECT_GE((*applier)["commits"].get<int64_t>(), 1);
  EXPECT_TRUE((*applier)["last_commit_time"].is_string());
  EXPECT_GT((*connection)["bytes"].get<int64_t>(), 0);
  EXPECT_EQ(local_value("SELECT sum(rows) FROM tributary_actors WHERE kind = 'applier'"),
            std::to_string((*applier)["rows"].get<int64_t>()));
}

TEST_F(Console, EveryDatabasesSubscriptionsAreShown) {
  ASSERT_NO_FATAL_FAILURE(replicate_orders(10));
  local_exec("CREATE DATABASE shop");
  publisher_.exec("CREATE TABLE items (id int PRIMARY KEY); CREATE PUBLICATION items_pub FOR TABLE items");
  auto shop = subscriber_.connect("shop");
  for (const std::string sql : {std::string("CREATE TABLE items (id int PRIMARY KEY)"),
                                "CREATE SUBSCRIPTION items_sub CONNECTION '" + publisher_conninfo() +
                                    "' PUBLICATION items_pub WITH (copy_data = false)"}) {
    auto r = exec(shop.get(), sql);
    ASSERT_TRUE(succeeded(r.get())) << sql << ": " << PQresultErrorMessage(r.get());
  }
  auto r = run(console_argv({"--json", "-i", "0.3"}));
  ASSERT_TRUE(r.status.succeeded()) << r.status.describe() << "\n" << r.output;
  auto doc = nlohmann::json::parse(r.output, nullptr, false);
  ASSERT_FALSE(doc.is_discarded()) << r.output;
  std::vector<std::string> shown;
  for (const auto& sub : doc["subscriptions"])
    shown.push_back(sub["database"].get<std::string>() + "/" + sub["name"].get<std::string>());
  std::sort(shown.begin(), shown.end());
  EXPECT_EQ(shown, (std::vector<std::string>{"postgres/orders_sub", "shop/items_sub"})) << r.output;
  exec(shop.get(), "DROP SUBSCRIPTION items_sub");
}

TEST_F(Console, UnreachableServerGivesLibpqsMessage) {
  auto port = free_tcp_port();
  ASSERT_TRUE(port);
  auto r = run({tributary_server::binary_path().string(), "console", "--once", "-h", "127.0.0.1", "-p",
                std::to_string(*port)});
  EXPECT_EQ(r.status.code, 1);
  EXPECT_NE(r.output.find("tributary console: error: connection to server at \"127.0.0.1\""), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("Connection refused"), std::string::npos) << r.output;
}

TEST_F(Console, PostgresIsNotATributaryServer) {
  auto r = run({tributary_server::binary_path().string(), "console", "--json", "-d",
                publisher_.conninfo() + " user=postgres"});
  EXPECT_EQ(r.status.code, 1);
  EXPECT_NE(r.output.find("is not a Tributary server (it has no relation tributary_actors)"), std::string::npos)
      << r.output;
}

TEST_F(Console, NoSubscriptionsSaysHowToCreateOne) {
  auto r = run(console_argv({"--once", "-i", "0.1"}));
  ASSERT_TRUE(r.status.succeeded()) << r.output;
  EXPECT_NE(r.output.find("No subscriptions yet. Create one with: CREATE SUBSCRIPTION"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("launcher"), std::string::npos) << r.output;
}

TEST_F(Console, InteractiveSelectDetailDisableAndQuit) {
  ASSERT_NO_FATAL_FAILURE(replicate_orders(50));
  std::string command;
  for (const auto& part : console_argv({"-i", "0.5"}))
    command += "'" + part + "' ";
  auto started = run({"tmux", "-L", tmux_socket(), "-f", "/dev/null", "new-session", "-d", "-x", "160", "-y", "40",
                      "-s", "console", "env TERM=screen " + command});
  ASSERT_TRUE(started.status.succeeded()) << started.output;
  tmux_started_ = true;
  ASSERT_TRUE(wait_screen("SUBSCRIPTIONS (1)"));
  ASSERT_TRUE(wait_screen("> orders_sub"));
  ASSERT_TRUE(wait_screen("`- supervisor orders_sub"));
  ASSERT_NO_FATAL_FAILURE(keys({"j"}));  // one subscription: the selection stays on it
  ASSERT_NO_FATAL_FAILURE(keys({"Enter"}));
  ASSERT_TRUE(wait_screen("SUBSCRIPTION orders_sub (oid"));
  ASSERT_TRUE(wait_screen("publications {orders_pub}"));
  ASSERT_TRUE(wait_screen("ready"));  // the table's state
  ASSERT_NO_FATAL_FAILURE(keys({"Escape"}));
  ASSERT_TRUE(wait_screen("j/k select"));
  ASSERT_NO_FATAL_FAILURE(keys({"d"}));
  ASSERT_TRUE(wait_screen("Disable subscription \"orders_sub\"? (y/n)"));
  EXPECT_EQ(local_value("SELECT subenabled FROM pg_subscription WHERE subname = 'orders_sub'"), "t");
  ASSERT_NO_FATAL_FAILURE(keys({"y"}));
  ASSERT_TRUE(wait_screen("ALTER SUBSCRIPTION orders_sub DISABLE: done"));
  EXPECT_EQ(local_value("SELECT subenabled FROM pg_subscription WHERE subname = 'orders_sub'"), "f");
  ASSERT_TRUE(wait_screen(" disabled "));
  ASSERT_NO_FATAL_FAILURE(keys({"q"}));
  EXPECT_TRUE(wait_until([&] { return !run({"tmux", "-L", tmux_socket(), "has-session", "-t", "console"})
                                           .status.succeeded(); },
                         10s, 100ms))
      << "the console did not quit on q:\n" << screen();
}

TEST_F(Console, ResizeLaysOutAgainAndCtrlCRestoresTheTerminal) {
  std::string command;
  for (const auto& part : console_argv({"-i", "0.5"}))
    command += "'" + part + "' ";
  auto started = run({"tmux", "-L", tmux_socket(), "-f", "/dev/null", "new-session", "-d", "-x", "120", "-y", "30",
                      "-s", "console", "env TERM=screen " + command});
  ASSERT_TRUE(started.status.succeeded()) << started.output;
  tmux_started_ = true;
  // keep the pane after the console exits, to see what it left on the terminal
  ASSERT_TRUE(run({"tmux", "-L", tmux_socket(), "set-option", "-t", "console", "remain-on-exit", "on"}).status.succeeded());
  ASSERT_TRUE(wait_screen("No subscriptions yet. Create one with"));
  ASSERT_TRUE(run({"tmux", "-L", tmux_socket(), "resize-window", "-t", "console", "-x", "70", "-y", "15"})
                  .status.succeeded());
  ASSERT_TRUE(wait_screen("needs at least 80x20"));
  ASSERT_TRUE(run({"tmux", "-L", tmux_socket(), "resize-window", "-t", "console", "-x", "100", "-y", "25"})
                  .status.succeeded());
  ASSERT_TRUE(wait_screen("SUBSCRIPTIONS (0)"));
  ASSERT_NO_FATAL_FAILURE(keys({"C-c"}));
  EXPECT_TRUE(wait_until(
      [&] {
        auto r = run({"tmux", "-L", tmux_socket(), "display-message", "-p", "-t", "console", "#{pane_dead}"});
        return r.output.find('1') != std::string::npos;
      },
      10s, 100ms))
      << "the console did not end on Ctrl-C:\n" << screen();
  // endwin left the alternate screen: the panes are gone from the terminal
  EXPECT_EQ(screen().find("SUBSCRIPTIONS"), std::string::npos) << screen();
}

}  // namespace
}  // namespace tributary::integration
