// What pg_stat_activity shows of a session, and who may signal it
// (cli/server/session_activity).
#include <gtest/gtest.h>

#include "cli/server/session_activity.hpp"

using tributary::session_activity;
using tributary::session_activity_registry;

namespace {

std::shared_ptr<session_activity> connected_session(int32_t pid, const std::string& user, bool superuser) {
  auto a = std::make_shared<session_activity>(pid, std::string("127.0.0.1"), 40000);
  a->connected(5, "postgres", 10, user, superuser, "app", nullptr);
  return a;
}

}  // namespace

TEST(SessionActivity, StatesFollowTheTransactionStatusOfEachReadyForQuery) {
  auto a = connected_session(7, "alice", false);
  EXPECT_EQ(a->snapshot().state, "idle");
  EXPECT_FALSE(a->snapshot().xact_start);

  a->statement_started("BEGIN");
  EXPECT_EQ(a->snapshot().state, "active");
  EXPECT_EQ(a->snapshot().query, "BEGIN");
  const auto began = a->snapshot().xact_start;
  ASSERT_TRUE(began);
  a->statement_ended('T', "app");
  EXPECT_EQ(a->snapshot().state, "idle in transaction");

  a->statement_started("SELECT nope");
  EXPECT_EQ(a->snapshot().xact_start, began) << "the block's start stays while the block lasts";
  a->statement_ended('E', "renamed");
  EXPECT_EQ(a->snapshot().state, "idle in transaction (aborted)");
  EXPECT_EQ(a->snapshot().application_name, "renamed");

  a->statement_started("ROLLBACK");
  a->statement_ended('I', "renamed");
  EXPECT_EQ(a->snapshot().state, "idle");
  EXPECT_FALSE(a->snapshot().xact_start);
  EXPECT_EQ(a->snapshot().query, "ROLLBACK") << "the last query stays after it ended";
}

TEST(SessionActivity, ASessionStillInStartupIsNotListed) {
  session_activity_registry registry;
  registry.add(std::make_shared<session_activity>(1, std::nullopt, -1));
  registry.add(connected_session(2, "alice", false));
  auto rows = registry.rows();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].pid, 2);
  registry.remove(2);
  EXPECT_TRUE(registry.rows().empty());
}

TEST(SessionActivity, OnlyTheSameRoleOrASuperuserMaySignalASession) {
  session_activity_registry registry;
  int cancelled = 0, terminated = 0;
  auto alice = connected_session(2, "alice", false);
  alice->cancel = [&] { ++cancelled; };
  alice->terminate = [&] { ++terminated; };
  auto root = connected_session(3, "root", true);
  registry.add(alice);
  registry.add(root);
  using signal = session_activity_registry::signal_result;
  EXPECT_EQ(registry.cancel(2, "bob", false), signal::not_permitted);
  EXPECT_EQ(registry.cancel(3, "alice", false), signal::not_permitted) << "a superuser's session";
  EXPECT_EQ(registry.cancel(2, "alice", false), signal::sent);
  EXPECT_EQ(registry.terminate(2, "root", true), signal::sent);
  EXPECT_EQ(registry.cancel(99, "root", true), signal::no_such_session);
  EXPECT_EQ(cancelled, 1);
  EXPECT_EQ(terminated, 1);
}
