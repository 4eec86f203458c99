// bench_cluster: one throwaway PostgreSQL 15 publisher and one real `tributary
// serve`, as the catch-up benchmarks need them.
//
// Role: reuse the integration fixture (pg_publisher, tributary_server) outside
// GoogleTest, turning its gtest failures into values, and offer SQL on either side
// as results (no test framework around a benchmark).
//
// Inputs: extra postgresql.conf lines for the publisher (bench_publisher_settings()
// gives the benchmark's: bigger shared_buffers and max_wal_size, no autovacuum
// mid-measurement). Tributary runs with its defaults: durable commits (WAL +
// synchronous=FULL), default status interval, default apply grouping.
//
// Lifecycle: constructed -> start() (publisher initdb + pg_ctl, then the server on a
// fresh data directory) -> running -> destructor (server SIGTERM, publisher stopped,
// both scratch directories removed).
//
// Errors: every call returns a value naming the statement and the server's message;
// fixture failures (reported through gtest's ad hoc result) are read back with
// fixture_failed() and come out as a value too.
#pragma once

#include <string>
#include <vector>

#include "integration/pg_publisher.hpp"
#include "integration/pq_handles.hpp"
#include "integration/tributary_server.hpp"
#include "stages/core/lsn.hpp"
#include "stages/core/result.hpp"

namespace tributary::bench {

using text_result = result<std::string, std::string>;
using done_result = result<ok_t, std::string>;

std::vector<std::string> bench_publisher_settings();

class bench_cluster {
public:
  explicit bench_cluster(std::vector<std::string> publisher_configuration);

  done_result start();

  integration::pg_publisher& publisher() { return publisher_; }
  integration::tributary_server& server() { return server_; }
  std::string publisher_conninfo() const { return publisher_.conninfo(); }

  // Several statements allowed; the first column of the first row for *_value.
  done_result publisher_exec(const std::string& sql);
  text_result publisher_value(const std::string& sql);
  done_result local_exec(const std::string& sql);
  text_result local_value(const std::string& sql);

  text_result publisher_version();
  result<lsn, std::string> publisher_wal_position();  // pg_current_wal_lsn()

  // A PostgreSQL client tool of the publisher's bin dir (pgbench, psql) against the
  // publisher as user postgres; its output goes to `log_file`.
  done_result run_publisher_tool(const std::string& tool, const std::vector<std::string>& arguments,
                                 const std::string& log_file, std::chrono::seconds timeout);

private:
  static text_result value_of(PGconn* connection, const std::string& sql);
  static done_result exec_on(PGconn* connection, const std::string& sql);

  integration::pg_publisher publisher_;
  integration::tributary_server server_;
  integration::pg_connection publisher_session_;
  integration::pg_connection local_session_;
};

// True once the integration fixture has reported a failure (it reports through
// GoogleTest, whose ad hoc result collects failures outside any test).
bool fixture_failed();

}  // namespace tributary::bench
