// cursor_position: FETCH and MOVE answer as PostgreSQL 15's portals do (the
// expected rows were read from a PostgreSQL 15 session over the same directions).
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>

#include "stages/sql/cursor_fetch.hpp"

namespace tributary {
namespace {

fetch_request req(fetch_direction d, int64_t count, bool move = false) {
  return fetch_request{d, count, move};
}

std::vector<size_t> rows(cursor_position& c, fetch_direction d, int64_t count) {
  auto r = c.fetch(req(d, count));
  EXPECT_TRUE(r) << (r ? "" : r.error().message);
  return r ? r->rows : std::vector<size_t>{};
}

uint64_t moved(cursor_position& c, fetch_direction d, int64_t count) {
  auto r = c.fetch(req(d, count, true));
  EXPECT_TRUE(r);
  return r ? r->processed : 0;
}

using V = std::vector<size_t>;
constexpr auto fwd = fetch_direction::forward;
constexpr auto back = fetch_direction::backward;
constexpr auto abs_ = fetch_direction::absolute;
constexpr auto rel = fetch_direction::relative;

TEST(CursorFetch, ForwardReturnsRowsInOrderAndStopsAtTheEnd) {
  cursor_position c(3, false);
  EXPECT_EQ(rows(c, fwd, 2), (V{0, 1}));
  EXPECT_EQ(rows(c, fwd, 5), (V{2}));
  EXPECT_EQ(rows(c, fwd, 1), V{});
}

TEST(CursorFetch, ScrollSequenceAsPostgres) {
  // The sequence of a PostgreSQL 15 session over SELECT a FROM t (rows 1, 2, 3).
  cursor_position c(3, false);
  EXPECT_EQ(rows(c, fwd, 4), (V{0, 1, 2}));
  EXPECT_EQ(rows(c, back, 1), (V{2}));        // PRIOR after running off the end
  EXPECT_EQ(rows(c, abs_, -1), (V{2}));       // LAST
  EXPECT_EQ(rows(c, abs_, 1), (V{0}));        // FIRST
  EXPECT_EQ(moved(c, fwd, fetch_all), 2u);    // MOVE FORWARD ALL
  EXPECT_EQ(moved(c, back, 2), 2u);           // MOVE BACKWARD 2
  EXPECT_EQ(rows(c, rel, 0), (V{1}));         // the current row
  EXPECT_EQ(rows(c, rel, 5), V{});
  EXPECT_EQ(rows(c, back, fetch_all), (V{2, 1, 0}));
  EXPECT_EQ(rows(c, abs_, -1), (V{2}));
  EXPECT_EQ(rows(c, abs_, -5), V{});
  EXPECT_EQ(rows(c, fwd, 1), (V{0}));
  EXPECT_EQ(rows(c, abs_, 0), V{});
  EXPECT_EQ(rows(c, fwd, 0), V{});            // before the first row: nothing
  EXPECT_EQ(moved(c, abs_, 2), 1u);
  EXPECT_EQ(rows(c, fwd, 0), (V{1}));
  EXPECT_EQ(moved(c, rel, 5), 0u);
  EXPECT_EQ(rows(c, fwd, fetch_all), V{});
}

TEST(CursorFetch, NegativeCountReversesTheDirection) {
  cursor_position c(4, false);
  EXPECT_EQ(rows(c, fwd, 3), (V{0, 1, 2}));
  EXPECT_EQ(rows(c, fwd, -2), (V{1, 0}));
  EXPECT_EQ(rows(c, back, -1), (V{1}));
}

TEST(CursorFetch, MoveZeroSaysWhetherTheCursorIsOnARow) {
  cursor_position c(2, false);
  EXPECT_EQ(moved(c, fwd, 0), 0u);
  EXPECT_EQ(moved(c, fwd, 1), 1u);
  EXPECT_EQ(moved(c, fwd, 0), 1u);
  EXPECT_EQ(moved(c, fwd, 5), 1u);
  EXPECT_EQ(moved(c, fwd, 0), 0u);
}

TEST(CursorFetch, NoScrollCursorRefusesBackwardReads) {
  cursor_position c(3, true);
  EXPECT_EQ(rows(c, fwd, 2), (V{0, 1}));
  auto prior = c.fetch(req(back, 1));
  ASSERT_FALSE(prior);
  EXPECT_EQ(prior.error().sqlstate, "55000");
  EXPECT_EQ(prior.error().message, "cursor can only scan forward");
  EXPECT_EQ(prior.error().hint, "Declare it with SCROLL option to enable backward scan.");
}

TEST(CursorFetch, NoScrollCursorMayJumpForwardButNotRewind) {
  cursor_position c(3, true);
  EXPECT_EQ(rows(c, abs_, 2), (V{1}));
  auto first = c.fetch(req(abs_, 1));
  ASSERT_FALSE(first);
  EXPECT_EQ(first.error().sqlstate, "55000");
  cursor_position fresh(3, true);
  EXPECT_EQ(rows(fresh, abs_, 1), (V{0}));  // nothing read yet: no rewind needed
  auto again = fresh.fetch(req(fwd, 0));    // re-fetching the current row reads backward
  EXPECT_FALSE(again);
}

TEST(CursorFetch, EmptyCursorReturnsNothingInEveryDirection) {
  cursor_position c(0, false);
  EXPECT_EQ(rows(c, fwd, fetch_all), V{});
  EXPECT_EQ(rows(c, back, 1), V{});
  EXPECT_EQ(rows(c, abs_, 1), V{});
  EXPECT_EQ(rows(c, abs_, -1), V{});
  EXPECT_EQ(moved(c, back, fetch_all), 0u);
}

// A query read as FETCH asks (cursor_rows): how far it was read, and which rows
// each FETCH announced.
struct counting_rows {
  size_t total;
  size_t read = 0;  // rows stepped so far (the furthest index asked + 1)
  std::optional<size_t> failing_row;
  std::vector<size_t> announced;
  cursor_position cursor(bool no_scroll) {
    return cursor_position(
        [this](size_t index) -> result<bool, pg_error> {
          if (failing_row && index >= *failing_row)
            return fail(make_pg_error("22012", "division by zero"));
          read = std::max(read, std::min(index + 1, total));
          return index < total;
        },
        [this](size_t index) { announced.push_back(index); }, no_scroll);
  }
};

TEST(CursorFetch, ALazyQueryIsReadOnlyAsFarAsTheFetchNeeds) {
  counting_rows q{1'000'000'000};
  cursor_position c = q.cursor(false);
  EXPECT_EQ(rows(c, fwd, 3), (V{0, 1, 2}));
  EXPECT_EQ(q.read, 3u);
  EXPECT_EQ(q.announced, (V{0, 1, 2}));
  EXPECT_EQ(moved(c, fwd, 1000), 1000u);
  EXPECT_EQ(q.read, 1003u);
  EXPECT_EQ(q.announced.size(), 3u);  // MOVE announces nothing
  EXPECT_EQ(rows(c, back, 2), (V{1001, 1000}));
  EXPECT_EQ(q.read, 1003u);  // rows behind are known to exist
  EXPECT_EQ(rows(c, abs_, 5), (V{4}));
}

TEST(CursorFetch, ALazyQueryFindsItsEndAsAKnownCountDoes) {
  counting_rows q{3};
  cursor_position lazy = q.cursor(false);
  cursor_position known(3, false);
  for (cursor_position* c : {&lazy, &known}) {
    EXPECT_EQ(rows(*c, fwd, 5), (V{0, 1, 2}));
    EXPECT_EQ(rows(*c, fwd, 1), V{});
    EXPECT_EQ(rows(*c, back, 1), (V{2}));
    EXPECT_EQ(rows(*c, abs_, -1), (V{2}));
    EXPECT_EQ(rows(*c, rel, 1), V{});
    EXPECT_EQ(rows(*c, abs_, -3), (V{0}));
    EXPECT_EQ(moved(*c, fwd, fetch_all), 2u);
  }
}

TEST(CursorFetch, AnErrorOfReadingIsTheFetchsThatReachesTheRow) {
  counting_rows q{10, 0, 4};
  cursor_position c = q.cursor(true);
  EXPECT_EQ(rows(c, fwd, 4), (V{0, 1, 2, 3}));
  auto failed = c.fetch(req(fwd, 1));
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().sqlstate, "22012");
}

}  // namespace
}  // namespace tributary
