#include <gtest/gtest.h>

#include "stages/pgoutput/standby_feedback.hpp"

using namespace tributary;
using namespace std::chrono_literals;

TEST(FeedbackPositions, IdleStreamReportsWhatWasReceived) {
  feedback_positions f{lsn{100}};
  f.on_received(lsn{500});  // keepalive walEnd, nothing pending
  auto r = f.next_report();
  EXPECT_EQ(r.write, lsn{500});
  EXPECT_EQ(r.flush, lsn{500}) << "an idle slot must advance on keepalives";
}

TEST(FeedbackPositions, FlushWaitsForTheApplierWhileACommitIsPending) {
  feedback_positions f{lsn{100}};
  f.on_received(lsn{150});
  f.on_commit_forwarded(lsn{200});
  f.on_received(lsn{260});  // part of the next transaction
  EXPECT_EQ(f.next_report().flush, lsn{100}) << "never past what is durable";
  f.on_durable(lsn{200});
  EXPECT_EQ(f.next_report().flush, lsn{260}) << "nothing pending: received";
}

TEST(FeedbackPositions, SeveralPendingCommitsPopInOrder) {
  feedback_positions f{lsn{0}};
  f.on_commit_forwarded(lsn{10});
  f.on_commit_forwarded(lsn{20});
  f.on_commit_forwarded(lsn{30});
  f.on_durable(lsn{20});
  EXPECT_TRUE(f.commits_pending());
  EXPECT_EQ(f.next_report().flush, lsn{20});
  f.on_durable(lsn{30});
  EXPECT_FALSE(f.commits_pending());
}

TEST(FeedbackPositions, ACommitAtOrBeforeTheDurableStartIsNotPending) {
  feedback_positions f{lsn{100}};
  f.on_commit_forwarded(lsn{90});  // resent after a restart, dropped as applied
  EXPECT_FALSE(f.commits_pending());
}

TEST(FeedbackPositions, ReportsNeverGoBackwards) {
  feedback_positions f{lsn{0}};
  f.on_received(lsn{500});
  EXPECT_EQ(f.next_report().flush, lsn{500});
  f.on_commit_forwarded(lsn{600});  // durable still 0
  auto r = f.next_report();
  EXPECT_EQ(r.flush, lsn{500}) << "clamped to what was sent before";
  EXPECT_EQ(r.apply, r.flush);
}

TEST(FeedbackPositions, ChangedSinceLastReport) {
  feedback_positions f{lsn{0}};
  f.on_received(lsn{5});
  EXPECT_TRUE(f.changed_since_last_report());
  f.next_report();
  EXPECT_FALSE(f.changed_since_last_report());
  f.on_received(lsn{6});
  EXPECT_TRUE(f.changed_since_last_report());
}

TEST(FeedbackTimers, StatusEveryInterval) {
  auto t0 = feedback_timers::clock::time_point{};
  feedback_timers t{10s, 60s, t0};
  EXPECT_EQ(t.due(t0 + 5s), feedback_timers::action::none);
  t.on_data_received(t0 + 9s);
  EXPECT_EQ(t.due(t0 + 10s), feedback_timers::action::send_status);
  t.on_status_sent(t0 + 10s);
  EXPECT_EQ(t.due(t0 + 11s), feedback_timers::action::none);
  EXPECT_EQ(t.time_to_next(t0 + 11s), 9s);
}

TEST(FeedbackTimers, PingAtHalfTheTimeoutThenTimeOut) {
  auto t0 = feedback_timers::clock::time_point{};
  feedback_timers t{100s, 60s, t0};
  EXPECT_EQ(t.due(t0 + 29s), feedback_timers::action::none);
  EXPECT_EQ(t.due(t0 + 30s), feedback_timers::action::send_ping);
  t.on_ping_sent(t0 + 30s);
  EXPECT_EQ(t.due(t0 + 45s), feedback_timers::action::none) << "one ping only";
  EXPECT_EQ(t.due(t0 + 60s), feedback_timers::action::timed_out);
}

TEST(FeedbackTimers, DataResetsTheSilence) {
  auto t0 = feedback_timers::clock::time_point{};
  feedback_timers t{100s, 60s, t0};
  t.on_ping_sent(t0 + 30s);
  t.on_data_received(t0 + 40s);
  EXPECT_EQ(t.due(t0 + 69s), feedback_timers::action::none);
  EXPECT_EQ(t.due(t0 + 70s), feedback_timers::action::send_ping) << "a new silence earns a new ping";
  EXPECT_EQ(t.due(t0 + 100s), feedback_timers::action::timed_out);
}

TEST(FeedbackTimers, ZeroDisablesTimeoutAndStatus) {
  auto t0 = feedback_timers::clock::time_point{};
  feedback_timers t{0s, 0s, t0};
  EXPECT_EQ(t.due(t0 + 1000s), feedback_timers::action::none);
}
