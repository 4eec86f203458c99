// The interactive console's keys: selection, detail, filter, help, and the
// confirmation before ENABLE/DISABLE.
#include <gtest/gtest.h>

#include "cli/console/console_view.hpp"
#include "console_test_support.hpp"

using namespace tributary;
using namespace tributary::console;
using namespace tributary::console::testing;

namespace {

snapshot two_subscriptions() {
  auto s = streaming_snapshot(0);
  auto second = s.subscriptions[0];
  second.oid = 16390;
  second.name = "Audit";
  second.database = "reports";
  s.subscriptions.push_back(second);
  return s;
}

}  // namespace

TEST(ConsoleKeys, JAndKMoveTheSelectionWithinBounds) {
  auto s = two_subscriptions();
  view_state v;
  handle_key(v, 'k', s);
  EXPECT_EQ(v.selected, 0u);
  handle_key(v, 'j', s);
  EXPECT_EQ(v.selected, 1u);
  handle_key(v, key::down, s);
  EXPECT_EQ(v.selected, 1u);
  handle_key(v, key::up, s);
  EXPECT_EQ(v.selected, 0u);
}

TEST(ConsoleKeys, EnterOpensTheDetailAndEscapeGoesBack) {
  auto s = two_subscriptions();
  view_state v;
  handle_key(v, key::enter, s);
  EXPECT_EQ(v.mode, screen_mode::detail);
  handle_key(v, key::escape, s);
  EXPECT_EQ(v.mode, screen_mode::overview);
}

TEST(ConsoleKeys, EnterWithoutSubscriptionsSaysSo) {
  snapshot empty;
  view_state v;
  handle_key(v, key::enter, empty);
  EXPECT_EQ(v.mode, screen_mode::overview);
  EXPECT_EQ(v.message, "no subscription selected");
  handle_key(v, 'd', empty);
  EXPECT_EQ(v.mode, screen_mode::overview);
}

TEST(ConsoleKeys, DisableAsksAndYesIssuesAlterSubscription) {
  auto s = two_subscriptions();
  view_state v;
  handle_key(v, 'j', s);
  EXPECT_EQ(handle_key(v, 'd', s).kind, action_kind::none);
  EXPECT_EQ(v.mode, screen_mode::confirm);
  auto a = handle_key(v, 'y', s);
  EXPECT_EQ(a.kind, action_kind::disable);
  EXPECT_EQ(a.database, "reports");
  EXPECT_EQ(action_sql(a), "ALTER SUBSCRIPTION \"Audit\" DISABLE");
  EXPECT_EQ(v.mode, screen_mode::overview);
}

TEST(ConsoleKeys, AnythingButYesCancels) {
  auto s = two_subscriptions();
  view_state v;
  handle_key(v, 'e', s);
  EXPECT_EQ(handle_key(v, 'n', s).kind, action_kind::none);
  EXPECT_EQ(v.message, "cancelled");
  handle_key(v, 'e', s);
  auto a = handle_key(v, 'Y', s);
  EXPECT_EQ(action_sql(a), "ALTER SUBSCRIPTION orders_sub ENABLE");
}

TEST(ConsoleKeys, QuitFromAnyScreenButNotWhileTypingAFilter) {
  auto s = two_subscriptions();
  view_state v;
  handle_key(v, key::enter, s);
  EXPECT_EQ(handle_key(v, 'q', s).kind, action_kind::quit);
  view_state typing;
  handle_key(typing, '/', s);
  EXPECT_EQ(handle_key(typing, 'q', s).kind, action_kind::none);
  EXPECT_EQ(typing.filter, "q");
}

TEST(ConsoleKeys, FilterKeepsMatchingSubscriptionsAndEscapeClearsIt) {
  auto s = two_subscriptions();
  view_state v;
  for (int c : {'/', 'r', 'e', 'p'})
    handle_key(v, c, s);
  handle_key(v, key::enter, s);
  EXPECT_FALSE(v.editing_filter);
  auto shown = visible_subscriptions(s, v);
  ASSERT_EQ(shown.size(), 1u);  // "reports" is Audit's database
  EXPECT_EQ(shown[0]->name, "Audit");
  EXPECT_EQ(v.selected_oid, 16390);
  handle_key(v, '/', s);
  handle_key(v, key::backspace, s);
  EXPECT_EQ(v.filter, "re");
  handle_key(v, key::escape, s);
  EXPECT_EQ(v.filter, "");
  EXPECT_EQ(visible_subscriptions(s, v).size(), 2u);
}

TEST(ConsoleKeys, HelpReturnsToTheScreenItCameFrom) {
  auto s = two_subscriptions();
  view_state v;
  handle_key(v, key::enter, s);
  handle_key(v, '?', s);
  EXPECT_EQ(v.mode, screen_mode::help);
  handle_key(v, 'x', s);
  EXPECT_EQ(v.mode, screen_mode::detail);
}

TEST(ConsoleKeys, SelectionFollowsTheSubscriptionAcrossRefreshes) {
  auto s = two_subscriptions();
  view_state v;
  handle_key(v, 'j', s);
  std::swap(s.subscriptions[0], s.subscriptions[1]);
  follow_selection(v, s);
  EXPECT_EQ(v.selected, 0u);
  s.subscriptions.erase(s.subscriptions.begin());
  follow_selection(v, s);
  EXPECT_EQ(v.selected, 0u);
  EXPECT_EQ(v.selected_oid, 16384);
}

TEST(ConsoleKeys, IdentifiersAreQuotedAsPostgresQuotesThem) {
  EXPECT_EQ(quote_identifier("sub_1"), "sub_1");
  EXPECT_EQ(quote_identifier("Sub"), "\"Sub\"");
  EXPECT_EQ(quote_identifier("a\"b"), "\"a\"\"b\"");
  EXPECT_EQ(quote_identifier("1st"), "\"1st\"");
}
