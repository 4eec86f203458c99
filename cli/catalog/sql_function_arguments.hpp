// sql_function_arguments: what the catalog's SQLite functions share: their
// reader (the function's user data), their arguments' text, their text result
// and PostgreSQL's errors.
#pragma once

#include <sqlite3.h>

#include <string>

#include "cli/catalog/catalog_reader.hpp"
#include "storage/sql_functions.hpp"

namespace tributary {

inline const catalog_reader& reader_of(sqlite3_context* context) {
  return *static_cast<const catalog_reader*>(sqlite3_user_data(context));
}

inline bool null_argument(int argc, sqlite3_value** argv) {
  for (int i = 0; i < argc; ++i)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL)
      return true;
  return false;
}

inline std::string text_argument(sqlite3_value* value) {
  const auto* p = reinterpret_cast<const char*>(sqlite3_value_text(value));
  return p ? std::string(p, static_cast<size_t>(sqlite3_value_bytes(value))) : std::string();
}

inline void result_text(sqlite3_context* context, const std::string& text) {
  sqlite3_result_text64(context, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
}

// Fails the call with PostgreSQL's error (the executor reports it whole).
// `position`: PostgreSQL's cursor position of the error (1-based), 0 for none.
inline void report_error(sqlite3_context* context, const std::string& sqlstate, const std::string& message,
                         int position = 0) {
  sqlite3_result_error(context, message.c_str(), -1);
  pg_error error = make_pg_error(sqlstate, message);
  if (position > 0)
    error.position = position;
  keep_sql_function_error(sqlite3_context_db_handle(context), std::move(error));
}

}  // namespace tributary
