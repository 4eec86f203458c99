// check_catalog: see the header.
#include "storage/check_catalog.hpp"

#include "storage/text_query.hpp"

namespace tributary {

result<std::vector<check_source>, sqlite_error> read_table_checks(sqlite_connection& db,
                                                                  const std::string& table) {
  auto rows = query_rows(db,
                         "SELECT conname, conbin, consrc FROM tributary_check_constraints "
                         "WHERE relname = ?1 ORDER BY conname",
                         table);
  if (!rows) {
    if (rows.error().message.find("no such table") != std::string::npos)
      return std::vector<check_source>{};
    return fail(rows.error());
  }
  std::vector<check_source> out;
  for (auto& row : *rows)
    out.push_back({std::move(row[0]), std::move(row[1]), std::move(row[2])});
  return out;
}

result<ok_t, sqlite_error> record_table_checks(sqlite_connection& db, const std::string& table,
                                               const std::vector<check_source>& checks) {
  auto remove = db.prepare("DELETE FROM tributary_check_constraints WHERE relname = ?1");
  if (!remove)
    return fail(remove.error());
  remove->bind_text(1, table);
  if (auto r = remove->run(); !r)
    return r;
  auto insert = db.prepare(
      "INSERT OR REPLACE INTO tributary_check_constraints (relname, conname, conbin, consrc) "
      "VALUES (?1, ?2, ?3, ?4)");
  if (!insert)
    return fail(insert.error());
  for (const auto& check : checks) {
    insert->bind_text(1, table);
    insert->bind_text(2, check.name);
    insert->bind_text(3, check.expression_tree);
    insert->bind_text(4, check.source);
    if (auto r = insert->run(); !r)
      return r;
    insert->reset();
  }
  return ok_v;
}

}  // namespace tributary
