// console_layout: one snapshot (and the rates of the last interval) laid out
// as lines of text for a screen of a given size — the panes of the overview,
// a subscription's detail, the help — and as plain text for `--once`. Pure:
// the terminal only paints these lines with their look.
//
// Overview, top to bottom: a title line; SUBSCRIPTIONS (one row each, the
// selected one marked '>'); ACTORS (the tree launcher -> supervisor ->
// pipeline actors, a backed-up actor marked '!'); COPY PROGRESS (one line per
// table-sync actor); THROUGHPUT (rows/s sparkline per subscription); a status
// line. Columns that do not fit the width are left out, least useful first.
#pragma once

#include <string>
#include <vector>

#include "cli/console/console_rates.hpp"
#include "cli/console/console_snapshot.hpp"
#include "cli/console/console_view.hpp"

namespace tributary::console {

constexpr size_t min_width = 80, min_height = 20;
// A mailbox this deep marks the actor as backed up.
constexpr uint64_t backed_up_mailbox = 50;

enum class look { normal, title, header, selected, alert, busy, dim };

struct screen_line {
  std::string text;
  look style = look::normal;
};

struct layout_input {
  const snapshot& snap;
  const rates* interval = nullptr;               // nullptr until the second refresh
  const throughput_history* history = nullptr;   // nullptr: no sparkline pane
  const view_state& view;
  double refresh_seconds = 1;
};

// Exactly `height` lines of at most `width` columns (requires at least
// min_width x min_height; see too_small_message).
std::vector<screen_line> layout_screen(const layout_input& in, size_t width, size_t height);

// --once: the title, every subscription, the whole actor tree and the copy
// progress, `width` columns wide, no selection.
std::string layout_text(const snapshot& snap, const rates* interval, size_t width);

// What the console shows instead of its panes on a too small terminal.
std::string too_small_message(size_t width, size_t height);

// What the console says when the server has no subscription.
std::string no_subscriptions_message();

}  // namespace tributary::console
