// function_registration: registers a table of SQLite functions (name, number
// of arguments, body) on one connection, all with the same user data; the
// catalog's function files list theirs and call this once.
#pragma once

#include <sqlite3.h>

#include <span>

#include "storage/sqlite_connection.hpp"

namespace tributary {

struct sql_function_entry {
  const char* name;
  int arguments;  // -1: any number
  void (*call)(sqlite3_context*, int, sqlite3_value**);
};

// Stops at the first function SQLite refuses, with SQLite's error.
result<ok_t, sqlite_error> register_functions(sqlite3* handle, void* user_data,
                                              std::span<const sql_function_entry> functions);

}  // namespace tributary
