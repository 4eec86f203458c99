// console_view: the interactive console's state and what each key does to it.
// Pure: the terminal turns its key codes into `key`s and carries out the
// returned action (ALTER SUBSCRIPTION, quit); tests drive it without a terminal.
//
//   overview --Enter--> detail --Esc/Enter/Backspace/Left--> overview
//   overview --e/d--> confirm --y--> action (enable/disable), overview
//                             --anything else--> overview ("cancelled")
//   overview --/--> filter editing --Enter--> overview (filter kept)
//                                  --Esc--> overview (filter cleared)
//   any --?--> help --any key--> back;  q (not while typing a filter) quits.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/console/console_snapshot.hpp"

namespace tributary::console {

namespace key {
constexpr int up = 0x10001, down = 0x10002, left = 0x10003, right = 0x10004, enter = '\n',
              escape = 27, backspace = 0x10005, page_up = 0x10006, page_down = 0x10007,
              resize = 0x10008;
}  // namespace key

enum class screen_mode { overview, detail, help, confirm };

struct view_state {
  screen_mode mode = screen_mode::overview;
  screen_mode before_help = screen_mode::overview;
  size_t selected = 0;                // index into the visible subscriptions
  int64_t selected_oid = 0;           // keeps the selection across refreshes
  std::string filter;
  bool editing_filter = false;
  bool confirm_enable = false;        // in confirm: enable (true) or disable
  std::string message;                // one line at the bottom (result of an action)
};

enum class action_kind { none, quit, enable, disable };

struct action {
  action_kind kind = action_kind::none;
  int64_t subscription = 0;
  std::string name, database;
};

// The subscriptions the filter lets through (name, database, publisher or
// state contain it, case-insensitive), in snapshot order.
std::vector<const subscription_row*> visible_subscriptions(const snapshot& snap, const view_state& view);

// Keeps the selection on the same subscription after a refresh (or clamps it).
void follow_selection(view_state& view, const snapshot& snap);

action handle_key(view_state& view, int pressed, const snapshot& snap);

// The SQL an action runs (nothing for none/quit), identifier quoted as PostgreSQL does.
std::string action_sql(const action& a);

std::string quote_identifier(const std::string& name);

}  // namespace tributary::console
