// pq_session: one libpq connection of the load harness, to the publisher or to
// Tributary (which speaks the same protocol), with errors as values.
//
// Role: connect (with the harness's session settings, so both sides print values the
// same way: TimeZone UTC, DateStyle ISO, IntervalStyle postgres, extra_float_digits 1,
// bytea_output hex), run a statement, read rows (all at once, or one by one in libpq's
// single-row mode for tables of any size). A failure carries the SQLSTATE and whether
// the connection is gone, which is what decides between ROLLBACK and reconnecting.
#pragma once

#include <libpq-fe.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cli/load/row_digest.hpp"
#include "stages/core/result.hpp"

namespace tributary::load {

struct pq_failure {
  std::string sqlstate;  // "" when the server sent none (connection lost)
  std::string message;
  bool connection_lost = false;
};

using pq_row = std::vector<field_text>;

class pq_session {
public:
  static result<pq_session, pq_failure> open(const std::string& conninfo);

  bool usable() const { return connection_ && PQstatus(connection_.get()) == CONNECTION_OK; }
  PGconn* native() const { return connection_.get(); }

  // Runs one statement; the number of rows it affected or returned.
  result<int64_t, pq_failure> exec(const std::string& sql);
  result<std::vector<pq_row>, pq_failure> query(const std::string& sql);
  // First column of the first row; a failure when there is no row or it is NULL.
  result<std::string, pq_failure> value(const std::string& sql);
  // Streams the rows of a query to `on_row` (single-row mode).
  result<int64_t, pq_failure> for_each_row(const std::string& sql, const std::function<void(const pq_row&)>& on_row);

private:
  struct closer {
    void operator()(PGconn* c) const { PQfinish(c); }
  };
  explicit pq_session(PGconn* connection) : connection_(connection) {}
  pq_failure failure_of(const PGresult* result) const;

  std::unique_ptr<PGconn, closer> connection_;
};

// A conninfo string with one keyword set (replaced when present), through libpq's parser.
result<std::string, std::string> conninfo_with(const std::string& conninfo, const std::string& keyword,
                                               const std::string& value);
// The value of one keyword of a conninfo string ("" when absent).
std::string conninfo_value(const std::string& conninfo, const std::string& keyword);
// 'text' as an SQL string literal.
std::string sql_literal(const std::string& text);

}  // namespace tributary::load
