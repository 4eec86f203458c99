#include "cli/console/console_command.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <thread>

#include "cli/console/console_json.hpp"
#include "cli/console/console_layout.hpp"
#include "cli/console/console_terminal.hpp"

namespace tributary::console {

namespace {

int error_exit(const std::string& message) {
  std::cerr << "tributary console: error: " << message << "\n";
  return 1;
}

struct terminal_size {
  size_t columns = 0, lines = 0;
};

std::optional<terminal_size> size_of_terminal() {
  winsize ws{};
  if (!isatty(STDOUT_FILENO) || ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != 0 || ws.ws_col == 0)
    return std::nullopt;
  return terminal_size{ws.ws_col, ws.ws_row};
}

int print_once(console_source& source, const console_options& options) {
  auto first = source.read();
  if (!first)
    return error_exit(first.error());
  std::this_thread::sleep_for(std::chrono::duration<double>(options.interval_seconds));
  auto second = source.read();
  if (!second)
    return error_exit(second.error());
  auto interval = compute_rates(*first, *second);
  if (options.json) {
    std::cout << snapshot_json(*second, &interval);
    return 0;
  }
  auto terminal = size_of_terminal();
  std::cout << layout_text(*second, &interval, terminal ? std::max<size_t>(terminal->columns, min_width) : 200);
  return 0;
}

}  // namespace

int run_console(const console_options& options) {
  if (options.interval_seconds <= 0)
    return error_exit("the refresh interval (-i) must be greater than zero");
  if (!options.once && !options.json) {
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
      return error_exit("the interactive console needs a terminal; use --once or --json");
    auto terminal = size_of_terminal();
    if (terminal && (terminal->columns < min_width || terminal->lines < min_height))
      return error_exit(too_small_message(terminal->columns, terminal->lines));
  }
  auto source = console_source::connect(options.connection);
  if (!source)
    return error_exit(source.error());
  if (options.once || options.json)
    return print_once(*source, options);
  return run_terminal(*source, options.interval_seconds);
}

}  // namespace tributary::console
