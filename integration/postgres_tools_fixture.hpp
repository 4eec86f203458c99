// postgres_tools_fixture: the fixture of the 047 suites, which run PostgreSQL 15's
// own programs (psql, pg_dump, pg_dumpall, pgbench, createdb, ...) against Tributary
// and, to compare, against the fixture's publisher (not replicating there).
#pragma once

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "integration/client_program.hpp"
#include "integration/differential_test.hpp"

namespace tributary::integration {

inline const std::filesystem::path postgres_tools_bin = "/usr/lib/postgresql/15/bin";
inline constexpr auto tool_timeout = std::chrono::seconds(60);

class PostgresTools : public DifferentialTest {
protected:
  // `tool` (a PostgreSQL 15 program) with `arguments` against the server on `port` as `user`.
  client_output tool(const std::string& name, std::vector<std::string> arguments, int port, const std::string& user) {
    std::vector<std::string> argv = {(postgres_tools_bin / name).string(), "-h", "127.0.0.1", "-p",
                                     std::to_string(port), "-U", user};
    for (auto& a : arguments)
      argv.push_back(std::move(a));
    const auto log = std::filesystem::temp_directory_path() /
                     ("tributary_047_" + name + "_" + std::to_string(::getpid()) + ".out");
    auto out = run_client(std::move(argv), log, tool_timeout);
    std::filesystem::remove(log);
    return out;
  }
  client_output on_tributary(const std::string& name, std::vector<std::string> arguments) {
    return tool(name, std::move(arguments), subscriber_.port(), subscriber_.user());
  }
  client_output on_postgresql(const std::string& name, std::vector<std::string> arguments) {
    return tool(name, std::move(arguments), publisher_.port(), "postgres");
  }
};

}  // namespace tributary::integration
