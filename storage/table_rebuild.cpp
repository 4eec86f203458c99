// table_rebuild: see the header.
#include "storage/table_rebuild.hpp"

#include <sqlite3.h>

#include "stages/core/sql_quote.hpp"
#include "storage/sql_functions.hpp"
#include "storage/sqlstate_mapping.hpp"
#include "storage/text_query.hpp"

namespace tributary {
namespace {

constexpr const char* rebuild_name = "tributary_rebuild";

pg_error storage_error(const sqlite_error& e) { return pg_error_from_sqlite(e); }

// Foreign keys are not enforced while a table is rebuilt: DROP TABLE of a table
// other tables reference would delete its rows first (running the children's ON
// DELETE actions), and the copy need not look its own references up again.
// sqlite3_db_config changes the enforcement inside the caller's transaction
// (PRAGMA foreign_keys cannot); the statements prepared meanwhile carry no
// foreign key code, and it is restored however the rebuild ends.
class foreign_keys_suspended {
public:
  explicit foreign_keys_suspended(sqlite_connection& db) : handle_(db.handle()) {
    sqlite3_db_config(handle_, SQLITE_DBCONFIG_ENABLE_FKEY, -1, &was_on_);
    if (was_on_)
      sqlite3_db_config(handle_, SQLITE_DBCONFIG_ENABLE_FKEY, 0, nullptr);
  }
  ~foreign_keys_suspended() {
    if (was_on_)
      sqlite3_db_config(handle_, SQLITE_DBCONFIG_ENABLE_FKEY, 1, nullptr);
  }
  foreign_keys_suspended(const foreign_keys_suspended&) = delete;
  foreign_keys_suspended& operator=(const foreign_keys_suspended&) = delete;
  bool was_on() const { return was_on_ != 0; }

private:
  sqlite3* handle_;
  int was_on_ = 0;
};

// After the rebuild: the table's own references and those of the tables that
// reference it still hold (SQLite's foreign_key_check). A violation here is a
// bug of the edit (the rows were tested before the rebuild), reported as the
// broken reference; a key the references need that is gone is 42830.
result<ok_t, pg_error> check_references_hold(sqlite_connection& db, const std::string& table) {
  auto children = query_texts(db,
                              "SELECT DISTINCT s.name FROM sqlite_schema s, pragma_foreign_key_list(s.name) f "
                              "WHERE s.type = 'table' AND f.\"table\" = ?1 COLLATE NOCASE "
                              "AND s.name <> ?1 COLLATE NOCASE",
                              table);
  if (!children)
    return fail(storage_error(children.error()));
  children->insert(children->begin(), table);
  for (const auto& child : *children) {
    auto broken = query_rows(db, "SELECT \"table\", parent FROM pragma_foreign_key_check(?1)", child);
    if (!broken) {
      if (broken.error().message.starts_with("foreign key mismatch"))
        return fail(make_pg_error("42830", "there is no unique constraint matching given keys for referenced "
                                           "table \"" + table + "\""));
      return fail(storage_error(broken.error()));
    }
    if (!broken->empty())
      return fail(make_pg_error("23503", "insert or update on table \"" + broken->front()[0] +
                                             "\" violates foreign key constraint",
                                "Key is not present in table \"" + broken->front()[1] + "\"."));
  }
  return ok_v;
}

// The SQL of the table's own indexes and triggers (not those SQLite makes for
// UNIQUE and PRIMARY KEY: they come with the definition).
result<std::vector<std::string>, pg_error> dependent_objects(sqlite_connection& db,
                                                             const std::string& table) {
  auto objects = query_texts(db,
                             "SELECT sql FROM sqlite_schema WHERE tbl_name = ?1 COLLATE NOCASE "
                             "AND type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY type, rowid",
                             table);
  if (!objects)
    return fail(storage_error(objects.error()));
  return std::move(*objects);
}

result<ok_t, pg_error> copy_converted(sqlite_connection& db, const std::string& table,
                                      const row_conversion& convert) {
  auto read = db.prepare("SELECT * FROM " + quote_identifier(table));
  if (!read)
    return fail(storage_error(read.error()));
  const int columns = read->column_count();
  std::string insert = "INSERT INTO " + quote_identifier(rebuild_name) + " VALUES (";
  for (int i = 1; i <= columns; ++i)
    insert += (i > 1 ? ", ?" : "?") + std::to_string(i);
  auto write = db.prepare(insert + ")");
  if (!write)
    return fail(storage_error(write.error()));
  std::vector<sql_value> row(static_cast<size_t>(columns));
  for (;;) {
    auto s = read->step();
    if (!s)
      return fail(storage_error(s.error()));
    if (*s == sqlite_statement::step_result::done)
      return ok_v;
    for (int i = 0; i < columns; ++i)
      row[static_cast<size_t>(i)] = read->column(i);
    if (auto r = convert(row); !r)
      return fail(r.error());
    for (int i = 0; i < columns; ++i)
      write->bind(i + 1, row[static_cast<size_t>(i)]);
    if (auto r = write->run(); !r)
      return fail(storage_error(r.error()));
    write->reset();
  }
}

// "a", "b"
std::string column_list(const std::vector<std::string>& columns) {
  std::string out;
  for (size_t i = 0; i < columns.size(); ++i)
    out += (i ? ", " : "") + quote_identifier(columns[i]);
  return out;
}

// The generalized ALTER TABLE procedure (see the header).
result<ok_t, pg_error> rebuild_unchecked(sqlite_connection& db, const std::string& table,
                                         const std::string& body, const row_conversion& convert,
                                         const std::vector<std::string>& copied_columns) {
  auto objects = dependent_objects(db, table);
  if (!objects)
    return fail(objects.error());
  if (auto r = db.exec("CREATE TABLE " + quote_identifier(rebuild_name) + " " + body); !r)
    return fail(storage_error(r.error()));
  // The rows were checked when they were written (or kept by NOT VALID): the
  // copy does not check them again.
  if (auto r = db.exec("PRAGMA ignore_check_constraints = ON"); !r)
    return fail(storage_error(r.error()));
  result<ok_t, pg_error> copied = ok_v;
  if (convert) {
    copied = copy_converted(db, table, convert);
  } else if (auto r = db.exec("INSERT INTO " + quote_identifier(rebuild_name) +
                              (copied_columns.empty() ? "" : " (" + column_list(copied_columns) + ")") +
                              " SELECT " +
                              (copied_columns.empty() ? "*" : column_list(copied_columns)) +
                              " FROM " + quote_identifier(table));
             !r) {
    // A DEFAULT filled in (copied_columns) may fail in one of our functions.
    auto function_error = take_sql_function_error(db.handle());
    copied = fail(function_error ? std::move(*function_error) : storage_error(r.error()));
  }
  if (auto r = db.exec("PRAGMA ignore_check_constraints = OFF"); !r)
    return fail(storage_error(r.error()));
  if (!copied)
    return fail(copied.error());
  // The table's place in creation order, before its sqlite_schema row goes.
  auto order = db.prepare(
      "INSERT OR IGNORE INTO tributary_relation_order (relname, relorder) "
      "SELECT name, rowid FROM sqlite_schema WHERE type = 'table' AND name = ?1");
  if (!order)
    return fail(storage_error(order.error()));
  order->bind_text(1, table);
  if (auto r = order->run(); !r)
    return fail(storage_error(r.error()));
  // legacy_alter_table: the rename neither rewrites nor re-checks views that name
  // the table (they name it again once the rename is done).
  const std::string steps = "DROP TABLE " + quote_identifier(table) +
                            "; PRAGMA legacy_alter_table = ON; ALTER TABLE " +
                            quote_identifier(rebuild_name) + " RENAME TO " + quote_identifier(table);
  auto renamed = db.exec(steps);
  if (auto r = db.exec("PRAGMA legacy_alter_table = OFF"); !r)
    return fail(storage_error(r.error()));
  if (!renamed)
    return fail(storage_error(renamed.error()));
  for (const auto& sql : *objects)
    if (auto r = db.exec(sql); !r)
      return fail(storage_error(r.error()));
  return ok_v;
}

}  // namespace

result<ok_t, pg_error> rebuild_table(sqlite_connection& db, const std::string& table,
                                     const std::string& body, const row_conversion& convert,
                                     const std::vector<std::string>& copied_columns) {
  bool checked_references = false;
  {
    foreign_keys_suspended suspended(db);
    if (auto r = rebuild_unchecked(db, table, body, convert, copied_columns); !r)
      return r;
    checked_references = suspended.was_on();
  }
  if (checked_references)
    return check_references_hold(db, table);
  return ok_v;
}

result<ok_t, pg_error> check_rows_satisfy(sqlite_connection& db, const std::string& table,
                                          const check_definition& check) {
  auto q = db.prepare("SELECT 1 FROM " + quote_identifier(table) + " WHERE NOT (" +
                      check.expression_sql + ") LIMIT 1");
  if (!q)
    return fail(storage_error(q.error()));
  auto s = q->step();
  if (!s) {
    if (auto function_error = take_sql_function_error(db.handle()))
      return fail(std::move(*function_error));
    return fail(storage_error(s.error()));
  }
  if (*s == sqlite_statement::step_result::row)
    return fail(make_pg_error("23514", "check constraint \"" + check.name + "\" of relation \"" +
                                           table + "\" is violated by some row"));
  return ok_v;
}

result<ok_t, pg_error> check_no_nulls(sqlite_connection& db, const std::string& table,
                                      const std::string& column) {
  auto q = db.prepare("SELECT 1 FROM " + quote_identifier(table) + " WHERE " +
                      quote_identifier(column) + " IS NULL LIMIT 1");
  if (!q)
    return fail(storage_error(q.error()));
  auto s = q->step();
  if (!s)
    return fail(storage_error(s.error()));
  if (*s == sqlite_statement::step_result::row)
    return fail(make_pg_error("23502", "column \"" + column + "\" of relation \"" + table +
                                           "\" contains null values"));
  return ok_v;
}

result<ok_t, sqlite_error> forget_relation_order(sqlite_connection& db, const std::string& table) {
  auto q = db.prepare("DELETE FROM tributary_relation_order WHERE relname = ?1");
  if (!q)
    return fail(q.error());
  q->bind_text(1, table);
  return q->run();
}

result<ok_t, sqlite_error> rename_relation_order(sqlite_connection& db, const std::string& from,
                                                 const std::string& to) {
  // A row `to` already has (a rebuild during the rename) gives way to the older place.
  auto q = db.prepare("UPDATE OR REPLACE tributary_relation_order SET relname = ?2 WHERE relname = ?1");
  if (!q)
    return fail(q.error());
  q->bind_text(1, from);
  q->bind_text(2, to);
  return q->run();
}

std::string relation_order_sql(const std::string& table_name) {
  return "coalesce((SELECT o.relorder FROM tributary_relation_order o WHERE o.relname = " + table_name +
         "), (SELECT s.rowid FROM sqlite_schema s WHERE s.type = 'table' AND s.name = " + table_name + "))";
}

}  // namespace tributary
