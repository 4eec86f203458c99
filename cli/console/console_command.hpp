// console_command: `tributary console`.
//
//   tributary console [-h HOST] [-p PORT] [-U USER] [-d DBNAME] [-i SECONDS] [--once | --json]
//
// Connects as psql does (libpq defaults and PG* variables apply). --once and
// --json read two snapshots SECONDS apart (so rates are real), print the
// second as plain text or JSON and exit 0. Without them, the interactive
// console (console_terminal) runs until q or Ctrl-C. Exit status 1 when the
// server is unreachable or is not Tributary, or the terminal is too small
// (each said on stderr in one line).
#pragma once

#include "cli/console/console_source.hpp"

namespace tributary::console {

struct console_options {
  connection_options connection;
  double interval_seconds = 1;
  bool once = false;
  bool json = false;
};

int run_console(const console_options& options);

}  // namespace tributary::console
