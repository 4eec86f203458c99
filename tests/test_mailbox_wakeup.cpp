// Specification of mailbox_wakeup: a notify from any thread makes its fd
// readable until the waiting side clears it, so a wait that polls the fd ends
// at once however the notify and the wait interleave.
#include <gtest/gtest.h>
#include <poll.h>

#include <chrono>
#include <thread>

#include "actors/mailbox_wakeup.hpp"

namespace tributary {
namespace {

bool readable_within(const mailbox_wakeup& w, int ms) {
  pollfd p{w.fd(), POLLIN, 0};
  return ::poll(&p, 1, ms) == 1 && (p.revents & POLLIN);
}

TEST(MailboxWakeup, ANotifyBeforeTheWaitIsSeenByIt) {
  mailbox_wakeup w;
  ASSERT_GE(w.fd(), 0);
  EXPECT_FALSE(readable_within(w, 0));
  w.notify();
  w.notify();
  EXPECT_TRUE(readable_within(w, 0));
  w.clear();
  EXPECT_FALSE(readable_within(w, 0)) << "one clear takes every notify before it";
}

TEST(MailboxWakeup, ANotifyFromAnotherThreadEndsAWaitAtOnce) {
  mailbox_wakeup w;
  auto started = std::chrono::steady_clock::now();
  std::thread other([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    w.notify();
  });
  EXPECT_TRUE(readable_within(w, 10000));
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(5));
  other.join();
  w.clear();
}

TEST(MailboxWakeup, ClearingWithNothingNotifiedIsHarmless) {
  mailbox_wakeup w;
  w.clear();
  EXPECT_FALSE(readable_within(w, 0));
}

}  // namespace
}  // namespace tributary
