// sql_function_notices: the NOTICEs the SQLite functions of one connection
// (sql_functions.hpp) raised while its statements ran, as PostgreSQL's input
// functions raise them when a value is read at run time rather than from a
// statement's literal: pg_cast of a text to tsquery (or tsquery[]) without
// lexemes, x::tsquery over a column's rows, sends "text-search query doesn't
// contain lexemes: "<text>"" (input_notices.hpp) once per value read, in order.
//
//   take_sql_function_notices  the notices raised since the last call, oldest
//                              first (none for a connection without state); at
//                              most 1000 are kept, the later ones dropped.
// Functions run on the connection's thread only.
#pragma once

#include <vector>

#include "stages/core/pg_error.hpp"

struct sqlite3;

namespace tributary {

std::vector<pg_error> take_sql_function_notices(sqlite3* db);

}  // namespace tributary
