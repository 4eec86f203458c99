// load_command: `tributary load`, from the command line to the exit status.
//
//   tributary load --publisher CONNINFO --subscriber CONNINFO [--workload W] [--clients N]
//                  [--duration 60s | --transactions N] [--rate TPS] [--scale S]
//                  [--faults kill-server,restart-publisher,...] [--fault-interval 10s]
//                  [--serve-dir DIR | --server-pid PID --server-cmd CMD]
//                  [--publisher-restart-cmd CMD | --publisher-pgdata DIR [--pg-ctl PATH]]
//                  [--no-setup] [--keep] [--json | --json-file FILE] [--seed N]
//
// Order: validate the options (no server touched) -> start the harness's own server
// (--serve-dir) -> open the relay (cut-connection) -> preflight -> setup -> load ->
// verify -> teardown -> summary. Exit status: 0 PASS, 1 FAIL, 2 the run could not start
// (bad options, unreachable sides, publisher not configured, setup failed).
// Output: events and the progress line on stderr; the summary on stdout, its last line
// `PASS` or `FAIL: <why>`; with --json the JSON summary on stdout and the text summary
// on stderr; --json-file FILE writes the JSON there as well.
#pragma once

#include <CLI/CLI.hpp>

#include "cli/load/load_options.hpp"

namespace tributary::load {

void add_load_options(CLI::App& command, load_options& options, bool& json_to_stdout);
int run_load_command(const load_options& options, bool json_to_stdout);

}  // namespace tributary::load
