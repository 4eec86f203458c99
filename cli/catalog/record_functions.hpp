// record_functions: anonymous records (type record) as the translator computes
// them, in record_out's text form, as SQLite functions of a session connection:
//
//   pg_record(v1, v2, ...)     "(v1,v2,...)": a NULL field is empty; a field that is
//                              empty or holds " \ ( ) , or white space is quoted,
//                              with " and \ doubled (PostgreSQL's record_out)
//   pg_record_field(rec, i)    the i-th field's text (1-based), NULL when empty
//                              or past the end; reads record_in's quoting
//
// information_schema._pg_expandarray's (x, n) rows and their field selection
// `(f(a)).n`, `(col).x` go through them (stages/sql/translator/set_returning_functions.cpp).
#pragma once

#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

result<ok_t, sqlite_error> install_record_functions(sqlite_connection& db);

}  // namespace tributary
