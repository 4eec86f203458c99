// temporary_tables: see the header.
#include "storage/temporary_tables.hpp"

#include "stages/core/sql_quote.hpp"
#include "storage/text_query.hpp"

namespace tributary {
namespace {

result<bool, sqlite_error> records_made(sqlite_connection& db) {
  return query_has_row(db, "SELECT 1 FROM temp.sqlite_schema WHERE type = 'table' AND name = ?1",
                       temporary_tables_table);
}

}  // namespace

result<bool, sqlite_error> is_temporary_table(sqlite_connection& db, const std::string& name) {
  auto made = records_made(db);
  if (!made || !*made)
    return made;
  return query_has_row(db, "SELECT 1 FROM temp.tributary_temp_tables WHERE relname = ?1", name);
}

result<std::vector<std::string>, sqlite_error> list_temporary_tables(sqlite_connection& db) {
  auto made = records_made(db);
  if (!made)
    return fail(made.error());
  if (!*made)
    return std::vector<std::string>{};
  return query_texts(db, "SELECT relname FROM temp.tributary_temp_tables ORDER BY relname", std::string());
}

result<ok_t, sqlite_error> record_temporary_table(sqlite_connection& db, const std::string& name,
                                                  const std::string& on_commit) {
  if (auto r = db.exec(
          "CREATE TABLE IF NOT EXISTS temp.tributary_temp_tables ("
          "relname text PRIMARY KEY COLLATE NOCASE, oncommit text NOT NULL) WITHOUT ROWID;"
          "CREATE TABLE IF NOT EXISTS temp.tributary_temp_columns ("
          "relname text NOT NULL COLLATE NOCASE, attnum integer NOT NULL, attname text NOT NULL COLLATE NOCASE, "
          "atttypid integer NOT NULL, atttypmod integer NOT NULL, attndims integer NOT NULL, typname text NOT NULL, "
          "attnotnull bool NOT NULL, attdefault text, attidentity text NOT NULL DEFAULT '', "
          "attdomain text NOT NULL DEFAULT '', PRIMARY KEY (relname, attname)) WITHOUT ROWID");
      !r)
    return r;
  auto insert = db.prepare("INSERT INTO temp.tributary_temp_tables (relname, oncommit) VALUES (?1, ?2)");
  if (!insert)
    return fail(insert.error());
  insert->bind_text(1, name);
  insert->bind_text(2, on_commit);
  return insert->run();
}

result<ok_t, sqlite_error> forget_temporary_table(sqlite_connection& db, const std::string& name) {
  auto made = records_made(db);
  if (!made)
    return fail(made.error());
  if (!*made)
    return ok_v;
  for (const char* sql : {"DELETE FROM temp.tributary_temp_tables WHERE relname = ?1",
                          "DELETE FROM temp.tributary_temp_columns WHERE relname = ?1"}) {
    auto remove = db.prepare(sql);
    if (!remove)
      return fail(remove.error());
    remove->bind_text(1, name);
    if (auto r = remove->run(); !r)
      return r;
  }
  return ok_v;
}

result<ok_t, sqlite_error> drop_temporary_tables(sqlite_connection& db) {
  auto tables = list_temporary_tables(db);
  if (!tables)
    return fail(tables.error());
  for (const auto& table : *tables) {
    if (auto r = db.exec("DROP TABLE temp." + quote_identifier(table)); !r)
      return r;
    if (auto r = forget_temporary_table(db, table); !r)
      return r;
  }
  return ok_v;
}

result<ok_t, sqlite_error> run_on_commit_actions(sqlite_connection& db) {
  auto made = records_made(db);
  if (!made)
    return fail(made.error());
  if (!*made)
    return ok_v;
  auto rows = query_rows(db, "SELECT relname, oncommit FROM temp.tributary_temp_tables "
                             "WHERE oncommit <> 'preserve' ORDER BY relname");
  if (!rows)
    return fail(rows.error());
  for (const auto& row : *rows) {
    const std::string table = "temp." + quote_identifier(row[0]);
    if (row[1] == "delete") {
      if (auto r = db.exec("DELETE FROM " + table); !r)
        return r;
      continue;
    }
    if (auto r = db.exec("DROP TABLE " + table); !r)
      return r;
    if (auto r = forget_temporary_table(db, row[0]); !r)
      return r;
  }
  return ok_v;
}

}  // namespace tributary
