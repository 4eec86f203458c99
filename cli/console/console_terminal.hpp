// console_terminal: the interactive console on an ncurses screen.
//
// Loop: read a snapshot every refresh interval, lay it out for the current
// screen size (console_layout), paint it; between refreshes wait for keys
// (100 ms getch timeout) and hand each to console_view, which may return an
// action (quit, or ENABLE/DISABLE after the user confirmed with y). A failed
// refresh keeps the last snapshot on screen with the error on the status line.
//
// The terminal is restored (endwin) on q, on SIGINT/SIGTERM (a flag the loop
// polls), on an error; a resize (KEY_RESIZE) lays the screen out again, and a
// screen smaller than min_width x min_height shows what size is needed.
#pragma once

#include "cli/console/console_source.hpp"

namespace tributary::console {

// Exit status: 0 after q or a signal.
int run_terminal(console_source& source, double interval_seconds);

}  // namespace tributary::console
