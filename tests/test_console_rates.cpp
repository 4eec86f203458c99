// Rates from two snapshots, and what one snapshot says about a subscription.
#include <gtest/gtest.h>

#include "cli/console/console_rates.hpp"
#include "console_test_support.hpp"

using namespace tributary;
using namespace tributary::console;
using namespace tributary::console::testing;

TEST(ConsoleRates, ApplierCountersGiveRowsAndTransactionsPerSecond) {
  auto before = streaming_snapshot(100);
  auto after = streaming_snapshot(102);
  auto& b = actor_of(before, "applier");
  b.rows = 1000, b.transactions = 10, b.commits = 2, b.messages = 4, b.bytes = 4096;
  auto& a = actor_of(after, "applier");
  a.rows = 5000, a.transactions = 50, a.commits = 6, a.messages = 8, a.bytes = 8192;
  auto r = compute_rates(before, after);
  EXPECT_DOUBLE_EQ(r.interval_seconds, 2.0);
  ASSERT_TRUE(r.subscriptions.count(16384));
  EXPECT_DOUBLE_EQ(*r.subscriptions[16384].rows, 2000.0);
  EXPECT_DOUBLE_EQ(*r.subscriptions[16384].transactions, 20.0);
  EXPECT_DOUBLE_EQ(*r.subscriptions[16384].group_size, 10.0);  // 40 transactions in 4 local commits
  EXPECT_DOUBLE_EQ(r.actors[6].messages, 2.0);
  EXPECT_DOUBLE_EQ(r.actors[6].bytes, 2048.0);
}

TEST(ConsoleRates, NoCommitInTheIntervalMeansNoGroupSize) {
  auto before = streaming_snapshot(0), after = streaming_snapshot(1);
  auto r = compute_rates(before, after);
  ASSERT_TRUE(r.subscriptions.count(16384));
  EXPECT_EQ(*r.subscriptions[16384].rows, 0.0);
  EXPECT_FALSE(r.subscriptions[16384].group_size);
}

TEST(ConsoleRates, ARestartedActorHasNoRateRatherThanAWrongOne) {
  auto before = streaming_snapshot(0), after = streaming_snapshot(1);
  actor_of(before, "applier").rows = 900;
  actor_of(after, "applier").id = 60;  // the pipeline restarted: a new applier
  actor_of(after, "applier").rows = 10;
  actor_of(before, "connection").bytes = 500;
  actor_of(after, "connection").bytes = 100;  // went back: not a rate
  auto r = compute_rates(before, after);
  EXPECT_FALSE(r.subscriptions.count(16384));
  EXPECT_FALSE(r.actors.count(60));
  EXPECT_FALSE(r.actors.count(3));
  EXPECT_TRUE(r.actors.count(4));
}

TEST(ConsoleRates, SnapshotsOutOfOrderGiveNoRates) {
  auto r = compute_rates(streaming_snapshot(5), streaming_snapshot(5));
  EXPECT_TRUE(r.actors.empty());
  EXPECT_TRUE(r.subscriptions.empty());
}

TEST(ConsoleState, StreamingWhenTheConnectionStreams) {
  auto s = streaming_snapshot(0);
  EXPECT_EQ(subscription_state(s.subscriptions[0], s), "streaming");
}

TEST(ConsoleState, CopyingWhileATableIsNotReady) {
  auto s = streaming_snapshot(0);
  s.subscriptions[0].tables.push_back(table_row{"items", 'd', std::nullopt});
  EXPECT_EQ(subscription_state(s.subscriptions[0], s), "copying");
}

TEST(ConsoleState, RetryingCountsDownFromTheSupervisorsState) {
  auto s = streaming_snapshot(10);
  auto& sup = actor_of(s, "supervisor");
  sup.state = "retrying in 5 s";
  sup.state_since = at_seconds(8);
  s.actors.erase(s.actors.begin() + 2, s.actors.end());  // the pipeline is down
  EXPECT_EQ(subscription_state(s.subscriptions[0], s), "retrying in 3 s");
  sup.state_since = at_seconds(1);
  EXPECT_EQ(subscription_state(s.subscriptions[0], s), "retrying in 0 s");
}

TEST(ConsoleState, DisabledAndDisabledByErrorAndDisconnected) {
  auto s = streaming_snapshot(0);
  auto& sub = s.subscriptions[0];
  sub.enabled = false;
  EXPECT_EQ(subscription_state(sub, s), "disabled");
  sub.disable_on_error = true;
  sub.apply_error_count = 1;
  EXPECT_EQ(subscription_state(sub, s), "disabled by error");
  sub.enabled = true;
  s.actors.resize(1);  // only the launcher: no supervisor for it
  EXPECT_EQ(subscription_state(sub, s), "disconnected");
}

TEST(ConsoleLag, CaughtUpIsZeroBytesAndZeroSeconds) {
  auto s = streaming_snapshot(0);
  auto lag = lag_of(s.subscriptions[0], s);
  EXPECT_EQ(*lag.bytes, 0u);
  EXPECT_EQ(lag.time->count(), 0);
}

TEST(ConsoleLag, BehindIsReceivedMinusReportedAndAgeOfTheLastCommit) {
  auto s = streaming_snapshot(100);
  s.subscriptions[0].received_lsn = lsn(0x5000);
  actor_of(s, "applier").last_commit_time = at_seconds(97.5);
  auto lag = lag_of(s.subscriptions[0], s);
  EXPECT_EQ(*lag.bytes, 0x4000u);
  EXPECT_EQ(lag.time->count(), 2500);
}

TEST(ConsoleLag, UnknownWithoutAWorker) {
  auto s = streaming_snapshot(0);
  s.subscriptions[0].received_lsn.reset();
  auto lag = lag_of(s.subscriptions[0], s);
  EXPECT_FALSE(lag.bytes);
  EXPECT_FALSE(lag.time);
}

TEST(ConsoleHistory, SparklineScalesToThePeakAndKeepsTheNewestSamples) {
  throughput_history history(4);
  for (double v : {0.0, 10.0, 40.0, 80.0, 20.0}) {
    rates r;
    r.subscriptions[7].rows = v;
    history.add(r);
  }
  EXPECT_EQ(history.sparkline(7, 10), ".=@_");  // 10, 40, 80, 20 of peak 80; the 0 fell out
  EXPECT_EQ(history.sparkline(7, 2), "@_");
  EXPECT_EQ(*history.peak(7), 80.0);
  EXPECT_EQ(history.sparkline(8, 10), "");
  EXPECT_FALSE(history.peak(8));
}
