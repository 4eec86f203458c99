// text_query: a SQLite query with one text parameter whose answer is read as
// text — the prepare / bind / step loop that catalog readers (table exists?,
// the primary key's columns, a table's defaults, ...) need again and again.
//
//   query_rows     every row, each column's text (NULL read as ""); the parameter
//                  is bound when the statement has one
//   query_texts    the first column of every row, NULL read as ""
//   query_has_row  whether the query returns a row
// Errors are SQLite's; the caller maps them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

result<std::vector<std::vector<std::string>>, sqlite_error> query_rows(sqlite_connection& db, std::string_view sql,
                                                                       const std::string& parameter = {});
result<std::vector<std::string>, sqlite_error> query_texts(sqlite_connection& db, std::string_view sql,
                                                           const std::string& parameter);
result<bool, sqlite_error> query_has_row(sqlite_connection& db, std::string_view sql,
                                         const std::string& parameter);

}  // namespace tributary
