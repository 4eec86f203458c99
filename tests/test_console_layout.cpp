// A snapshot laid out into the console's panes, and as --once text and JSON.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/console/console_format.hpp"
#include "cli/console/console_json.hpp"
#include "cli/console/console_layout.hpp"
#include "console_test_support.hpp"

using namespace tributary;
using namespace tributary::console;
using namespace tributary::console::testing;

namespace {

std::string joined(const std::vector<screen_line>& lines) {
  std::string out;
  for (const auto& l : lines)
    out += l.text + "\n";
  return out;
}

size_t line_of(const std::vector<screen_line>& lines, const std::string& text) {
  for (size_t i = 0; i < lines.size(); ++i)
    if (lines[i].text.find(text) != std::string::npos)
      return i;
  return lines.size();
}

}  // namespace

TEST(ConsoleLayout, ScreenHasExactlyItsSizeAndNoLineIsWider) {
  auto s = streaming_snapshot(0);
  view_state v;
  auto lines = layout_screen(layout_input{s, nullptr, nullptr, v}, 100, 30);
  ASSERT_EQ(lines.size(), 30u);
  for (const auto& l : lines)
    EXPECT_EQ(display_width(l.text), 100u) << l.text;
}

TEST(ConsoleLayout, OverviewShowsSubscriptionsThenTheActorTree) {
  auto s = streaming_snapshot(0);
  view_state v;
  auto lines = layout_screen(layout_input{s, nullptr, nullptr, v}, 160, 30);
  size_t subs = line_of(lines, "SUBSCRIPTIONS (1)");
  size_t row = line_of(lines, "> orders_sub");
  size_t actors = line_of(lines, "ACTORS (6)");
  ASSERT_LT(subs, row);
  ASSERT_LT(row, actors);
  EXPECT_EQ(lines[row].style, look::selected);
  EXPECT_NE(lines[row].text.find("streaming"), std::string::npos);
  EXPECT_NE(lines[row].text.find("0/1000"), std::string::npos);
  // launcher -> supervisor (registered without parent) -> pipeline, in pipeline order
  size_t launcher = line_of(lines, " launcher ");
  size_t supervisor = line_of(lines, "`- supervisor orders_sub");
  size_t connection = line_of(lines, "   |- connection");
  size_t applier = line_of(lines, "   `- applier");
  EXPECT_LT(launcher, supervisor);
  EXPECT_LT(supervisor, connection);
  EXPECT_LT(connection, applier);
  EXPECT_LT(applier, lines.size());
}

TEST(ConsoleLayout, NarrowScreensDropTheLeastUsefulColumnsFirst) {
  auto s = streaming_snapshot(0);
  view_state v;
  auto wide = joined(layout_screen(layout_input{s, nullptr, nullptr, v}, 200, 30));
  auto narrow = joined(layout_screen(layout_input{s, nullptr, nullptr, v}, 80, 30));
  EXPECT_NE(wide.find("PUBLISHER"), std::string::npos);
  EXPECT_NE(wide.find("GROUP"), std::string::npos);
  EXPECT_EQ(narrow.find("PUBLISHER"), std::string::npos);
  EXPECT_EQ(narrow.find("GROUP"), std::string::npos);
  EXPECT_NE(narrow.find("NAME"), std::string::npos);
  EXPECT_NE(narrow.find("STATE"), std::string::npos);
  EXPECT_NE(narrow.find("ROWS/S"), std::string::npos);
}

TEST(ConsoleLayout, ABackedUpActorIsMarked) {
  auto s = streaming_snapshot(0);
  actor_of(s, "applier").mailbox = backed_up_mailbox;
  view_state v;
  auto lines = layout_screen(layout_input{s, nullptr, nullptr, v}, 160, 30);
  size_t applier = line_of(lines, "`- applier");
  ASSERT_LT(applier, lines.size());
  EXPECT_EQ(lines[applier].text[0], '!');
  EXPECT_EQ(lines[applier].style, look::busy);
}

TEST(ConsoleLayout, RatesAppearAfterTheSecondSnapshot) {
  auto before = streaming_snapshot(0), after = streaming_snapshot(1);
  actor_of(after, "applier").rows = 1500;
  actor_of(after, "applier").transactions = 15;
  auto r = compute_rates(before, after);
  view_state v;
  auto lines = layout_screen(layout_input{after, &r, nullptr, v}, 200, 30);
  EXPECT_NE(lines[line_of(lines, "> orders_sub")].text.find("1.5k"), std::string::npos);
}

TEST(ConsoleLayout, TooSmallTerminalSaysTheMinimumSize) {
  auto s = streaming_snapshot(0);
  view_state v;
  auto lines = layout_screen(layout_input{s, nullptr, nullptr, v}, 60, 10);
  EXPECT_EQ(lines.size(), 10u);
  EXPECT_NE(lines[0].text.find("needs at least 80x20"), std::string::npos);
  EXPECT_NE(too_small_message(79, 40).find("terminal is 79x40"), std::string::npos);
}

TEST(ConsoleLayout, NoSubscriptionsSaysHowToCreateOne) {
  snapshot s;
  s.actors.push_back(actor(1, "launcher", 0, 0, "running"));
  view_state v;
  auto text = joined(layout_screen(layout_input{s, nullptr, nullptr, v}, 160, 25));
  EXPECT_NE(text.find("No subscriptions yet. Create one with: CREATE SUBSCRIPTION"), std::string::npos);
}

TEST(ConsoleLayout, DetailShowsTablesErrorsAndOptions) {
  auto s = streaming_snapshot(0);
  s.subscriptions[0].tables.push_back(table_row{"sales.items", 'd', std::nullopt});
  actor_of(s, "supervisor").last_error = "could not connect to the publisher";
  actor_of(s, "supervisor").last_error_time = parse_timestamp("2026-12-01 09:59:00+00");
  view_state v;
  v.mode = screen_mode::detail;
  auto lines = layout_screen(layout_input{s, nullptr, nullptr, v}, 120, 30);
  auto text = joined(lines);
  EXPECT_NE(text.find("SUBSCRIPTION orders_sub (oid 16384) on database postgres"), std::string::npos);
  EXPECT_NE(text.find("publications {orders_pub}"), std::string::npos);
  EXPECT_NE(text.find("sales.items"), std::string::npos);
  EXPECT_NE(text.find("data copy"), std::string::npos);
  size_t error = line_of(lines, "2026-12-01 09:59:00 UTC  supervisor: could not connect");
  ASSERT_LT(error, lines.size());
  EXPECT_EQ(lines[error].style, look::alert);
}

TEST(ConsoleLayout, ConfirmationIsAskedOnTheStatusLine) {
  auto s = streaming_snapshot(0);
  view_state v;
  handle_key(v, 'd', s);
  auto lines = layout_screen(layout_input{s, nullptr, nullptr, v}, 100, 25);
  EXPECT_NE(lines.back().text.find("Disable subscription \"orders_sub\"? (y/n)"), std::string::npos);
}

TEST(ConsoleLayout, CopyProgressShowsRowsCopiedPerTableSyncActor) {
  auto s = streaming_snapshot(0);
  auto sync = actor(7, "sync_coordinator", 16384, 2, "copying (snapshot held)");
  auto table = actor(8, "table_sync", 16384, 7, "copying public.orders");
  table.progress = 12345;
  s.actors.push_back(sync);
  s.actors.push_back(table);
  auto text = layout_text(s, nullptr, 160);
  EXPECT_NE(text.find("COPY PROGRESS"), std::string::npos);
  EXPECT_NE(text.find("copying public.orders"), std::string::npos);
  EXPECT_NE(text.find("12k rows"), std::string::npos);
  EXPECT_EQ(text.find("ETA"), std::string::npos);  // no estimate from the publisher: no bar
  EXPECT_NE(text.find("   `- sync_coordinator"), std::string::npos) << text;
  EXPECT_NE(text.find("      `- table_sync"), std::string::npos) << text;
}

TEST(ConsoleLayout, CopyProgressBarAndEtaFromThePublishersEstimate) {
  auto before = streaming_snapshot(0), after = streaming_snapshot(2);
  auto table = actor(8, "table_sync", 16384, 2, "copying public.orders");
  table.progress_total = 10000;
  table.progress = 2000;
  before.actors.push_back(table);
  table.progress = 4000;  // 1000 rows/s: 6000 rows left take 6 s
  after.actors.push_back(table);
  auto r = compute_rates(before, after);
  auto text = layout_text(after, &r, 200);
  EXPECT_NE(text.find("4.0k rows    1.0k rows/s  [########------------]  40% of ~10k  ETA 6 s"), std::string::npos)
      << text;
}

TEST(ConsoleText, OnceListsEverySubscriptionAndActorWithoutTrailingSpaces) {
  auto s = streaming_snapshot(0);
  auto text = layout_text(s, nullptr, 200);
  EXPECT_NE(text.find("  orders_sub"), std::string::npos);
  EXPECT_EQ(text.find("> "), std::string::npos);
  EXPECT_NE(text.find("ACTORS (6)"), std::string::npos);
  EXPECT_EQ(text.find(" \n"), std::string::npos);
}

TEST(ConsoleJson, CarriesDerivedFiguresAndNullsForUnknowns) {
  auto before = streaming_snapshot(0), after = streaming_snapshot(2);
  actor_of(after, "applier").rows = 10;
  auto r = compute_rates(before, after);
  auto doc = nlohmann::json::parse(snapshot_json(after, &r));
  EXPECT_EQ(doc["server"], "localhost:5433");
  EXPECT_EQ(doc["interval_seconds"], 2.0);
  const auto& sub = doc["subscriptions"][0];
  EXPECT_EQ(sub["name"], "orders_sub");
  EXPECT_EQ(sub["state"], "streaming");
  EXPECT_EQ(sub["enabled"], true);
  EXPECT_EQ(sub["received_lsn"], "0/1000");
  EXPECT_EQ(sub["lag_bytes"], 0);
  EXPECT_EQ(sub["rows_per_second"], 5.0);
  EXPECT_TRUE(sub["group_size"].is_null());
  EXPECT_EQ(sub["tables"][0]["state"], "r");
  ASSERT_EQ(doc["actors"].size(), 6u);
  EXPECT_EQ(doc["actors"][0]["kind"], "launcher");
  EXPECT_TRUE(doc["actors"][0]["subscription"].is_null());
  EXPECT_TRUE(doc["actors"][0]["last_error"].is_null());
  auto without_rates = nlohmann::json::parse(snapshot_json(after, nullptr));
  EXPECT_TRUE(without_rates["interval_seconds"].is_null());
  EXPECT_TRUE(without_rates["subscriptions"][0]["rows_per_second"].is_null());
}

TEST(ConsoleJson, TimestampsRoundTripThroughTheRelationsTextForm) {
  auto t = parse_timestamp("2026-12-01 10:00:00.123456+00");
  ASSERT_TRUE(t);
  EXPECT_EQ(timestamp_text(*t), "2026-12-01 10:00:00.123456+00");
}
