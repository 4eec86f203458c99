// wait_until (integration/wait_until.hpp), the poll every integration test waits
// with: it pauses at most max_pause between polls however long it waits. Its
// pause used to double without end and overflow after 63 polls: the loop then
// spun without a pause or slept for centuries, and a test polling over a fast
// session hung in the middle of a long wait (issue 9's "stale session").
#include <gtest/gtest.h>

#include <chrono>

#include "integration/wait_until.hpp"

namespace tributary {
namespace {

using namespace std::chrono_literals;

TEST(WaitUntil, ThePauseDoublesUpToMaxPauseAndStaysThereHoweverManyPolls) {
  EXPECT_EQ(integration::next_pause(1ms, 100ms), 2ms);
  EXPECT_EQ(integration::next_pause(64ms, 100ms), 100ms);
  std::chrono::milliseconds pause = 1ms;
  for (int poll = 0; poll < 1000; ++poll)  // far past the 63rd, where the doubling overflowed
    pause = integration::next_pause(pause, 100ms);
  EXPECT_EQ(pause, 100ms);
  EXPECT_EQ(integration::next_pause(std::chrono::milliseconds::max() / 2 + 1ms, 100ms), 100ms);
  EXPECT_EQ(integration::next_pause(1ms, 0ms), 1ms);  // at least a millisecond
}

TEST(WaitUntil, PausesAtMostMaxPauseHoweverLongItWaits) {
  int polls = 0;
  auto started = std::chrono::steady_clock::now();
  EXPECT_FALSE(integration::wait_until([&] { return ++polls < 0; }, 400ms, 1ms));
  auto waited = std::chrono::steady_clock::now() - started;
  EXPECT_GE(waited, 400ms);
  EXPECT_LT(waited, 5s);
  EXPECT_GT(polls, 63);
  EXPECT_LE(polls, 402);  // never more than one poll per millisecond
}

TEST(WaitUntil, SeesAConditionThatBecomesTrueAfterManyPolls) {
  int polls = 0;
  EXPECT_TRUE(integration::wait_until([&] { return ++polls == 150; }, 10s, 1ms));
  EXPECT_EQ(polls, 150);
}

}  // namespace
}  // namespace tributary
