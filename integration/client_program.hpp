// client_program: running a real client program (javac/java, python3) from a test.
//
//   find_on_path("java")          the program's full path on $PATH, "" when missing
//   run_client(argv, log, limit)  runs it to completion (killed after `limit`) in a
//                                 UTF-8 locale and UTC, stdout and stderr into `log`;
//                                 whether it succeeded, its status, and its output
//   first_difference(ref, out)    where two programs' outputs part: the first line
//                                 that differs, with its "-- ..." section header
#pragma once

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "integration/process.hpp"
#include "integration/test_host.hpp"

namespace tributary::integration {

inline std::string find_on_path(const std::string& program) {
  std::istringstream path(std::getenv("PATH") ? std::getenv("PATH") : "");
  for (std::string dir; std::getline(path, dir, ':');)
    if (!dir.empty() && access((std::filesystem::path(dir) / program).c_str(), X_OK) == 0)
      return (std::filesystem::path(dir) / program).string();
  return "";
}

struct client_output {
  bool succeeded = false;
  std::string status;
  std::string text;  // stdout + stderr
};

inline client_output run_client(std::vector<std::string> argv, const std::filesystem::path& log,
                                std::chrono::milliseconds limit) {
  process_options options;
  options.argv = std::move(argv);
  options.environment = {"LC_ALL=C.UTF-8", "TZ=UTC"};
  options.log_file = log;
  auto status = run_to_completion(options, limit);
  if (!status) return {false, status.error(), read_text_file(log)};
  return {status->succeeded(), status->describe(), read_text_file(log)};
}

// The first line where the outputs part, with the "-- ..." header it belongs to.
inline std::string first_difference(const std::string& reference, const std::string& actual) {
  std::istringstream want(reference), got(actual);
  std::string header, w, g;
  for (int line = 1;; ++line) {
    const bool more_w = static_cast<bool>(std::getline(want, w));
    const bool more_g = static_cast<bool>(std::getline(got, g));
    if (!more_w && !more_g) return "identical";
    if (!more_w) w = "<end>";
    if (!more_g) g = "<end>";
    if (w.rfind("-- ", 0) == 0) header = w;
    if (w != g)
      return "line " + std::to_string(line) + " (" + header + "):\n  PostgreSQL: " + w + "\n  Tributary:  " + g;
  }
}

}  // namespace tributary::integration
