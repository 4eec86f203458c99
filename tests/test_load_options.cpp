// `tributary load` options: durations and the checks made before any server is touched.
#include <gtest/gtest.h>

#include "cli/load/load_options.hpp"

namespace tributary::load {
namespace {

load_options minimal() {
  load_options o;
  o.publisher = "host=127.0.0.1 dbname=postgres";
  o.subscriber = "host=127.0.0.1 port=5433 dbname=postgres";
  return o;
}

TEST(LoadDuration, ReadsPostgresUnitsAndBareSeconds) {
  EXPECT_EQ(parse_duration_ms("500ms").value(), 500);
  EXPECT_EQ(parse_duration_ms("20s").value(), 20'000);
  EXPECT_EQ(parse_duration_ms("10m").value(), 600'000);
  EXPECT_EQ(parse_duration_ms("10min").value(), 600'000);
  EXPECT_EQ(parse_duration_ms("1h").value(), 3'600'000);
  EXPECT_EQ(parse_duration_ms("30").value(), 30'000);
}

TEST(LoadDuration, RefusesWhatIsNotADuration) {
  for (const char* text : {"", "s", "10x", "-5s", "1.5s", "10 s"}) {
    auto parsed = parse_duration_ms(text);
    ASSERT_FALSE(parsed.ok()) << text;
    EXPECT_NE(parsed.error().find("invalid duration"), std::string::npos) << parsed.error();
  }
}

TEST(LoadOptions, DefaultsToSixtySecondsOfMixedWithoutFaults) {
  auto plan = validate(minimal());
  ASSERT_TRUE(plan.ok()) << plan.error();
  EXPECT_EQ(plan->workload, workload_kind::mixed);
  EXPECT_EQ(plan->duration_ms, 60'000);
  EXPECT_FALSE(plan->transactions.has_value());
  EXPECT_TRUE(plan->faults.empty());
  EXPECT_EQ(plan->fault_interval_ms, 10'000);
}

TEST(LoadOptions, BothConnectionStringsAreRequired) {
  auto o = minimal();
  o.publisher.clear();
  EXPECT_NE(validate(o).error().find("--publisher"), std::string::npos);
  o = minimal();
  o.subscriber.clear();
  EXPECT_NE(validate(o).error().find("--subscriber"), std::string::npos);
}

TEST(LoadOptions, UnknownWorkloadIsNamedWithTheKnownOnes) {
  auto o = minimal();
  o.workload = "tpcc";
  auto plan = validate(o);
  ASSERT_FALSE(plan.ok());
  EXPECT_EQ(plan.error(), "unknown workload \"tpcc\" (known: inserts, updates, tpcb, bigtxn, mixed)");
}

TEST(LoadOptions, FaultsAreCommaSeparatedRepeatableAndDeduplicated) {
  auto o = minimal();
  o.faults = {"terminate-walsender, disable-enable", "terminate-walsender"};
  auto plan = validate(o);
  ASSERT_TRUE(plan.ok()) << plan.error();
  EXPECT_EQ(plan->faults, (std::vector<fault_kind>{fault_kind::terminate_walsender, fault_kind::disable_enable}));
}

TEST(LoadOptions, UnknownFaultIsRefused) {
  auto o = minimal();
  o.faults = {"kill-publisher"};
  auto plan = validate(o);
  ASSERT_FALSE(plan.ok());
  EXPECT_NE(plan.error().find("unknown fault \"kill-publisher\""), std::string::npos) << plan.error();
  EXPECT_NE(plan.error().find("cut-connection"), std::string::npos) << plan.error();
}

TEST(LoadOptions, KillServerNeedsAServerToKillAndRestart) {
  auto o = minimal();
  o.faults = {"kill-server"};
  auto plan = validate(o);
  ASSERT_FALSE(plan.ok());
  EXPECT_NE(plan.error().find("--serve-dir"), std::string::npos) << plan.error();
  o.server_pid = 1234;
  EXPECT_FALSE(validate(o).ok()) << "a PID without a command to restart it";
  o.server_cmd = "tributary serve -D /srv/tr";
  EXPECT_TRUE(validate(o).ok());
  o = minimal();
  o.faults = {"kill-server"};
  o.serve_dir = "/tmp/tr";
  EXPECT_TRUE(validate(o).ok());
}

TEST(LoadOptions, ServerPidWithoutCommandIsRefusedEvenWithoutTheFault) {
  auto o = minimal();
  o.server_pid = 99;
  EXPECT_NE(validate(o).error().find("--server-cmd"), std::string::npos);
}

TEST(LoadOptions, RestartPublisherNeedsACommandOrADataDirectory) {
  auto o = minimal();
  o.faults = {"restart-publisher"};
  auto plan = validate(o);
  ASSERT_FALSE(plan.ok());
  EXPECT_NE(plan.error().find("--publisher-restart-cmd"), std::string::npos) << plan.error();
  EXPECT_NE(plan.error().find("--publisher-pgdata"), std::string::npos) << plan.error();
  o.publisher_pgdata = "/var/lib/postgresql/15/main";
  EXPECT_TRUE(validate(o).ok());
  o.publisher_pgdata.clear();
  o.publisher_restart_cmd = "sudo -u postgres pg_ctl -D /srv/pg -m fast -w restart";
  EXPECT_TRUE(validate(o).ok());
}

TEST(LoadOptions, CutConnectionNeedsTheHarnessToCreateTheSubscription) {
  auto o = minimal();
  o.faults = {"cut-connection"};
  EXPECT_TRUE(validate(o).ok());
  o.no_setup = true;
  EXPECT_NE(validate(o).error().find("--no-setup"), std::string::npos);
}

TEST(LoadOptions, DurationOrTransactionsNotBoth) {
  auto o = minimal();
  o.duration = "20s";
  o.transactions = 100;
  EXPECT_EQ(validate(o).error(), "give --duration or --transactions, not both");
  o.duration.clear();
  auto plan = validate(o);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan->transactions, 100);
  EXPECT_FALSE(plan->duration_ms.has_value());
}

TEST(LoadOptions, RangesAreChecked) {
  auto o = minimal();
  o.clients = 0;
  EXPECT_NE(validate(o).error().find("--clients"), std::string::npos);
  o = minimal();
  o.fault_interval = "500ms";
  EXPECT_NE(validate(o).error().find("--fault-interval"), std::string::npos);
  o = minimal();
  o.rate = -1;
  EXPECT_NE(validate(o).error().find("--rate"), std::string::npos);
  o = minimal();
  o.scale = 0;
  EXPECT_NE(validate(o).error().find("--scale"), std::string::npos);
  o = minimal();
  o.duration = "soon";
  EXPECT_NE(validate(o).error().find("--duration: invalid duration"), std::string::npos);
}

}  // namespace
}  // namespace tributary::load
