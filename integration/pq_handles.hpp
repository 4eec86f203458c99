// pq_handles: RAII ownership of libpq objects for the integration tests.
//
// Tests talk to servers through plain libpq (PQexec, PQntuples, PQresultErrorField…),
// exactly as a client application would; these aliases only make sure every
// connection is finished and every result cleared, also when an ASSERT returns early.
#pragma once

#include <libpq-fe.h>

#include <memory>
#include <string>

namespace tributary::integration {

struct pq_connection_closer {
  void operator()(PGconn* connection) const { PQfinish(connection); }
};
struct pq_result_clearer {
  void operator()(PGresult* result) const { PQclear(result); }
};

using pg_connection = std::unique_ptr<PGconn, pq_connection_closer>;
using pg_result = std::unique_ptr<PGresult, pq_result_clearer>;

inline pg_connection connect_with(const std::string& conninfo) {
  return pg_connection(PQconnectdb(conninfo.c_str()));
}

inline pg_result exec(PGconn* connection, const std::string& sql) {
  return pg_result(PQexec(connection, sql.c_str()));
}

// The SQLSTATE of an error result ("" when there is none).
inline std::string sqlstate_of(const PGresult* result) {
  const char* code = result == nullptr ? nullptr : PQresultErrorField(result, PG_DIAG_SQLSTATE);
  return code == nullptr ? std::string() : std::string(code);
}

// True for PGRES_COMMAND_OK and PGRES_TUPLES_OK.
inline bool succeeded(const PGresult* result) {
  auto status = PQresultStatus(result);
  return result != nullptr && (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK);
}

}  // namespace tributary::integration
