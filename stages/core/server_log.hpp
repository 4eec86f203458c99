// server_log: the server's log lines in PostgreSQL's stderr shape.
//
// PostgreSQL (log_line_prefix '%m [%p] ') writes one report as several lines,
// each with the prefix, and indents a line break inside a field with a tab:
//
//   2024-05-01 12:00:00.000 UTC [4242] ERROR:  could not connect to the publisher: connection to server ... failed: ...
//   	Is the server running on that host and accepting TCP/IP connections?
//   2024-05-01 12:00:00.000 UTC [4242] DETAIL:  Key (a)=(1) already exists.
//   2024-05-01 12:00:00.000 UTC [4242] CONTEXT:  processing remote data for ...
//   2024-05-01 12:00:00.000 UTC [4242] STATEMENT:  insert into t values (1)
//
// A log message here is one text: its first line is the primary message; a line
// that starts with a field word (DETAIL, HINT, QUERY, CONTEXT, STATEMENT,
// LOCATION) and a colon starts that field; any other line continues the field
// before it (a multi-line libpq error). The formatter writes the lines above from
// it, as one write, so the lines of one report never interleave with another's.
//
// Client errors are logged as PostgreSQL logs them: `ERROR:  message at character N`
// and its fields, plus `STATEMENT:  query` when the error's severity reaches
// log_min_error_statement (default error).
#pragma once

#include <spdlog/formatter.h>
#include <spdlog/pattern_formatter.h>

#include <memory>
#include <string>
#include <string_view>

#include "stages/core/pg_error.hpp"

namespace tributary {

// The whole text of one report: `prefix` before every line, `severity` after
// the first prefix; ends with a newline.
std::string format_log_report(std::string_view prefix, std::string_view severity, std::string_view message);

// A message with its DETAIL/HINT/CONTEXT lines, for one log call.
std::string log_text_of(const pg_error& error);

// PostgreSQL's server-log order of severities (LOG ranks above ERROR there);
// -1 for an unknown word. Values: debug5..debug1, info, notice, warning, error,
// log, fatal, panic.
int server_log_rank(std::string_view severity);

// Logs an error sent to a client: ERROR or FATAL by its severity, its fields,
// and STATEMENT when `statement` is not empty and the severity reaches
// `min_error_statement` (a log_min_error_statement value), its passwords masked
// (statement_secrets.hpp).
void log_client_error(const pg_error& error, std::string_view statement, std::string_view min_error_statement);

// spdlog formatter writing format_log_report's shape with the prefix
// "%Y-%m-%d %H:%M:%S.%e UTC [%P] " (PostgreSQL's '%m [%p] ').
class server_log_formatter final : public spdlog::formatter {
public:
  server_log_formatter();
  void format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) override;
  std::unique_ptr<spdlog::formatter> clone() const override;

private:
  std::unique_ptr<spdlog::pattern_formatter> prefix_;
};

}  // namespace tributary
