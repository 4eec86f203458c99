// description_catalog: see the header.
#include "storage/description_catalog.hpp"

#include "storage/text_query.hpp"

namespace tributary {

result<ok_t, sqlite_error> set_description(sqlite_connection& db, const std::string& relation,
                                           const std::string& column, const std::optional<std::string>& text) {
  if (!text || text->empty()) {
    auto q = db.prepare("DELETE FROM tributary_descriptions WHERE relname = ?1 AND attname = ?2");
    if (!q)
      return fail(q.error());
    q->bind_text(1, relation);
    q->bind_text(2, column);
    return q->run();
  }
  auto q = db.prepare("INSERT OR REPLACE INTO tributary_descriptions (relname, attname, description) "
                      "VALUES (?1, ?2, ?3)");
  if (!q)
    return fail(q.error());
  q->bind_text(1, relation);
  q->bind_text(2, column);
  q->bind_text(3, *text);
  return q->run();
}

std::vector<relation_description> read_descriptions(sqlite_connection& db) {
  std::vector<relation_description> out;
  auto rows = query_rows(db, "SELECT relname, attname, description FROM tributary_descriptions "
                             "ORDER BY relname, attname");
  if (!rows)
    return out;
  for (auto& row : *rows)
    out.push_back({std::move(row[0]), std::move(row[1]), std::move(row[2])});
  return out;
}

result<ok_t, sqlite_error> forget_descriptions(sqlite_connection& db, const std::string& relation) {
  auto q = db.prepare("DELETE FROM tributary_descriptions WHERE relname = ?1");
  if (!q)
    return fail(q.error());
  q->bind_text(1, relation);
  return q->run();
}

result<ok_t, sqlite_error> rename_descriptions(sqlite_connection& db, const std::string& relation,
                                               const std::string& new_relation) {
  auto q = db.prepare("UPDATE tributary_descriptions SET relname = ?2 WHERE relname = ?1");
  if (!q)
    return fail(q.error());
  q->bind_text(1, relation);
  q->bind_text(2, new_relation);
  return q->run();
}

result<ok_t, sqlite_error> rename_column_description(sqlite_connection& db, const std::string& relation,
                                                     const std::string& column, const std::string& new_column) {
  auto q = db.prepare("UPDATE tributary_descriptions SET attname = ?3 WHERE relname = ?1 AND attname = ?2");
  if (!q)
    return fail(q.error());
  q->bind_text(1, relation);
  q->bind_text(2, column);
  q->bind_text(3, new_column);
  return q->run();
}

}  // namespace tributary
