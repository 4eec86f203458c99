// postgres_tools_fixture: the fixture of the 047 suites, which run PostgreSQL 15's
// own programs (psql, pg_dump, pg_dumpall, pgbench, createdb, ...) against Tributary
// and, to compare, against the fixture's publisher (not replicating there).
#pragma once

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
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
  // psql's output of each of `commands` (meta-commands or SQL), one psql per server
  // for them all; in Tributary's output the owner column's name of this test's user
  // reads postgres (PostgreSQL's owner there). Compared command by command.
  void expect_same_meta_commands(const std::vector<std::string>& commands) {
    const auto file = std::filesystem::temp_directory_path() /
                      ("tributary_047_meta_" + std::to_string(::getpid()) + ".sql");
    const std::string marker = "#### ";
    {
      std::ofstream out(file);
      for (const auto& command : commands)
        out << "\\echo '" << marker << command << "'\n" << command << "\n";
    }
    auto theirs = on_postgresql("psql", {"-X", "-A", "-d", "postgres", "-f", file.string()});
    auto mine = on_tributary("psql", {"-X", "-A", "-d", "postgres", "-f", file.string()});
    std::filesystem::remove(file);
    EXPECT_TRUE(theirs.succeeded) << theirs.text;
    for (const std::string end : {"\n", "|"})
      for (size_t at = mine.text.find("|" + subscriber_.user() + end); at != std::string::npos;
           at = mine.text.find("|" + subscriber_.user() + end, at))
        mine.text.replace(at, subscriber_.user().size() + 1, "|postgres");
    const auto sections = [&](const std::string& text) {
      std::vector<std::string> out;
      for (size_t at = text.find(marker); at != std::string::npos;) {
        const size_t next = text.find("\n" + marker, at);
        out.push_back(text.substr(at, next == std::string::npos ? std::string::npos : next + 1 - at));
        at = next == std::string::npos ? next : next + 1;
      }
      return out;
    };
    const auto a = sections(mine.text), b = sections(theirs.text);
    EXPECT_EQ(a.size(), commands.size()) << mine.text;
    for (size_t i = 0; i < a.size() && i < b.size(); ++i)
      EXPECT_EQ(a[i], b[i]);
  }

  // psql -f of `script` on each server: {Tributary's output, PostgreSQL's}.
  std::pair<client_output, client_output> psql_script_on_both(const std::string& name, const std::string& script) {
    const auto file = std::filesystem::temp_directory_path() /
                      ("tributary_047_" + name + "_" + std::to_string(::getpid()) + ".sql");
    {
      std::ofstream out(file);
      out << script;
    }
    auto theirs = on_postgresql("psql", {"-X", "-A", "-d", "postgres", "-f", file.string()});
    auto mine = on_tributary("psql", {"-X", "-A", "-d", "postgres", "-f", file.string()});
    std::filesystem::remove(file);
    return {std::move(mine), std::move(theirs)};
  }

  // psql -f of `script` on both servers where the session's temporary schema is
  // named: the outputs with pg_temp_N / pg_toast_temp_N for the backend's number and
  // this test's user as postgres (the owner there) in Tributary's. PostgreSQL's run
  // must succeed and name a temporary schema.
  void expect_same_temporary_psql_output(const std::string& name, const std::string& script) {
    auto [mine, theirs] = psql_script_on_both(name, script);
    ASSERT_TRUE(theirs.succeeded) << theirs.text;
    const auto numbered = [](const std::string& text, const std::string& user) {
      const std::regex temporary("(pg_(toast_)?temp_)[0-9]+"), owner("\\|" + user + "\n");
      return std::regex_replace(std::regex_replace(text, temporary, "$1N"), owner, "|postgres\n");
    };
    EXPECT_NE(theirs.text.find("pg_temp_"), std::string::npos) << theirs.text;
    EXPECT_EQ(numbered(mine.text, subscriber_.user()), numbered(theirs.text, "postgres")) << name;
  }

  // psql -f of `script` on both servers: the same output (results, errors with
  // their DETAIL and HINT, notices).
  void expect_same_psql_output(const std::string& name, const std::string& script) {
    auto [mine, theirs] = psql_script_on_both(name, script);
    EXPECT_TRUE(theirs.succeeded) << theirs.text;
    EXPECT_EQ(mine.text, theirs.text) << name;
  }

  // Statements on several sessions, each answer as lines: its rows, then its SQLSTATE
  // ("ok" when it succeeded).
  struct session_answers {
    std::vector<std::string> lines;
    void ask(PGconn* c, const std::string& sql) {
      auto r = exec(c, sql);
      const char* state = PQresultErrorField(r.get(), PG_DIAG_SQLSTATE);
      for (const auto& row : rows_of(r.get()))
        lines.push_back(row);
      lines.push_back(state ? state : "ok");
    }
  };
};

}  // namespace tributary::integration
