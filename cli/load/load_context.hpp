// load_context: what every part of one `tributary load` run shares: the validated
// options, the names of the publication, subscription and slot, the tables, the
// server and relay the faults act on, the clock of the run, and the event log.
//
// Event lines go to stderr as `[  12.3s] <text>`: the time since the harness started,
// then (from `started` being reset when the writers start) since the load started.
#pragma once

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <iostream>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "cli/load/connection_relay.hpp"
#include "cli/load/load_options.hpp"
#include "cli/load/server_control.hpp"
#include "cli/load/workload.hpp"

namespace tributary::load {

struct load_context {
  load_options options;
  load_plan plan;
  workload_settings settings;
  std::vector<table_definition> tables;
  std::string slot_name;               // the subscription's slot on the publisher
  std::string subscription_conninfo;   // what the subscription connects to (publisher or relay)
  tributary_process server;
  std::unique_ptr<connection_relay> relay;
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  std::atomic<bool> load_running{false};
  std::mutex log_mutex;
  bool stderr_is_terminal = isatty(2) == 1;

  double elapsed_s() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  }
  void log(const std::string& text) {
    std::lock_guard<std::mutex> lock(log_mutex);
    char stamp[32];
    std::snprintf(stamp, sizeof stamp, "[%7.1fs] ", elapsed_s());
    std::cerr << (stderr_is_terminal ? "\r\033[K" : "") << stamp << text << std::endl;
  }
};

}  // namespace tributary::load
