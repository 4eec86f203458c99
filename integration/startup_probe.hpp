// startup_probe: a bare protocol-3.0 StartupMessage sent over TCP, to read the
// fields of the ErrorResponse a server answers with.
//
// libpq reports a refused connection only as text (PQerrorMessage); tests that must
// check the SQLSTATE of a startup failure (3D000 unknown database, 28000 unknown
// role) use this probe instead. It sends no SSLRequest and waits at most 10 s per read.
//
// Output: the first ErrorResponse's fields by their one-letter code ('S' severity,
// 'C' SQLSTATE, 'M' message, ...); messages before it (AuthenticationOk,
// ParameterStatus, notices) are skipped. ReadyForQuery (the server accepted the
// connection), a closed socket or a socket error is a failure value saying so.
#pragma once

#include <map>
#include <string>

#include "stages/core/result.hpp"

namespace tributary::integration {

using error_fields = std::map<char, std::string>;

result<error_fields, std::string> startup_error_fields(int port, const std::string& user,
                                                       const std::string& database);

}  // namespace tributary::integration
