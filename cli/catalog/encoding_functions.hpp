// encoding_functions: PostgreSQL's encoding names and numbers, which psql's \l and
// \dO read (Tributary's databases are all UTF8):
//
//   pg_encoding_to_char(int4)   6 -> UTF8, 8 -> LATIN1; '' for no encoding
//   pg_char_to_encoding(name)   'UTF8', 'utf-8', 'Unicode' -> 6; -1 for no encoding
//                               (PostgreSQL's names, case and punctuation ignored,
//                               and its UNICODE alias; not its other aliases)
//   getdatabaseencoding()       UTF8
#pragma once

#include "cli/catalog/catalog_reader.hpp"
#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

result<ok_t, sqlite_error> install_encoding_functions(sqlite_connection& db);

}  // namespace tributary
