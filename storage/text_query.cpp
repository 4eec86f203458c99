// text_query: the header's readers.
#include "storage/text_query.hpp"

#include <sqlite3.h>

namespace tributary {

result<std::vector<std::vector<std::string>>, sqlite_error> query_rows(sqlite_connection& db, std::string_view sql,
                                                                       const std::string& parameter) {
  auto q = db.prepare(sql);
  if (!q)
    return fail(q.error());
  if (sqlite3_bind_parameter_count(q->handle()) > 0)
    q->bind_text(1, parameter);
  std::vector<std::vector<std::string>> out;
  for (;;) {
    auto s = q->step();
    if (!s)
      return fail(s.error());
    if (*s == sqlite_statement::step_result::done)
      return out;
    std::vector<std::string> row;
    for (int i = 0; i < q->column_count(); ++i)
      row.push_back(q->column_is_null(i) ? std::string() : q->column_text(i));
    out.push_back(std::move(row));
  }
}

result<std::vector<std::string>, sqlite_error> query_texts(sqlite_connection& db, std::string_view sql,
                                                           const std::string& parameter) {
  auto q = db.prepare(sql);
  if (!q)
    return fail(q.error());
  q->bind_text(1, parameter);
  std::vector<std::string> out;
  for (;;) {
    auto s = q->step();
    if (!s)
      return fail(s.error());
    if (*s == sqlite_statement::step_result::done)
      return out;
    out.push_back(q->column_is_null(0) ? std::string() : q->column_text(0));
  }
}

result<bool, sqlite_error> query_has_row(sqlite_connection& db, std::string_view sql,
                                         const std::string& parameter) {
  auto q = db.prepare(sql);
  if (!q)
    return fail(q.error());
  q->bind_text(1, parameter);
  auto s = q->step();
  if (!s)
    return fail(s.error());
  return *s == sqlite_statement::step_result::row;
}

}  // namespace tributary
