#include "cli/console/console_terminal.hpp"

#include <curses.h>

#include <chrono>
#include <clocale>
#include <csignal>

#include "cli/console/console_layout.hpp"
#include "cli/console/console_view.hpp"

namespace tributary::console {

namespace {

volatile std::sig_atomic_t stop_requested = 0;

void on_stop_signal(int) { stop_requested = 1; }

enum color_pair : short { pair_title = 1, pair_alert, pair_busy, pair_selected };

void start_screen() {
  std::setlocale(LC_ALL, "");
  initscr();
  cbreak();
  noecho();
  keypad(stdscr, TRUE);
  curs_set(0);
  timeout(100);
  set_escdelay(25);
  if (has_colors()) {
    start_color();
    use_default_colors();
    init_pair(pair_title, COLOR_CYAN, -1);
    init_pair(pair_alert, COLOR_RED, -1);
    init_pair(pair_busy, COLOR_YELLOW, -1);
    init_pair(pair_selected, COLOR_BLACK, COLOR_CYAN);
  }
}

attr_t attribute_of(look style) {
  switch (style) {
    case look::title: return A_BOLD | COLOR_PAIR(pair_title);
    case look::header: return A_UNDERLINE;
    case look::selected: return A_REVERSE | A_BOLD;
    case look::alert: return COLOR_PAIR(pair_alert);
    case look::busy: return A_BOLD | COLOR_PAIR(pair_busy);
    case look::dim: return A_DIM;
    default: return A_NORMAL;
  }
}

int translate_key(int pressed) {
  switch (pressed) {
    case KEY_UP: return key::up;
    case KEY_DOWN: return key::down;
    case KEY_LEFT: return key::left;
    case KEY_RIGHT: return key::right;
    case KEY_ENTER:
    case '\r': return key::enter;
    case KEY_BACKSPACE: return key::backspace;
    case KEY_PPAGE: return key::page_up;
    case KEY_NPAGE: return key::page_down;
    case KEY_RESIZE: return key::resize;
    default: return pressed;
  }
}

void paint(const std::vector<screen_line>& lines) {
  erase();
  for (size_t y = 0; y < lines.size() && static_cast<int>(y) < LINES; ++y) {
    attr_t a = attribute_of(lines[y].style);
    attron(a);
    mvaddstr(static_cast<int>(y), 0, lines[y].text.c_str());  // already fit to COLS
    attroff(a);
  }
  refresh();
}

// Carries out an action the user confirmed; the outcome goes to the status line.
void carry_out(console_source& source, const action& a, view_state& view) {
  auto sql = action_sql(a);
  auto r = source.execute(a.database, sql);
  view.message = r ? sql + ": done" : sql + ": " + r.error();
}

}  // namespace

int run_terminal(console_source& source, double interval_seconds) {
  struct sigaction sa{};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  sigaction(SIGHUP, &sa, nullptr);

  start_screen();
  using clock = std::chrono::steady_clock;
  const auto interval = std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(interval_seconds));
  view_state view;
  snapshot current, previous;
  bool have_previous = false;
  rates interval_rates;
  throughput_history history;
  auto next_refresh = clock::now();
  bool dirty = true;
  while (!stop_requested) {
    if (clock::now() >= next_refresh) {
      auto snap = source.read();
      if (snap) {
        previous = std::move(current);
        have_previous = !previous.actors.empty() || !previous.subscriptions.empty();
        current = std::move(snap).value();
        if (have_previous) {
          interval_rates = compute_rates(previous, current);
          history.add(interval_rates);
        }
        follow_selection(view, current);
      } else {
        view.message = "refresh failed: " + snap.error();
      }
      next_refresh = clock::now() + interval;
      dirty = true;
    }
    if (dirty) {
      layout_input in{current, have_previous ? &interval_rates : nullptr, &history, view, interval_seconds};
      paint(layout_screen(in, static_cast<size_t>(std::max(COLS, 0)), static_cast<size_t>(std::max(LINES, 0))));
      dirty = false;
    }
    int pressed = getch();
    if (pressed == ERR)
      continue;
    dirty = true;
    int k = translate_key(pressed);
    if (k == key::resize)
      continue;
    if (view.mode != screen_mode::confirm)
      view.message.clear();  // a message lasts until the next key
    auto a = handle_key(view, k, current);
    if (a.kind == action_kind::quit)
      break;
    if (a.kind == action_kind::enable || a.kind == action_kind::disable) {
      carry_out(source, a, view);
      next_refresh = clock::now();  // show the outcome at once
    }
  }
  endwin();
  return 0;
}

}  // namespace tributary::console
