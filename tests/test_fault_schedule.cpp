// The fault schedule: deterministic from --seed, every kind once per round, spaced.
#include <gtest/gtest.h>

#include <algorithm>

#include "cli/load/fault_schedule.hpp"

namespace tributary::load {
namespace {

const std::vector<fault_kind> three = {fault_kind::kill_server, fault_kind::terminate_walsender,
                                       fault_kind::restart_publisher};

bool same(const std::vector<planned_fault>& a, const std::vector<planned_fault>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].due_ms != b[i].due_ms || a[i].kind != b[i].kind) return false;
  return true;
}

TEST(FaultSchedule, SameSeedGivesTheSameFaultsAtTheSameTimes) {
  auto a = fault_schedule::plan(42, three, 10'000, 600'000);
  auto b = fault_schedule::plan(42, three, 10'000, 600'000);
  ASSERT_FALSE(a.empty());
  EXPECT_TRUE(same(a, b));
}

TEST(FaultSchedule, AnotherSeedGivesAnotherSchedule) {
  EXPECT_FALSE(same(fault_schedule::plan(1, three, 10'000, 600'000), fault_schedule::plan(2, three, 10'000, 600'000)));
}

TEST(FaultSchedule, EveryKindOccursOncePerRound) {
  auto plan = fault_schedule::plan(7, three, 5'000, 1'000'000);
  ASSERT_GE(plan.size(), 30u);
  for (size_t round = 0; round + 3 <= plan.size(); round += 3) {
    std::vector<fault_kind> kinds{plan[round].kind, plan[round + 1].kind, plan[round + 2].kind};
    for (auto kind : three) EXPECT_EQ(std::count(kinds.begin(), kinds.end(), kind), 1) << "round at " << round;
  }
}

TEST(FaultSchedule, FaultIsDueWithinAQuarterIntervalOfItsSlot) {
  const int64_t interval = 8'000;
  auto plan = fault_schedule::plan(99, three, interval, 2'000'000);
  for (size_t i = 0; i < plan.size(); ++i) {
    const int64_t slot = static_cast<int64_t>(i + 1) * interval;
    EXPECT_GE(plan[i].due_ms, slot - interval / 4) << i;
    EXPECT_LE(plan[i].due_ms, slot + interval / 4) << i;
    if (i > 0) {
      EXPECT_GE(plan[i].due_ms - plan[i - 1].due_ms, interval / 2) << i;
    }
  }
}

TEST(FaultSchedule, OnlyFaultsDueBeforeTheHorizon) {
  auto plan = fault_schedule::plan(3, three, 10'000, 25'000);
  ASSERT_FALSE(plan.empty());
  for (const auto& f : plan) EXPECT_LT(f.due_ms, 25'000);
  EXPECT_LE(plan.size(), 3u);
}

TEST(FaultSchedule, NoKindsNoFaults) {
  EXPECT_TRUE(fault_schedule::plan(1, {}, 10'000, 600'000).empty());
  EXPECT_TRUE(fault_schedule(1, {}, 10'000).empty());
}

TEST(FaultSchedule, ASingleKindRepeats) {
  auto plan = fault_schedule::plan(5, {fault_kind::disable_enable}, 10'000, 100'000);
  ASSERT_GE(plan.size(), 8u);
  for (const auto& f : plan) EXPECT_EQ(f.kind, fault_kind::disable_enable);
}

}  // namespace
}  // namespace tributary::load
