#include "cli/console/console_view.hpp"

#include <algorithm>
#include <cctype>

#include "cli/console/console_rates.hpp"

namespace tributary::console {

namespace {

std::string lower(std::string s) {
  for (auto& c : s)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

const subscription_row* selected_row(const view_state& view, const snapshot& snap) {
  auto rows = visible_subscriptions(snap, view);
  return view.selected < rows.size() ? rows[view.selected] : nullptr;
}

void move_selection(view_state& view, const snapshot& snap, long delta) {
  auto rows = visible_subscriptions(snap, view);
  if (rows.empty()) {
    view.selected = 0;
    return;
  }
  long next = static_cast<long>(view.selected) + delta;
  next = std::clamp(next, 0L, static_cast<long>(rows.size()) - 1);
  view.selected = static_cast<size_t>(next);
  view.selected_oid = rows[view.selected]->oid;
}

action filter_key(view_state& view, int pressed, const snapshot& snap) {
  if (pressed == key::enter) {
    view.editing_filter = false;
  } else if (pressed == key::escape) {
    view.editing_filter = false;
    view.filter.clear();
  } else if (pressed == key::backspace || pressed == 127 || pressed == 8) {
    if (!view.filter.empty())
      view.filter.pop_back();
  } else if (pressed >= 32 && pressed < 127) {
    view.filter += static_cast<char>(pressed);
  }
  follow_selection(view, snap);
  return {};
}

action confirm_key(view_state& view, int pressed, const snapshot& snap) {
  view.mode = screen_mode::overview;
  const subscription_row* sub = selected_row(view, snap);
  if ((pressed != 'y' && pressed != 'Y') || sub == nullptr) {
    view.message = "cancelled";
    return {};
  }
  return action{view.confirm_enable ? action_kind::enable : action_kind::disable, sub->oid, sub->name, sub->database};
}

}  // namespace

std::vector<const subscription_row*> visible_subscriptions(const snapshot& snap, const view_state& view) {
  std::vector<const subscription_row*> out;
  const std::string wanted = lower(view.filter);
  for (const auto& s : snap.subscriptions) {
    if (!wanted.empty()) {
      const std::string haystack =
          lower(s.name + "\n" + s.database + "\n" + s.publisher + "\n" + subscription_state(s, snap));
      if (haystack.find(wanted) == std::string::npos)
        continue;
    }
    out.push_back(&s);
  }
  return out;
}

void follow_selection(view_state& view, const snapshot& snap) {
  auto rows = visible_subscriptions(snap, view);
  for (size_t i = 0; i < rows.size(); ++i)
    if (rows[i]->oid == view.selected_oid) {
      view.selected = i;
      return;
    }
  view.selected = rows.empty() ? 0 : std::min(view.selected, rows.size() - 1);
  view.selected_oid = rows.empty() ? 0 : rows[view.selected]->oid;
}

action handle_key(view_state& view, int pressed, const snapshot& snap) {
  if (view.editing_filter)
    return filter_key(view, pressed, snap);
  if (view.mode == screen_mode::confirm)
    return confirm_key(view, pressed, snap);
  if (view.mode == screen_mode::help) {
    view.mode = view.before_help;
    return pressed == 'q' ? action{action_kind::quit} : action{};
  }
  switch (pressed) {
    case 'q':
    case 'Q':
      return action{action_kind::quit};
    case '?':
      view.before_help = view.mode;
      view.mode = screen_mode::help;
      return {};
    case 'j':
    case key::down:
      move_selection(view, snap, 1);
      return {};
    case 'k':
    case key::up:
      move_selection(view, snap, -1);
      return {};
    case key::page_down:
      move_selection(view, snap, 10);
      return {};
    case key::page_up:
      move_selection(view, snap, -10);
      return {};
    case key::enter:
    case key::right:
      if (view.mode == screen_mode::detail)
        view.mode = screen_mode::overview;
      else if (selected_row(view, snap))
        view.mode = screen_mode::detail;
      else
        view.message = "no subscription selected";
      return {};
    case key::escape:
    case key::left:
    case key::backspace:
    case 'h':
      view.mode = screen_mode::overview;
      return {};
    case '/':
      view.mode = screen_mode::overview;
      view.editing_filter = true;
      return {};
    case 'e':
    case 'd':
      if (!selected_row(view, snap)) {
        view.message = "no subscription selected";
        return {};
      }
      view.confirm_enable = pressed == 'e';
      view.mode = screen_mode::confirm;
      return {};
    default:
      return {};
  }
}

std::string quote_identifier(const std::string& name) {
  bool plain = !name.empty() && (std::islower(static_cast<unsigned char>(name[0])) || name[0] == '_');
  for (char c : name)
    if (!(std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_'))
      plain = false;
  if (plain)
    return name;
  std::string out = "\"";
  for (char c : name) {
    if (c == '"')
      out += '"';
    out += c;
  }
  return out + "\"";
}

std::string action_sql(const action& a) {
  switch (a.kind) {
    case action_kind::enable:
      return "ALTER SUBSCRIPTION " + quote_identifier(a.name) + " ENABLE";
    case action_kind::disable:
      return "ALTER SUBSCRIPTION " + quote_identifier(a.name) + " DISABLE";
    default:
      return "";
  }
}

}  // namespace tributary::console
