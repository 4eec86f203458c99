#include "cli/console/console_layout.hpp"

#include <algorithm>
#include <map>
#include <numeric>

#include "cli/console/console_format.hpp"

namespace tributary::console {

namespace {

// A table column; width 0 is the flexible last column (takes what is left,
// at least flex_min).
struct column {
  const char* title;
  size_t width;
  int priority;  // lower is kept first when the width is short
  bool right = false;
};
constexpr size_t flex_min = 12;

class table_layout {
public:
  table_layout(std::vector<column> columns, size_t width) : columns_(std::move(columns)), width_(width) {
    std::vector<size_t> order(columns_.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return columns_[a].priority < columns_[b].priority; });
    std::vector<bool> chosen(columns_.size());
    size_t used = 0;
    for (size_t i : order) {
      size_t need = (columns_[i].width ? columns_[i].width : flex_min) + (used ? 1 : 0);
      if (used + need > width_)
        continue;
      chosen[i] = true;
      used += need;
    }
    for (size_t i = 0; i < columns_.size(); ++i)
      if (chosen[i])
        shown_.push_back(i);
  }

  std::string header(const std::string& lead) const {
    std::vector<std::string> titles;
    for (const auto& c : columns_)
      titles.emplace_back(c.title);
    return row(lead, titles);
  }

  // `lead` goes before the first column (a selection or busy marker).
  std::string row(const std::string& lead, const std::vector<std::string>& cells) const {
    std::string out = lead;
    for (size_t k = 0; k < shown_.size(); ++k) {
      size_t i = shown_[k];
      if (k)
        out += ' ';
      const auto& c = columns_[i];
      size_t used = display_width(out);
      size_t w = c.width ? c.width : (width_ + lead.size() > used ? width_ + display_width(lead) - used : 0);
      out += c.right ? fit_right(cells[i], w) : fit(cells[i], w);
    }
    return out;
  }

private:
  std::vector<column> columns_;
  size_t width_;
  std::vector<size_t> shown_;
};

const std::vector<column> subscription_columns = {
    {"NAME", 14, 0},      {"DATABASE", 10, 4},     {"ON", 3, 3},          {"STATE", 17, 0},
    {"PUBLISHER", 18, 8}, {"RECEIVED", 11, 6},     {"APPLIED", 11, 5},    {"LAG", 8, 2, true},
    {"LAG TIME", 9, 4, true}, {"ROWS/S", 7, 1, true}, {"TX/S", 6, 3, true}, {"GROUP", 5, 9, true},
    {"CONFL", 5, 7, true},  {"ERRORS", 6, 5, true}};

const std::vector<column> actor_columns = {
    {"ID", 6, 2, true},   {"ACTOR", 26, 0},       {"STATE", 24, 0},       {"MBOX", 5, 1, true},
    {"MSG/S", 6, 3, true}, {"BYTES/S", 10, 3, true}, {"ROWS/S", 7, 2, true}, {"TX/S", 6, 4, true},
    {"RESTARTS", 8, 5, true}, {"LAST ERROR", 0, 6}};

std::optional<double> maybe(const std::optional<double>& v) { return v; }

std::string subscription_name(const snapshot& snap, int64_t oid) {
  for (const auto& s : snap.subscriptions)
    if (s.oid == oid)
      return s.name;
  return std::to_string(oid);
}

std::vector<std::string> subscription_cells(const subscription_row& s, const snapshot& snap, const rates* r) {
  auto lag = lag_of(s, snap);
  const subscription_rates* sr = nullptr;
  if (r) {
    auto it = r->subscriptions.find(s.oid);
    if (it != r->subscriptions.end())
      sr = &it->second;
  }
  return {s.name,
          s.database,
          s.enabled ? "yes" : "no",
          subscription_state(s, snap),
          s.publisher,
          format_lsn(s.received_lsn),
          format_lsn(s.reported_lsn ? s.reported_lsn : s.applied_lsn),
          lag.bytes ? format_bytes(*lag.bytes) : "-",
          lag.time ? format_duration(*lag.time) : "-",
          format_count(sr ? maybe(sr->rows) : std::nullopt),
          format_count(sr ? maybe(sr->transactions) : std::nullopt),
          format_count(sr ? maybe(sr->group_size) : std::nullopt),
          std::to_string(s.conflicts),
          std::to_string(s.apply_error_count + s.sync_error_count)};
}

// Children sorted by the pipeline's order, then id.
int kind_rank(const std::string& kind) {
  static const std::vector<std::string> order = {"launcher",  "supervisor", "connection",       "decoder",
                                                 "assembler", "spooler",    "applier",          "sync_coordinator",
                                                 "table_sync"};
  auto it = std::find(order.begin(), order.end(), kind);
  return static_cast<int>(it - order.begin());
}

struct tree_entry {
  const actor_row* actor;
  std::string prefix;  // ASCII branches: "|- ", "`- "
};

// The actor tree: launcher -> supervisors (registered without a parent) ->
// their pipeline actors -> the table-sync actors of the coordinator.
std::vector<tree_entry> actor_tree(const snapshot& snap, std::optional<int64_t> only_subscription) {
  std::map<uint64_t, const actor_row*> by_id;
  for (const auto& a : snap.actors)
    if (!only_subscription || a.subscription == *only_subscription)
      by_id[a.id] = &a;
  const actor_row* launcher = nullptr;
  for (const auto& [id, a] : by_id)
    if (a->kind == "launcher")
      launcher = a;
  std::map<uint64_t, std::vector<const actor_row*>> children;
  std::vector<const actor_row*> roots;
  for (const auto& [id, a] : by_id) {
    uint64_t parent = a->parent;
    if (parent == 0 && a->kind == "supervisor" && launcher)
      parent = launcher->id;
    if (parent != 0 && by_id.count(parent))
      children[parent].push_back(a);
    else
      roots.push_back(a);
  }
  auto by_rank = [](const actor_row* x, const actor_row* y) {
    if (x->subscription != y->subscription && x->kind == "supervisor" && y->kind == "supervisor")
      return x->subscription < y->subscription;
    return std::make_pair(kind_rank(x->kind), x->id) < std::make_pair(kind_rank(y->kind), y->id);
  };
  std::sort(roots.begin(), roots.end(), by_rank);
  for (auto& [id, list] : children)
    std::sort(list.begin(), list.end(), by_rank);
  std::vector<tree_entry> out;
  auto walk = [&](auto&& self, const actor_row* a, const std::string& lead, const std::string& branch) -> void {
    out.push_back(tree_entry{a, lead + branch});
    auto it = children.find(a->id);
    if (it == children.end())
      return;
    std::string next = lead + (branch.empty() ? "" : (branch == "`- " ? "   " : "|  "));
    for (size_t i = 0; i < it->second.size(); ++i)
      self(self, it->second[i], next, i + 1 == it->second.size() ? "`- " : "|- ");
  };
  for (const auto* r : roots)
    walk(walk, r, "", "");
  return out;
}

std::string actor_label(const tree_entry& e, const snapshot& snap) {
  std::string label = e.prefix + e.actor->kind;
  if (e.actor->kind == "supervisor")
    label += " " + subscription_name(snap, e.actor->subscription);
  return label;
}

std::string actor_state_text(const actor_row& a, const snapshot& snap) {
  if (a.kind == "supervisor" && a.state.rfind("retrying in ", 0) == 0)
    for (const auto& s : snap.subscriptions)
      if (s.oid == a.subscription)
        return subscription_state(s, snap);
  return a.state;
}

screen_line actor_line(const table_layout& table, const tree_entry& e, const snapshot& snap, const rates* r) {
  const actor_row& a = *e.actor;
  const actor_rates* ar = nullptr;
  if (r) {
    auto it = r->actors.find(a.id);
    if (it != r->actors.end())
      ar = &it->second;
  }
  auto rate = [&](double actor_rates::*field) { return ar ? std::optional<double>(ar->*field) : std::nullopt; };
  const bool backed_up = a.mailbox >= backed_up_mailbox;
  std::string text = table.row(backed_up ? "!" : " ",
                               {std::to_string(a.id), actor_label(e, snap), actor_state_text(a, snap),
                                std::to_string(a.mailbox), format_count(rate(&actor_rates::messages)),
                                format_byte_rate(rate(&actor_rates::bytes)), format_count(rate(&actor_rates::rows)),
                                format_count(rate(&actor_rates::transactions)), std::to_string(a.restarts),
                                a.last_error.empty() ? "" : a.last_error});
  return {text, backed_up ? look::busy : (a.last_error.empty() ? look::normal : look::alert)};
}

std::vector<screen_line> copy_lines(const snapshot& snap, const rates* r, size_t width) {
  std::vector<screen_line> out;
  for (const auto& a : snap.actors) {
    if (a.kind != "table_sync")
      continue;
    std::optional<double> per_s;
    if (r) {
      auto it = r->actors.find(a.id);
      if (it != r->actors.end())
        per_s = it->second.progress;
    }
    std::string text = "  " + fit(subscription_name(snap, a.subscription), 14) + " " + fit(a.state, 36) + " " +
                       fit_right(format_count(static_cast<double>(a.progress)), 7) + " rows  " +
                       fit_right(format_count(per_s), 6) + " rows/s";
    if (a.progress_total) {
      // of the publisher's estimate, and the time left at the last interval's rate
      text += "  " + progress_bar(a.progress, *a.progress_total, 22) + " of ~" +
              format_count(static_cast<double>(*a.progress_total));
      if (per_s && *per_s > 0 && *a.progress_total > a.progress)
        text += "  ETA " + format_duration(std::chrono::milliseconds(static_cast<int64_t>(
                               static_cast<double>(*a.progress_total - a.progress) / *per_s * 1000)));
    }
    out.push_back({fit(text, width)});
  }
  return out;
}

const char* table_state_name(char state) {
  switch (state) {
    case 'i': return "initialize";
    case 'd': return "data copy";
    case 'f': return "finished copy";
    case 's': return "synchronized";
    case 'r': return "ready";
    default: return "unknown";
  }
}

std::string title_line(const snapshot& snap, double refresh_seconds) {
  char refresh[32];
  std::snprintf(refresh, sizeof refresh, "%.1f s", refresh_seconds);
  return "tributary console  " + snap.server + "  " + format_time(snap.taken) + "  refresh " + refresh;
}

std::string status_line(const layout_input& in) {
  const auto& v = in.view;
  if (v.editing_filter)
    return "filter: " + v.filter + "_   (Enter keep, Esc clear)";
  if (v.mode == screen_mode::confirm) {
    auto rows = visible_subscriptions(in.snap, v);
    std::string name = v.selected < rows.size() ? rows[v.selected]->name : "?";
    return std::string(v.confirm_enable ? "Enable" : "Disable") + " subscription \"" + name + "\"? (y/n)";
  }
  std::string hints = v.mode == screen_mode::detail ? "Esc back  e enable  d disable  ? help  q quit"
                                                    : "j/k select  Enter detail  e enable  d disable  / filter  ? help  q quit";
  std::string out = v.message.empty() ? hints : v.message + "  |  " + hints;
  if (!v.filter.empty())
    out = "[filter: " + v.filter + "]  " + out;
  return out;
}

std::vector<screen_line> subscription_pane(const layout_input& in, size_t width, size_t max_rows, bool selectable) {
  std::vector<screen_line> out;
  auto visible = visible_subscriptions(in.snap, in.view);
  std::string count = std::to_string(visible.size());
  if (visible.size() != in.snap.subscriptions.size())
    count += " of " + std::to_string(in.snap.subscriptions.size());
  out.push_back({"SUBSCRIPTIONS (" + count + ")", look::title});
  table_layout table(subscription_columns, width - 2);
  out.push_back({table.header("  "), look::header});
  if (in.snap.subscriptions.empty()) {
    out.push_back({fit("  " + no_subscriptions_message(), width), look::dim});
    return out;
  }
  if (visible.empty()) {
    out.push_back({"  no subscription matches the filter \"" + in.view.filter + "\"", look::dim});
    return out;
  }
  size_t first = 0;
  if (selectable && in.view.selected >= max_rows)
    first = in.view.selected - max_rows + 1;
  for (size_t i = first; i < visible.size() && i < first + max_rows; ++i) {
    bool selected = selectable && i == in.view.selected;
    out.push_back({table.row(selected ? "> " : "  ", subscription_cells(*visible[i], in.snap, in.interval)),
                   selected ? look::selected : look::normal});
  }
  if (first + max_rows < visible.size())
    out.push_back({"  ... " + std::to_string(visible.size() - first - max_rows) + " more", look::dim});
  return out;
}

std::vector<screen_line> actor_pane(const snapshot& snap, const rates* r, size_t width,
                                    std::optional<int64_t> only_subscription) {
  std::vector<screen_line> out;
  auto tree = actor_tree(snap, only_subscription);
  out.push_back({"ACTORS (" + std::to_string(tree.size()) + ")", look::title});
  table_layout table(actor_columns, width - 1);
  out.push_back({table.header(" "), look::header});
  for (const auto& e : tree)
    out.push_back(actor_line(table, e, snap, r));
  return out;
}

std::vector<screen_line> throughput_pane(const layout_input& in, size_t width) {
  std::vector<screen_line> out;
  if (!in.history || in.snap.subscriptions.empty())
    return out;
  out.push_back({"THROUGHPUT (rows/s applied, one mark per refresh, newest right)", look::title});
  for (const auto* s : visible_subscriptions(in.snap, in.view)) {
    auto peak = in.history->peak(s->oid);
    std::string lead = "  " + fit(s->name, 14) + " peak " + fit_right(format_count(peak), 6) + " |";
    size_t room = width > display_width(lead) + 1 ? width - display_width(lead) - 1 : 0;
    out.push_back({lead + in.history->sparkline(s->oid, room) + "|"});
  }
  return out;
}

// Appends `lines` to `screen`, at most `room` of them; the last kept line
// says how many were left out.
void append_limited(std::vector<screen_line>& screen, const std::vector<screen_line>& lines, size_t room) {
  if (lines.size() <= room) {
    screen.insert(screen.end(), lines.begin(), lines.end());
    return;
  }
  if (room == 0)
    return;
  screen.insert(screen.end(), lines.begin(), lines.begin() + static_cast<long>(room - 1));
  screen.push_back({"  ... " + std::to_string(lines.size() - room + 1) + " more lines", look::dim});
}

std::vector<screen_line> overview(const layout_input& in, size_t width, size_t height) {
  std::vector<screen_line> screen;
  screen.push_back({fit(title_line(in.snap, in.refresh_seconds), width), look::title});
  const size_t body = height - 2;  // title and status lines
  auto copies = copy_lines(in.snap, in.interval, width);
  auto throughput = throughput_pane(in, width);
  auto actors = actor_pane(in.snap, in.interval, width, std::nullopt);
  size_t copy_room = copies.empty() ? 0 : std::min<size_t>(copies.size() + 1, 5);
  size_t throughput_room = std::min<size_t>(throughput.size(), 4);
  size_t sub_rows = std::max<size_t>(1, (body - copy_room - throughput_room) / 3);
  auto subs = subscription_pane(in, width, sub_rows, true);
  screen.insert(screen.end(), subs.begin(), subs.end());
  size_t used = screen.size() - 1;
  size_t actor_room = body > used + copy_room + throughput_room ? body - used - copy_room - throughput_room : 0;
  append_limited(screen, actors, actor_room);
  if (!copies.empty()) {
    std::vector<screen_line> pane{{"COPY PROGRESS", look::title}};
    pane.insert(pane.end(), copies.begin(), copies.end());
    append_limited(screen, pane, copy_room);
  }
  append_limited(screen, throughput, throughput_room);
  return screen;
}

std::vector<screen_line> detail(const layout_input& in, size_t width) {
  std::vector<screen_line> screen;
  screen.push_back({fit(title_line(in.snap, in.refresh_seconds), width), look::title});
  auto visible = visible_subscriptions(in.snap, in.view);
  if (in.view.selected >= visible.size()) {
    screen.push_back({"the subscription is gone", look::alert});
    return screen;
  }
  const auto& s = *visible[in.view.selected];
  auto lag = lag_of(s, in.snap);
  auto add = [&](const std::string& text, look style = look::normal) { screen.push_back({fit(text, width), style}); };
  add("SUBSCRIPTION " + s.name + " (oid " + std::to_string(s.oid) + ") on database " + s.database + ", owner oid " +
          s.owner,
      look::title);
  add("  state " + subscription_state(s, in.snap) + ", enabled " + (s.enabled ? "yes" : "no") +
      ", disable_on_error " + (s.disable_on_error ? "yes" : "no"));
  add("  publisher " + s.publisher + ", slot " + s.slot_name + ", publications " + s.publications);
  add("  options " + s.options);
  add("  received " + format_lsn(s.received_lsn) + ", applied " + format_lsn(s.reported_lsn) + " (origin " +
      format_lsn(s.applied_lsn) + "), lag " + (lag.bytes ? format_bytes(*lag.bytes) : "-") + " / " +
      (lag.time ? format_duration(*lag.time) : "-"));
  add("  errors: apply " + std::to_string(s.apply_error_count) + ", sync " + std::to_string(s.sync_error_count) +
      "; conflicts " + std::to_string(s.conflicts));
  add("TABLES (" + std::to_string(s.tables.size()) + ")", look::title);
  add("  " + fit("NAME", 40) + " " + fit("STATE", 14) + " SYNC LSN", look::header);
  for (const auto& t : s.tables)
    add("  " + fit(t.name, 40) + " " + fit(table_state_name(t.state), 14) + " " + format_lsn(t.sync_lsn));
  add("LAST ERRORS", look::title);
  bool any_error = false;
  for (const auto& a : in.snap.actors) {
    if (a.subscription != s.oid || a.last_error.empty())
      continue;
    any_error = true;
    add("  " + (a.last_error_time ? format_time(*a.last_error_time) : std::string("-")) + "  " + a.kind + ": " +
            a.last_error,
        look::alert);
  }
  if (!any_error)
    add("  none since the pipeline started", look::dim);
  auto actors = actor_pane(in.snap, in.interval, width, s.oid);
  screen.insert(screen.end(), actors.begin(), actors.end());
  return screen;
}

std::vector<screen_line> help(size_t width) {
  std::vector<std::string> text = {
      "KEYS",
      "  j, Down        select the next subscription",
      "  k, Up          select the previous subscription",
      "  PgDn, PgUp     move the selection by ten",
      "  Enter, Right   open the selected subscription's detail (tables, errors, options)",
      "  Esc, Left      back to the overview",
      "  e              ENABLE the selected subscription (asks y/n)",
      "  d              DISABLE the selected subscription (asks y/n)",
      "  /              filter subscriptions by name, database, publisher or state",
      "  ?              this help",
      "  q              quit",
      "",
      "MARKS",
      "  >              the selected subscription",
      "  !              an actor with at least " + std::to_string(backed_up_mailbox) + " messages in its mailbox",
      "",
      "Every figure comes from SQL: tributary_actors, pg_stat_subscription,",
      "pg_stat_subscription_stats, pg_subscription_rel (see the README).",
      "",
      "Press any key to go back."};
  std::vector<screen_line> out;
  for (const auto& t : text)
    out.push_back({fit(t, width), t == "KEYS" || t == "MARKS" ? look::title : look::normal});
  return out;
}

}  // namespace

std::string too_small_message(size_t width, size_t height) {
  return "The terminal is " + std::to_string(width) + "x" + std::to_string(height) +
         "; tributary console needs at least " + std::to_string(min_width) + "x" + std::to_string(min_height) +
         " (columns x lines). Enlarge it, or use --once.";
}

std::string no_subscriptions_message() {
  return "No subscriptions yet. Create one with: CREATE SUBSCRIPTION name CONNECTION 'host=... dbname=...' "
         "PUBLICATION pub;";
}

std::vector<screen_line> layout_screen(const layout_input& in, size_t width, size_t height) {
  std::vector<screen_line> screen;
  if (width < min_width || height < min_height) {
    screen.push_back({too_small_message(width, height), look::alert});
    screen.resize(std::max<size_t>(height, 1));
    return screen;
  }
  switch (in.view.mode) {
    case screen_mode::help:
      screen = help(width);
      break;
    case screen_mode::detail:
      screen = detail(in, width);
      break;
    default:
      screen = overview(in, width, height);
  }
  screen.resize(height - 1);
  for (auto& line : screen)
    line.text = fit(line.text, width);
  screen.push_back({fit(status_line(in), width), in.view.mode == screen_mode::confirm ? look::alert : look::dim});
  return screen;
}

std::string layout_text(const snapshot& snap, const rates* interval, size_t width) {
  view_state view;
  layout_input in{snap, interval, nullptr, view, 1};
  std::vector<screen_line> lines;
  lines.push_back({title_line(snap, interval ? interval->interval_seconds : 0)});
  auto subs = subscription_pane(in, width, snap.subscriptions.size() + 1, false);
  lines.insert(lines.end(), subs.begin(), subs.end());
  auto actors = actor_pane(snap, interval, width, std::nullopt);
  lines.insert(lines.end(), actors.begin(), actors.end());
  auto copies = copy_lines(snap, interval, width);
  if (!copies.empty()) {
    lines.push_back({"COPY PROGRESS"});
    lines.insert(lines.end(), copies.begin(), copies.end());
  }
  std::string out;
  for (const auto& l : lines) {
    std::string text = l.text;
    while (!text.empty() && text.back() == ' ')
      text.pop_back();
    out += text + "\n";
  }
  return out;
}

}  // namespace tributary::console
