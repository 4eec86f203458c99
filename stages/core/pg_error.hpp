// pg_error: an error as PostgreSQL reports it to a client (ErrorResponse fields).
#pragma once

#include <string>

namespace tributary {

struct pg_error {
  std::string sqlstate = "XX000";
  std::string message;
  std::string detail;
  std::string hint;
  int position = 0;           // 1-based character position in the query, 0 = none
  std::string context;        // CONTEXT ('W'): where it happened, e.g. "unnamed portal parameter $1"
  std::string severity = "ERROR";
};

inline pg_error make_pg_error(std::string sqlstate, std::string message,
                              std::string detail = {}, std::string hint = {}) {
  pg_error e;
  e.sqlstate = std::move(sqlstate);
  e.message = std::move(message);
  e.detail = std::move(detail);
  e.hint = std::move(hint);
  return e;
}

}  // namespace tributary
